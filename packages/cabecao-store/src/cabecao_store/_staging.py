"""git's index (what `git status` compares the files with), rewritten while Cabeção holds `.git/index.lock`.

libgit2's `Index.write()` takes `.git/index.lock` itself, which Cabeção already holds for the whole write, so the
new index is built in a standalone Index opened on a hard-linked copy (`.git/cabecao-index-<pid>.tmp`) and renamed
over `.git/index` while the lock still stands: readers see the old index or the new one, never a mix.

It is built before the commit (a failure then fails the write with nothing changed) and renamed into place right
after the branch moved, one `rename` later. libgit2 rewrites and hashes the whole index file for any change
(~5 ms at 10,000 notes); parsing it again would cost as much, so the Index installed last is kept in memory and
reused while `.git/index` is still that file (same inode, size, times and trailing checksum); a person's git that
wrote the index in between makes it read afresh. (A second thread that built it while the commit was made was
slower: the two threads hand the GIL back and forth, ~7-12 ms a write at 1,000 notes against ~4 ms.)

Racy git: git trusts an entry's stat data only when the file is older than the index file; an entry whose file
is as new as the index ("racily clean") is checked by content, and every git that rewrites the index re-checks
those first. A standalone Index cannot re-check (it has no work tree), so the new index keeps the old one's
modification time: every entry that was racy stays racy, and the entries written now are racy too, so nothing
is ever trusted on stat data that git would not trust. The next `git status` re-checks them and writes a fresh
index.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from . import _git

#: One index entry to set: (path, blob, stat of the file on disk); blob None removes the entry.
IndexChange = tuple[str, _git.Oid | None, os.stat_result | None]

TMP_PREFIX = "cabecao-index-"


class Prepared:
    """A new index written to a temporary file: `install()` renames it over `.git/index`, `discard()` drops it."""

    def __init__(self, staging: Staging, tmp: Path, index: _git.Index | None) -> None:
        self.staging = staging
        self.tmp = tmp
        self.index = index

    def install(self) -> None:
        if self.index is not None:
            self.staging.install(self.tmp, self.index)

    def discard(self) -> None:
        remove_temporaries(self.staging.git_dir, self.tmp.name)


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

    def prepare(self, changes: list[IndexChange]) -> Prepared:
        """Write the new index to a temporary file (the caller holds `.git/index.lock`)."""
        tmp = self.tmp()
        try:
            return Prepared(self, tmp, self.build(tmp, lambda index: apply_changes(index, changes)))
        except BaseException:
            remove_temporaries(self.git_dir, tmp.name)
            raise

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
