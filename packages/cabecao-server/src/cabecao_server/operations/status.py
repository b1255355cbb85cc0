"""`status`: the brain's health in one answer."""

from __future__ import annotations

import platform
from typing import TYPE_CHECKING, Any

from cabecao_schema import NOTE_ROOTS, SCHEMA_VERSION
from cabecao_store import is_locked

from .. import messages
from ..fields import ToolInput

if TYPE_CHECKING:
    from ..brain import Brain


class StatusIn(ToolInput):
    pass


def status(brain: Brain, args: StatusIn) -> dict[str, Any]:
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
    healthy = not problems
    return {
        "healthy": healthy,
        "problems": problems,
        "root": str(brain.root),
        "client": brain.client,
        "machine": platform.node(),
        "brain_schema_version": brain.store.config.schema_version,
        "supported_schema_version": SCHEMA_VERSION,
        "note_dirs": list(NOTE_ROOTS),
        "notes": {
            "total": figures.notes,
            "by_type": figures.by_type,
            "untyped": figures.untyped,
            "archived": figures.archived,
            "unmanaged": figures.unmanaged,
        },
        "index": {
            "schema_version": figures.schema_version,
            "chunks": figures.chunks,
            "edges": figures.edges,
            "facts": figures.facts,
            "last_scan": figures.last_scan,
            "size_bytes": figures.size_bytes,
        },
        "broken_links": figures.broken_links,
        "sync": {**sync, "last_sync": None, "running": locked},
        "conflicts": figures.conflicts,
        "embeddings": None,
        "next_step": messages.next_step_status_healthy() if healthy else messages.next_step_status_problems(),
    }
