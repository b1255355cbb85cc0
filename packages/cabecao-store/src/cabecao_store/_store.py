"""The brain on disk: every write takes the lock, changes files, appends `log.md` and becomes one commit.

A write either lands completely (files, log line, commit, git index) or leaves disk and git exactly as they were.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import NoReturn

from cabecao_schema import (
    LOG_FILE,
    BrainConfig,
    CabecaoError,
    ErrorCode,
    check_on_disk,
    load_config,
    new_ulid,
)

from . import _git, _history
from . import _messages as messages
from ._locking import DEFAULT_TIMEOUT, brain_lock
from ._oplog import archive_text, rotate_log
from ._records import UNCHECKED, FileChange, OperationRecord, OperationStatus
from ._staging import Staging, Wait
from ._tokens import digest
from ._trailers import Trailers, format_message

Clock = Callable[[], datetime]

#: A `.git/index.lock` older than this was left by a git that died; younger ones belong to a running git.
STALE_INDEX_LOCK_SECONDS = 60.0


def utc_now() -> datetime:
    return datetime.now(UTC)


class Store:
    """A brain folder and its git repository."""

    def __init__(
        self,
        root: Path,
        repo: _git.Repository,
        config: BrainConfig,
        *,
        now: Clock = utc_now,
        lock_timeout: float = DEFAULT_TIMEOUT,
    ) -> None:
        self.root = root
        self._repo = repo
        self.config = config
        self.now = now
        self.lock_timeout = lock_timeout
        #: Test seam: called after the files are written and before the commit, to prove rollback.
        self.before_commit: Callable[[], None] | None = None
        self._staging = Staging(root)

    @classmethod
    def open(cls, root: Path | str, *, now: Clock = utc_now, lock_timeout: float = DEFAULT_TIMEOUT) -> Store:
        """Open a brain: `not_a_brain`, `invalid_config` or `not_a_repository` when it cannot be used."""
        root = Path(root).expanduser().resolve()
        config = load_config(root)
        repo = _git.open_repository(root)
        if repo is None:
            raise CabecaoError(
                ErrorCode.NOT_A_REPOSITORY,
                messages.not_a_repository(root=str(root)),
                next_step=messages.next_step_git_init(root=str(root)),
            )
        return cls(root, repo, config, now=now, lock_timeout=lock_timeout)

    # reading -------------------------------------------------------------------------------------------

    def read_text(self, path: str) -> str | None:
        """Current text of a file in the work tree, or None when it does not exist."""
        target = check_on_disk(self.root, path)
        if target.is_dir():
            raise CabecaoError(
                ErrorCode.INVALID_PATH, messages.path_is_folder(path=path), next_step=messages.next_step_log()
            )
        try:
            return target.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except UnicodeDecodeError:
            raise CabecaoError(
                ErrorCode.INVALID_NOTE, messages.not_utf8(path=path), next_step=messages.next_step_not_utf8()
            ) from None

    def head_id(self) -> str | None:
        """The commit the branch points at (None before the first commit)."""
        head = self._head()
        return None if head is None else str(head.id)

    def operations(self) -> list[OperationStatus]:
        """Every operation on the branch, newest first, read back from the commit trailers."""
        return _history.operations(self._repo)

    def approved_changes(self) -> list[tuple[str, str, str]]:
        """(path, commit, ISO time) of every note a user-confirmed agent operation touched, newest first."""
        return _history.approved_changes(self._repo)

    def sync_state(self) -> dict[str, object]:
        """The branch and what is waiting to be committed or pushed, as `status.sync` reports it."""
        return _git.sync_state(self._repo)

    def _head(self) -> _git.Commit | None:
        if self._repo.head_is_unborn:
            return None
        return self._repo[self._repo.head.target]  # type: ignore[return-value]

    # writing -------------------------------------------------------------------------------------------

    def write(
        self,
        changes: Sequence[FileChange],
        *,
        summary: str,
        lines: Iterable[str] = (),
        session: str,
        client: str,
        approved: bool = False,
        kind: str = "write",
        undoes: Sequence[str] = (),
        op: str | None = None,
        after_commit: Callable[[list[str]], None] | None = None,
    ) -> OperationRecord:
        """Apply `changes` as one operation: one commit with trailers, or nothing at all.

        `after_commit(paths)` runs once the commit landed, still under the brain lock, so derived state (the
        index, the catalogue) is brought up to date in the same order as the commits, across processes.
        """
        op = op or new_ulid()
        lines = list(lines)
        trailers = Trailers(op=op, session=session, client=client, approved=approved, kind=kind, undoes=tuple(undoes))
        targets = [(change, check_on_disk(self.root, change.path)) for change in changes]
        warnings: list[str] = []
        with brain_lock(self.root, self.lock_timeout):
            warnings.extend(self._wait_for_git_index_lock())
            for change, target in targets:
                if change.expected is not UNCHECKED:
                    current = _read_or_none(target)
                    if digest(current) != digest(change.expected):  # type: ignore[arg-type]
                        raise CabecaoError(
                            ErrorCode.CONFLICT,
                            messages.conflict_changed(path=change.path),
                            next_step=messages.next_step_reread(path=change.path),
                        )
            now = self.now()
            log_path = self.root / LOG_FILE
            # A confirmed change to log.md itself is the base the operation's own line is appended to.
            planned_log = [c.content for c, _ in targets if c.path == LOG_FILE and c.content is not None]
            log_text = (planned_log[-1] if planned_log else _read_or_none(log_path)) or messages.log_header()
            log_line = f"- {now.strftime('%Y-%m-%d %H:%M')} · {op} · {client} · {' '.join(summary.split())}\n"
            if not log_text.endswith("\n"):
                log_text += "\n"
            log_text, past_months = rotate_log(log_text + log_line, now)
            files = [(c.path, t, c.content) for c, t in targets if c.path != LOG_FILE]
            files.append((LOG_FILE, log_path, log_text))
            for month_path, month_lines in past_months.items():
                month_target = check_on_disk(self.root, month_path)
                files.append(
                    (month_path, month_target, archive_text(_read_or_none(month_target), month_path, month_lines))
                )
            backups = {target: _read_bytes_or_none(target) for _, target, _ in files}
            created_dirs: list[Path] = []
            head = self._head()
            ref_before = head.id if head is not None else None
            moved_ref = False
            paths = sorted({rel for rel, _, _ in files})
            staged: Wait | None = None
            try:
                for _, target, content in files:
                    if content is None:
                        if target.exists():
                            target.unlink()
                    else:
                        created_dirs.extend(_make_parents(target, self.root))
                        _atomic_write(target, content)
                if self.before_commit is not None:
                    self.before_commit()
                with _git.git_errors(messages.action_commit()):
                    staged = self._staging.start(paths)  # git's index, on a second core meanwhile
                    tree = self._tree_with(head, {rel: content for rel, _, content in files})
                    message = format_message(summary, lines, trailers)
                    parents = [head.id] if head is not None else []
                    commit_id = _git.create_commit(self._repo, tree, message, parents)
                    self._move_branch(commit_id, ref_before)
                    moved_ref = True
            except BaseException as exc:
                self._rollback(backups, created_dirs, ref_before if moved_ref else None, paths, staged)
                _raise_write_error(exc)
            assert staged is not None
            try:
                if after_commit is not None:
                    after_commit(paths)
            finally:  # never leave the lock with git's index still being written
                try:
                    with _git.git_errors(messages.action_commit()):
                        staged()
                except BaseException as exc:
                    self._rollback(backups, created_dirs, ref_before, paths, staged)
                    if after_commit is not None:
                        after_commit(paths)  # derived state back in step with the restored files
                    _raise_write_error(exc)
        return OperationRecord(
            op=op,
            session=session,
            client=client,
            commit=str(commit_id),
            summary=" ".join(summary.split()),
            changes=lines,
            time=now,
            approved=approved,
            kind=kind,
            undoes=tuple(undoes),
            paths=paths,
            warnings=warnings,
        )

    def _tree_with(self, head: _git.Commit | None, files: dict[str, str | None]) -> _git.Oid:
        """HEAD's tree with only these files changed: staged or untracked changes of others never ride along."""
        base = head.tree if head is not None else None
        blobs = {
            path: (self._repo.create_blob(c.encode("utf-8")) if c is not None else None) for path, c in files.items()
        }
        return _git.update_tree(self._repo, base, blobs)

    def _move_branch(self, commit_id: _git.Oid, expected: _git.Oid | None) -> None:
        if self._repo.head_is_unborn:
            name = self._repo.references["HEAD"].target
            self._repo.references.create(str(name), commit_id)
            return
        ref = self._repo.head
        if expected is not None and ref.target != expected:
            raise CabecaoError(
                ErrorCode.CONFLICT,
                messages.conflict_changed(path="HEAD"),
                next_step=messages.next_step_reread(path="HEAD"),
            )
        ref.set_target(commit_id)

    def _rollback(
        self,
        backups: dict[Path, bytes | None],
        created_dirs: list[Path],
        ref_before: _git.Oid | None,
        paths: list[str],
        staged: Wait | None,
    ) -> None:
        """Put files, branch and git's index back as they were before the write (`staged`: the index job, when
        it started; it is waited for, and the index restaged from the restored files)."""
        if staged is not None:
            try:
                staged()
            except Exception:  # its own failure changes nothing more: the index is restaged below
                pass
        for target, data in backups.items():
            try:
                if data is None:
                    if target.exists():
                        target.unlink()
                else:
                    _atomic_write_bytes(target, data)
            except OSError:
                pass
        for folder in reversed(created_dirs):
            try:
                folder.rmdir()
            except OSError:
                pass
        if ref_before is not None and not self._repo.head_is_unborn:
            try:
                self._repo.head.set_target(ref_before)
            except _git.GitError:
                pass
        if staged is not None:
            try:
                self._staging.now(paths)
            except (_git.GitError, OSError):
                pass  # git's index may keep the new entries; `git status` then shows them, nothing is lost

    def _wait_for_git_index_lock(self) -> list[str]:
        """Wait for a running git to release `.git/index.lock`; remove one that a dead git left behind."""
        lock = Path(self._repo.path) / "index.lock"
        deadline = time.monotonic() + self.lock_timeout
        while True:
            try:
                age = time.time() - lock.stat().st_mtime
            except FileNotFoundError:
                return []
            if age > STALE_INDEX_LOCK_SECONDS:
                try:
                    lock.unlink()
                except FileNotFoundError:
                    pass
                return [messages.stale_index_lock_removed()]
            if time.monotonic() >= deadline:
                raise CabecaoError(ErrorCode.LOCKED, messages.git_index_locked(), next_step=messages.next_step_locked())
            time.sleep(0.05)


def _raise_write_error(exc: BaseException) -> NoReturn:
    """What a failed write raises: our own errors (and interrupts) as they are, anything else as `git_failed`."""
    if isinstance(exc, CabecaoError) or not isinstance(exc, Exception):
        raise exc
    raise CabecaoError(
        ErrorCode.GIT_FAILED,
        messages.write_failed(problem=str(exc) or type(exc).__name__),
        next_step=messages.next_step_git_failed(),
    ) from exc


def _read_or_none(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8", errors="replace")
    except (FileNotFoundError, IsADirectoryError):
        return None


def _read_bytes_or_none(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except (FileNotFoundError, IsADirectoryError):
        return None


def _make_parents(target: Path, root: Path) -> list[Path]:
    missing: list[Path] = []
    parent = target.parent
    while parent != root and not parent.exists():
        missing.append(parent)
        parent = parent.parent
    for folder in reversed(missing):
        folder.mkdir()
    return list(reversed(missing))


def _atomic_write(target: Path, text: str) -> None:
    _atomic_write_bytes(target, text.encode("utf-8"))


def _atomic_write_bytes(target: Path, data: bytes) -> None:
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        # No fsync: like git's own defaults, the rename gives all-or-nothing content; crash durability would
        # cost ~3 ms per file here while the commit objects themselves are not fsynced either.
        with open(tmp, "wb") as handle:
            handle.write(data)
        os.replace(tmp, target)
    finally:
        if tmp.exists():
            tmp.unlink()
