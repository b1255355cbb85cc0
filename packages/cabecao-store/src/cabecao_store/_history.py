"""The operation log, read back from commit trailers: git is the source of truth, nothing is kept elsewhere."""

from __future__ import annotations

from datetime import UTC, datetime

from . import _git
from ._oplog import is_log_path
from ._records import OperationRecord, OperationStatus
from ._trailers import change_lines, parse_trailers


def _record(commit: _git.Commit) -> OperationRecord | None:
    trailers = parse_trailers(commit.message_trailers)
    if trailers is None:
        return None
    return OperationRecord(
        op=trailers.op,
        session=trailers.session,
        client=trailers.client,
        commit=str(commit.id),
        summary=commit.message.split("\n", 1)[0],
        changes=change_lines(commit.message),
        time=datetime.fromtimestamp(commit.commit_time, UTC),
        approved=trailers.approved,
        kind=trailers.kind,
        undoes=trailers.undoes,
    )


def operations(repo: _git.Repository) -> list[OperationStatus]:
    """Every operation on the current branch, newest first, with whether (and by what) it was undone.

    An operation is undone when an undo lists it and that undo is not itself undone; undoes are always newer
    than what they undo, so one pass from newest to oldest settles it.
    """
    records = [r for r in (_record(c) for c in _git.walk_first_parent(repo)) if r is not None]
    undone_by: dict[str, str | None] = {}
    active_undoer: dict[str, str] = {}
    statuses: list[OperationStatus] = []
    for record in records:
        by = active_undoer.get(record.op)
        undone_by[record.op] = by
        if by is None:
            for target in record.undoes:
                active_undoer.setdefault(target, record.op)
        statuses.append(OperationStatus(record=record, undone_by=by))
    return statuses


def approved_changes(repo: _git.Repository) -> list[tuple[str, str, str]]:
    """(path, commit, ISO time) for every note a user-confirmed agent operation touched, newest first."""
    rows: list[tuple[str, str, str]] = []
    for commit, _op, when, paths in _git.approved_commits(repo):
        stamp = datetime.fromtimestamp(when, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        rows.extend((path, commit, stamp) for path in paths if path.endswith(".md") and not is_log_path(path))
    return rows
