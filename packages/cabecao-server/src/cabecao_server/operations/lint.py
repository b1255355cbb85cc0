"""`lint`: the health report by rules, read-only; agent_approved also reads the commit trailers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cabecao_index import ApprovedChange
from cabecao_store import approved_changes

from .. import messages

if TYPE_CHECKING:
    from ..brain import Brain


def lint(brain: Brain, args: Any) -> dict[str, Any]:
    approved = [ApprovedChange(path=p, commit=c, when=w) for p, c, w in approved_changes(brain.store.repo)]
    report = brain.fresh().lint(
        rules=args.rules, scope=args.scope, limit=args.limit, as_of=brain.today(), approved=approved
    )
    data = report.model_dump(mode="json")
    data["next_step"] = messages.next_step_lint(errors=data["counts"].get("error", 0))
    return data
