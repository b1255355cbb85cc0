"""`search`: keyword search with validity on a date and graph neighbours of the top hits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from cabecao_index import RelatedNote, SearchHit, SearchMode
from cabecao_schema import MAX_QUERY_CHARS
from pydantic import Field

from .. import messages
from ..fields import Day, Scope, ToolInput, TypeName
from ..results import Result

if TYPE_CHECKING:
    from ..brain import Brain

#: What the caller may ask for; only keyword search exists today, so the others fall back to it with a warning.
RequestedMode = Literal["auto", "keyword", "semantic", "hybrid"]


class SearchIn(ToolInput):
    query: Annotated[str, Field(min_length=1, max_length=MAX_QUERY_CHARS)]
    scope: Scope | None = None
    types: Annotated[list[TypeName], Field(max_length=12)] | None = None
    limit: Annotated[int, Field(ge=1, le=100)] = 10
    budget_tokens: Annotated[int, Field(ge=50, le=50_000)] | None = None
    as_of: Day | None = None
    mode: RequestedMode = "auto"


class SearchWarning(Result):
    code: Literal["semantic_unavailable"]
    message: str


class SearchResult(Result):
    """The index's answer with the mode actually used (keyword) next to the one asked for."""

    query: str
    mode: SearchMode
    mode_requested: RequestedMode
    mode_used: Literal["keyword"]
    mode_reason: str
    warnings: list[SearchWarning]
    terms: list[str]
    as_of: str
    hits: list[SearchHit]
    related: list[RelatedNote]
    truncated: bool
    #: Only when there is something to do next: nothing found, or the answer was cut.
    next_step: str | None = Field(default=None, exclude_if=lambda v: v is None)


def search(brain: Brain, args: SearchIn) -> SearchResult:
    result = brain.fresh().search(
        args.query,
        types=args.types,
        scope=args.scope,
        limit=args.limit,
        budget_tokens=args.budget_tokens,
        as_of=args.as_of or brain.today(),
    )
    warnings: list[SearchWarning] = []
    if args.mode in ("semantic", "hybrid"):
        warnings.append(
            SearchWarning(code="semantic_unavailable", message=messages.semantic_fallback(requested=args.mode))
        )
    next_step = None
    if result.mode == "none":
        next_step = messages.next_step_search_none()
    elif result.truncated:
        next_step = messages.next_step_search_truncated()
    return SearchResult(
        query=result.query,
        mode=result.mode,
        mode_requested=args.mode,
        mode_used="keyword",
        mode_reason=messages.keyword_only_reason(),
        warnings=warnings,
        terms=result.terms,
        as_of=result.as_of,
        hits=result.hits,
        related=result.related,
        truncated=result.truncated,
        next_step=next_step,
    )
