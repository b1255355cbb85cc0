"""Neighbours of a note: typed relations, supersedes chains, wikilinks, facts and unlinked mentions.

Every link carries the note that writes it (its validity is that note's validity on the date), the kind of
link (`type`), where it is written (`origin`: frontmatter, body, fact, mention) and its direction seen from the
note nearer the centre. Unlinked mentions are weak links: they are followed from the requested note only, and
the second hop follows written links and facts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date
from typing import Any, NamedTuple

from cabecao_schema import CabecaoError, ErrorCode

from . import _messages as messages
from ._database import Database
from ._extract import NAME_ALIAS, NAME_TITLE
from ._lookup import PLACE_COLUMNS, json_param, mention_names, resolve_node, stored_validity
from ._models import GraphLink, GraphNeighbor, GraphResult, NoteRef, Validity
from ._terms import STOPWORDS, fast_fold, fts_phrase, words

#: Link kinds that are not typed relations; `relation_types` may name these too.
LINK_KINDS = ("wikilink", "fact", "mention", "sources")
#: Longest name, in words, looked for as an unlinked mention.
MAX_MENTION_WORDS = 6
#: Shortest name (folded characters) that counts as a mention; shorter ones match everywhere.
MIN_MENTION_CHARS = 3
#: Incoming mentions read per name, so a note named like a common word stays cheap.
MAX_MENTIONS_PER_NAME = 500
#: Incoming links, and facts, read per note on the second hop of `graph` (a hub has thousands: the second
#: hop is a sample of them, and says `truncated`).
SECOND_HOP_CAP = 25
#: Parts per compound SELECT in `_capped` (SQLite allows 500).
_COMPOUND_PARTS = 256
#: A rowid no note has (rowids start at 1).
_NO_NOTE = -1


class Edge(NamedTuple):
    """A link between `src` and `dst` (rowids), seen from a node: `other` is the neighbour's rowid.

    A named tuple, not a dataclass: a graph builds a few hundred of them, and tuples are made faster.
    """

    other: int
    src: int
    dst: int
    type: str
    origin: str
    carrier: int
    line: int | None = None
    predicate: str | None = None
    via: int | None = None


def mention_name_ok(key: str) -> bool:
    return len(key) >= MIN_MENTION_CHARS and key not in STOPWORDS and not key.isdigit()


def _compound_parts(count: int) -> int:
    """Parts of the compound statement for `count` nodes: the next power of two, at most `_COMPOUND_PARTS`.

    Preparing a 50-part statement takes milliseconds (running it, a few hundred microseconds): with few
    distinct sizes, each statement is prepared once and then served by the connection's statement cache.
    """
    parts = 1
    while parts < count:
        parts *= 2
    return min(parts, _COMPOUND_PARTS)


def _capped(db: Database, select: str, nodes: list[int], cap: int, params: int) -> tuple[list[tuple[Any, ...]], bool]:
    """Run `select` once per node (its `?` are the node `params` times, then the limit) as one statement.

    Each part reads one row more than the cap, so "cut" means there really were more. Spare parts of the
    statement (see `_compound_parts`) ask for `_NO_NOTE`, which matches nothing. `select`'s last column is the
    node.
    """
    rows: list[tuple[Any, ...]] = []
    cut = False
    for start in range(0, len(nodes), _COMPOUND_PARTS):
        part = nodes[start : start + _COMPOUND_PARTS]
        size = _compound_parts(len(part))
        sql = " UNION ALL ".join([f"SELECT * FROM ({select})"] * size)
        values: list[object] = []
        for node in part + [_NO_NOTE] * (size - len(part)):
            values.extend([node] * params)
            values.append(cap + 1)
        counts: dict[int, int] = {}
        for row in db.tuples(sql, values):
            node = row[-1]
            counts[node] = counts.get(node, 0) + 1
            if counts[node] > cap:
                cut = True
                continue
            rows.append(row)
    return rows, cut


def gather_edges(
    db: Database, nodes: Iterable[int], *, per_node_cap: int | None = None
) -> tuple[list[tuple[int, Edge]], bool]:
    """Written links and facts of several notes at once: [(the note it touches, edge)], and whether a cap cut.

    Targets come resolved from the index (`links.dst`, `facts.*_dst`). With `per_node_cap`, at most that many
    incoming links, and that many facts, are read per note (a hub can have thousands).
    """
    node_list = sorted(set(nodes))
    node_set = set(node_list)
    if not node_list:
        return [], False
    capped = False
    nodes_json = json_param(node_list)
    out_rows = db.tuples(
        "SELECT note, type, origin, dst, line FROM links "
        "WHERE note IN (SELECT value FROM json_each(?)) AND dst IS NOT NULL",
        [nodes_json],
    )
    fact_columns = "SELECT f.note AS fact, f.subject_dst AS s, f.object_dst AS o, f.predicate AS predicate"
    fact_where = (
        "FROM facts f JOIN notes n ON n.rowid = f.note WHERE n.archived = 0 AND f.subject_dst IS NOT NULL "
        "AND f.object_dst IS NOT NULL AND f.subject_dst != f.object_dst"
    )
    if per_node_cap is None:
        in_rows = db.tuples(
            "SELECT note, type, origin, dst, line FROM links WHERE dst IN (SELECT value FROM json_each(?))",
            [nodes_json],
        )
        fact_rows = db.tuples(
            f"{fact_columns} {fact_where} AND (f.subject_dst IN (SELECT value FROM json_each(?1)) "
            "OR f.object_dst IN (SELECT value FROM json_each(?1)))",
            [nodes_json],
        )
    else:
        in_rows, cut_links = _capped(
            db,
            "SELECT note, type, origin, dst, line, dst AS node FROM links WHERE dst = ? AND note != dst LIMIT ?",
            node_list,
            per_node_cap,
            1,
        )
        fact_rows, cut_facts = _capped(
            db,
            f"{fact_columns}, ? AS node {fact_where} AND (f.subject_dst = ? OR f.object_dst = ?) LIMIT ?",
            node_list,
            per_node_cap,
            3,
        )
        capped = cut_links or cut_facts
    found: list[tuple[int, Edge]] = []
    seen: set[tuple[int, int, int, str, int | None]] = set()
    # Plain loops over unpacked rows: this runs for every link of every second-hop note.
    for note, kind, origin, target, line in out_rows:
        if target != note and (marker := (note, note, target, kind, line)) not in seen:
            seen.add(marker)
            found.append((note, Edge(target, note, target, kind, origin, note, line)))
    for note, kind, origin, target, line, *_node in in_rows:
        if target in node_set and note != target and (marker := (target, note, target, kind, line)) not in seen:
            seen.add(marker)
            found.append((target, Edge(note, note, target, kind, origin, note, line)))
    for fact, subject, obj, predicate, *_node in fact_rows:
        if subject in node_set and (marker := (subject, subject, obj, "fact", -fact)) not in seen:
            seen.add(marker)
            found.append((subject, Edge(obj, subject, obj, "fact", "fact", fact, None, predicate, fact)))
        if obj in node_set and (marker := (obj, subject, obj, "fact", -fact)) not in seen:
            seen.add(marker)
            found.append((obj, Edge(subject, subject, obj, "fact", "fact", fact, None, predicate, fact)))
    return found, capped


def body_of(db: Database, rowid: int) -> str:
    return str(db.scalar("SELECT body FROM notes_fts WHERE rowid = ?", [rowid]) or "")


def mentioned_by_note(db: Database, rowid: int, body: str | None = None) -> dict[int, str]:
    """Notes whose title or alias appears in this note's text: {rowid: a folded name found}.

    Word sequences are grown one word at a time, and only while some name begins with the sequence and a
    space (a name "w x ..." sorts between "w " and "w!"): most sequences stop after one or two words, so this
    looks up far fewer than every sequence of up to `MAX_MENTION_WORDS` words (same result).
    """
    text = body if body is not None else body_of(db, rowid)
    tokens = words(text)
    found: dict[int, str] = {}
    count = len(tokens)
    positions = list(range(count))
    grams = list(tokens)
    size = 1
    while positions:
        distinct = {grams[i] for i in positions}
        exact = sorted(g for g in distinct if mention_name_ok(g))
        longer = distinct if size < MAX_MENTION_WORDS else ()
        # Archived notes are left in: callers drop them with every other archived neighbour. One seek per exact
        # sequence (`+kind` keeps the kind out of the seek): most are no name at all, and seeking (key, kind)
        # once per kind took twice the seeks. Sorted, the rows come in the order an `IN` list gave them; CROSS JOIN
        # keeps the sequences as the outer loop whatever the planner estimates.
        rows = db.tuples(
            "SELECT w.value, NULL FROM json_each(?1) w WHERE EXISTS "
            "(SELECT 1 FROM names nm WHERE nm.key > w.value || ' ' AND nm.key < w.value || '!') "
            "UNION ALL SELECT nm.key, nm.note FROM json_each(?2) e CROSS JOIN names nm ON nm.key = e.value "
            "WHERE +nm.kind IN (?3, ?4)",
            [json_param(longer), json_param(exact), NAME_TITLE, NAME_ALIAS],
        )
        growing: set[str] = set()
        for key, note in rows:
            if note is None:
                growing.add(key)
            elif note != rowid:
                found.setdefault(note, key)
        next_positions: list[int] = []
        for i in positions:
            if i + size < count and grams[i] in growing:
                grams[i] = grams[i] + " " + tokens[i + size]
                next_positions.append(i)
        positions = next_positions
        size += 1
    return found


def name_phrase_query(key: str) -> str | None:
    tokens = words(key)
    if not tokens:
        return None
    return "body : " + fts_phrase(" ".join(tokens))


def mentioning_notes(db: Database, rowid: int) -> dict[int, str]:
    """Notes whose text contains this note's title or an alias: {rowid: the folded name}."""
    found: dict[int, str] = {}
    for key in mention_names(db, rowid):
        if not mention_name_ok(key):
            continue
        expression = name_phrase_query(key)
        if expression is None:
            continue
        # Archived notes are left in: callers drop them with every other archived neighbour.
        rows = db.tuples(
            "SELECT rowid FROM notes_fts WHERE notes_fts MATCH ? LIMIT ?", [expression, MAX_MENTIONS_PER_NAME]
        )
        for (note,) in rows:
            if note != rowid:
                found.setdefault(note, key)
    return found


def mention_line(body: str, key: str, body_line: int) -> int | None:
    """File line of the first occurrence of a folded name in a body (word boundaries, accents folded)."""
    pattern = re.compile(r"(?<!\w)" + r"\W+".join(re.escape(w) for w in key.split(" ")) + r"(?!\w)")
    for number, line in enumerate(body.split("\n")):
        if pattern.search(fast_fold(line)):
            return number + body_line
    return None


def mention_edges(db: Database, rowid: int, linked: set[int]) -> list[Edge]:
    edges: list[Edge] = []
    for other in mentioned_by_note(db, rowid):
        if other not in linked:
            edges.append(Edge(other, rowid, other, "mention", "mention", rowid))
    for other in mentioning_notes(db, rowid):
        if other not in linked:
            edges.append(Edge(other, other, rowid, "mention", "mention", other))
    return edges


def neighbour_edges(db: Database, rowid: int, kinds: set[str] | None, *, mentions: bool) -> list[Edge]:
    """Every link of one note, filtered by kind (None: all)."""
    edges = [edge for _, edge in gather_edges(db, [rowid])[0]]
    if mentions and (kinds is None or "mention" in kinds):
        linked = {e.other for e in edges}
        edges += mention_edges(db, rowid, linked)
    if kinds is not None:
        edges = [e for e in edges if e.type in kinds]
    return edges


def _link(edge: Edge, inner: int, details: dict[int, _Detail]) -> GraphLink:
    return GraphLink(
        from_=details[edge.src].path,
        to=details[edge.dst].path,
        type=edge.type,
        origin=edge.origin,
        direction="out" if edge.src == inner else "in",
        validity=details[edge.carrier].validity,
        line=edge.line,
        predicate=edge.predicate,
        via=details[edge.via].path if edge.via is not None else None,
    )


def _tokens(neighbor: GraphNeighbor) -> int:
    """Tokens a neighbour costs in the budget (`build_graph` counts the same from paths and titles)."""
    size = len(neighbor.path) + len(neighbor.title) + 80
    size += sum(len(link.from_) + len(link.to) + 70 for link in neighbor.links)
    return size // 4


def check_kinds(kinds: Iterable[str] | None, relation_types: tuple[str, ...]) -> set[str] | None:
    if kinds is None:
        return None
    wanted = set(kinds)
    if not wanted:
        return None
    allowed = set(relation_types) | set(LINK_KINDS)
    unknown = sorted(wanted - allowed)
    if unknown:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            messages.unknown_relation_types(values=unknown, allowed=sorted(allowed)),
            next_step=messages.next_step_fix_argument(),
        )
    return wanted


def _heads(db: Database, rowids: Iterable[int]) -> dict[int, tuple[str, str, int]]:
    """(path, title, archived) of each note: what ordering neighbours needs, without their wide columns."""
    ids = list(rowids)
    if not ids:
        return {}
    rows = db.tuples(
        "SELECT rowid, path, title, archived FROM notes WHERE rowid IN (SELECT value FROM json_each(?))",
        [json_param(ids)],
    )
    return {rowid: (path, title, archived) for rowid, path, title, archived in rows}


class _Detail(NamedTuple):
    """What a graph shows of a note it returns or names in a link: `GraphNeighbor`'s fields about the note
    (`_lookup.PLACE_COLUMNS`, in that order, and the validity)."""

    path: str
    title: str
    type: str | None
    id: str | None
    scope: str
    validity: Validity


def _details(db: Database, rowids: Iterable[int], as_of: date) -> dict[int, _Detail]:
    """Place and validity on `as_of` of each note: only the narrow columns (no `raw`, `sources`, provenance)."""
    rows = db.tuples(
        f"SELECT rowid, {', '.join(PLACE_COLUMNS)}, valid_from, valid_until, expires_at "
        "FROM notes WHERE rowid IN (SELECT value FROM json_each(?))",
        [json_param(set(rowids))],
    )
    return {
        rowid: _Detail(path, title, kind, note_id, scope, stored_validity(as_of, start, end, expires))
        for rowid, path, title, kind, note_id, scope, start, end, expires in rows
    }


def build_graph(
    db: Database,
    node: str,
    *,
    depth: int,
    kinds: set[str] | None,
    as_of: date,
    limit: int,
    budget_tokens: int | None,
) -> GraphResult:
    resolved = resolve_node(db, node)
    if resolved is None:
        raise CabecaoError(ErrorCode.NOT_FOUND, messages.node_not_found(node=node), next_step=messages.next_step_node())
    center, resolved_by = resolved
    found: dict[int, tuple[int, list[tuple[Edge, int]]]] = {}
    for edge in neighbour_edges(db, center, kinds, mentions=True):
        found.setdefault(edge.other, (1, []))[1].append((edge, center))
    capped = False
    heads: dict[int, tuple[str, str, int]] = {}
    if depth >= 2 and found:
        first = heads = _heads(db, found)
        # The second hop starts from the best-linked `limit` neighbours, and reads a bounded number of incoming
        # links of each, so a hub one hop away does not pull in the whole brain.
        inner_nodes = sorted(
            (rowid for rowid in found if not first[rowid][2]),
            key=lambda rowid: (-len(found[rowid][1]), first[rowid][0]),
        )
        capped = len(inner_nodes) > limit
        edges, cut = gather_edges(db, inner_nodes[:limit], per_node_cap=SECOND_HOP_CAP)
        capped = capped or cut
        for inner, edge in edges:
            if edge.other == center or (kinds is not None and edge.type not in kinds):
                continue
            entry = found.get(edge.other)
            if entry is None:
                found[edge.other] = (2, [(edge, inner)])
            elif entry[0] == 2:
                entry[1].append((edge, inner))
    # Sort every candidate on a few narrow columns; read whole rows only for the neighbours returned.
    heads.update(_heads(db, (rowid for rowid in {center, *found} if rowid not in heads)))
    candidates = [(rowid, distance, items) for rowid, (distance, items) in found.items() if not heads[rowid][2]]
    # Second-hop links are never mentions, so only distance 1 needs the "mentions only" test.
    order = {
        rowid: (
            distance,
            distance == 1 and all(edge.type == "mention" for edge, _ in items),
            -len(items),
            fast_fold(heads[rowid][1]),
            heads[rowid][0],
        )
        for rowid, distance, items in candidates
    }
    candidates.sort(key=lambda c: order[c[0]])
    total = len(candidates)
    chosen = candidates[:limit]
    if budget_tokens is not None:
        # The budget cut needs only paths and titles (what `_tokens` counts), so it is made before reading rows.
        used = 0
        for count, (rowid, _distance, items) in enumerate(chosen):
            path, title, _archived = heads[rowid]
            size = len(path) + len(title) + 80
            size += sum(len(heads[edge.src][0]) + len(heads[edge.dst][0]) + 70 for edge, _inner in items)
            cost = size // 4
            if count and used + cost > budget_tokens:
                chosen = chosen[:count]
                break
            used += cost
    needed = {center}
    for rowid, _distance, items in chosen:
        needed.add(rowid)
        for edge, _inner in items:
            needed.update((edge.src, edge.dst, edge.carrier))
            if edge.via is not None:
                needed.add(edge.via)
    details = _details(db, needed, as_of)
    kept: list[GraphNeighbor] = []
    for rowid, distance, items in chosen:
        detail = details[rowid]
        links = [_link(edge, inner, details) for edge, inner in items]
        links.sort(key=lambda lk: (lk.type == "mention", lk.type, lk.from_, lk.to, lk.line or 0))
        kept.append(GraphNeighbor(**detail._asdict(), distance=distance, links=links))
    top = details[center]
    return GraphResult(
        node=NoteRef(path=top.path, title=top.title, type=top.type, id=top.id),
        resolved_by=resolved_by,
        as_of=as_of.isoformat(),
        depth=depth,
        relation_types=sorted(kinds) if kinds is not None else None,
        neighbors=kept,
        total=total,
        truncated=len(kept) < total or capped,
        omitted=total - len(kept),
    )
