"""Keyword search: all terms first, any term when no note has them all, nothing hidden but archived notes.

The FTS5 table holds one row per note (title, aliases, tags, body), so "all terms" means all terms somewhere in
the note, and bm25 weighs the title and aliases above the body. The snippet around the best match is then
placed in its chunk, which gives the hit its `heading_path`. User text only reaches MATCH as quoted phrases.
"""

from __future__ import annotations

import json
from datetime import date

from . import _messages as messages
from ._chunks import Chunk
from ._database import Database, Row
from ._facets import text_match
from ._graph import gather_edges
from ._lookup import NOTE_COLUMNS, PLACE_COLUMNS, PROVENANCE_COLUMNS, columns, json_param, notes_by_rowid, validity_of
from ._migrations import FTS_BODY_COLUMN
from ._models import ContentKind, RelatedNote, SearchHit, SearchMode, SearchResult
from ._terms import fts_phrase, query_terms

SNIPPET_TOKENS = 24
#: Hits whose graph neighbours make up `related`.
RELATED_FROM_HITS = 3
RELATED_LIMIT = 5
#: Incoming links read per hit for `related` (a hub hit has thousands).
RELATED_CAP = 200

_OPEN, _CLOSE, _ELLIPSIS = "\ue000", "\ue001", "\ue002"


def scope_filter(scope: str | None) -> tuple[str, list[object]]:
    """`project:<name>` brings its own notes and the global ones; `global` only the global ones."""
    if scope is None:
        return "", []
    if scope == "global":
        return " AND n.scope = 'global'", []
    return " AND n.scope IN ('global', ?)", [scope]


def type_filter(types: list[str] | None) -> tuple[str, list[object]]:
    if not types:
        return "", []
    return " AND n.type IN (SELECT value FROM json_each(?))", [json.dumps(types)]


def _rank(db: Database, expression: str, filters: str, params: list[object], limit: int) -> list[Row]:
    """The best `limit` live notes for a MATCH expression, best first, with their columns and snippet.

    `rank` is configured as bm25 with the column weights (see `_migrations.DDL`), so FTS5 sorts the matches
    itself and SQLite stops after `limit` rows: the join, the filters and the snippet run only for the rows
    returned (and those the filters drop), not for every match.
    """
    return db.query(
        f"SELECT {NOTE_COLUMNS}, f.rank AS rank, n.lead AS lead, f.body AS body, "
        f"snippet(notes_fts, {FTS_BODY_COLUMN}, ?, ?, ?, {SNIPPET_TOKENS}) AS snip "
        f"FROM notes_fts f JOIN notes n ON n.rowid = f.rowid WHERE notes_fts MATCH ? AND n.archived = 0{filters} "
        "ORDER BY f.rank LIMIT ?",
        [_OPEN, _CLOSE, _ELLIPSIS, text_match(expression), *params, limit],
    )


#: A chunk row as read for search: (start_char, end_char, heading_path as JSON, seq, start_line, end_line).
ChunkRow = tuple[int, int, str, int, int, int]


def _chunks(db: Database, rowids: list[int]) -> dict[int, list[ChunkRow]]:
    """The chunks of several notes, in order, in one query; left undecoded (each hit needs only one of them)."""
    found: dict[int, list[ChunkRow]] = {rowid: [] for rowid in rowids}
    if not rowids:
        return found
    rows = db.query(
        "SELECT note, start_char, end_char, heading_path, seq, start_line, end_line FROM chunks "
        "WHERE note IN (SELECT value FROM json_each(?)) ORDER BY note, seq",
        [json_param(rowids)],
    )
    for note, start_char, end_char, heading_path, seq, start_line, end_line in rows:
        found[note].append((start_char, end_char, heading_path, seq, start_line, end_line))
    return found


def _as_chunk(row: ChunkRow) -> Chunk:
    start_char, end_char, heading_path, seq, start_line, end_line = row
    return Chunk(seq, tuple(json.loads(heading_path)), start_line, end_line, start_char, end_char)


def _best_chunk(chunks: list[ChunkRow], body: str, raw_snippet: str, *, start: int) -> Chunk | None:
    """The chunk holding the first highlighted match of the snippet (a piece of the body between markers)."""
    trimmed = raw_snippet.strip(_ELLIPSIS)
    core = trimmed.replace(_OPEN, "").replace(_CLOSE, "")
    stripped = core.lstrip()
    offset = body.find(stripped.rstrip(), start) if stripped.strip() else -1
    if offset < 0 or not chunks:
        return _as_chunk(chunks[0]) if chunks else None
    marker = trimmed.find(_OPEN)
    if marker > 0:
        offset += max(0, marker - (len(core) - len(stripped)))
    found = chunks[0]
    for chunk in chunks:
        if chunk[0] <= offset:
            found = chunk
        else:
            break
    return _as_chunk(found)


def _content(kind: ContentKind, raw_snippet: str, body: str, chunk: Chunk | None) -> str:
    if kind == "full":
        return body
    if kind == "section" and chunk is not None:
        return body[chunk.start_char : chunk.end_char].strip("\n")
    marked = _marks_outside_links(raw_snippet)
    return " ".join(marked.replace(_OPEN, "«").replace(_CLOSE, "»").replace(_ELLIPSIS, "…").split())


def _marks_outside_links(raw_snippet: str) -> str:
    """The snippet with no highlight inside a `[[wikilink]]`: FTS5 marks the matched words, and `[[«Kafka»]]`
    is no longer a link for a reader (or a Markdown renderer). A link with a match in it is highlighted whole,
    `«[[Kafka]]»`; a link the snippet cut at either end (`…Atlas]]`, `[[Projeto…`) is left unmarked, since no
    place for a mark is outside it."""
    if _OPEN not in raw_snippet or ("[[" not in raw_snippet and "]]" not in raw_snippet):
        return raw_snippet
    text: list[str] = []
    lit: list[bool] = []
    on = False
    for char in raw_snippet:
        if char == _OPEN:
            on = True
        elif char == _CLOSE:
            on = False
        else:
            text.append(char)
            lit.append(on)
    for start, end, whole in _link_spans("".join(text)):
        lit[start:end] = [whole and any(lit[start:end])] * (end - start)
    for i, char in enumerate(text):  # a highlight that now stops before a cut link ends at its last word
        if lit[i] and char.isspace():
            after = next((j for j in range(i + 1, len(text)) if not text[j].isspace()), len(text))
            lit[i] = after < len(text) and lit[after]
    out: list[str] = []
    on = False
    for char, wanted in zip(text, lit, strict=True):
        if wanted != on:
            out.append(_OPEN if wanted else _CLOSE)
            on = wanted
        out.append(char)
    if on:
        out.append(_CLOSE)
    return "".join(out)


def _link_spans(plain: str) -> list[tuple[int, int, bool]]:
    """(start, end, whole) of every `[[...]]` (or embed, `![[...]]`) in the text; `whole` is False for one the
    snippet's start or end cut."""
    spans: list[tuple[int, int, bool]] = []
    position = 0
    first_close = plain.find("]]")
    first_open = plain.find("[[")
    if first_close >= 0 and (first_open < 0 or first_close < first_open):
        spans.append((0, first_close + 2, False))  # the snippet starts inside a link
        position = first_close + 2
    while True:
        start = plain.find("[[", position)
        if start < 0:
            return spans
        end = plain.find("]]", start + 2)
        if start > 0 and plain[start - 1] == "!":  # an embed, `![[...]]`, keeps its `!`
            start -= 1
        if end < 0:
            spans.append((start, len(plain), False))  # the snippet ends inside a link
            return spans
        spans.append((start, end + 2, True))
        position = end + 2


def _hit_tokens(hit: SearchHit) -> int:
    return (len(hit.content) + len(hit.title) + len(hit.path) + 160) // 4


def search_notes(
    db: Database,
    query: str,
    *,
    types: list[str] | None,
    scope: str | None,
    limit: int,
    budget_tokens: int | None,
    as_of: date,
    related: bool,
    content: ContentKind,
) -> SearchResult:
    terms = query_terms(query)
    type_sql, type_params = type_filter(types)
    scope_sql, scope_params = scope_filter(scope)
    filters, params = type_sql + scope_sql, type_params + scope_params
    mode: SearchMode = "none"
    ranked: list[Row] = []
    expression = ""
    if terms:
        expression = " AND ".join(fts_phrase(t) for t in terms)
        ranked = _rank(db, expression, filters, params, limit)
        mode = "and"
        if not ranked and len(terms) > 1:
            expression = " OR ".join(fts_phrase(t) for t in terms)
            ranked = _rank(db, expression, filters, params, limit)
            mode = "or"
        if not ranked:
            mode = "none"
    chunks_by_note = _chunks(db, [r["rowid"] for r in ranked])
    hits: list[SearchHit] = []
    for row in ranked:
        rowid = row["rowid"]
        raw_snippet = str(row["snip"] or "")
        lead = str(row["lead"] or "")
        body = lead + str(row["body"] or "")
        chunk = _best_chunk(chunks_by_note[rowid], body, raw_snippet, start=len(lead))
        kind: ContentKind = content if content != "section" or chunk is not None else "snippet"
        hits.append(
            SearchHit(
                **columns(row, *PLACE_COLUMNS, *PROVENANCE_COLUMNS),
                validity=validity_of(row, as_of),
                content_kind=kind,
                content=_content(kind, raw_snippet, body, chunk),
                score=float(f"{-float(row['rank']):.4g}"),
                heading_path=list(chunk.heading_path) if chunk else [],
                sources=json.loads(row["sources"]),
            )
        )
    truncated = False
    omitted = 0
    if budget_tokens is not None and hits:
        kept: list[SearchHit] = []
        used = 0
        for hit in hits:
            cost = _hit_tokens(hit)
            if kept and used + cost > budget_tokens:
                break
            if not kept and cost > budget_tokens:
                room = max(40, (budget_tokens * 4) - 160 - len(hit.title) - len(hit.path))
                if len(hit.content) > room:
                    hit = hit.model_copy(update={"content": hit.content[: room - 1].rstrip() + "…"})
                    truncated = True
                cost = _hit_tokens(hit)
            kept.append(hit)
            used += cost
        omitted = len(hits) - len(kept)
        truncated = truncated or omitted > 0
        hits = kept
    related_notes: list[RelatedNote] = []
    if related and hits:
        related_notes = _related(db, ranked[: min(RELATED_FROM_HITS, len(hits))], hits, scope, as_of)
        if budget_tokens is not None:
            used = sum(_hit_tokens(h) for h in hits)
            fitting: list[RelatedNote] = []
            for note in related_notes:
                cost = (len(note.path) + len(note.title) + sum(len(x) for x in note.reasons) + 80) // 4
                if used + cost > budget_tokens:
                    truncated = True
                    break
                fitting.append(note)
                used += cost
            related_notes = fitting
    return SearchResult(
        query=query,
        mode=mode,
        terms=terms,
        as_of=as_of.isoformat(),
        hits=hits,
        related=related_notes,
        truncated=truncated,
        omitted=omitted,
    )


def _related(db: Database, top: list[Row], hits: list[SearchHit], scope: str | None, as_of: date) -> list[RelatedNote]:
    hit_paths = {h.path for h in hits}
    best = max(-float(top[0]["rank"]), 1e-9)
    scores: dict[int, float] = {}
    reasons: dict[int, list[str]] = {}
    weights = {r["rowid"]: max(-float(r["rank"]), 0.0) / best for r in top}
    edges_by_hit, _ = gather_edges(db, weights, per_node_cap=RELATED_CAP)
    for hit_rowid, edge in edges_by_hit:
        scores[edge.other] = scores.get(edge.other, 0.0) + max(weights[hit_rowid], 0.05)
    # Rank and filter on narrow columns; whole rows, and the reasons, only for the notes returned.
    slim = {
        r["rowid"]: r
        for r in db.query(
            "SELECT rowid, path, title, scope, archived FROM notes WHERE rowid IN (SELECT value FROM json_each(?))",
            [json_param(set(scores) | set(weights))],
        )
    }
    chosen: list[tuple[int, float]] = []
    for rowid, score in sorted(scores.items(), key=lambda item: (-item[1], slim[item[0]]["path"])):
        row = slim[rowid]
        if row["archived"] or row["path"] in hit_paths:
            continue
        if scope == "global" and row["scope"] != "global":
            continue
        if scope is not None and scope != "global" and row["scope"] not in ("global", scope):
            continue
        chosen.append((rowid, score))
        if len(chosen) >= RELATED_LIMIT:
            break
    wanted = {rowid for rowid, _ in chosen}
    for hit_rowid, edge in edges_by_hit:
        if edge.other not in wanted:
            continue
        text = messages.related_reason(
            hit=slim[hit_rowid]["title"], kind=edge.type, outgoing=edge.src == hit_rowid, predicate=edge.predicate
        )
        bucket = reasons.setdefault(edge.other, [])
        if text not in bucket:
            bucket.append(text)
    rows = notes_by_rowid(db, wanted)
    result: list[RelatedNote] = []
    for rowid, score in chosen:
        row = rows[rowid]
        result.append(
            RelatedNote(
                **columns(row, *PLACE_COLUMNS),
                validity=validity_of(row, as_of),
                score=round(score, 3),
                reasons=reasons.get(rowid, [])[:3],
            )
        )
    return result
