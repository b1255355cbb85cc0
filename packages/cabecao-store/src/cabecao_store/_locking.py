"""Locks: the brain lock (one Cabeção writer at a time) and git's own lock files, taken the way git takes them.

The brain lock is an OS file lock: the kernel releases it when its process dies, so it never goes stale. git's
locks (`.git/index.lock`, `.git/refs/heads/main.lock`) are files created with O_CREAT|O_EXCL and removed (or
renamed over what they protect) when done; a process killed in between leaves the file behind, and git refuses
to work until someone removes it. Cabeção holds git's index lock for the whole of a write's git section, so a
person's `git commit` at the same moment fails visibly ("another git process seems to be running") instead of
racing, and it tells its own lock files apart from git's by what it writes into them.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import filelock
from cabecao_schema import CabecaoError, ErrorCode

from . import _messages as messages

LOCK_FILE = ".cabecao/lock"
DEFAULT_TIMEOUT = 10.0

#: What Cabeção writes into a git lock file it holds. git never reads lock files, only creates and removes them.
GIT_LOCK_MARKER = b"cabecao-lock "

#: A `.git/index.lock` older than this, without Cabeção's marker, was left by a git that died (a running git may
#: hold it for minutes: `git commit -- f` keeps it while the editor is open).
STALE_INDEX_LOCK_SECONDS = 60.0
#: A ref lock (`.git/refs/heads/main.lock`) older than this was left by a process that died: git and libgit2
#: hold one while they write 41 bytes and rename them into place (a `git update-ref --stdin` transaction may
#: keep one between `prepare` and `commit`, hence the margin).
STALE_REF_LOCK_SECONDS = 30.0
#: git and libgit2 write the new id into a ref lock right after creating it: one still empty after this long
#: belongs to a process that died in between.
EMPTY_REF_LOCK_SECONDS = 1.0

POLL_SECONDS = 0.02

#: Name of the file a lock is prepared in before it is linked into place (in `.git/`, removed at once; one a
#: killed process left is swept with the temporary indexes, which share the prefix).
PREPARED_PREFIX = "cabecao-index-lock-"


@contextmanager
def brain_lock(root: Path, timeout: float = DEFAULT_TIMEOUT) -> Iterator[None]:
    """Hold `.cabecao/lock` (an OS file lock, released if the process dies, so it never goes stale)."""
    lock = _brain_file_lock(root, timeout)
    try:
        lock.acquire()
    except filelock.Timeout:
        raise CabecaoError(
            ErrorCode.LOCKED, messages.locked(seconds=timeout), next_step=messages.next_step_locked()
        ) from None
    try:
        yield
    finally:
        lock.release()


@contextmanager
def brain_lock_if_free(root: Path) -> Iterator[bool]:
    """Hold the brain lock if nobody does (True), or do nothing (False): for upkeep that must never wait."""
    lock = _brain_file_lock(root, 0)
    try:
        lock.acquire()
    except filelock.Timeout:
        yield False
        return
    try:
        yield True
    finally:
        lock.release()


def _brain_file_lock(root: Path, timeout: float) -> filelock.BaseFileLock:
    path = root / LOCK_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    return filelock.FileLock(str(path), timeout=timeout, thread_local=False)


def is_locked(root: Path) -> bool:
    """Whether another process holds the brain lock right now."""
    path = root / LOCK_FILE
    if not path.exists():
        return False
    lock = filelock.FileLock(str(path), timeout=0, thread_local=False)
    try:
        lock.acquire()
    except filelock.Timeout:
        return True
    lock.release()
    return False


def ensure_private_dir(root: Path) -> Path:
    folder = root / ".cabecao"
    folder.mkdir(mode=0o700, exist_ok=True)
    os.chmod(folder, 0o700)
    return folder


# git's lock files ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LockFile:
    """A git lock file as found on disk."""

    path: Path
    age: float  # seconds since it was last written
    content: bytes

    @property
    def by_cabecao(self) -> bool:
        """Created by a Cabeção writer (only ever held under the brain lock: if we hold that, its owner is gone)."""
        return self.content.startswith(GIT_LOCK_MARKER)


def inspect_lock(path: Path) -> LockFile | None:
    """The lock file at `path`, or None when there is none."""
    try:
        age = time.time() - path.stat().st_mtime
        with open(path, "rb") as handle:
            content = handle.read(200)
    except (FileNotFoundError, NotADirectoryError):
        return None
    return LockFile(path, age, content)


def remove_lock(lock: LockFile) -> None:
    try:
        lock.path.unlink()
    except FileNotFoundError:
        pass


class GitIndexLock:
    """`.git/index.lock`, held by this process from `acquire()` to `release()`.

    Created with O_CREAT|O_EXCL exactly as git does, so it excludes every git command that writes the index
    (`git add`, `git commit`, `git reset`, `git checkout`...). It holds Cabeção's marker, never index data: the
    new index is written to a temporary file and renamed over `.git/index` while this lock still exists.
    """

    def __init__(self, git_dir: Path, op: str) -> None:
        self.path = git_dir / "index.lock"
        self.marker = GIT_LOCK_MARKER + f"pid={os.getpid()} op={op}\n".encode()
        self.held = False

    def try_acquire(self) -> bool:
        """Take the lock if it is free. The lock file appears with the marker already in it (a prepared file
        hard-linked into place, which fails like O_EXCL when the lock exists), so a process killed at any point
        never leaves an anonymous `index.lock` that only the one-minute rule could clear."""
        prepared = self.path.with_name(f"{PREPARED_PREFIX}{os.getpid()}.lock")
        try:
            with open(prepared, "wb") as handle:
                handle.write(self.marker)
            try:
                os.link(prepared, self.path)
            except FileExistsError:
                return False
            except OSError:  # a file system without hard links: create it in place (git's own way)
                return self._create_in_place()
        finally:
            prepared.unlink(missing_ok=True)
        self.held = True
        return True

    def _create_in_place(self) -> bool:
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            return False
        try:
            os.write(fd, self.marker)
        finally:
            os.close(fd)
        self.held = True
        return True

    def release(self) -> None:
        """Remove the lock if it is still ours (a person may have deleted it and started a git of their own)."""
        if not self.held:
            return
        self.held = False
        try:
            with open(self.path, "rb") as handle:
                if handle.read(len(self.marker) + 1) != self.marker:
                    return
            self.path.unlink()
        except FileNotFoundError:
            pass
