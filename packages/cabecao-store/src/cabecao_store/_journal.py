"""The write journal: what a write is about to change, on disk (fsynced) before the first file is touched.

A write is one commit or nothing, on disk too. Before it changes any file it writes (and fsyncs)
`.cabecao/journal-<op>.json`: the HEAD it started from and, per file, what was there before (absent, a blob
HEAD already has, or the bytes themselves) and the blob of what the write puts there. It removes the journal once
the commit, git's index and the caller's derived state are done. A journal found by the next writer (under the
brain lock, so its writer is gone) is a hot journal, as in SQLite: if HEAD's history has the op's commit, the
write landed and only git's index is left to finish; otherwise every file still holding exactly what the write
put there goes back to what it was (a file changed since, by a person, is left alone and reported), and the
folders it created go if empty.
"""

from __future__ import annotations

import base64
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

JOURNAL_DIR = ".cabecao"
JOURNAL_PREFIX = "journal-"
JOURNAL_VERSION = 1


@dataclass(frozen=True)
class Before:
    """What a file held before the write: nothing (`absent`), a blob git has (`blob`), or these bytes (`data`)."""

    absent: bool = False
    blob: str | None = None
    data: bytes | None = None

    def to_json(self) -> dict[str, Any]:
        if self.absent:
            return {"absent": True}
        if self.blob is not None:
            return {"blob": self.blob}
        return {"data": base64.b64encode(self.data or b"").decode("ascii")}

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> Before:
        if value.get("absent"):
            return cls(absent=True)
        if "blob" in value:
            return cls(blob=str(value["blob"]))
        return cls(data=base64.b64decode(str(value["data"])))


@dataclass(frozen=True)
class Entry:
    path: str
    before: Before
    before_id: str | None  # the blob id of what was there (None when absent)
    after: str | None  # the blob id of what the write puts there (None: it deletes the file)


@dataclass
class Journal:
    op: str
    pid: int
    head: str | None
    entries: list[Entry]
    #: Folders the write creates (parents first): removed again, if empty, when it is rolled back.
    dirs: list[str] = field(default_factory=list)
    file: Path | None = None

    @property
    def paths(self) -> list[str]:
        return [e.path for e in self.entries]

    def to_json(self) -> dict[str, Any]:
        return {
            "version": JOURNAL_VERSION,
            "op": self.op,
            "pid": self.pid,
            "head": self.head,
            "files": [
                {"path": e.path, "before": e.before.to_json(), "before_id": e.before_id, "after": e.after}
                for e in self.entries
            ],
            "dirs": self.dirs,
        }

    @classmethod
    def from_json(cls, value: dict[str, Any], file: Path) -> Journal:
        if value.get("version") != JOURNAL_VERSION:
            raise ValueError(f"journal version {value.get('version')!r}")
        return cls(
            op=str(value["op"]),
            pid=int(value["pid"]),
            head=value.get("head"),
            entries=[
                Entry(
                    path=str(f["path"]),
                    before=Before.from_json(f["before"]),
                    before_id=f.get("before_id"),
                    after=f.get("after"),
                )
                for f in value["files"]
            ],
            dirs=[str(d) for d in value.get("dirs", [])],
            file=file,
        )


def journal_path(root: Path, op: str) -> Path:
    return root / JOURNAL_DIR / f"{JOURNAL_PREFIX}{op}.json"


def write_journal(root: Path, journal: Journal) -> Path:
    """Write the journal and fsync it before returning (the caller touches no file until then).

    Written in place, not renamed into place: a journal cut short by a kill is unreadable, and an unreadable
    journal is dropped, which is right, because its write had not touched any file yet. One fsync of the file
    (~4 ms here) is the journal's whole cost; like SQLite with `SQLITE_DISABLE_DIRSYNC`, the folder is not
    fsynced: ext4, XFS and APFS journal the new directory entry with the file's metadata.
    """
    target = journal_path(root, journal.op)
    data = json.dumps(journal.to_json(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        _fdatasync(fd)
    finally:
        os.close(fd)
    journal.file = target
    return target


def _fdatasync(fd: int) -> None:
    sync = getattr(os, "fdatasync", os.fsync)  # macOS has no fdatasync
    sync(fd)


def drop_journal(journal: Journal) -> None:
    if journal.file is not None:
        journal.file.unlink(missing_ok=True)


def pending_journals(root: Path) -> list[Path]:
    """Journal files on disk, oldest op first (ULIDs sort by time)."""
    folder = root / JOURNAL_DIR
    try:
        return sorted(p for p in folder.glob(f"{JOURNAL_PREFIX}*.json") if p.is_file())
    except OSError:
        return []


def read_journal(path: Path) -> Journal | None:
    """The journal in `path`, or None when it cannot be read (written only by rename, so never half a journal)."""
    try:
        return Journal.from_json(json.loads(path.read_bytes()), path)
    except (OSError, ValueError, KeyError, TypeError):
        return None
