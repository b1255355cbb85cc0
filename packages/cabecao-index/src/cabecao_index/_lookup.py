"""Finding notes by what people call them: id, path, title, file name, alias, `[[link]]`.

Links are stored with the folded text of their target and resolved when read, against the `names` table. So a
note created later repairs every link to it without touching the notes that link, and an update stays small.
When two notes answer to one name, the live one wins over the archived, then the stronger kind of name
(id, path, file name, title, alias), then the shorter path.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import date
from typing import Any

from cabecao_schema import is_ulid, parse_link_text, validity_on

from ._database import Database, Row
from ._extract import NAME_ALIAS, NAME_ID, NAME_PATH, NAME_TITLE, RESOLVED_BY, link_key
from ._models import Validity
from ._terms import fast_fold

NOTE_COLUMNS = (
    "n.rowid AS rowid, n.path AS path, n.id AS id, n.type AS type, n.title AS title, n.scope AS scope, "
    "n.trust AS trust, n.origin AS origin, n.edited_by AS edited_by, n.valid_from AS valid_from, "
    "n.valid_until AS valid_until, n.expires_at AS expires_at, n.archived AS archived, n.raw AS raw, "
    "n.sources AS sources"
)


def json_param(values: Iterable[object]) -> str:
    """A list passed as one parameter, read back in SQL with `json_each(?)` (no limit on the count)."""
    return json.dumps(list(values), ensure_ascii=False)


def day(text: str | None) -> date | None:
    return date.fromisoformat(text[:10]) if text else None


def validity_of(row: Row, as_of: date) -> Validity:
    return stored_validity(as_of, row["valid_from"], row["valid_until"], row["expires_at"])


def stored_validity(as_of: date, valid_from: str | None, valid_until: str | None, expires_at: str | None) -> Validity:
    """Validity on `as_of` of a note whose dates are the stored texts (`notes.valid_from` and the others)."""
    return validity_on(as_of, valid_from=day(valid_from), valid_until=day(valid_until), expires_at=day(expires_at))


def body_parts(db: Database, rowid: int) -> tuple[str, str]:
    """(lead, indexed text) of a note: the body is their concatenation (see `_extract.title_lead`)."""
    row = db.one(
        "SELECT n.lead AS lead, f.body AS body FROM notes n JOIN notes_fts f ON f.rowid = n.rowid WHERE n.rowid = ?",
        [rowid],
    )
    if row is None:
        return "", ""
    return str(row["lead"] or ""), str(row["body"] or "")


def note_body(db: Database, rowid: int) -> str:
    lead, text = body_parts(db, rowid)
    return lead + text


#: Columns most results about a note carry, named as the reference names the fields: where the note is and what it
#: is, then who wrote it and how far to trust it.
PLACE_COLUMNS = ("path", "title", "type", "id", "scope")
PROVENANCE_COLUMNS = ("trust", "origin", "edited_by")


def columns(row: Row, *names: str) -> dict[str, Any]:
    """Those columns of a notes row, as keyword arguments for a result model."""
    return {name: row[name] for name in names}


def notes_by_rowid(db: Database, rowids: Iterable[int]) -> dict[int, Row]:
    ids = list(set(rowids))
    if not ids:
        return {}
    rows = db.query(
        f"SELECT {NOTE_COLUMNS} FROM notes n WHERE n.rowid IN (SELECT value FROM json_each(?))", [json_param(ids)]
    )
    return {row["rowid"]: row for row in rows}


def _rank(kind: int, archived: int, path: str) -> tuple[int, int, int, str]:
    return (archived, kind, len(path), path)


def resolve_keys(db: Database, keys: Iterable[str]) -> dict[str, int]:
    """The winning note (rowid) for each folded link key that some note answers to."""
    wanted = list(set(keys))
    if not wanted:
        return {}
    rows = db.query(
        "SELECT nm.key AS key, nm.kind AS kind, nm.note AS note, n.archived AS archived, n.path AS path "
        "FROM names nm JOIN notes n ON n.rowid = nm.note WHERE nm.key IN (SELECT value FROM json_each(?))",
        [json_param(wanted)],
    )
    best: dict[str, tuple[tuple[int, int, int, str], int]] = {}
    for row in rows:
        rank = _rank(row["kind"], row["archived"], row["path"])
        current = best.get(row["key"])
        if current is None or rank < current[0]:
            best[row["key"]] = (rank, row["note"])
    return {key: note for key, (_, note) in best.items()}


def resolve_node(db: Database, text: str) -> tuple[int, str] | None:
    """(rowid, resolved_by) for a title, path, `[[wikilink]]`, id or alias; None when nothing answers."""
    query = text.strip()
    if not query:
        return None
    link = parse_link_text(query)
    if link is not None:
        found = resolve_keys(db, [link_key(link.target)])
        note = found.get(link_key(link.target))
        return (note, "link") if note is not None else None
    if is_ulid(query.upper()):
        row = db.one("SELECT note FROM names WHERE key = ? AND kind = ?", [fast_fold(query), NAME_ID])
        if row is not None:
            return row["note"], "id"
    if "/" in query or query.lower().endswith(".md"):
        row = db.one(
            "SELECT nm.note AS note FROM names nm WHERE nm.key = ? AND nm.kind = ?", [link_key(query), NAME_PATH]
        )
        if row is not None:
            return row["note"], "path"
    exact = db.query("SELECT rowid, archived, path FROM notes WHERE title = ?", [query])
    if exact:
        best = min(exact, key=lambda r: (r["archived"], len(r["path"]), r["path"]))
        return best["rowid"], "title"
    key = fast_fold(query)
    rows = db.query(
        "SELECT nm.kind AS kind, nm.note AS note, n.archived AS archived, n.path AS path "
        "FROM names nm JOIN notes n ON n.rowid = nm.note WHERE nm.key IN (?, ?)",
        [key, link_key(query)],
    )
    if not rows:
        return None
    best_row = min(rows, key=lambda r: _rank(r["kind"], r["archived"], r["path"]))
    # Report the most telling way the winner matched: "centro" is its title even if it is its file name too.
    kinds = {r["kind"] for r in rows if r["note"] == best_row["note"]}
    for kind in (NAME_ID, NAME_TITLE, NAME_ALIAS):
        if kind in kinds:
            return best_row["note"], RESOLVED_BY[kind]
    return best_row["note"], RESOLVED_BY[best_row["kind"]]


def keys_of(db: Database, rowid: int) -> list[str]:
    return [row["key"] for row in db.query("SELECT key FROM names WHERE note = ?", [rowid])]


def mention_names(db: Database, rowid: int) -> list[str]:
    """The folded title and aliases of a note: what an unlinked mention of it looks like."""
    rows = db.query("SELECT key FROM names WHERE note = ? AND kind IN (?, ?)", [rowid, NAME_TITLE, NAME_ALIAS])
    return [row["key"] for row in rows]


def incoming(db: Database, rowid: int) -> list[Row]:
    """Links from other notes that resolve to this one (`links.dst`, kept current by every write)."""
    return db.query(
        "SELECT l.note AS src, l.type AS type, l.origin AS origin, l.target AS target, l.key AS key, "
        "l.heading AS heading, l.line AS line, l.role AS role, l.explicit AS explicit "
        "FROM links l WHERE l.dst = ? AND l.note != ?",
        [rowid, rowid],
    )


def outgoing(db: Database, rowid: int) -> list[tuple[Row, int | None]]:
    """Links written in this note, each with the note it resolves to (None: broken)."""
    rows = db.query(
        "SELECT l.note AS src, l.seq AS seq, l.type AS type, l.origin AS origin, l.target AS target, l.key AS key, "
        "l.heading AS heading, l.line AS line, l.role AS role, l.explicit AS explicit, l.dst AS dst "
        "FROM links l WHERE l.note = ? ORDER BY l.seq",
        [rowid],
    )
    return [(row, row["dst"]) for row in rows]
