"""`graph`: neighbours of a note, one or two hops away."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from cabecao_index import GraphNeighbor, NoteRef, ResolvedBy
from pydantic import ConfigDict, Field

from .. import messages
from ..fields import Day, Ref, ToolInput
from ..results import Result

if TYPE_CHECKING:
    from ..brain import Brain


class GraphIn(ToolInput):
    node: Annotated[Ref, Field(description="Título, path, [[wikilink]] ou id")]
    depth: Literal[1, 2] = 1
    relation_types: Annotated[list[Annotated[str, Field(max_length=40)]], Field(max_length=20)] | None = None
    as_of: Day | None = None
    limit: Annotated[int, Field(ge=1, le=200)] = 50
    budget_tokens: Annotated[int, Field(ge=100, le=50_000)] = 3000


class GraphResult(Result):
    """The index's graph and what to do with it."""

    # A link's source is `from` in the JSON (a Python keyword, so the field is `from_` with an alias).
    model_config = ConfigDict(serialize_by_alias=True)

    node: NoteRef
    resolved_by: ResolvedBy
    as_of: str
    depth: int
    relation_types: list[str] | None
    neighbors: list[GraphNeighbor]
    total: int
    truncated: bool
    omitted: int
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
    return GraphResult(
        node=result.node,
        resolved_by=result.resolved_by,
        as_of=result.as_of,
        depth=result.depth,
        relation_types=result.relation_types,
        neighbors=result.neighbors,
        total=result.total,
        truncated=result.truncated,
        omitted=result.omitted,
        next_step=messages.next_step_graph_truncated() if result.truncated else messages.next_step_graph(),
    )
