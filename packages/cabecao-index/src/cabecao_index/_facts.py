"""Facts (subject, predicate, object) and whether each holds on a date, with its supersedes chain.

A fact is a `type: fact` note with `subject`, `predicate` and `object`. Expired and not-yet-valid facts are
returned and marked, never hidden: "what did we use in March?" needs the old ones. Archived fact notes are
out. `supersedes` / `superseded_by` are read from both ends, so a chain written on one side only still shows
on the other; `superseded_on` is the day a superseded fact stopped holding (its `valid_until`, or else the
day its successor started).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from ._database import Database, Row
from ._extract import link_key, link_target_text, predicate_key
from ._lookup import incoming, json_param, keys_of, notes_by_rowid, resolve_keys, resolve_node, validity_of
from ._models import Fact, FactQuery, FactsResult

_CHAIN_TYPES = ("supersedes", "superseded_by")


def _side(db: Database, text: str | None) -> tuple[FactQuery | None, list[str], int | None]:
    """The query block, the keys a fact's side may have, and the note the text resolves to."""
    if text is None or not text.strip():
        return None, [], None
    resolved = resolve_node(db, text)
    keys = {link_key(link_target_text(text))}
    note: int | None = None
    if resolved is not None:
        note = resolved[0]
        keys.update(keys_of(db, note))
    path = None
    if note is not None:
        row = db.one("SELECT path FROM notes WHERE rowid = ?", [note])
        path = row["path"] if row else None
    return FactQuery(query=text, path=path), sorted(keys), note


def query_facts(
    db: Database,
    *,
    subject: str | None,
    predicate: str | None,
    object: str | None,  # noqa: A002 - the reference's field name
    as_of: date,
    limit: int,
) -> FactsResult:
    subject_block, subject_keys, subject_note = _side(db, subject)
    object_block, object_keys, object_note = _side(db, object)
    where = ["n.archived = 0"]
    params: list[Any] = []
    if subject_block is not None:
        where.append("f.subject_key IN (SELECT value FROM json_each(?))")
        params.append(json_param(subject_keys))
    if object_block is not None:
        where.append("f.object_key IN (SELECT value FROM json_each(?))")
        params.append(json_param(object_keys))
    if predicate is not None and predicate.strip():
        where.append("f.predicate_key = ?")
        params.append(predicate_key(predicate))
    rows = db.query(
        "SELECT f.note AS note, f.subject AS subject, f.subject_key AS subject_key, f.predicate AS predicate, "
        "f.predicate_key AS predicate_key, f.object AS object, f.object_key AS object_key, "
        "f.supersedes AS supersedes, f.superseded_by AS superseded_by, n.path AS path, n.title AS title, "
        "n.id AS id, n.valid_from AS valid_from, n.valid_until AS valid_until, n.expires_at AS expires_at "
        f"FROM facts f JOIN notes n ON n.rowid = f.note WHERE {' AND '.join(where)}",
        params,
    )
    winners = resolve_keys(db, {r["subject_key"] for r in rows} | {r["object_key"] for r in rows})
    # A key shared with another note (say, an alias) must still resolve to the asked note, unless it is the
    # asked text itself.
    if subject_note is not None and subject is not None:
        asked = link_key(link_target_text(subject))
        rows = [r for r in rows if winners.get(r["subject_key"]) == subject_note or r["subject_key"] == asked]
    if object_note is not None and object is not None:
        asked = link_key(link_target_text(object))
        rows = [r for r in rows if winners.get(r["object_key"]) == object_note or r["object_key"] == asked]
    rows.sort(key=lambda r: (r["subject_key"], r["predicate_key"], r["valid_from"] or "", r["path"]))
    total = len(rows)
    page = rows[:limit]
    chains = _chains(db, page)
    paths = notes_by_rowid(db, {w for w in winners.values()})
    facts: list[Fact] = []
    for r in page:
        supersedes, superseded_by, successor_starts = chains.get(r["note"], ([], [], []))
        superseded_on = None
        if superseded_by:
            superseded_on = r["valid_until"] or (min(successor_starts) if successor_starts else None)
        s_note, o_note = winners.get(r["subject_key"]), winners.get(r["object_key"])
        facts.append(
            Fact(
                subject=r["subject"],
                subject_path=paths[s_note]["path"] if s_note in paths else None,
                predicate=r["predicate"],
                object=r["object"],
                object_path=paths[o_note]["path"] if o_note in paths else None,
                path=r["path"],
                title=r["title"],
                id=r["id"],
                validity=validity_of(r, as_of),
                valid_from=r["valid_from"],
                valid_until=r["valid_until"],
                superseded_on=superseded_on,
                supersedes=supersedes,
                superseded_by=superseded_by,
            )
        )
    return FactsResult(
        as_of=as_of.isoformat(),
        subject=subject_block,
        predicate=predicate,
        object=object_block,
        facts=facts,
        total=total,
        truncated=total > len(page),
    )


def _chains(db: Database, page: list[Row]) -> dict[int, tuple[list[str], list[str], list[str]]]:
    """(supersedes paths, superseded_by paths, valid_from of successors) for each fact of the page."""
    result: dict[int, tuple[list[str], list[str], list[str]]] = {}
    if not page:
        return result
    ids = [r["note"] for r in page]
    written = db.query(
        "SELECT note, type, target, key FROM links WHERE note IN (SELECT value FROM json_each(?)) "
        "AND type IN ('supersedes', 'superseded_by') ORDER BY note, seq",
        [json_param(ids)],
    )
    winners = resolve_keys(db, {w["key"] for w in written})
    others: dict[int, list[tuple[str, int | None, str]]] = {i: [] for i in ids}
    for w in written:
        others[w["note"]].append((w["type"], winners.get(w["key"]), w["target"]))
    for note in ids:
        for row in incoming(db, note):
            if row["type"] in _CHAIN_TYPES:
                inverse = "superseded_by" if row["type"] == "supersedes" else "supersedes"
                others[note].append((inverse, row["src"], row["target"]))
    rows = notes_by_rowid(db, {o for items in others.values() for _, o, _ in items if o is not None})
    for note, items in others.items():
        older: list[str] = []
        newer: list[str] = []
        starts: list[str] = []
        for kind, other, target in items:
            path = rows[other]["path"] if other is not None and other in rows else target
            bucket = older if kind == "supersedes" else newer
            if path not in bucket:
                bucket.append(path)
            if kind == "superseded_by" and other is not None and other in rows and rows[other]["valid_from"]:
                starts.append(rows[other]["valid_from"])
        result[note] = (older, newer, starts)
    return result


def fact_rows_current(db: Database, as_of: date) -> list[Row]:
    """Every fact of live notes, with what lint needs to find contradictions."""
    rows = db.query(
        "SELECT f.note AS note, f.subject AS subject, f.subject_key AS subject_key, f.predicate AS predicate, "
        "f.predicate_key AS predicate_key, f.object AS object, f.object_key AS object_key, "
        "f.subject_dst AS subject_dst, f.object_dst AS object_dst, n.path AS path, "
        "n.scope AS scope, n.valid_from AS valid_from, n.valid_until AS valid_until, n.expires_at AS expires_at "
        "FROM facts f JOIN notes n ON n.rowid = f.note WHERE n.archived = 0"
    )
    return [r for r in rows if validity_of(r, as_of) == "current"]
