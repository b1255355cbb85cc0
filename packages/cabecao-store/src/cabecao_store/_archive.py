"""Archive, the mechanics of `forget`: the note moves to `memory/_archive/` in one commit; undo brings it back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath

from cabecao_schema import (
    ARCHIVE_FOLDER,
    CabecaoError,
    ErrorCode,
    check_note_path,
    parse_document,
    render_document,
)

from . import _messages as messages
from ._records import FileChange, OperationRecord
from ._store import Store


@dataclass(frozen=True)
class ArchivePlan:
    path: str
    archived_path: str
    current: str
    archived_text: str
    title: str
    note_type: str


def plan_archive(store: Store, path: str, *, reason: str) -> ArchivePlan:
    """What archiving `path` would write; nothing changes yet (the first call of `forget`)."""
    clean = check_note_path(path)
    current = store.read_text(clean)
    if current is None:
        raise CabecaoError(ErrorCode.NOT_FOUND, messages.note_not_found(path=clean), next_step=messages.next_step_log())
    doc = parse_document(current)
    now = store.now()
    archived = doc.updated(
        forget_reason=" ".join(reason.split()),
        archived_from=clean,
        archived_at=now.strftime("%Y-%m-%dT%H:%M:%SZ"),
    )
    name = PurePosixPath(clean).name
    target = f"{ARCHIVE_FOLDER}/{name}"
    if clean.startswith(ARCHIVE_FOLDER + "/"):
        raise CabecaoError(
            ErrorCode.INVALID_PATH, messages.note_already_archived(path=clean), next_step=messages.next_step_log()
        )
    if store.read_text(target) is not None:
        stem = name[:-3]
        suffix = str(doc.frontmatter.get("id") or now.strftime("%Y%m%d%H%M%S"))[-8:].lower()
        target = f"{ARCHIVE_FOLDER}/{stem}-{suffix}.md"
    title = str(doc.frontmatter.get("title") or PurePosixPath(clean).stem)
    note_type = str(doc.frontmatter.get("type") or messages.untyped_note())
    return ArchivePlan(clean, target, current, render_document(archived), title, note_type)


def apply_archive(
    store: Store,
    plan: ArchivePlan,
    *,
    session: str,
    client: str,
    approved: bool = False,
    after_commit: Callable[[list[str]], None] | None = None,
) -> OperationRecord:
    changes = [
        FileChange(plan.path, None, expected=plan.current),
        FileChange(plan.archived_path, plan.archived_text, expected=None),
    ]
    summary = messages.archive_summary(note_type=plan.note_type, title=plan.title)
    return store.write(
        changes,
        summary=summary,
        lines=[f"{summary} ({plan.path} → {plan.archived_path})"],
        session=session,
        client=client,
        approved=approved,
        kind="archive",
        after_commit=after_commit,
    )
