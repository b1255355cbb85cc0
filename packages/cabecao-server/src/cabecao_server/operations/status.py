"""`status`: the brain's health in one answer."""

from __future__ import annotations

import platform
from typing import TYPE_CHECKING

from cabecao_schema import NOTE_ROOTS, SCHEMA_VERSION
from cabecao_store import is_locked

from .. import messages
from ..fields import ToolInput
from ..results import Result

if TYPE_CHECKING:
    from ..brain import Brain


class StatusIn(ToolInput):
    pass


class StatusNotes(Result):
    total: int
    by_type: dict[str, int]
    untyped: int
    archived: int
    unmanaged: int


class StatusIndex(Result):
    schema_version: int
    chunks: int
    edges: int
    facts: int
    last_scan: str | None
    size_bytes: int


class StatusSync(Result):
    """The store's sync state as it gives it, plus what only the server knows (whether a sync is running)."""

    branch: str | None
    remote_configured: bool
    remote: str | None
    unpushed: int | None
    unpulled: int | None
    pending_changes: int
    #: Cabeção does not sync yet.
    last_sync: None
    running: bool


class StatusResult(Result):
    healthy: bool
    problems: list[str]
    root: str
    client: str
    machine: str
    brain_schema_version: int
    supported_schema_version: int
    note_dirs: list[str]
    notes: StatusNotes
    index: StatusIndex
    broken_links: int
    sync: StatusSync
    conflicts: int
    #: No embeddings yet: search is keyword only.
    embeddings: None
    next_step: str


def status(brain: Brain, args: StatusIn) -> StatusResult:
    figures = brain.fresh().status()
    sync = brain.store.sync_state()
    locked = is_locked(brain.root)
    problems: list[str] = []
    if figures.broken_links:
        problems.append(messages.problem_broken_links(count=figures.broken_links))
    if figures.invalid_frontmatter:
        problems.append(messages.problem_invalid_frontmatter(count=figures.invalid_frontmatter))
    if figures.conflicts:
        problems.append(messages.problem_conflicts(count=figures.conflicts))
    pending = int(sync["pending_changes"] or 0)  # type: ignore[call-overload]
    if pending:
        problems.append(messages.problem_pending_changes(count=pending))
    problems.extend(brain.store.stale_git_locks())  # git lock files a dead process left: every commit fails
    healthy = not problems
    return StatusResult(
        healthy=healthy,
        problems=problems,
        root=str(brain.root),
        client=brain.client,
        machine=platform.node(),
        brain_schema_version=brain.store.config.schema_version,
        supported_schema_version=SCHEMA_VERSION,
        note_dirs=list(NOTE_ROOTS),
        notes=StatusNotes(
            total=figures.notes,
            by_type=figures.by_type,
            untyped=figures.untyped,
            archived=figures.archived,
            unmanaged=figures.unmanaged,
        ),
        index=StatusIndex(
            schema_version=figures.schema_version,
            chunks=figures.chunks,
            edges=figures.edges,
            facts=figures.facts,
            last_scan=figures.last_scan,
            size_bytes=figures.size_bytes,
        ),
        broken_links=figures.broken_links,
        # The store's dict is untyped (`object` values): validation checks each against the field.
        sync=StatusSync.model_validate({**sync, "last_sync": None, "running": locked}),
        conflicts=figures.conflicts,
        embeddings=None,
        next_step=messages.next_step_status_healthy() if healthy else messages.next_step_status_problems(),
    )
