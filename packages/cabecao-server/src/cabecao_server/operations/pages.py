"""`write_page` and `patch_page`: notes by path, and the brain's control files with the user's yes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Annotated, Any, Literal

from cabecao_schema import (
    MAX_CONTENT_CHARS,
    NOTE_ROOTS,
    CabecaoError,
    ErrorCode,
    Notice,
    check_body,
    check_note_path,
    confirmation_reasons,
    existing_spelling,
    is_config_file,
    is_control_file,
    new_document,
    new_ulid,
    parse_document,
    render_document,
    strip_managed_keys,
    validate_frontmatter,
)
from cabecao_store import OperationRecord
from pydantic import Field

from .. import messages
from ..confirmation import Approval, Confirmation, ConfirmationNeeded, Summary, Target, approve
from ..fields import Body, Ref, Session, Token, ToolInput
from ..results import Result
from .writing import (
    Action,
    Planned,
    apply_provenance,
    check_config_text,
    commit_changes,
    editable,
    note_id,
    reread,
    session_of,
    store_notices,
)

if TYPE_CHECKING:
    from ..brain import Brain


class WritePageIn(ToolInput):
    path: Ref
    content: Body
    mode: Literal["create", "overwrite", "append"] = "create"
    frontmatter: dict[str, Any] | None = None
    confirm_token: Token | None = None
    session_handle: Session | None = None


class PatchPageIn(ToolInput):
    path: Ref
    old: Annotated[str, Field(min_length=1, max_length=MAX_CONTENT_CHARS)]
    new: Body
    confirm_token: Token | None = None
    session_handle: Session | None = None


class WriteResult(Result):
    """What write_page and patch_page answer: the commit that wrote the note, or (changed false) that the note
    already said this and nothing was written."""

    op: str | None
    commit: str | None
    path: str
    id: str | None
    action: Action | None
    changed: bool
    session_handle: str | None
    confirmed_by: Approval
    warnings: list[Notice]
    next_step: str


def _describe(frontmatter: dict[str, Any], path: str) -> tuple[str, str]:
    note_type = str(frontmatter.get("type") or "nota")
    title = str(frontmatter.get("title") or PurePosixPath(path).stem)
    return note_type, title


def write_page(brain: Brain, args: WritePageIn, confirmation: Confirmation) -> WriteResult | ConfirmationNeeded:
    path = existing_spelling(brain.root, check_note_path(args.path, allow_control=True))
    content = check_body(args.content)
    before = brain.store.read_text(path)
    if is_control_file(path) or is_config_file(path):
        return _write_control(brain, args, path, content, before, confirmation)
    if PurePosixPath(path).parts[0] not in NOTE_ROOTS:
        raise CabecaoError(
            ErrorCode.INVALID_PATH,
            messages.outside_note_folders(path=path),
            next_step=messages.next_step_note_folders(),
        )
    given, warnings = strip_managed_keys(args.frontmatter or {})
    now = brain.now()
    if args.mode == "create":
        if before is not None:
            raise CabecaoError(
                ErrorCode.ALREADY_EXISTS,
                messages.note_exists(path=path),
                next_step=messages.next_step_overwrite(path=path),
            )
        if not given.get("type"):
            raise CabecaoError(
                ErrorCode.INVALID_ARGUMENT, messages.type_required(), next_step=messages.next_step_type()
            )
        frontmatter = {"id": new_ulid(), **given}
        frontmatter.setdefault("title", PurePosixPath(path).stem)
        frontmatter.setdefault("scope", "global")
        frontmatter.setdefault("trust", "medium")
        frontmatter["created"] = now.date()
        body = content if content.endswith("\n") or not content else content + "\n"
        old_frontmatter = None
    else:
        if before is None:
            raise CabecaoError(
                ErrorCode.NOT_FOUND, messages.note_missing_for_edit(path=path), next_step=messages.next_step_create()
            )
        doc = editable(path, before)
        old_frontmatter = dict(doc.frontmatter)
        if args.mode == "overwrite":
            # A new frontmatter replaces the old one, but the note keeps who made it, when, and its type.
            kept = {k: v for k, v in old_frontmatter.items() if k in ("id", "type", "created", "origin", "edited_by")}
            frontmatter = {**kept, **given} if args.frontmatter is not None else dict(old_frontmatter)
            body = content if content.endswith("\n") or not content else content + "\n"
        else:
            frontmatter = {**old_frontmatter, **given}
            body = _append_body(doc.body, content)
    validate_frontmatter(frontmatter, path=path)
    if before is not None and frontmatter == old_frontmatter and body == parse_document(before).body:
        return _unchanged(path, frontmatter, warnings)
    reasons = confirmation_reasons(
        path, new_frontmatter=frontmatter, old_frontmatter=old_frontmatter, exists=before is not None
    )
    note_type, title = _describe(frontmatter, path)
    by = approve(
        brain,
        confirmation,
        tool="write_page",
        args=args,
        session=args.session_handle,
        targets=[Target(path, before)],
        reasons=reasons,
        summary=Summary(
            messages.action_write_note(new=before is None, path=path, note_type=note_type), content=content
        ),
    )
    if isinstance(by, ConfirmationNeeded):
        return by
    warnings += apply_provenance(
        frontmatter, client=brain.client, now=now, approved=by is not None, editing=before is not None
    )
    text = render_document(
        new_document(frontmatter, body)
        if before is None
        else parse_document(before).with_frontmatter(frontmatter).with_body(body)
    )
    reread(text, frontmatter=parse_document(text).frontmatter, body=body)
    if text == before:
        return _unchanged(path, frontmatter, warnings)
    action: Action = "add" if before is None else "update"
    # An append does not depend on what was read: beside a concurrent one it is computed again under the lock.
    # One the user confirmed stays bound to the text that was shown.
    rebase = _append_again(brain, path, given, content) if args.mode == "append" and by is None else None
    record = commit_changes(
        brain,
        [Planned(path, text, before, f"{action} {note_type}: {title}", rebase=rebase)],
        summary=f"{action} {note_type}: {title}",
        session=session_of(args),
        approved=by is not None,
    )
    return _written(record, path, note_id(frontmatter), action, warnings, by)


def _append_body(body: str, content: str) -> str:
    separator = "" if not body or body.endswith("\n\n") else ("\n" if body.endswith("\n") else "\n\n")
    return body + separator + content + ("" if content.endswith("\n") else "\n")


def _append_again(brain: Brain, path: str, given: dict[str, Any], content: str) -> Callable[[str | None], str]:
    """The append computed from the note as it is under the brain lock (another write may have landed since)."""

    def rebase(current: str | None) -> str:
        if current is None:
            raise CabecaoError(
                ErrorCode.NOT_FOUND, messages.note_missing_for_edit(path=path), next_step=messages.next_step_create()
            )
        doc = editable(path, current)
        old = dict(doc.frontmatter)
        frontmatter = {**old, **given}
        body = _append_body(doc.body, content)
        validate_frontmatter(frontmatter, path=path)
        if confirmation_reasons(path, new_frontmatter=frontmatter, old_frontmatter=old, exists=True):
            # The note became one that needs the user's yes (a rule, say) since it was read: ask again.
            raise CabecaoError(
                ErrorCode.CONFLICT, messages.append_needs_confirmation(path=path), next_step=messages.next_step_again()
            )
        apply_provenance(frontmatter, client=brain.client, now=brain.now(), approved=False, editing=True)
        text = render_document(doc.with_frontmatter(frontmatter).with_body(body))
        reread(text, frontmatter=parse_document(text).frontmatter, body=body)
        return text

    return rebase


def _write_control(
    brain: Brain, args: WritePageIn, path: str, content: str, before: str | None, confirmation: Confirmation
) -> WriteResult | ConfirmationNeeded:
    if args.frontmatter:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT, messages.control_frontmatter(), next_step=messages.next_step_type()
        )
    if args.mode == "append" and before is not None:
        text = before + ("" if before.endswith("\n") or not before else "\n") + content
    elif args.mode == "create" and before is not None:
        raise CabecaoError(
            ErrorCode.ALREADY_EXISTS, messages.note_exists(path=path), next_step=messages.next_step_overwrite(path=path)
        )
    else:
        text = content
    check_config_text(path, before, text)
    reasons = confirmation_reasons(path, new_frontmatter=None, old_frontmatter=None, exists=before is not None)
    planned = [Planned(path, text, before, f"{'add' if before is None else 'update'} control: {path}")]
    by = approve(
        brain,
        confirmation,
        tool="write_page",
        args=args,
        session=args.session_handle,
        targets=[Target(path, before)],
        reasons=reasons,
        summary=Summary(messages.action_write_control(new=before is None, path=path), content=content),
    )
    if isinstance(by, ConfirmationNeeded):
        return by
    if text == before:
        return _unchanged(path, {}, [])
    record = commit_changes(brain, planned, summary=planned[0].line, session=session_of(args), approved=by is not None)
    return _written(record, path, None, "add" if before is None else "update", [], by)


def patch_page(brain: Brain, args: PatchPageIn, confirmation: Confirmation) -> WriteResult | ConfirmationNeeded:
    path = existing_spelling(brain.root, check_note_path(args.path, allow_control=True))
    before = brain.store.read_text(path)
    if before is None:
        raise CabecaoError(
            ErrorCode.NOT_FOUND, messages.note_missing_for_edit(path=path), next_step=messages.next_step_create()
        )
    control = is_control_file(path) or is_config_file(path)
    doc = parse_document(before) if control else editable(path, before)
    body = before if control else doc.body
    count = body.count(args.old)
    if count == 0:
        raise CabecaoError(
            ErrorCode.PATCH_NOT_FOUND,
            messages.patch_not_found(path=path),
            next_step=messages.next_step_patch_read(path=path),
        )
    if count > 1:
        raise CabecaoError(
            ErrorCode.AMBIGUOUS_PATCH,
            messages.patch_ambiguous(path=path, count=count),
            next_step=messages.next_step_patch_longer(),
        )
    new_body = body.replace(args.old, args.new, 1)
    if control:
        check_config_text(path, before, new_body)
    else:
        check_body(new_body)
    frontmatter = dict(doc.frontmatter)
    reasons = confirmation_reasons(path, new_frontmatter=frontmatter, old_frontmatter=frontmatter, exists=True)
    note_type, title = _describe(frontmatter, path)
    by = approve(
        brain,
        confirmation,
        tool="patch_page",
        args=args,
        session=args.session_handle,
        targets=[Target(path, before)],
        reasons=reasons,
        summary=Summary(messages.action_patch(path=path, note_type=note_type), content=args.new),
    )
    if isinstance(by, ConfirmationNeeded):
        return by
    warnings: list[Notice] = []
    if control:
        text = new_body
    else:
        warnings = apply_provenance(
            frontmatter, client=brain.client, now=brain.now(), approved=by is not None, editing=True
        )
        text = render_document(doc.with_frontmatter(frontmatter).with_body(new_body))
        reread(text, frontmatter=frontmatter, body=new_body)
    record = commit_changes(
        brain,
        [Planned(path, text, before, f"update {note_type}: {title}")],
        summary=f"update {note_type}: {title}",
        session=session_of(args),
        approved=by is not None,
    )
    return _written(record, path, note_id(frontmatter), "update", warnings, by)


def _written(
    record: OperationRecord, path: str, id: str | None, action: Action, warnings: list[Notice], by: Approval
) -> WriteResult:
    return WriteResult(
        op=record.op,
        commit=record.commit,
        path=path,
        id=id,
        action=action,
        changed=True,
        session_handle=record.session,
        confirmed_by=by,
        warnings=[*warnings, *store_notices(record)],
        next_step=messages.write_next_step(op=record.op),
    )


def _unchanged(path: str, frontmatter: dict[str, Any], warnings: list[Notice]) -> WriteResult:
    return WriteResult(
        op=None,
        commit=None,
        path=path,
        id=note_id(frontmatter),
        action=None,
        changed=False,
        session_handle=None,
        confirmed_by=None,
        warnings=warnings,
        next_step=messages.nothing_changed(),
    )
