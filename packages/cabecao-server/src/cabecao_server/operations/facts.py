"""`facts`: (subject, predicate, object) and whether each holds on a date; expired facts are shown, not hidden."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..brain import Brain


def facts(brain: Brain, args: Any) -> dict[str, Any]:
    result = brain.fresh().facts(
        subject=args.subject,
        predicate=args.predicate,
        object=args.object,
        as_of=brain.as_of(args.as_of),
        limit=args.limit,
    )
    return result.model_dump(mode="json")
