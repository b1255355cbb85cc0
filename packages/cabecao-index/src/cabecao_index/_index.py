"""`BrainIndex`: one brain folder and its SQLite index, with every question the server and the CLI ask.

The index lives in `<brain>/.cabecao/index.sqlite` and is only a cache of the notes: a damaged file, or one
written by another index schema version, is deleted or emptied and rebuilt from the folder without the caller
noticing. Opening is cheap; the first question after a (re)build scans the folder once.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable, Iterable, Sequence
from datetime import date
from pathlib import Path
from typing import Any, Literal, ParamSpec, TypeVar

from cabecao_schema import (
    CONFIG_FILE,
    DEFAULT_RELATION_TYPES,
    CabecaoError,
    ErrorCode,
    NoteType,
    load_config,
    parse_date,
    parse_scope,
)
from cabecao_schema import messages as schema_messages

from . import _messages as messages
from ._catalog import render_catalog
from ._database import Database, IndexDamaged, Row, remove_database_files
from ._dedup import find_duplicates
from ._facts import query_facts
from ._graph import build_graph, check_kinds, mentioned_by_note
from ._lint import ApprovedChange, run_lint
from ._lookup import (
    PLACE_COLUMNS,
    PROVENANCE_COLUMNS,
    columns,
    incoming,
    note_body,
    notes_by_rowid,
    outgoing,
    resolve_node,
    validity_of,
)
from ._migrations import INDEX_SCHEMA_VERSION, ensure_schema, stored_schema_version
from ._models import (
    Backlink,
    ContentKind,
    DuplicateCandidate,
    FactsResult,
    GraphResult,
    IndexStatus,
    LintReport,
    MentionedNote,
    NoteRecord,
    OutgoingLink,
    Resolution,
    SearchResult,
    Validity,
)
from ._scan import Progress, ScanReport, scan_folder, update_paths
from ._search import scope_filter, search_notes
from ._terms import words

INDEX_DIR = ".cabecao"
INDEX_FILE = "index.sqlite"

P = ParamSpec("P")
T = TypeVar("T")


def _recovering(method: Callable[P, T]) -> Callable[P, T]:
    """Run a query; if the file turns out damaged, rebuild it from the notes and run the query again."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        self = args[0]
        assert isinstance(self, BrainIndex)
        try:
            return method(*args, **kwargs)
        except IndexDamaged:
            self._reset()
            return method(*args, **kwargs)

    return wrapper


def _as_of(value: date | str | None) -> date:
    if value is None:
        return date.today()
    if isinstance(value, date):
        return value
    try:
        return parse_date(value)
    except ValueError:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            schema_messages.invalid_date(field="as_of", value=value),
            next_step=messages.next_step_fix_argument(),
        ) from None


def _scope(value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return parse_scope(value)
    except ValueError:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            schema_messages.invalid_scope(value=value),
            next_step=messages.next_step_fix_argument(),
        ) from None


def _types(values: Iterable[str] | None) -> list[str] | None:
    if values is None:
        return None
    wanted = [str(v) for v in values]
    if not wanted:
        return None
    allowed = [t.value for t in NoteType]
    unknown = [v for v in wanted if v not in allowed]
    if unknown:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            messages.unknown_types(values=unknown, allowed=allowed),
            next_step=messages.next_step_fix_argument(),
        )
    return wanted


def _bounded(field: str, value: int, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            messages.out_of_range(field=field, value=value, low=low, high=high),
            next_step=messages.next_step_fix_argument(),
        )
    return value


def _config_relation_types(root: Path) -> list[str]:
    """Relation types from `.cabecao.json`, when the folder is a brain with a readable config."""
    if not (root / CONFIG_FILE).is_file():
        return []
    try:
        return list(load_config(root).relation_types)
    except CabecaoError:
        return []


class BrainIndex:
    """The index of one brain folder. Safe to share between threads; several processes may open the same file.

    `relation_types` adds typed relations to the defaults; when omitted they are read from `.cabecao.json`.
    """

    def __init__(
        self,
        root: Path | str,
        *,
        relation_types: Iterable[str] | None = None,
        db_path: Path | str | None = None,
        busy_timeout: float = 10.0,
    ) -> None:
        self.root = Path(root)
        extra = list(relation_types) if relation_types is not None else _config_relation_types(self.root)
        self.relation_types: tuple[str, ...] = tuple(dict.fromkeys([*DEFAULT_RELATION_TYPES, *extra]))
        self.path = Path(db_path) if db_path is not None else self.root / INDEX_DIR / INDEX_FILE
        self.busy_timeout = busy_timeout
        self._db = self._open()

    # -- lifecycle ---------------------------------------------------------------------------------------

    def _open(self) -> Database:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            db = Database(self.path, busy_timeout=self.busy_timeout)
            try:
                ensure_schema(db, self.relation_types)
            except BaseException:
                db.close()
                raise
        except IndexDamaged:
            remove_database_files(self.path)
            db = Database(self.path, busy_timeout=self.busy_timeout)
            ensure_schema(db, self.relation_types)
        return db

    def _reset(self) -> None:
        """Throw the file away and build it again from the notes."""
        self._db.close()
        remove_database_files(self.path)
        self._db = self._open()
        self._scan(None)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> BrainIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- keeping in step -----------------------------------------------------------------------------------

    def _scan(self, progress: Progress | None) -> ScanReport:
        return scan_folder(self._db, self.root, relation_types=self.relation_types, progress=progress)

    def _ensure_scanned(self) -> None:
        if self._db.scalar("SELECT value FROM meta WHERE key = 'last_scan'") is None:
            self._scan(None)

    @_recovering
    def scan(self, progress: Progress | None = None) -> ScanReport:
        """Pick up every change in the folder since the last scan (edits, new notes, moves, deletions).

        Costs one `stat` per note file plus a parse per changed file; `progress(done, total)` is called per batch.
        """
        return self._scan(progress)

    def rebuild(self, progress: Progress | None = None) -> ScanReport:
        """Delete the index file and index every note again."""
        self._db.close()
        remove_database_files(self.path)
        self._db = self._open()
        report = self._scan(progress)
        report.rebuilt = True
        return report

    @_recovering
    def update(self, paths: Iterable[str]) -> ScanReport:
        """Re-index just these brain-relative paths (what a write touched: both sides of a move, say)."""
        self._ensure_scanned()
        return update_paths(self._db, self.root, paths, relation_types=self.relation_types)

    # -- questions -----------------------------------------------------------------------------------------

    @_recovering
    def search(
        self,
        query: str,
        *,
        types: Iterable[str] | None = None,
        scope: str | None = None,
        limit: int = 10,
        budget_tokens: int | None = None,
        as_of: date | str | None = None,
        related: bool = True,
        content: ContentKind = "snippet",
    ) -> SearchResult:
        """Keyword search: all terms first, any term if no note has all of them (see `_search.py`)."""
        if content not in ("snippet", "section", "full"):
            raise CabecaoError(
                ErrorCode.INVALID_ARGUMENT,
                messages.content_kind_unknown(value=str(content)),
                next_step=messages.next_step_fix_argument(),
            )
        types_ = _types(types)
        scope_ = _scope(scope)
        limit = _bounded("limit", limit, 1, 100)
        if budget_tokens is not None:
            budget_tokens = _bounded("budget_tokens", budget_tokens, 1, 1_000_000)
        day = _as_of(as_of)
        self._ensure_scanned()
        with self._db.read():
            return search_notes(
                self._db,
                query,
                types=types_,
                scope=scope_,
                limit=limit,
                budget_tokens=budget_tokens,
                as_of=day,
                related=related,
                content=content,
            )

    @_recovering
    def graph(
        self,
        node: str,
        *,
        depth: int = 1,
        relation_types: Iterable[str] | None = None,
        as_of: date | str | None = None,
        limit: int = 50,
        budget_tokens: int | None = 3000,
    ) -> GraphResult:
        """Neighbours of a note at depth 1 or 2; `relation_types` keeps only those kinds of link."""
        depth = _bounded("depth", depth, 1, 2)
        limit = _bounded("limit", limit, 1, 200)
        kinds = check_kinds(relation_types, self.relation_types)
        day = _as_of(as_of)
        self._ensure_scanned()
        with self._db.read():
            return build_graph(
                self._db, node, depth=depth, kinds=kinds, as_of=day, limit=limit, budget_tokens=budget_tokens
            )

    @_recovering
    def facts(
        self,
        *,
        subject: str | None = None,
        predicate: str | None = None,
        object: str | None = None,  # noqa: A002 - the reference's field name
        as_of: date | str | None = None,
        limit: int = 50,
    ) -> FactsResult:
        """Facts matching any of subject, predicate, object, each with its validity on `as_of`."""
        limit = _bounded("limit", limit, 1, 200)
        day = _as_of(as_of)
        self._ensure_scanned()
        with self._db.read():
            return query_facts(self._db, subject=subject, predicate=predicate, object=object, as_of=day, limit=limit)

    @_recovering
    def lint(
        self,
        *,
        rules: Iterable[str] | None = None,
        scope: str | None = None,
        limit: int = 200,
        as_of: date | str | None = None,
        approved: Sequence[ApprovedChange] = (),
    ) -> LintReport:
        """The health report; `approved` lists Cabecao-Approved commits (the store reads them from git)."""
        scope_ = _scope(scope)
        limit = _bounded("limit", limit, 1, 1000)
        day = _as_of(as_of)
        self._ensure_scanned()
        with self._db.read():
            return run_lint(self._db, self.root, rules=rules, scope=scope_, limit=limit, as_of=day, approved=approved)

    @_recovering
    def duplicates(
        self,
        content: str,
        *,
        type: str,  # noqa: A002 - the reference's field name
        scope: str = "global",
        title: str | None = None,
        limit: int = 5,
        cosines: dict[str, float] | None = None,
        include_different: bool = False,
    ) -> list[DuplicateCandidate]:
        """Live notes of the same type and scope that may be the same memory, judged by DEDUP_THRESHOLDS."""
        note_type = (_types([type]) or [type])[0]
        scope_ = _scope(scope) or "global"
        limit = _bounded("limit", limit, 1, 100)
        self._ensure_scanned()
        with self._db.read():
            return find_duplicates(
                self._db,
                content,
                note_type=note_type,
                scope=scope_,
                title=title,
                limit=limit,
                cosines=cosines,
                include_different=include_different,
            )

    @_recovering
    def resolve(self, text: str) -> Resolution | None:
        """Which note a title, path, `[[link]]`, id or alias names (None: none)."""
        self._ensure_scanned()
        with self._db.read():
            found = resolve_node(self._db, text)
            if found is None:
                return None
            row = notes_by_rowid(self._db, [found[0]])[found[0]]
            return Resolution(
                path=row["path"],
                title=row["title"],
                type=row["type"],
                id=row["id"],
                archived=bool(row["archived"]),
                resolved_by=found[1],
            )

    @_recovering
    def mentioned_in(self, text: str, *, types: Sequence[str] | None = None, limit: int = 10) -> list[MentionedNote]:
        """Live notes whose title or an alias appears in `text` (a source being ingested, say), the most named
        first: what the text is about, by the names the brain already knows."""
        self._ensure_scanned()
        folded = " " + " ".join(words(text)) + " "
        with self._db.read():
            found = mentioned_by_note(self._db, -1, body=text)
            rows = notes_by_rowid(self._db, list(found))
        notes = [
            MentionedNote(
                path=row["path"],
                title=row["title"],
                type=row["type"],
                id=row["id"],
                name=found[rowid],
                count=folded.count(f" {found[rowid]} "),
            )
            for rowid, row in rows.items()
            if not row["archived"] and (types is None or row["type"] in types)
        ]
        notes.sort(key=lambda n: (-n.count, n.title, n.path))
        return notes[:limit]

    def _row_for(self, path: str | None, id: str | None) -> Row:  # noqa: A002
        if (path is None) == (id is None):
            raise CabecaoError(
                ErrorCode.INVALID_ARGUMENT, messages.path_or_id_required(), next_step=messages.next_step_fix_argument()
            )
        if path is not None:
            row = self._db.one("SELECT * FROM notes WHERE path = ?", [path])
            reference = path
        else:
            row = self._db.one("SELECT * FROM notes WHERE id = ? ORDER BY archived, path LIMIT 1", [id])
            reference = str(id)
        if row is None:
            raise CabecaoError(
                ErrorCode.NOT_FOUND, messages.note_not_found(reference=reference), next_step=messages.next_step_note()
            )
        return row

    def _record(self, row: Row, as_of: date, *, content: bool) -> NoteRecord:
        body = None
        if content:
            body = note_body(self._db, row["rowid"])
        headings = [
            json.loads(r["heading_path"])
            for r in self._db.query("SELECT heading_path FROM chunks WHERE note = ? ORDER BY seq", [row["rowid"]])
        ]
        return NoteRecord(
            **columns(row, *PLACE_COLUMNS, *PROVENANCE_COLUMNS),
            validity=validity_of(row, as_of),
            approved_by=row["approved_by"],
            approved_at=row["approved_at"],
            created=row["created"],
            updated=row["updated"],
            valid_from=row["valid_from"],
            valid_until=row["valid_until"],
            expires_at=row["expires_at"],
            sources=json.loads(row["sources"]),
            aliases=json.loads(row["aliases"]),
            tags=json.loads(row["tags"]),
            archived=bool(row["archived"]),
            summary=row["summary"],
            headings=[h for h in headings if h],
            frontmatter=json.loads(row["frontmatter"]),
            frontmatter_error=row["frontmatter_error"],
            content=body,
        )

    @_recovering
    def note(
        self,
        *,
        path: str | None = None,
        id: str | None = None,  # noqa: A002 - the reference's field name
        as_of: date | str | None = None,
        content: bool = True,
    ) -> NoteRecord:
        """One note by path or id, with frontmatter and body as indexed (`read`); `not_found` otherwise."""
        day = _as_of(as_of)
        self._ensure_scanned()
        with self._db.read():
            return self._record(self._row_for(path, id), day, content=content)

    @_recovering
    def notes(
        self,
        *,
        types: Iterable[str] | None = None,
        scope: str | None = None,
        as_of: date | str | None = None,
        validity: Iterable[Validity] | None = None,
        folder: str | None = None,
        order: Literal["updated", "path", "title"] = "updated",
        limit: int | None = None,
        content: bool = False,
    ) -> list[NoteRecord]:
        """Live notes by type, scope and folder, with validity on `as_of` (what `recall` is built from).

        `scope` follows search: `project:<name>` brings its notes and the global ones. `validity`, when given,
        keeps only notes in those states (recall passes `["current"]`). `order="updated"` is newest first.
        """
        types_ = _types(types)
        scope_ = _scope(scope)
        day = _as_of(as_of)
        wanted = set(validity) if validity is not None else None
        self._ensure_scanned()
        where = "n.archived = 0"
        params: list[Any] = []
        if types_:
            where += " AND n.type IN (SELECT value FROM json_each(?))"
            params.append(json.dumps(types_))
        scope_sql, scope_params = scope_filter(scope_)
        where += scope_sql
        params += scope_params
        if folder:
            where += " AND n.path LIKE ? ESCAPE '\\'"
            prefix = folder.strip("/").replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            params.append(prefix + "/%")
        order_sql = {
            "updated": "coalesce(n.updated, n.created, '') DESC, n.path DESC",
            "path": "n.path",
            "title": "n.title COLLATE NOCASE, n.path",
        }[order]
        records: list[NoteRecord] = []
        with self._db.read():
            for row in self._db.query(f"SELECT * FROM notes n WHERE {where} ORDER BY {order_sql}", params):
                if wanted is not None and validity_of(row, day) not in wanted:
                    continue
                records.append(self._record(row, day, content=content))
                if limit is not None and len(records) >= limit:
                    break
        return records

    @_recovering
    def backlinks(self, path: str) -> list[Backlink]:
        """Notes that link to this one, each with the link's kind and line (`read`)."""
        self._ensure_scanned()
        with self._db.read():
            row = self._row_for(path, None)
            links = incoming(self._db, row["rowid"])
            sources = notes_by_rowid(self._db, (lk["src"] for lk in links))
            result = [
                Backlink(
                    origin=lk["origin"],
                    type=lk["type"],
                    path=sources[lk["src"]]["path"],
                    title=sources[lk["src"]]["title"],
                    note_type=sources[lk["src"]]["type"],
                    archived=bool(sources[lk["src"]]["archived"]),
                    line=lk["line"],
                )
                for lk in links
            ]
        result.sort(key=lambda b: (b.archived, b.path, b.line or 0))
        return result

    @_recovering
    def outgoing_links(self, path: str) -> list[OutgoingLink]:
        """Links written in this note, with where each leads or `broken` (`read`)."""
        self._ensure_scanned()
        with self._db.read():
            row = self._row_for(path, None)
            links = outgoing(self._db, row["rowid"])
            targets = notes_by_rowid(self._db, (t for _, t in links if t is not None))
            result: list[OutgoingLink] = []
            for lk, target in links:
                if lk["type"] == "fact" and not lk["explicit"] and target is None:
                    continue  # a fact's subject or object written as plain text, not a link
                t = targets.get(target) if target is not None else None
                result.append(
                    OutgoingLink(
                        origin=lk["origin"],
                        type=lk["type"],
                        target=lk["target"],
                        heading=lk["heading"],
                        path=t["path"] if t else None,
                        title=t["title"] if t else None,
                        note_type=t["type"] if t else None,
                        broken=t is None,
                        line=lk["line"],
                    )
                )
        return result

    @_recovering
    def render_catalog(self) -> str:
        """The text of `index.md`: every live note by folder, with title and a one-line summary."""
        self._ensure_scanned()
        with self._db.read():
            return render_catalog(self._db)

    @_recovering
    def conflict_copies(self) -> list[tuple[str, str]]:
        """(copy, original) for every sync conflict copy found by the last scan."""
        self._ensure_scanned()
        return [
            (r["path"], r["original"]) for r in self._db.query("SELECT path, original FROM conflicts ORDER BY path")
        ]

    @_recovering
    def status(self) -> IndexStatus:
        """Figures for `status`: notes by type, chunks, links, facts, problems, the last scan."""
        self._ensure_scanned()
        db = self._db
        with db.read():
            # One pass over the notes (a GROUP BY through the type index reads every row out of order, slower).
            per_type = db.tuples(
                "SELECT type, count(*), sum(archived), sum(archived = 0 AND id IS NULL), sum(raw), "
                "sum(archived = 0 AND frontmatter_error IS NOT NULL) FROM notes GROUP BY +type"
            )
            by_type = {kind: total - gone for kind, total, gone, *_ in per_type if kind is not None and total > gone}
            totals = [sum(int(row[i] or 0) for row in per_type) for i in range(1, 6)]
            notes, archived, unmanaged, raw, invalid = totals
            untyped = sum(total - archived for kind, total, archived, *_ in per_type if kind is None)
            # A link that resolves nowhere has no stored target (`links.dst`, kept current by every write).
            broken = db.scalar(
                "SELECT count(*) FROM links l JOIN notes n ON n.rowid = l.note WHERE l.dst IS NULL AND l.explicit = 1 "
                "AND n.raw = 0 AND n.archived = 0"
            )
            try:
                size = os.path.getsize(self.path) + (
                    os.path.getsize(f"{self.path}-wal") if os.path.exists(f"{self.path}-wal") else 0
                )
            except OSError:
                size = 0
            return IndexStatus(
                schema_version=stored_schema_version(db) or INDEX_SCHEMA_VERSION,
                path=str(self.path),
                size_bytes=size,
                notes=notes - archived,
                by_type=dict(sorted(by_type.items())),
                untyped=untyped,
                archived=archived,
                unmanaged=unmanaged,
                raw=raw,
                chunks=int(db.scalar("SELECT count(*) FROM chunks") or 0),
                edges=int(db.scalar("SELECT count(*) FROM links") or 0),
                facts=int(db.scalar("SELECT count(*) FROM facts") or 0),
                conflicts=int(db.scalar("SELECT count(*) FROM conflicts") or 0),
                broken_links=int(broken or 0),
                invalid_frontmatter=invalid,
                last_scan=db.scalar("SELECT value FROM meta WHERE key = 'last_scan'"),
            )
