"""The brain on disk: every write takes the lock, changes files, appends `log.md` and becomes one commit.

A write either lands completely (files, log line, commit, git index) or leaves disk and git exactly as they were,
also when its process is killed at any point (see docs/safety.md):

1. the brain lock (`.cabecao/lock`), then git's own `.git/index.lock`, created as git creates it and held until
   git's index is in place, so a person's `git commit` meanwhile fails visibly instead of racing;
2. the journal (`.cabecao/journal-<op>.json`, fsynced) saying what each file held before and will hold after;
3. the files, then a commit whose tree is HEAD's plus exactly these files;
4. the branch moved by compare-and-swap from the HEAD read under the lock: when a person's commit moved it
   meanwhile, the commit is rebuilt on top of theirs (or refused with `conflict` if theirs touched the same
   files); nothing ever moves a branch back;
5. git's index, built in a temporary file before the commit and renamed over `.git/index` right after the
   branch moved, then the lock released;
6. the caller's derived state (`after_commit`), then the journal removed.

The next writer (or `Store.open`) that finds a journal finishes the write if its commit landed, or puts back
every file still holding exactly what it wrote.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import NoReturn

from cabecao_schema import (
    LOG_FILE,
    BrainConfig,
    CabecaoError,
    ErrorCode,
    check_on_disk,
    check_secrets,
    is_ulid,
    load_config,
    new_ulid,
)

from . import _git, _history
from . import _messages as messages
from ._journal import (
    Before,
    Entry,
    Journal,
    drop_journal,
    journal_path,
    pending_journals,
    read_journal,
    write_journal,
)
from ._locking import (
    DEFAULT_TIMEOUT,
    EMPTY_REF_LOCK_SECONDS,
    POLL_SECONDS,
    STALE_INDEX_LOCK_SECONDS,
    STALE_REF_LOCK_SECONDS,
    GitIndexLock,
    LockFile,
    brain_lock,
    brain_lock_if_free,
    inspect_lock,
    remove_lock,
)
from ._oplog import archive_text, rotate_log
from ._records import UNCHECKED, FileChange, OperationRecord, OperationStatus
from ._staging import Prepared, Staging
from ._tokens import digest
from ._trailers import Trailers, format_message

Clock = Callable[[], datetime]

#: How many times a write rebuilds its commit on top of commits a person made meanwhile before it gives up.
MAX_REBASES = 5

#: A client name as it goes into `Cabecao-Client` (what the server's `normalise_client` makes).
CLIENT_RE = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}")


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Recovery:
    """What recovering interrupted writes did: the paths it touched (for derived state) and what to tell."""

    paths: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


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
        self._git_dir = _git.git_dir(repo)
        self._staging = Staging(self._git_dir)
        #: What `open` recovered (interrupted writes of a process that died), for the caller to re-index.
        self.recovery = Recovery()

    @classmethod
    def open(
        cls,
        root: Path | str,
        *,
        now: Clock = utc_now,
        lock_timeout: float = DEFAULT_TIMEOUT,
        recover: bool = True,
    ) -> Store:
        """Open a brain: `not_a_brain`, `invalid_config` or `not_a_repository` when it cannot be used.

        With `recover`, writes a killed process left half done are finished or rolled back now, if no writer is
        running (`recovery` says what was touched); otherwise the next write does it.
        """
        root = Path(root).expanduser().resolve()
        config = load_config(root)
        repo = _git.open_repository(root)
        if repo is None:
            raise CabecaoError(
                ErrorCode.NOT_A_REPOSITORY,
                messages.not_a_repository(root=str(root)),
                next_step=messages.next_step_git_init(root=str(root)),
            )
        store = cls(root, repo, config, now=now, lock_timeout=lock_timeout)
        if recover:
            store.recovery = store.recover()
        return store

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

        `session` must be a ULID, `client` a lower-case token and `op` (made when omitted) a ULID; the summary,
        lines and trailer values must pass the secret scan: `invalid_argument` or `secret_detected` before
        anything is touched. `after_commit(paths)` runs once the commit landed, still under the brain lock, so
        derived state (the index, the catalogue) is brought up to date in the same order as the commits, across
        processes; its paths include those of interrupted writes this write recovered first.
        """
        op = op or new_ulid()
        lines = list(lines)
        undoes = tuple(undoes)
        _check_provenance(op=op, session=session, client=client)
        _check_message(summary, lines, undoes)
        trailers = Trailers(op=op, session=session, client=client, approved=approved, kind=kind, undoes=undoes)
        message = format_message(summary, lines, trailers)
        targets = [(change, check_on_disk(self.root, change.path)) for change in changes]
        warnings: list[str] = []
        with brain_lock(self.root, self.lock_timeout):
            deadline = time.monotonic() + self.lock_timeout
            index_lock = GitIndexLock(self._git_dir, op)
            recovered: list[str] = []
            try:
                self._take_index_lock(index_lock, deadline, warnings)
                recovered = self._recover_journals(warnings)
                self._wait_for_ref_lock(deadline, warnings, dead_ops=set())
                done = self._write_locked(op, targets, message, summary, client, deadline, warnings)
            except BaseException as exc:
                index_lock.release()
                if recovered and after_commit is not None:
                    _quietly(after_commit, recovered)  # derived state follows what recovery restored
                _raise_write_error(exc)
            index_lock.release()
            if after_commit is not None:
                after_commit(sorted({*done.paths, *recovered}))
            if done.finished:
                drop_journal(done.journal)  # else the next write or start finishes git's index
        return OperationRecord(
            op=op,
            session=session,
            client=client,
            commit=str(done.commit),
            summary=" ".join(summary.split()),
            changes=lines,
            time=done.time,
            approved=approved,
            kind=kind,
            undoes=undoes,
            paths=done.paths,
            warnings=warnings,
        )

    def _write_locked(
        self,
        op: str,
        targets: list[tuple[FileChange, Path]],
        message: str,
        summary: str,
        client: str,
        deadline: float,
        warnings: list[str],
    ) -> _Done:
        """The write proper, holding the brain lock and `.git/index.lock`."""
        head = self._head()
        contents = self._contents(targets)
        now = self.now()
        log_path = self.root / LOG_FILE
        # A confirmed change to log.md itself is the base the operation's own line is appended to.
        planned_log = [content for rel, _, content in contents if rel == LOG_FILE and content is not None]
        log_text = (planned_log[-1] if planned_log else _read_or_none(log_path)) or messages.log_header()
        log_line = f"- {now.strftime('%Y-%m-%d %H:%M')} · {op} · {client} · {' '.join(summary.split())}\n"
        if not log_text.endswith("\n"):
            log_text += "\n"
        log_text, past_months = rotate_log(log_text + log_line, now)
        planned: dict[str, tuple[Path, str | None]] = {rel: (t, c) for rel, t, c in contents if rel != LOG_FILE}
        planned[LOG_FILE] = (log_path, log_text)
        for month_path, month_lines in past_months.items():
            month_target = check_on_disk(self.root, month_path)
            planned[month_path] = (
                month_target,
                archive_text(_read_or_none(month_target), month_path, month_lines),
            )
        journal, blobs = self._plan(op, head, planned)
        paths = sorted(planned)
        try:
            write_journal(self.root, journal)
        except BaseException:
            journal.file = journal_path(self.root, op)
            drop_journal(journal)  # no file was touched yet
            raise
        prepared: Prepared | None = None
        try:
            stats = self._apply(planned, journal.dirs)
            if self.before_commit is not None:
                self.before_commit()
            with _git.git_errors(messages.action_commit()):
                prepared = self._staging.prepare([(rel, blobs[rel], stats.get(rel)) for rel in paths])
                commit_id = self._commit(head, blobs, message, deadline, warnings)
        except BaseException:
            if prepared is not None:
                prepared.discard()
            if self._roll_back(journal, warnings):
                drop_journal(journal)  # else the next writer's recovery tries again
            raise
        finished = True
        try:
            prepared.install()  # one rename after the branch moved
        except Exception as exc:  # the commit stands; git's index is finished from the journal later
            prepared.discard()
            finished = False
            warnings.append(messages.git_index_pending(problem=str(exc) or type(exc).__name__))
        return _Done(commit=commit_id, paths=paths, time=now, journal=journal, finished=finished)

    def _contents(self, targets: list[tuple[FileChange, Path]]) -> list[tuple[str, Path, str | None]]:
        """Each change's new text, checked against or built from what is on disk now (under the lock)."""
        found: list[tuple[str, Path, str | None]] = []
        for change, target in targets:
            if change.build is not None:
                found.append((change.path, target, change.build(self.read_text(change.path))))
                continue
            if change.expected is not UNCHECKED:
                current = _read_or_none(target)
                if digest(current) != digest(change.expected):  # type: ignore[arg-type]
                    raise CabecaoError(
                        ErrorCode.CONFLICT,
                        messages.conflict_changed(path=change.path),
                        next_step=messages.next_step_reread(path=change.path),
                    )
            found.append((change.path, target, change.content))
        return found

    def _plan(
        self, op: str, head: _git.Commit | None, planned: dict[str, tuple[Path, str | None]]
    ) -> tuple[Journal, dict[str, _git.Oid | None]]:
        """The journal of this write (what each file holds now, and the blob it will hold) and those blobs."""
        base = head.tree if head is not None else None
        entries: list[Entry] = []
        blobs: dict[str, _git.Oid | None] = {}
        dirs: list[str] = []
        for rel, (target, content) in planned.items():
            current = _read_bytes_or_none(target)
            before_id = str(_git.hash_blob(current)) if current is not None else None
            if current is None:
                before = Before(absent=True)
            elif before_id == str(_git.tree_entry_id(base, rel)):
                before = Before(blob=before_id)  # HEAD has these bytes: the journal names them, never copies
            else:
                before = Before(data=current)
            blob = self._repo.create_blob(content.encode("utf-8")) if content is not None else None
            blobs[rel] = blob
            entries.append(Entry(rel, before, before_id, str(blob) if blob is not None else None))
            if content is not None:
                for folder in _missing_parents(target, self.root):
                    name = folder.relative_to(self.root).as_posix()
                    if name not in dirs:
                        dirs.append(name)
        head_id = str(head.id) if head is not None else None
        return Journal(op=op, pid=os.getpid(), head=head_id, entries=entries, dirs=dirs), blobs

    def _apply(self, planned: dict[str, tuple[Path, str | None]], dirs: list[str]) -> dict[str, os.stat_result]:
        """Put the files on disk; the stat data of each written file, for git's index."""
        for name in dirs:
            (self.root / name).mkdir(exist_ok=True)
        stats: dict[str, os.stat_result] = {}
        for rel, (target, content) in planned.items():
            if content is None:
                if target.is_file() or target.is_symlink():
                    target.unlink()
            else:
                _atomic_write(target, content)
                stats[rel] = target.stat()
        return stats

    def _commit(
        self,
        head: _git.Commit | None,
        blobs: dict[str, _git.Oid | None],
        message: str,
        deadline: float,
        warnings: list[str],
    ) -> _git.Oid:
        """Commit HEAD's tree with these files and move the branch by compare-and-swap.

        When the branch moved meanwhile (a person committed without touching git's index, which we hold), the
        commit is rebuilt on top of theirs, unless theirs changed one of our files: then `conflict`. The branch
        is never moved back over anything."""
        base = head
        for _ in range(MAX_REBASES):
            tree = _git.update_tree(self._repo, base.tree if base is not None else None, blobs)
            parents = [base.id] if base is not None else []
            commit_id = _git.create_commit(self._repo, tree, message, parents)
            while True:
                try:
                    self._move_branch(commit_id, base.id if base is not None else None)
                    return commit_id
                except _git.RefLocked:
                    self._wait_for_ref_lock(deadline, warnings, dead_ops=set())
                except _git.RefMoved:
                    break
            moved = self._head()
            theirs = (
                _git.changed_paths(self._repo, base.tree if base is not None else None, moved.tree) if moved else []
            )
            if moved is None or set(theirs) & set(blobs):
                break
            base = moved
        raise CabecaoError(
            ErrorCode.CONFLICT, messages.conflict_branch_moved(), next_step=messages.next_step_reread(path="HEAD")
        )

    def _move_branch(self, commit_id: _git.Oid, expected: _git.Oid | None) -> None:
        subject = _git.commit_subject(self._repo, commit_id)
        _git.move_ref(self._repo, _git.branch_name(self._repo), commit_id, expected, f"commit: {subject}")

    # interrupted writes ----------------------------------------------------------------------------------

    def needs_recovery(self) -> bool:
        """Whether a write left a journal or Cabeção's `.git/index.lock` behind (cheap: two file checks)."""
        if pending_journals(self.root):
            return True
        found = inspect_lock(self._git_dir / "index.lock")
        return found is not None and found.by_cabecao

    def recover(self, *, after: Callable[[list[str]], None] | None = None) -> Recovery:
        """Finish or roll back the writes of processes that died mid-write, if no writer is running now.

        Never waits: with the brain lock or git's index lock taken, it does nothing (the next write will).
        `after(paths)` runs under the brain lock with the paths recovery touched, for derived state.
        """
        if not self.needs_recovery():
            return Recovery()
        with brain_lock_if_free(self.root) as free:
            if not free:
                return Recovery()
            warnings: list[str] = []
            index_lock = GitIndexLock(self._git_dir, "recovery")
            try:
                self._take_index_lock(index_lock, time.monotonic(), warnings)
                paths = self._recover_journals(warnings)
            except CabecaoError:
                return Recovery()
            finally:
                index_lock.release()
            if after is not None and paths:
                after(paths)
            return Recovery(paths, warnings)

    def _recover_journals(self, warnings: list[str]) -> list[str]:
        """Settle every journal on disk (the caller holds the brain lock, so their writers are gone, and
        `.git/index.lock`). Returns the paths touched."""
        self._staging.sweep()
        journals: list[Journal] = []
        for path in pending_journals(self.root):
            journal = read_journal(path)
            if journal is None:
                path.unlink(missing_ok=True)
                warnings.append(messages.journal_unreadable(name=path.name))
            else:
                journals.append(journal)
        if not journals:
            return []
        self._clear_stale_ref_lock({j.op for j in journals}, warnings)
        touched: set[str] = set()
        with _git.git_errors(messages.action_commit()):
            for journal in journals:
                landed = _git.has_op(self._repo, journal.op, since=journal.head)
                if not landed and not self._roll_back(journal, warnings):
                    continue  # a file could not be put back: the journal stays for the next try
                self._index_follows_head(journal)
                drop_journal(journal)
                touched.update(journal.paths)
                warnings.append(
                    messages.recovered_landed(op=journal.op)
                    if landed
                    else messages.recovered_rolled_back(op=journal.op)
                )
        return sorted(touched)

    def _roll_back(self, journal: Journal, warnings: list[str]) -> bool:
        """Put back every file that still holds exactly what the journal's write put there, and remove the
        folders it created if they are empty; a file changed since (a person's edit) is left alone and named.
        False when a file could not be put back (the journal is then kept, for the next try)."""
        left_alone: list[str] = []
        complete = True
        for entry in journal.entries:
            try:
                target = check_on_disk(self.root, entry.path)
            except CabecaoError:
                left_alone.append(entry.path)
                continue
            try:
                _remove_temporary(target, journal.pid)
                current = _read_bytes_or_none(target)
                current_id = str(_git.hash_blob(current)) if current is not None else None
                if current_id == entry.before_id:
                    continue  # the write never got here, or put back the same bytes
                if current_id != entry.after:
                    left_alone.append(entry.path)
                    continue
                if entry.before.absent:
                    target.unlink(missing_ok=True)
                else:
                    data = entry.before.data
                    if data is None:
                        data = _git.blob_bytes(self._repo, entry.before.blob or "")
                    _atomic_write_bytes(target, data)
            except (OSError, KeyError):
                complete = False
        for name in reversed(journal.dirs):
            try:
                (self.root / name).rmdir()
            except OSError:
                pass  # not empty (someone put a file there) or already gone
        if left_alone:
            warnings.append(messages.recovery_left_alone(op=journal.op, paths=", ".join(left_alone)))
        return complete

    def _index_follows_head(self, journal: Journal) -> None:
        """Give git's index, for the journal's paths, what HEAD has, where the entry is still one the write
        would have set or left (a person's staged change in between is kept)."""
        head = self._head()
        tree = head.tree if head is not None else None

        def edit(index: _git.Index) -> bool:
            changed = False
            for entry in journal.entries:
                want = _git.tree_entry_id(tree, entry.path)
                have = _git.index_entry_id(index, entry.path)
                if have == want:
                    continue
                if (str(have) if have is not None else None) not in (entry.before_id, entry.after):
                    continue
                changed = True
                if want is None:
                    _git.remove_index_entry(index, entry.path)
                    continue
                target = self.root / entry.path
                current = _read_bytes_or_none(target)
                same = current is not None and _git.hash_blob(current) == want
                _git.set_index_entry(index, entry.path, want, target.stat() if same else None)
            return changed

        self._staging.now(edit)

    # git's locks -----------------------------------------------------------------------------------------

    def _take_index_lock(self, lock: GitIndexLock, deadline: float, warnings: list[str]) -> None:
        """Create `.git/index.lock` (O_EXCL): wait while a running git holds it, remove one whose owner is gone
        (Cabeção's own, since we hold the brain lock; or a git's older than a minute), `locked` at the deadline."""
        while not lock.try_acquire():
            found = inspect_lock(lock.path)
            if found is None:
                continue
            if found.by_cabecao:
                remove_lock(found)
                warnings.append(messages.stale_cabecao_index_lock_removed())
            elif found.age > STALE_INDEX_LOCK_SECONDS:
                remove_lock(found)
                warnings.append(messages.stale_index_lock_removed())
            elif time.monotonic() >= deadline:
                raise CabecaoError(ErrorCode.LOCKED, messages.git_index_locked(), next_step=messages.next_step_locked())
            else:
                time.sleep(POLL_SECONDS)

    def _wait_for_ref_lock(self, deadline: float, warnings: list[str], *, dead_ops: set[str]) -> None:
        """Wait while a running git holds the branch's lock; remove a stale one; `locked` at the deadline."""
        name = _git.branch_name(self._repo)
        path = _git.ref_lock_path(self._repo, name)
        while True:
            found = inspect_lock(path)
            if found is None:
                return
            if self._ref_lock_is_stale(found, dead_ops):
                remove_lock(found)
                warnings.append(messages.stale_ref_lock_removed(ref=name))
                continue
            if time.monotonic() >= deadline:
                raise CabecaoError(
                    ErrorCode.LOCKED, messages.git_ref_locked(ref=name), next_step=messages.next_step_locked()
                )
            time.sleep(POLL_SECONDS)

    def _clear_stale_ref_lock(self, dead_ops: set[str], warnings: list[str]) -> None:
        name = _git.branch_name(self._repo)
        found = inspect_lock(_git.ref_lock_path(self._repo, name))
        if found is not None and self._ref_lock_is_stale(found, dead_ops):
            remove_lock(found)
            warnings.append(messages.stale_ref_lock_removed(ref=name))

    def _ref_lock_is_stale(self, found: LockFile, dead_ops: set[str]) -> bool:
        """A ref lock is stale when it holds the commit of a write whose process died (libgit2 writes the new
        id into the lock before renaming it into place), when it is still empty a second after it was made (no
        live git leaves it empty that long), or when it is older than any git holds one."""
        text = found.content.decode("ascii", errors="replace").strip()
        if not text:
            return found.age >= EMPTY_REF_LOCK_SECONDS
        if dead_ops and _git.commit_op(self._repo, text) in dead_ops:
            return True
        return found.age >= STALE_REF_LOCK_SECONDS

    def stale_git_locks(self) -> list[str]:
        """Problems for `status`: git lock files left by a dead process (every commit fails until they go), and
        journals of interrupted writes not settled yet. A lock a running process holds is not a problem."""
        problems: list[str] = []
        with brain_lock_if_free(self.root) as free:
            journals = pending_journals(self.root) if free else []
            dead_ops = {j.op for j in (read_journal(p) for p in journals) if j is not None}
            index_lock = inspect_lock(self._git_dir / "index.lock")
            if index_lock is not None and (
                (index_lock.by_cabecao and free)
                or (not index_lock.by_cabecao and index_lock.age > STALE_INDEX_LOCK_SECONDS)
            ):
                problems.append(messages.problem_stale_index_lock())
            name = _git.branch_name(self._repo)
            ref_lock = inspect_lock(_git.ref_lock_path(self._repo, name))
            if ref_lock is not None and self._ref_lock_is_stale(ref_lock, dead_ops):
                problems.append(messages.problem_stale_ref_lock(ref=name))
            if journals:
                problems.append(messages.problem_interrupted_writes(count=len(journals)))
        return problems


@dataclass(frozen=True)
class _Done:
    commit: _git.Oid
    paths: list[str]
    time: datetime
    journal: Journal
    finished: bool  # git's index is in place too


def _check_provenance(*, op: str, session: str, client: str) -> None:
    """Trailer values are strict tokens: nothing in them can forge a trailer or carry a credential."""
    if not is_ulid(session):
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT, messages.invalid_session(), next_step=messages.next_step_fix_provenance()
        )
    if not CLIENT_RE.fullmatch(client):
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT, messages.invalid_client(), next_step=messages.next_step_fix_provenance()
        )
    if not is_ulid(op):
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT, messages.invalid_op(), next_step=messages.next_step_fix_provenance()
        )


def _check_message(summary: str, lines: list[str], undoes: tuple[str, ...]) -> None:
    """`secret_detected` if the commit message (summary, change lines, undone ops) would carry a secret."""
    texts = {messages.secret_in_summary(): summary}
    texts.update({messages.secret_in_line(n=n): line for n, line in enumerate(lines, start=1)})
    if undoes:
        texts[messages.secret_in_trailer(name="Cabecao-Undoes")] = ",".join(undoes)
    check_secrets(texts, honour_allow_marker=False)


def _quietly(callback: Callable[[list[str]], None], paths: list[str]) -> None:
    try:
        callback(paths)
    except Exception:  # derived state only, on a path that is already failing with its own error
        pass


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
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None


def _read_bytes_or_none(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None


def _missing_parents(target: Path, root: Path) -> list[Path]:
    """The folders above `target` that do not exist yet, outermost first."""
    missing: list[Path] = []
    parent = target.parent
    while parent != root and not parent.exists():
        missing.append(parent)
        parent = parent.parent
    return list(reversed(missing))


def _temporary(target: Path, pid: int) -> Path:
    return target.with_name(f".{target.name}.{pid}.tmp")


def _remove_temporary(target: Path, pid: int) -> None:
    try:
        _temporary(target, pid).unlink(missing_ok=True)
    except OSError:
        pass


def _atomic_write(target: Path, text: str) -> None:
    _atomic_write_bytes(target, text.encode("utf-8"))


def _atomic_write_bytes(target: Path, data: bytes) -> None:
    tmp = _temporary(target, os.getpid())
    try:
        # No fsync: like git's own defaults, the rename gives all-or-nothing content; crash durability would
        # cost ~3 ms per file here while the commit objects themselves are not fsynced either. The journal,
        # fsynced before the first file is touched, is what recovery relies on.
        with open(tmp, "wb") as handle:
            handle.write(data)
        os.replace(tmp, target)
    finally:
        if tmp.exists():
            tmp.unlink()
