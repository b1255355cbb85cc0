"""`facts`: (subject, predicate, object) and whether each holds on a date; expired facts are shown, not hidden."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from cabecao_index import Fact, FactQuery
from pydantic import Field

from ..fields import Day, Ref, ToolInput
from ..results import Result

if TYPE_CHECKING:
    from ..brain import Brain


class FactsIn(ToolInput):
    subject: Ref | None = None
    predicate: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    object: Ref | None = None
    as_of: Day | None = None
    limit: Annotated[int, Field(ge=1, le=200)] = 50


class FactsResult(Result):
    """The index's answer as it is: the query as resolved, the facts and whether the list was cut."""

    as_of: str
    subject: FactQuery | None
    predicate: str | None
    object: FactQuery | None
    facts: list[Fact]
    total: int
    truncated: bool


def facts(brain: Brain, args: FactsIn) -> FactsResult:
    result = brain.fresh().facts(
        subject=args.subject,
        predicate=args.predicate,
        object=args.object,
        as_of=args.as_of or brain.today(),
        limit=args.limit,
    )
    return FactsResult(
        as_of=result.as_of,
        subject=result.subject,
        predicate=result.predicate,
        object=result.object,
        facts=result.facts,
        total=result.total,
        truncated=result.truncated,
    )
