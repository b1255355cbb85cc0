"""`graph`: neighbours of a note, one or two hops away."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from cabecao_index import GraphResult as IndexGraphResult
from pydantic import Field

from .. import messages
from ..fields import Day, Ref, ToolInput

if TYPE_CHECKING:
    from ..brain import Brain


class GraphIn(ToolInput):
    node: Annotated[Ref, Field(description="Título, path, [[wikilink]] ou id")]
    depth: Literal[1, 2] = 1
    relation_types: Annotated[list[Annotated[str, Field(max_length=40)]], Field(max_length=20)] | None = None
    as_of: Day | None = None
    limit: Annotated[int, Field(ge=1, le=200)] = 50
    budget_tokens: Annotated[int, Field(ge=100, le=50_000)] = 3000


class GraphResult(IndexGraphResult):
    """The index's graph (a link's source is `from` in the JSON) and what to do with it."""

    next_step: str


def graph(brain: Brain, args: GraphIn) -> GraphResult:
    result = brain.fresh().graph(
        args.node,
        depth=args.depth,
        relation_types=args.relation_types,
        as_of=args.as_of or brain.today(),
        limit=args.limit,
        budget_tokens=args.budget_tokens,
    )
    step = messages.next_step_graph_truncated() if result.truncated else messages.next_step_graph()
    return GraphResult(**dict(result), next_step=step)
