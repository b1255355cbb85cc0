"""`undo`: revert the agent's last operation, one operation, or a whole session; itself undoable."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cabecao_schema import CabecaoError, ErrorCode
from cabecao_store import apply_undo, plan_undo

from .. import messages
from .writing import Confirmation, Planned, confirmed, session_of

if TYPE_CHECKING:
    from ..brain import Brain


def undo(brain: Brain, args: Any, confirmation: Confirmation) -> dict[str, Any]:
    if args.op and args.session:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            messages.undo_one_target(),
            next_step=messages.next_step_fix_arguments(tool="undo"),
        )
    plan = plan_undo(brain.store, op=args.op, session=args.session)
    head = brain.store.head()
    targets = [Planned(f"op:{t.op}", None, str(head.id) if head else None, "") for t in plan.targets]
    by = confirmed(
        brain,
        tool="undo",
        args=args,
        targets=targets,
        reasons=plan.reasons,
        action=messages.undo_summary(count=len(plan.targets), reasons=plan.reasons),
        detail="; ".join(f"{t.op}: {t.summary}" for t in plan.targets[:10]),
        confirmation=confirmation,
        extra={"op": None, "commit": None, "undone": [], "changed_paths": [], "warnings": []},
    )
    record = apply_undo(
        brain.store,
        plan,
        session=session_of(args),
        client=brain.client,
        approved=by is not None,
        after_commit=brain.indexed,
    )
    changed = list(record.paths)
    return {
        "op": record.op,
        "commit": record.commit,
        "undone": [{"op": t.op, "commit": t.commit, "changes": t.changes or [t.summary]} for t in plan.targets],
        "changed_paths": changed,
        "confirmed_by": by,
        "warnings": [],
        "next_step": messages.undo_done(op=record.op),
    }
