"""`facts`: (subject, predicate, object) and whether each holds on a date; expired facts are shown, not hidden."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from cabecao_index import FactsResult
from pydantic import Field

from ..fields import Day, Ref, ToolInput

if TYPE_CHECKING:
    from ..brain import Brain


class FactsIn(ToolInput):
    subject: Ref | None = None
    predicate: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    object: Ref | None = None
    as_of: Day | None = None
    limit: Annotated[int, Field(ge=1, le=200)] = 50


def facts(brain: Brain, args: FactsIn) -> FactsResult:
    return brain.fresh().facts(
        subject=args.subject,
        predicate=args.predicate,
        object=args.object,
        as_of=args.as_of or brain.today(),
        limit=args.limit,
    )
