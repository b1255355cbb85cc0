"""Keeping the index in step with the folder: walk the note folders, look only at what changed, write the rows.

A file is re-read when its mtime or size changed, and re-indexed only when its content hash changed too, so
a `git checkout` that touches every mtime costs one read per file, not one parse. Sync conflict copies are not
notes: they are kept apart for lint.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from cabecao_schema import NOTE_ROOTS, is_conflict_copy, is_control_file

from .database import Database
from .extract import ExtractedNote, extract_note, frontmatter_json

#: Notes written per transaction in a long scan, so a concurrent write waits at most one batch.
BATCH_SIZE = 1000

Progress = Callable[[int, int], None]

_CONFLICT_SUFFIX_RE = re.compile(r"\.conflict-[^/]*$")


@dataclass(frozen=True, slots=True)
class FileState:
    path: str
    mtime_ns: int
    size: int


@dataclass(slots=True)
class ScanReport:
    """What a scan or an update changed in the index."""

    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0
    conflicts: int = 0
    rebuilt: bool = False

    @property
    def changed(self) -> bool:
        return bool(self.added or self.updated or self.removed)


def conflict_original(path: str) -> str:
    """`wiki/x.conflict-maq-20261112-100000.md` is a copy of `wiki/x.md`."""
    stem = path[:-3] if path.lower().endswith(".md") else path
    return _CONFLICT_SUFFIX_RE.sub("", stem) + ".md"


def is_note_file(path: str) -> bool:
    """A Markdown file under memory/, wiki/ or raw/, not hidden and not a control file such as AGENTS.md."""
    parts = path.split("/")
    if len(parts) < 2 or parts[0] not in NOTE_ROOTS:
        return False
    if any(part.startswith(".") or not part for part in parts):
        return False
    return parts[-1].lower().endswith(".md") and not is_control_file(path)


def walk(root: Path) -> tuple[dict[str, FileState], dict[str, FileState]]:
    """Every note file and every conflict copy under the note folders; symbolic links are not followed."""
    notes: dict[str, FileState] = {}
    conflicts: dict[str, FileState] = {}
    stack: list[tuple[str, str]] = []
    for top in NOTE_ROOTS:
        folder = root / top
        if folder.is_dir() and not folder.is_symlink():
            stack.append((str(folder), top))
    while stack:
        folder, relative = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            rel = f"{relative}/{name}"
            try:
                if entry.is_dir(follow_symlinks=False):
                    stack.append((entry.path, rel))
                    continue
                if not entry.is_file(follow_symlinks=False) or not is_note_file(rel):
                    continue
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            state = FileState(rel, st.st_mtime_ns, st.st_size)
            if is_conflict_copy(rel):
                conflicts[rel] = state
            else:
                notes[rel] = state
    return notes, conflicts


def content_hash(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _read(root: Path, path: str) -> bytes | None:
    try:
        with open(root / path, "rb") as handle:
            return handle.read()
    except OSError:
        return None


def _decode(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


_NOTE_COLUMNS = (
    "rowid, path, id, type, title, scope, trust, origin, edited_by, approved_by, approved_at, created, updated, "
    "valid_from, valid_until, expires_at, confirmed, has_superseded_by, archived, raw, summary, lead, chars, lines, "
    "body_line, frontmatter, frontmatter_error, frontmatter_error_line, sources, aliases, tags, mtime_ns, size, hash"
)
_NOTE_INSERT = f"INSERT INTO notes ({_NOTE_COLUMNS}) VALUES ({', '.join('?' * len(_NOTE_COLUMNS.split(', ')))})"


def _json_list(values: list[str] | tuple[str, ...]) -> str:
    return frontmatter_json(list(values)) if values else "[]"


class Writer:
    """Writes extracted notes into the tables; callers hold the write transaction."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._next_rowid = int(db.scalar("SELECT coalesce(max(rowid), 0) FROM notes") or 0) + 1

    def delete(self, rowids: Iterable[int]) -> None:
        ids = [(r,) for r in rowids]
        if not ids:
            return
        for table in ("chunks", "names", "links", "facts"):
            self.db.executemany(f"DELETE FROM {table} WHERE note = ?", ids)
        self.db.executemany("DELETE FROM notes_fts WHERE rowid = ?", ids)
        self.db.executemany("DELETE FROM notes WHERE rowid = ?", ids)

    def insert(self, batch: list[tuple[ExtractedNote, FileState, str]]) -> None:
        notes_rows = []
        fts_rows = []
        chunk_rows = []
        name_rows = []
        link_rows = []
        fact_rows = []
        for note, state, digest in batch:
            rowid = self._next_rowid
            self._next_rowid += 1
            notes_rows.append(
                (
                    rowid, note.path, note.id, note.type, note.title, note.scope, note.trust, note.origin,
                    note.edited_by, note.approved_by, note.approved_at, note.created, note.updated,
                    note.valid_from, note.valid_until, note.expires_at, int(note.confirmed),
                    int(note.has_superseded_by), int(note.archived), int(note.raw), note.summary, note.lead, note.chars,
                    note.lines, note.body_line, frontmatter_json(note.frontmatter), note.frontmatter_error,
                    note.frontmatter_error_line, _json_list(note.sources), _json_list(note.aliases),
                    _json_list(note.tags), state.mtime_ns, state.size, digest,
                )
            )  # fmt: skip
            fts_rows.append(
                (rowid, note.title, " ; ".join(note.aliases), " ".join(note.tags), note.body[len(note.lead) :])
            )
            body_offset = note.body_line - 1
            chunk_rows.extend(
                (
                    rowid, c.seq, _json_list(c.heading_path), c.start_line + body_offset,
                    c.end_line + body_offset, c.start_char, c.end_char,
                )
                for c in note.chunks
            )  # fmt: skip
            name_rows.extend((key, kind, rowid) for key, kind in note.names)
            link_rows.extend(
                (rowid, seq, lk.type, lk.origin, lk.target, lk.key, lk.heading, lk.line, int(lk.explicit), lk.role)
                for seq, lk in enumerate(note.links)
            )
            if note.fact is not None:
                f = note.fact
                fact_rows.append(
                    (
                        rowid, f.subject, f.subject_key, f.predicate, f.predicate_key, f.object, f.object_key,
                        _json_list(f.supersedes), _json_list(f.superseded_by),
                    )
                )  # fmt: skip
        self.db.executemany(_NOTE_INSERT, notes_rows)
        self.db.executemany(
            "INSERT INTO notes_fts (rowid, title, aliases, tags, body) VALUES (?, ?, ?, ?, ?)", fts_rows
        )
        self.db.executemany("INSERT INTO chunks VALUES (?, ?, ?, ?, ?, ?, ?)", chunk_rows)
        self.db.executemany("INSERT OR IGNORE INTO names VALUES (?, ?, ?)", name_rows)
        self.db.executemany("INSERT INTO links VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", link_rows)
        self.db.executemany("INSERT INTO facts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", fact_rows)

    def touch(self, rowid: int, state: FileState) -> None:
        self.db.execute("UPDATE notes SET mtime_ns = ?, size = ? WHERE rowid = ?", [state.mtime_ns, state.size, rowid])


def _set_conflicts(db: Database, conflicts: dict[str, FileState], *, replace_all: bool) -> None:
    if replace_all:
        db.execute("DELETE FROM conflicts")
    db.executemany(
        "INSERT OR REPLACE INTO conflicts (path, original, mtime_ns, size) VALUES (?, ?, ?, ?)",
        [(s.path, conflict_original(s.path), s.mtime_ns, s.size) for s in conflicts.values()],
    )


def _now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass(slots=True)
class Prepared:
    """One file after reading: `note` is None when it vanished or its content did not change."""

    state: FileState
    digest: str | None
    note: ExtractedNote | None


def prepare(
    root: Path, states: list[FileState], previous_hashes: list[str | None], relation_types: tuple[str, ...]
) -> list[Prepared]:
    """Read, hash and parse files (no database: the slow, pure part of a scan)."""
    out: list[Prepared] = []
    for state, previous in zip(states, previous_hashes, strict=True):
        data = _read(root, state.path)
        if data is None:
            out.append(Prepared(state, None, None))
            continue
        digest = content_hash(data)
        if digest == previous:
            out.append(Prepared(state, digest, None))
            continue
        out.append(Prepared(state, digest, extract_note(state.path, _decode(data), relation_types=relation_types)))
    return out


def scan_folder(
    db: Database,
    root: Path,
    *,
    relation_types: tuple[str, ...],
    progress: Progress | None = None,
    batch_size: int = BATCH_SIZE,
) -> ScanReport:
    """Bring the index in step with every note file under `root` (new, changed, moved, deleted)."""
    files, conflicts = walk(root)
    report = ScanReport(conflicts=len(conflicts))
    known = {
        row["path"]: (row["rowid"], row["mtime_ns"], row["size"], row["hash"])
        for row in db.query("SELECT rowid, path, mtime_ns, size, hash FROM notes")
    }
    removed = [path for path in known if path not in files]
    suspects = [
        state
        for path, state in files.items()
        if path not in known or known[path][1] != state.mtime_ns or known[path][2] != state.size
    ]
    suspects.sort(key=lambda st: st.path)
    report.unchanged = len(files) - len(suspects)
    total = len(suspects)
    if progress:
        progress(0, total)
    with db.write():
        writer = Writer(db)
        writer.delete(known[path][0] for path in removed)
        report.removed.extend(removed)
        _set_conflicts(db, conflicts, replace_all=True)
    done = 0
    for start in range(0, total, batch_size):
        states = suspects[start : start + batch_size]
        previous = [known[st.path][3] if st.path in known else None for st in states]
        prepared = prepare(root, states, previous, relation_types)
        _write(db, prepared, known, report)
        done += len(prepared)
        if progress:
            progress(done, total)
    with db.write():
        db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('last_scan', ?)", [_now_text()])
    return report


def _write(
    db: Database,
    prepared: list[Prepared],
    known: dict[str, tuple[int, int, int, str]],
    report: ScanReport,
) -> None:
    """Apply one batch of prepared files in one write transaction."""
    with db.write():
        writer = Writer(db)
        batch: list[tuple[ExtractedNote, FileState, str]] = []
        stale: list[int] = []
        for item in prepared:
            state = item.state
            previous = known.get(state.path)
            if item.digest is None:  # vanished between the walk and the read
                if previous is not None:
                    stale.append(previous[0])
                    report.removed.append(state.path)
                continue
            if item.note is None:
                assert previous is not None
                writer.touch(previous[0], state)
                report.unchanged += 1
                continue
            batch.append((item.note, state, item.digest))
            if previous is not None:
                stale.append(previous[0])
                report.updated.append(state.path)
            else:
                report.added.append(state.path)
        writer.delete(stale)
        writer.insert(batch)


def normalise(path: str) -> str:
    text = path.replace("\\", "/")
    parts = [p for p in text.split("/") if p not in ("", ".")]
    return "/".join(parts)


def update_paths(db: Database, root: Path, paths: Iterable[str], *, relation_types: tuple[str, ...]) -> ScanReport:
    """Re-read only these files (what a write just touched); a missing file leaves the index."""
    report = ScanReport()
    wanted = sorted({normalise(p) for p in paths})
    with db.write():
        writer = Writer(db)
        states: list[FileState] = []
        known: dict[str, tuple[int, int, int, str]] = {}
        gone: list[int] = []
        for path in wanted:
            if ".." in path.split("/") or not is_note_file(path):
                continue
            full = root / path
            try:
                st = os.stat(full, follow_symlinks=False)
                exists = os.path.isfile(full) and not os.path.islink(full)
            except OSError:
                exists = False
            if is_conflict_copy(path):
                if exists:
                    state = FileState(path, st.st_mtime_ns, st.st_size)
                    _set_conflicts(db, {path: state}, replace_all=False)
                else:
                    db.execute("DELETE FROM conflicts WHERE path = ?", [path])
                continue
            row = db.one("SELECT rowid, mtime_ns, size, hash FROM notes WHERE path = ?", [path])
            if row is not None:
                known[path] = (row["rowid"], row["mtime_ns"], row["size"], row["hash"])
            if not exists:
                if row is not None:
                    gone.append(row["rowid"])
                    report.removed.append(path)
                continue
            states.append(FileState(path, st.st_mtime_ns, st.st_size))
        writer.delete(gone)
        previous = [known[st.path][3] if st.path in known else None for st in states]
        _write(db, prepare(root, states, previous, relation_types), known, report)
    return report
