"""Keeping the index in step with the folder: walk the note folders, look only at what changed, write the rows.

A file is re-read when its mtime or size changed, and re-indexed only when its content hash changed too, so
a `git checkout` that touches every mtime costs one read per file, not one parse. Sync conflict copies are not
notes: they are kept apart for lint.
"""

from __future__ import annotations

import gc
import hashlib
import marshal
import multiprocessing
import multiprocessing.context
import os
import re
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from multiprocessing.pool import AsyncResult
from pathlib import Path
from typing import Any

from cabecao_schema import NOTE_ROOTS, is_conflict_copy, is_control_file

from ._database import Database
from ._extract import ExtractedNote, extract_note, frontmatter_json, json_text_list
from ._facets import facet_token
from ._lookup import json_param, resolve_keys
from ._migrations import DDL
from ._resolve import resolve_all, resolve_dirty

#: Notes written per transaction in a long scan, so a concurrent write waits at most one batch.
BATCH_SIZE = 1000
#: Scans of at least this many changed files parse them in worker processes (one per core, at most
#: MAX_WORKERS) while this process writes; TASK_SIZE files per task, TASKS_IN_FLIGHT tasks queued per worker.
PARALLEL_MIN_FILES = 2000
#: Secondary indexes a fresh build drops and creates again at the end (`_migrations.DDL` has them all).
BULK_INDEXES = (
    "notes_by_id",
    "notes_by_type",
    "notes_by_title",
    "names_by_note",
    "links_by_key",
    "links_by_dst",
    "facts_by_subject",
    "facts_by_object",
    "facts_by_predicate",
    "facts_by_subject_dst",
    "facts_by_object_dst",
)
MAX_WORKERS = 4
TASK_SIZE = 250
TASKS_IN_FLIGHT = 2

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
    root, _, rest = path.partition("/")
    if root not in NOTE_ROOTS or not rest:
        return False
    if rest.startswith((".", "/")) or "/." in rest or "//" in rest or rest.endswith("/"):  # hidden or empty part
        return False
    return rest.lower().endswith(".md") and not is_control_file(path)


def walk(root: Path) -> tuple[dict[str, FileState], dict[str, FileState]]:
    """Every note file and every conflict copy under the note folders; symbolic links are not followed."""
    notes: dict[str, FileState] = {}
    conflicts: dict[str, FileState] = {}
    stack: list[tuple[str, str]] = []
    for top in NOTE_ROOTS:
        start = root / top
        if start.is_dir() and not start.is_symlink():
            stack.append((str(start), top))
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


def _read(root: Path | str, path: str, size: int = 0) -> bytes | None:
    """The whole file, or None if it cannot be read. `size` is what the scan saw (a hint, not a limit): the
    first read asks for one byte more, so a file still that size is read in one go, and reading goes on to
    the end either way. Plain `os.read` skips the buffered file object's own calls (fstat, isatty, lseek)."""
    try:
        fd = os.open(os.path.join(root, path), os.O_RDONLY)
    except OSError:
        return None
    try:
        data = os.read(fd, max(size, 0) + 1)
        if not data:
            return data
        parts = [data]
        while chunk := os.read(fd, max(len(data), 65536)):
            parts.append(chunk)
        return data if len(parts) == 1 else b"".join(parts)
    except OSError:
        return None
    finally:
        os.close(fd)


def _decode(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


_NOTE_COLUMNS = (
    "rowid, path, id, type, title, scope, trust, origin, edited_by, approved_by, approved_at, created, updated, "
    "valid_from, valid_until, expires_at, confirmed, has_superseded_by, archived, raw, summary, lead, chars, lines, "
    "body_line, frontmatter, frontmatter_error, frontmatter_error_line, sources, aliases, tags, mtime_ns, size, hash"
)
_NOTE_INSERT = f"INSERT INTO notes ({_NOTE_COLUMNS}) VALUES ({', '.join('?' * len(_NOTE_COLUMNS.split(', ')))})"


def _marks(count: int) -> str:
    return ", ".join("?" * count)


#: One note as the rows it becomes, without its rowid (assigned when written): notes row, FTS row, chunks,
#: names (key, kind), links, fact (or None). Plain tuples, cheap to send from a worker process.
NoteRows = tuple[
    tuple[Any, ...],
    tuple[Any, ...],
    list[tuple[Any, ...]],
    list[tuple[str, int]],
    list[tuple[Any, ...]],
    tuple[Any, ...] | None,
]


def note_rows(note: ExtractedNote, state: FileState, digest: str) -> NoteRows:
    note_row = (
        note.path, note.id, note.type, note.title, note.scope, note.trust, note.origin,
        note.edited_by, note.approved_by, note.approved_at, note.created, note.updated,
        note.valid_from, note.valid_until, note.expires_at, int(note.confirmed),
        int(note.has_superseded_by), int(note.archived), int(note.raw), note.summary, note.lead, note.chars,
        note.lines, note.body_line, frontmatter_json(note.frontmatter), note.frontmatter_error,
        note.frontmatter_error_line, json_text_list(note.sources), json_text_list(note.aliases),
        json_text_list(note.tags), state.mtime_ns, state.size, digest,
    )  # fmt: skip
    fts_row = (
        note.title,
        " ; ".join(note.aliases),
        " ".join(note.tags),
        note.body[len(note.lead) :],
        "" if note.archived else facet_token(note.type, note.scope),
    )
    body_offset = note.body_line - 1
    chunks = [
        (
            c.seq,
            json_text_list(c.heading_path),
            c.start_line + body_offset,
            c.end_line + body_offset,
            c.start_char,
            c.end_char,
        )
        for c in note.chunks
    ]
    links = [
        (seq, lk.type, lk.origin, lk.target, lk.key, lk.heading, lk.line, int(lk.explicit), lk.role)
        for seq, lk in enumerate(note.links)
    ]
    fact = None
    if note.fact is not None:
        f = note.fact
        fact = (
            f.subject, f.subject_key, f.predicate, f.predicate_key, f.object, f.object_key,
            json_text_list(f.supersedes), json_text_list(f.superseded_by),
        )  # fmt: skip
    return note_row, fts_row, chunks, list(note.names), links, fact


class Writer:
    """Writes extracted notes into the tables; callers hold the write transaction.

    New links and facts are written with their targets resolved. It remembers the names it removed and added;
    `resolve()` re-resolves the keys whose set of answering notes changed (a note edited in place keeps its
    rowid and names, so usually none). With `deferred`, targets are left empty and the caller runs
    `_resolve.resolve_all` once at the end (a fresh build).
    """

    def __init__(self, db: Database, *, deferred: bool = False) -> None:
        self.db = db
        self.deferred = deferred
        self._names_removed: set[tuple[str, int, int]] = set()
        self._names_added: set[tuple[str, int, int]] = set()
        self._next_rowid: int | None = None  # read inside the write transaction, at the first insert

    def resolve(self) -> None:
        """Re-resolve the link keys whose answering notes changed: names removed or added by this writer."""
        if not self.deferred:
            changed = self._names_removed ^ self._names_added
            resolve_dirty(self.db, {key for key, _kind, _note in changed})
        self._names_removed.clear()
        self._names_added.clear()

    def delete(self, rowids: Iterable[int]) -> None:
        ids = [(r,) for r in rowids]
        if not ids:
            return
        if not self.deferred:
            self._names_removed.update(
                (row[0], row[1], row[2])
                for row in self.db.query(
                    "SELECT key, kind, note FROM names WHERE note IN (SELECT value FROM json_each(?))",
                    [json_param(r for (r,) in ids)],
                )
            )
        for table in ("chunks", "names", "links", "facts"):
            self.db.executemany(f"DELETE FROM {table} WHERE note = ?", ids)
        self.db.executemany("DELETE FROM notes_fts WHERE rowid = ?", ids)
        self.db.executemany("DELETE FROM notes WHERE rowid = ?", ids)

    def insert(self, batch: list[tuple[NoteRows, int | None]]) -> None:
        """Insert notes given as `note_rows` bundles (plain tuples, as worker processes send them).

        A bundle paired with a rowid takes it (a re-indexed note keeps its rowid, deleted just before, so links
        to it stay resolved); others get new ones. New links and facts are written with their targets resolved.
        """
        # New rowids start above every rowid in the table and every one taken back (its note may have been the
        # last one, deleted just before).
        reused = max((rowid for _, rowid in batch if rowid is not None), default=0)
        if self._next_rowid is None:
            self._next_rowid = int(self.db.scalar("SELECT coalesce(max(rowid), 0) FROM notes") or 0) + 1
        self._next_rowid = max(self._next_rowid, reused + 1)
        notes_rows = []
        fts_rows = []
        chunk_rows: list[tuple[Any, ...]] = []
        name_rows: list[tuple[Any, ...]] = []
        link_rows: list[tuple[Any, ...]] = []
        fact_rows = []
        for (note_row, fts_row, chunks, names, links, fact), reuse in batch:
            if reuse is None:
                rowid = self._next_rowid
                self._next_rowid += 1
            else:
                rowid = reuse
            notes_rows.append((rowid, *note_row))
            fts_rows.append((rowid, *fts_row))
            chunk_rows.extend((rowid, *c) for c in chunks)
            name_rows.extend((key, kind, rowid) for key, kind in names)
            link_rows.extend((rowid, *lk) for lk in links)
            if fact is not None:
                fact_rows.append((rowid, *fact))
        self.db.executemany(_NOTE_INSERT, notes_rows)
        self.db.executemany(
            "INSERT INTO notes_fts (rowid, title, aliases, tags, body, facet) VALUES (?, ?, ?, ?, ?, ?)", fts_rows
        )
        self.db.executemany("INSERT INTO chunks VALUES (?, ?, ?, ?, ?, ?, ?)", chunk_rows)
        self.db.executemany("INSERT OR IGNORE INTO names VALUES (?, ?, ?)", name_rows)
        link_columns = "note, seq, type, origin, target, key, heading, line, explicit, role"
        fact_columns = (
            "note, subject, subject_key, predicate, predicate_key, object, object_key, supersedes, superseded_by"
        )
        if self.deferred:  # targets stay NULL (the columns' default) until `resolve_all`
            self.db.executemany(f"INSERT INTO links ({link_columns}) VALUES ({_marks(10)})", link_rows)
            self.db.executemany(f"INSERT INTO facts ({fact_columns}) VALUES ({_marks(9)})", fact_rows)
            return
        self._names_added.update(name_rows)
        # Every name of this batch is in place: resolve the new links and facts as they are written.
        winners = resolve_keys(
            self.db, {row[5] for row in link_rows} | {key for row in fact_rows for key in (row[2], row[6])}
        )
        self.db.executemany(
            f"INSERT INTO links ({link_columns}, dst) VALUES ({_marks(11)})",
            [(*row, winners.get(row[5])) for row in link_rows],
        )
        self.db.executemany(
            f"INSERT INTO facts ({fact_columns}, subject_dst, object_dst) VALUES ({_marks(11)})",
            [(*row, winners.get(row[2]), winners.get(row[6])) for row in fact_rows],
        )

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


_pause_lock = threading.Lock()
_pauses = 0


@contextmanager
def collector_paused() -> Iterator[None]:
    """Cyclic garbage collection off while a scan turns files into rows, and back on afterwards.

    Those rows are tuples, lists and strings with no cycles, so reference counting frees all of them; but
    thousands of them alive at once make the collector run again and again over every object of the process,
    finding nothing (about a tenth of a full build's CPU, see docs/performance.md). Nested and concurrent
    pauses are counted, so the collector comes back when the last one ends, and only if it was on before.
    """
    global _pauses
    with _pause_lock:
        if _pauses == 0 and not gc.isenabled():  # switched off by the host program: not ours to turn on
            paused = False
        else:
            paused = True
            _pauses += 1
            gc.disable()
    try:
        yield
    finally:
        if paused:
            with _pause_lock:
                _pauses -= 1
                if _pauses == 0:
                    gc.enable()


@dataclass(slots=True)
class Prepared:
    """One file after reading: `rows` is None when it vanished (`digest` None) or its content did not change."""

    state: FileState
    digest: str | None
    rows: NoteRows | None


def _prepare_plain(
    root: str, items: list[tuple[str, int, int, str | None]], relation_types: tuple[str, ...]
) -> list[tuple[str | None, NoteRows | None]]:
    """Read, hash and parse files: (digest, rows) per (path, mtime_ns, size, previous hash). Pure, no database;
    a worker process runs this and sends back only plain tuples."""
    out: list[tuple[str | None, NoteRows | None]] = []
    for path, mtime_ns, size, previous in items:
        data = _read(root, path, size)
        if data is None:
            out.append((None, None))
            continue
        digest = content_hash(data)
        if digest == previous:
            out.append((digest, None))
            continue
        note = extract_note(path, _decode(data), relation_types=relation_types)
        out.append((digest, note_rows(note, FileState(path, mtime_ns, size), digest)))
    return out


def _prepare_packed(root: str, items: list[tuple[str, int, int, str | None]], relation_types: tuple[str, ...]) -> bytes:
    """`_prepare_plain` for a worker process: its result as one `marshal` blob (plain tuples, lists, str, int and
    None only), which both ends handle faster than the pool's pickling of the nested tuples."""
    with collector_paused():  # until the rows are packed and freed, so the collector comes back to nothing
        return marshal.dumps(_prepare_plain(root, items, relation_types))


def _task(
    states: list[FileState], known: dict[str, tuple[int, int, int, str]]
) -> list[tuple[str, int, int, str | None]]:
    return [(st.path, st.mtime_ns, st.size, known[st.path][3] if st.path in known else None) for st in states]


def prepare(
    root: Path, states: list[FileState], previous_hashes: list[str | None], relation_types: tuple[str, ...]
) -> list[Prepared]:
    """Read, hash and parse files in this process (no database: the slow, pure part of a scan)."""
    items = [(st.path, st.mtime_ns, st.size, prev) for st, prev in zip(states, previous_hashes, strict=True)]
    results = _prepare_plain(str(root), items, relation_types)
    return [Prepared(st, digest, rows) for st, (digest, rows) in zip(states, results, strict=True)]


def _workers(total: int) -> int:
    """Worker processes for a scan of `total` files: none for small scans or a single core."""
    if total < PARALLEL_MIN_FILES:
        return 0
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    return min(cores, MAX_WORKERS) if cores > 1 else 0


def _worker_start() -> None:
    """A worker starts with the collector on and no pause, whatever the parent was doing when it forked. The
    parent's objects are never garbage here: frozen, the collector never walks them again (and their memory
    pages stay shared instead of being copied when the collector would mark them)."""
    global _pause_lock, _pauses
    _pause_lock = threading.Lock()
    _pauses = 0
    gc.enable()
    gc.freeze()


def _pool_context() -> multiprocessing.context.BaseContext:
    # fork is cheapest (no re-import) and safe while this process runs a single thread; otherwise forkserver.
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")  # pragma: no cover - not Linux


def _prepared_batches(
    root: Path,
    suspects: list[FileState],
    known: dict[str, tuple[int, int, int, str]],
    relation_types: tuple[str, ...],
    batch_size: int,
) -> Iterator[list[Prepared]]:
    """Prepared files in batches of at most `batch_size`, in order; parsed by worker processes on large scans.

    Workers get small tasks and at most a few are in flight per worker, so memory stays bounded while this
    process writes the previous batch into SQLite.
    """
    workers = _workers(len(suspects))
    if workers:
        try:
            pool = _pool_context().Pool(workers, initializer=_worker_start)
        except OSError:  # pragma: no cover - no processes allowed: parse here
            workers = 0
    if not workers:
        for start in range(0, len(suspects), batch_size):
            states = suspects[start : start + batch_size]
            yield prepare(root, states, [known[st.path][3] if st.path in known else None for st in states],
                          relation_types)  # fmt: skip
        return
    tasks = [suspects[i : i + TASK_SIZE] for i in range(0, len(suspects), TASK_SIZE)]
    pending: deque[tuple[list[FileState], AsyncResult[bytes]]] = deque()
    batch: list[Prepared] = []
    try:
        next_task = 0
        while next_task < len(tasks) or pending:
            while next_task < len(tasks) and len(pending) < workers * TASKS_IN_FLIGHT:
                states = tasks[next_task]
                next_task += 1
                args = (str(root), _task(states, known), relation_types)
                pending.append((states, pool.apply_async(_prepare_packed, args)))
            states, result = pending.popleft()
            results: list[tuple[str | None, NoteRows | None]] = marshal.loads(result.get())
            batch.extend(Prepared(st, d, r) for st, (d, r) in zip(states, results, strict=True))
            # Once every task is handed out, write what has arrived instead of waiting for a full batch: the
            # workers parse the last files meanwhile, so less writing is left after the last file.
            last_tasks = next_task == len(tasks) and bool(pending) and not pending[0][1].ready()
            if len(batch) >= batch_size or (batch and last_tasks):
                yield batch
                batch = []
        if batch:
            yield batch
    finally:
        pool.terminate()
        pool.join()


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
    # A fresh build resolves every link once at the end rather than batch by batch; the `unresolved` mark
    # makes the next scan finish the job if this one stops half-way.
    # Its secondary indexes are dropped too and built once at the end (faster than updating them row by row).
    fresh = not known and total > 0
    with db.write():
        if fresh:
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('unresolved', '1')")
            for name in BULK_INDEXES:
                db.execute(f"DROP INDEX IF EXISTS {name}")
        elif db.scalar("SELECT value FROM meta WHERE key = 'unresolved'") is not None:
            db.script_in_transaction(DDL)  # a fresh build stopped half-way: its indexes first, then go on
        writer = Writer(db)
        # Another process may have changed the table since `known` was read: delete by path, as it is now.
        gone = _current_rows(db, [path for path in removed if not (root / path).exists()])
        writer.delete(row[0] for row in gone.values())
        writer.resolve()
        report.removed.extend(removed)
        _set_conflicts(db, conflicts, replace_all=True)
    done = 0
    with collector_paused(), db.bulk(fresh):
        for prepared in _prepared_batches(root, suspects, known, relation_types, batch_size):
            _write(db, root, prepared, known, report, Writer(db, deferred=fresh))
            done += len(prepared)
            if progress:
                progress(done, total)
        with db.write():
            if db.scalar("SELECT value FROM meta WHERE key = 'unresolved'") is not None:
                resolve_all(db)
                db.script_in_transaction(DDL)  # the indexes a fresh build dropped
                # One FTS segment instead of one per batch: phrase lookups (graph mentions) then seek once per
                # term, not once per segment (≈ 2x faster at 100k; ≈ 2% of the build).
                db.execute("INSERT INTO notes_fts(notes_fts) VALUES ('optimize')")
                db.execute("DELETE FROM meta WHERE key = 'unresolved'")
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('last_scan', ?)", [_now_text()])
    return report


def _write(
    db: Database,
    root: Path,
    prepared: list[Prepared],
    known: dict[str, tuple[int, int, int, str]],
    report: ScanReport,
    writer: Writer,
) -> None:
    """Apply one batch of prepared files in one write transaction (then re-resolve the keys it touched)."""
    with db.write():
        batch: list[tuple[NoteRows, int | None]] = []
        stale: list[int] = []
        # `known` was read before this transaction; another process (a second server) may have indexed these
        # paths since. The rows as they are now decide, so two scanners never insert the same path twice.
        current = _current_rows(db, [item.state.path for item in prepared])
        for item in prepared:
            state = item.state
            previous = current.get(state.path)
            if item.digest is None:  # vanished between the walk and the read
                if previous is not None:
                    stale.append(previous[0])
                    report.removed.append(state.path)
                continue
            if previous is not None and previous[3] == item.digest:
                writer.touch(previous[0], state)
                report.unchanged += 1
                continue
            if item.rows is None:  # unchanged when prepared, but its row went away meanwhile: next scan re-adds it
                continue
            if previous != known.get(state.path) and _changed_since(root, state):
                # Another process indexed this path after `known` was read, and the file has changed since this
                # scan saw it: what was read here may be older than that row (a note read half-written), so the
                # row stays. Whoever changed the file updates it, or the next scan does.
                continue
            batch.append((item.rows, previous[0] if previous is not None else None))
            if previous is not None:
                stale.append(previous[0])
                report.updated.append(state.path)
            else:
                report.added.append(state.path)
        writer.delete(stale)
        writer.insert(batch)
        writer.resolve()


def _changed_since(root: Path, state: FileState) -> bool:
    try:
        st = os.stat(root / state.path, follow_symlinks=False)
    except OSError:
        return True
    return (st.st_mtime_ns, st.st_size) != (state.mtime_ns, state.size)


def _current_rows(db: Database, paths: list[str]) -> dict[str, tuple[int, int, int, str]]:
    """(rowid, mtime_ns, size, hash) of the rows these paths have now, in one query."""
    if not paths:
        return {}
    rows = db.query(
        "SELECT path, rowid, mtime_ns, size, hash FROM notes WHERE path IN (SELECT value FROM json_each(?))",
        [json_param(paths)],
    )
    return {row[0]: (row[1], row[2], row[3], row[4]) for row in rows}


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
        _write(db, root, prepare(root, states, previous, relation_types), known, report, writer)
    return report
