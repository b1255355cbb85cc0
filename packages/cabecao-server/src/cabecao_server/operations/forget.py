"""`forget`: archive a note in memory/_archive/, always with the user's confirmation; undo brings it back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from cabecao_schema import (
    MAX_REASON_CHARS,
    CabecaoError,
    ErrorCode,
    Notice,
    check_name,
    check_note_path,
    check_secrets,
    existing_spelling,
    is_ulid,
)
from cabecao_store import apply_archive, plan_archive
from pydantic import Field

from .. import messages
from ..confirmation import Approval, Confirmation, ConfirmationNeeded, Target, approve
from ..fields import Ref, Session, Token, ToolInput
from ..results import Result
from .writing import session_of, store_notices

if TYPE_CHECKING:
    from ..brain import Brain


class ForgetIn(ToolInput):
    id: Annotated[Ref, Field(description="O id ou o path da nota")]
    reason: Annotated[str, Field(min_length=1, max_length=MAX_REASON_CHARS)]
    confirm_token: Token | None = None
    session_handle: Session | None = None


class ForgottenNote(Result):
    """The note being archived, as the user is shown it before saying yes."""

    id: str | None
    path: str
    title: str
    type: str | None
    scope: str
    trust: str | None
    origin: str | None


class ForgetPending(Result):
    """The empty result a confirmation answer starts with (forget always asks first)."""

    note: ForgottenNote
    confirmed_by: None = None
    op: None = None
    commit: None = None
    archived_path: None = None
    warnings: list[Notice] = []


class ForgetResult(Result):
    """The note was archived. The fields of the confirmation answer stay, the token ones empty, so both calls
    answer in the same shape."""

    status: Literal["archived"] = "archived"
    note: ForgottenNote
    summary: str
    confirm_token: None = None
    token_expires_at: None = None
    confirmed_by: Approval
    op: str
    commit: str
    archived_path: str
    warnings: list[Notice] = []
    next_step: str


def forget(brain: Brain, args: ForgetIn, confirmation: Confirmation) -> ForgetResult | ConfirmationNeeded:
    reason = check_name(args.reason, field="reason", limit=500)
    check_secrets({"reason": reason})
    index = brain.fresh()
    ref = args.id.strip()
    if is_ulid(ref.upper()):
        record = index.note(id=ref.upper(), content=False)
    else:
        record = index.note(path=existing_spelling(brain.root, check_note_path(ref)), content=False)
    if record.archived:
        raise CabecaoError(
            ErrorCode.NOT_FOUND, messages.note_not_found(what=record.path), next_step=messages.next_step_graph()
        )
    plan = plan_archive(brain.store, record.path, reason=reason)
    note = ForgottenNote(
        id=record.id,
        path=record.path,
        title=record.title,
        type=record.type,
        scope=record.scope,
        trust=record.trust,
        origin=record.origin,
    )
    summary = messages.forget_summary(
        note_type=record.type or "nota",
        title=record.title,
        path=record.path,
        lines=plan.current.count("\n"),
        origin=record.origin or "human",
        trust=record.trust or "—",
        reason=reason,
    )
    by = approve(
        brain,
        confirmation,
        tool="forget",
        args=args,
        session=args.session_handle,
        targets=[Target(record.path, plan.current)],
        reasons=[messages.reason_archive()],
        summary=summary,
        extra=ForgetPending(note=note),
        next_step=messages.forget_next_step(),
    )
    if isinstance(by, ConfirmationNeeded):
        return by
    done = apply_archive(
        brain.store, plan, session=session_of(args), client=brain.client, approved=True, after_commit=brain.indexed
    )
    return ForgetResult(
        note=note,
        summary=summary,
        confirmed_by=by,
        op=done.op,
        commit=done.commit,
        archived_path=plan.archived_path,
        warnings=store_notices(done),
        next_step=messages.forget_done(path=plan.archived_path, op=done.op),
    )
