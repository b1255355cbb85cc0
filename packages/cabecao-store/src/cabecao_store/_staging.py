"""git's index (what `git status` compares the files with), rewritten while Cabeção holds `.git/index.lock`.

libgit2's `Index.write()` takes `.git/index.lock` itself, which Cabeção already holds for the whole write, so the
new index is built in a standalone Index opened on a hard-linked copy (`.git/cabecao-index-<pid>.tmp`) and renamed
over `.git/index` while the lock still stands: readers see the old index or the new one, never a mix.

libgit2 rewrites and hashes the whole index file for any change (SHA-1 with collision detection): ~5-7 ms for a
brain of 10,000 notes, the largest part of a write. It depends only on the blobs and stat data of the files the
write put on disk, so it runs on a second thread while the write builds its tree and commits (libgit2 releases
the GIL while it works, and the thread touches only its own Index object). Parsing the index again costs as much,
so the Index installed last is kept in memory and reused while `.git/index` is still that file (same inode, size,
times and trailing checksum); a person's git that wrote the index in between makes it read afresh.

Racy git: git trusts an entry's stat data only when the file is older than the index file; an entry whose file
is as new as the index ("racily clean") is checked by content, and every git that rewrites the index re-checks
those first. A standalone Index cannot re-check (it has no work tree), so the new index keeps the old one's
modification time: every entry that was racy stays racy, and the entries written now are racy too, so nothing
is ever trusted on stat data that git would not trust. The next `git status` re-checks them and writes a fresh
index.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

from . import _git

#: One index entry to set: (path, blob, stat of the file on disk); blob None removes the entry.
IndexChange = tuple[str, _git.Oid | None, os.stat_result | None]

TMP_PREFIX = "cabecao-index-"


class Pending:
    """An index being built on a second thread; `install()` puts it in place, `discard()` throws it away."""

    def __init__(self, staging: Staging, changes: list[IndexChange]) -> None:
        self.staging = staging
        self.git_dir = staging.git_dir
        self.tmp = staging.tmp()
        self._index: _git.Index | None = None
        self._failure: list[BaseException] = []
        self._thread = threading.Thread(target=self._run, args=(changes,), name="cabecao-git-index", daemon=True)
        self._thread.start()

    def _run(self, changes: list[IndexChange]) -> None:
        try:
            self._index = self.staging.build(self.tmp, lambda index: apply_changes(index, changes))
        except BaseException as exc:  # handed to the writer's thread by install()
            self._failure.append(exc)

    def install(self) -> None:
        self._thread.join()
        if self._failure:
            raise self._failure[0]
        self.staging.install(self.tmp, self._index)

    def discard(self) -> None:
        self._thread.join()
        remove_temporaries(self.git_dir, self.tmp.name)


#: What identifies the `.git/index` file Cabeção last installed: pid, inode, size, mtime, ctime and git's own
#: trailing SHA-1 of the content. While it matches, the Index object kept in memory is that file.
IndexKey = tuple[int, int, int, int, int, bytes]


def index_key(path: Path) -> IndexKey | None:
    try:
        with open(path, "rb") as handle:
            stat = os.fstat(handle.fileno())
            if stat.st_size < 20:
                return None
            handle.seek(-20, os.SEEK_END)
            checksum = handle.read(20)
    except OSError:
        return None
    return (os.getpid(), stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, checksum)


class Staging:
    def __init__(self, git_dir: Path) -> None:
        self.git_dir = git_dir
        #: The Index last installed, with the key of the file it became: re-reading and parsing `.git/index`
        #: is most of a write's cost at 10,000 notes, and it only changes when someone else writes it.
        self._kept: tuple[IndexKey, _git.Index] | None = None

    def tmp(self) -> Path:
        return self.git_dir / f"{TMP_PREFIX}{os.getpid()}.tmp"

    def start(self, changes: list[IndexChange]) -> Pending:
        """Build the new index on a second thread (the caller holds `.git/index.lock`)."""
        return Pending(self, changes)

    def now(self, edit: Callable[[_git.Index], bool]) -> bool:
        """Edit the index on this thread and put it in place if `edit` changed anything (the caller holds
        `.git/index.lock`)."""
        tmp = self.tmp()
        try:
            index = self.build(tmp, edit)
            if index is not None:
                self.install(tmp, index)
            return index is not None
        finally:
            remove_temporaries(self.git_dir, tmp.name)

    def build(self, tmp: Path, edit: Callable[[_git.Index], bool]) -> _git.Index | None:
        """`edit` applied to the current index, written to `tmp` with the old index's modification time (see
        racy git above); None when `edit` changed nothing."""
        current = self.git_dir / "index"
        kept, self._kept = self._kept, None  # in use: whatever happens next, it is not the installed file
        try:
            old_mtime: int | None = current.stat().st_mtime_ns
        except FileNotFoundError:
            old_mtime = None
        if kept is not None and kept[0] == index_key(current):
            index = kept[1]
        else:
            index = _git.open_index_copy(self.git_dir, tmp)
        if not edit(index):
            return None
        _git.write_index(index)
        if old_mtime is not None:
            written = tmp.stat()
            os.utime(tmp, ns=(written.st_atime_ns, min(old_mtime, written.st_mtime_ns)))
        return index

    def install(self, tmp: Path, index: _git.Index | None) -> None:
        current = self.git_dir / "index"
        os.replace(tmp, current)
        if index is not None:
            key = index_key(current)
            if key is not None:
                self._kept = (key, index)

    def sweep(self) -> None:
        """Remove temporary indexes a killed writer left in `.git/` (the caller holds `.git/index.lock`)."""
        for leftover in self.git_dir.glob(f"{TMP_PREFIX}*"):
            leftover.unlink(missing_ok=True)


def apply_changes(index: _git.Index, changes: list[IndexChange]) -> bool:
    for path, blob, stat in changes:
        if blob is None:
            _git.remove_index_entry(index, path)
        else:
            _git.set_index_entry(index, path, blob, stat)
    return True


def remove_temporaries(git_dir: Path, name: str) -> None:
    for leftover in (git_dir / name, git_dir / f"{name}.lock"):
        leftover.unlink(missing_ok=True)
