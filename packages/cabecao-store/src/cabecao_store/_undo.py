"""Undo by `git revert`: of one operation, of a whole session, or of the last agent operation."""

from __future__ import annotations

from collections.abc import Callable

from cabecao_schema import CabecaoError, ErrorCode, is_ulid

from . import _git
from . import _messages as messages
from ._history import operations
from ._oplog import is_log_path
from ._records import FileChange, OperationRecord, OperationStatus, UndoPlan
from ._store import Store

#: Operations that are not content a person would want reverted on their own.
_NOT_UNDOABLE_ALONE = ("init",)


def plan_undo(store: Store, *, op: str | None = None, session: str | None = None) -> UndoPlan:
    """Resolve what an undo targets; `reasons` is non-empty when the user must confirm it."""
    history = operations(store._repo)
    if op is not None:
        status, by_prefix = _find_op(history, op)
        if status.undone_by is not None:
            raise CabecaoError(
                ErrorCode.ALREADY_UNDONE,
                messages.already_undone(op=status.record.op, by=status.undone_by),
                next_step=messages.next_step_redo(op=status.undone_by),
            )
        reasons = []
        if by_prefix:
            reasons.append(messages.reason_undo_prefix(prefix=op, op=status.record.op))
        if not status.record.by_agent:
            reasons.append(messages.reason_undo_user_op(op=status.record.op))
        return UndoPlan(targets=[status.record], reasons=reasons, by_prefix=by_prefix)
    if session is not None:
        mine = [s for s in history if s.record.session == session]
        if not mine:
            raise CabecaoError(
                ErrorCode.NOT_FOUND, messages.session_not_found(session=session), next_step=messages.next_step_log()
            )
        session_ops = {s.record.op for s in mine}
        targets: list[OperationRecord] = []
        for status in mine:
            record = status.record
            if status.undone_by is not None:
                continue
            # An undo inside the session that only undid the session's own work nets to nothing.
            if record.kind == "undo" and set(record.undoes) <= session_ops:
                continue
            if record.kind in _NOT_UNDOABLE_ALONE:
                continue
            targets.append(record)
        if not targets:
            raise CabecaoError(
                ErrorCode.NOTHING_TO_UNDO,
                messages.nothing_to_undo_session(session=session),
                next_step=messages.next_step_nothing_to_undo(),
            )
        reasons = [messages.reason_undo_user_op(op=t.op) for t in targets if not t.by_agent]
        return UndoPlan(targets=targets, reasons=reasons)
    for status in history:
        record = status.record
        if record.by_agent and status.undone_by is None and record.kind not in ("undo", *_NOT_UNDOABLE_ALONE):
            return UndoPlan(targets=[record], reasons=[])
    raise CabecaoError(
        ErrorCode.NOTHING_TO_UNDO, messages.nothing_to_undo(), next_step=messages.next_step_nothing_to_undo()
    )


def _find_op(history: list[OperationStatus], op: str) -> tuple[OperationStatus, bool]:
    wanted = op.strip().upper()
    exact = [s for s in history if s.record.op == wanted]
    if exact:
        return exact[0], False
    if not is_ulid(wanted) and wanted:
        matches = [s for s in history if s.record.op.startswith(wanted)]
        if len(matches) == 1:
            return matches[0], True
        if len(matches) > 1:
            raise CabecaoError(
                ErrorCode.INVALID_ARGUMENT,
                messages.ambiguous_op_prefix(prefix=op, count=len(matches)),
                next_step=messages.next_step_log(),
            )
    raise CabecaoError(ErrorCode.NOT_FOUND, messages.op_not_found(op=op), next_step=messages.next_step_log())


def apply_undo(
    store: Store,
    plan: UndoPlan,
    *,
    session: str,
    client: str,
    approved: bool = False,
    after_commit: Callable[[list[str]], None] | None = None,
) -> OperationRecord:
    """Revert the plan's operations, newest first, into one new operation (itself undoable)."""
    repo = store._repo
    head = store._head()
    assert head is not None
    current = head
    ordered = sorted(plan.targets, key=lambda r: r.time, reverse=True)
    with _git.git_errors(messages.action_undo()):
        for record in ordered:
            target = repo[record.commit]
            index = _git.revert_index(repo, target, current)  # type: ignore[arg-type]
            for path in _git.conflict_paths(index):
                if is_log_path(path):
                    _keep_ours(repo, index, current, path)
            conflicts = _git.conflict_paths(index)
            if conflicts:
                raise CabecaoError(
                    ErrorCode.CONFLICT,
                    messages.undo_conflict(op=record.op, paths=", ".join(conflicts)),
                    next_step=messages.next_step_undo_conflict(),
                )
            tree = _git.tree_of_index(repo, index)
            current = repo[_git.create_commit(repo, tree, "cabecao undo step\n", [current.id])]  # type: ignore[assignment]
        # The log is history: reverting an operation never removes its line, nor a month it moved out.
        changed = [p for p in _git.changed_paths(repo, head.tree, current.tree) if not is_log_path(p)]
        changes = [
            FileChange(
                path=path,
                content=_git.blob_text(repo, current.tree, path),
                expected=_git.blob_text(repo, head.tree, path),
            )
            for path in changed
        ]
    lines = [f"{r.op}: {r.summary}" for r in ordered]
    return store.write(
        changes,
        summary=messages.undo_summary(count=len(ordered)),
        lines=lines,
        session=session,
        client=client,
        approved=approved,
        kind="undo",
        undoes=[r.op for r in ordered],
        after_commit=after_commit,
    )


def _keep_ours(repo: _git.Repository, index: _git.Index, ours: _git.Commit, path: str) -> None:
    """Resolve a conflict on `path` by keeping our side (the log only ever grows; the undo appends its own line)."""
    if index.conflicts is None:
        return
    try:
        index.conflicts[path]
    except KeyError:
        return
    del index.conflicts[path]
    entry = ours.tree[path] if path in ours.tree else None
    if entry is not None:
        index.add(_git.index_entry(path, entry.id))
