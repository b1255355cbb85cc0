"""`search`: keyword search with validity on a date and graph neighbours of the top hits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from cabecao_schema import MAX_QUERY_CHARS
from pydantic import Field

from .. import messages
from ..fields import Day, Scope, ToolInput, TypeName

if TYPE_CHECKING:
    from ..brain import Brain


class SearchIn(ToolInput):
    query: Annotated[str, Field(min_length=1, max_length=MAX_QUERY_CHARS)]
    scope: Scope | None = None
    types: Annotated[list[TypeName], Field(max_length=12)] | None = None
    limit: Annotated[int, Field(ge=1, le=100)] = 10
    budget_tokens: Annotated[int, Field(ge=50, le=50_000)] | None = None
    as_of: Day | None = None
    mode: Literal["auto", "keyword", "semantic", "hybrid"] = "auto"


def search(brain: Brain, args: SearchIn) -> dict[str, Any]:
    result = brain.fresh().search(
        args.query,
        types=args.types,
        scope=args.scope,
        limit=args.limit,
        budget_tokens=args.budget_tokens,
        as_of=args.as_of or brain.today(),
    )
    data = result.model_dump(mode="json")
    warnings = []
    if args.mode in ("semantic", "hybrid"):
        warnings.append({"code": "semantic_unavailable", "message": messages.semantic_fallback(requested=args.mode)})
    payload: dict[str, Any] = {
        "query": data["query"],
        "mode": data["mode"],
        "mode_requested": args.mode,
        "mode_used": "keyword",
        "mode_reason": messages.keyword_only_reason(),
        "warnings": warnings,
        "terms": data["terms"],
        "as_of": data["as_of"],
        "hits": data["hits"],
        "related": data["related"],
        "truncated": data["truncated"],
    }
    if data["mode"] == "none":
        payload["next_step"] = messages.next_step_search_none()
    elif data["truncated"]:
        payload["next_step"] = messages.next_step_search_truncated()
    return payload
