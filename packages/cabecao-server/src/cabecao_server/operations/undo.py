"""`undo`: revert the agent's last operation, one operation, or a whole session; itself undoable."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from cabecao_schema import CabecaoError, ErrorCode, Notice
from cabecao_store import apply_undo, plan_undo
from pydantic import Field

from .. import messages
from ..confirmation import Approval, Confirmation, ConfirmationNeeded, Summary, Target, approve
from ..fields import Session, Token, ToolInput
from ..results import Result
from .writing import session_of, store_notices

if TYPE_CHECKING:
    from ..brain import Brain


class UndoIn(ToolInput):
    op: Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[0-9A-Za-z]+$")] | None = None
    session: Session | None = None
    session_handle: Session | None = None
    confirm_token: Token | None = None


class UndoneOp(Result):
    """One operation reverted: its op, its commit and what it had changed."""

    op: str
    commit: str
    changes: list[str]


class UndoPending(Result):
    """The empty result a confirmation answer starts with."""

    op: None = None
    commit: None = None
    undone: list[UndoneOp] = []
    changed_paths: list[str] = []
    warnings: list[Notice] = []


class UndoResult(Result):
    """The revert, itself an operation (undo it to redo): what it reverted and the paths it changed."""

    op: str
    commit: str
    undone: list[UndoneOp]
    changed_paths: list[str]
    confirmed_by: Approval
    warnings: list[Notice] = []
    next_step: str


def undo(brain: Brain, args: UndoIn, confirmation: Confirmation) -> UndoResult | ConfirmationNeeded:
    if args.op and args.session:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            messages.undo_one_target(),
            next_step=messages.next_step_fix_arguments(tool="undo"),
        )
    plan = plan_undo(brain.store, op=args.op, session=args.session)
    head = brain.store.head_id()
    targets = [Target(f"op:{t.op}", head) for t in plan.targets]
    by = approve(
        brain,
        confirmation,
        tool="undo",
        args=args,
        session=args.session_handle,
        targets=targets,
        reasons=plan.reasons,
        summary=Summary(
            messages.undo_summary(count=len(plan.targets), reasons=plan.reasons),
            detail="; ".join(f"{t.op}: {t.summary}" for t in plan.targets[:10]),
        ),
        extra=UndoPending(),
    )
    if isinstance(by, ConfirmationNeeded):
        return by
    record = apply_undo(
        brain.store,
        plan,
        session=session_of(args),
        client=brain.client,
        approved=by is not None,
        after_commit=brain.indexed,
    )
    return UndoResult(
        op=record.op,
        commit=record.commit,
        undone=[UndoneOp(op=t.op, commit=t.commit, changes=t.changes or [t.summary]) for t in plan.targets],
        changed_paths=list(record.paths),
        confirmed_by=by,
        warnings=store_notices(record),
        next_step=messages.undo_done(op=record.op),
    )
