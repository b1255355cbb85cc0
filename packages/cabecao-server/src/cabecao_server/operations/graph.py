"""`graph`: neighbours of a note, one or two hops away."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import messages

if TYPE_CHECKING:
    from ..brain import Brain


def graph(brain: Brain, args: Any) -> dict[str, Any]:
    result = brain.fresh().graph(
        args.node,
        depth=args.depth,
        relation_types=args.relation_types,
        as_of=brain.as_of(args.as_of),
        limit=args.limit,
        budget_tokens=args.budget_tokens,
    )
    data = result.model_dump(mode="json", by_alias=True)
    data["next_step"] = messages.next_step_graph_truncated() if data["truncated"] else messages.next_step_graph()
    return data
