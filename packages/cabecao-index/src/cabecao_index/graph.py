"""Neighbours of a note: typed relations, supersedes chains, wikilinks, facts and unlinked mentions.

Every link carries the note that writes it (its validity is that note's validity on the date), the kind of
link (`type`), where it is written (`origin`: frontmatter, body, fact, mention) and its direction seen from the
note nearer the centre. Unlinked mentions are weak links: they are followed from the requested note only, and
the second hop follows written links and facts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from cabecao_schema import CabecaoError, ErrorCode

from . import messages
from .database import Database, Row
from .extract import NAME_ALIAS, NAME_TITLE
from .lookup import (
    json_param,
    mention_names,
    note_ref,
    notes_by_rowid,
    resolve_keys,
    resolve_node,
    validity_of,
)
from .models import GraphLink, GraphNeighbor, GraphResult
from .terms import STOPWORDS, fast_fold, fts_phrase, words

#: Link kinds that are not typed relations; `relation_types` may name these too.
LINK_KINDS = ("wikilink", "fact", "mention", "sources")
#: Longest name, in words, looked for as an unlinked mention.
MAX_MENTION_WORDS = 6
#: Shortest name (folded characters) that counts as a mention; shorter ones match everywhere.
MIN_MENTION_CHARS = 3
#: Incoming mentions read per name, so a note named like a common word stays cheap.
MAX_MENTIONS_PER_NAME = 500
#: Incoming links read per note on the second hop of `graph`.
SECOND_HOP_CAP = 100


@dataclass(frozen=True, slots=True)
class Edge:
    """A link between `src` and `dst` (rowids), seen from a node: `other` is the neighbour's rowid."""

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


def gather_edges(
    db: Database, nodes: Iterable[int], *, per_node_cap: int | None = None
) -> tuple[list[tuple[int, Edge]], bool]:
    """Written links and facts of several notes at once: [(the note it touches, edge)], and whether a cap cut.

    With `per_node_cap`, at most that many incoming links are read per note (a hub can have thousands).
    """
    node_list = sorted(set(nodes))
    node_set = set(node_list)
    if not node_list:
        return [], False
    capped = False
    keys_by_node: dict[int, list[str]] = {}
    for row in db.query(
        "SELECT key, note FROM names WHERE note IN (SELECT value FROM json_each(?))", [json_param(node_list)]
    ):
        keys_by_node.setdefault(row["note"], []).append(row["key"])
    all_keys = sorted({k for keys in keys_by_node.values() for k in keys})
    out_rows = db.query(
        "SELECT note, type, origin, key, line FROM links WHERE note IN (SELECT value FROM json_each(?))",
        [json_param(node_list)],
    )
    in_sql = "SELECT note, type, origin, key, line FROM links WHERE key IN (SELECT value FROM json_each(?))"
    if per_node_cap is None:
        in_rows = db.query(in_sql, [json_param(all_keys)])
    else:
        in_rows = []
        for node in node_list:
            rows = db.query(in_sql + " LIMIT ?", [json_param(keys_by_node.get(node, [])), per_node_cap])
            capped = capped or len(rows) >= per_node_cap
            in_rows.extend(rows)
    fact_rows = db.query(
        "SELECT f.note AS fact, f.subject_key AS s, f.object_key AS o, f.predicate AS predicate "
        "FROM facts f JOIN notes n ON n.rowid = f.note WHERE n.archived = 0 AND "
        "(f.subject_key IN (SELECT value FROM json_each(?1)) OR f.object_key IN (SELECT value FROM json_each(?1)))",
        [json_param(all_keys)],
    )
    wanted = {r["key"] for r in out_rows} | {r["key"] for r in in_rows}
    wanted |= {r["s"] for r in fact_rows} | {r["o"] for r in fact_rows}
    winners = resolve_keys(db, wanted)
    found: list[tuple[int, Edge]] = []
    seen: set[tuple[int, int, int, str, int | None]] = set()

    def add(inner: int, edge: Edge) -> None:
        marker = (inner, edge.src, edge.dst, edge.type, edge.line if edge.via is None else -edge.via)
        if marker not in seen:
            seen.add(marker)
            found.append((inner, edge))

    for r in out_rows:
        target = winners.get(r["key"])
        if target is not None and target != r["note"]:
            add(r["note"], Edge(target, r["note"], target, r["type"], r["origin"], r["note"], r["line"]))
    for r in in_rows:
        target = winners.get(r["key"])
        if target in node_set and r["note"] != target:
            add(target, Edge(r["note"], r["note"], target, r["type"], r["origin"], r["note"], r["line"]))
    for r in fact_rows:
        subject, obj = winners.get(r["s"]), winners.get(r["o"])
        if subject is None or obj is None or subject == obj:
            continue
        if subject in node_set:
            add(subject, Edge(obj, subject, obj, "fact", "fact", r["fact"], None, r["predicate"], r["fact"]))
        if obj in node_set:
            add(obj, Edge(subject, subject, obj, "fact", "fact", r["fact"], None, r["predicate"], r["fact"]))
    return found, capped


def body_of(db: Database, rowid: int) -> str:
    return str(db.scalar("SELECT body FROM notes_fts WHERE rowid = ?", [rowid]) or "")


def mentioned_by_note(db: Database, rowid: int, body: str | None = None) -> dict[int, str]:
    """Notes whose title or alias appears in this note's text: {rowid: the folded name found}."""
    text = body if body is not None else body_of(db, rowid)
    tokens = words(text)
    grams: set[str] = set()
    for n in range(1, MAX_MENTION_WORDS + 1):
        for i in range(len(tokens) - n + 1):
            grams.add(" ".join(tokens[i : i + n]))
    grams = {g for g in grams if mention_name_ok(g)}
    if not grams:
        return {}
    rows = db.query(
        "SELECT nm.key AS key, nm.note AS note FROM names nm JOIN notes n ON n.rowid = nm.note "
        "WHERE nm.kind IN (?, ?) AND n.archived = 0 AND nm.key IN (SELECT value FROM json_each(?))",
        [NAME_TITLE, NAME_ALIAS, json_param(grams)],
    )
    found: dict[int, str] = {}
    for row in rows:
        if row["note"] != rowid:
            found.setdefault(row["note"], row["key"])
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
        rows = db.query(
            "SELECT f.rowid AS note FROM notes_fts f JOIN notes n ON n.rowid = f.rowid "
            "WHERE notes_fts MATCH ? AND n.archived = 0 LIMIT ?",
            [expression, MAX_MENTIONS_PER_NAME],
        )
        for row in rows:
            if row["note"] != rowid:
                found.setdefault(row["note"], key)
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


def _link(edge: Edge, inner: int, rows: dict[int, Row], as_of: date) -> GraphLink:
    carrier = rows[edge.carrier]
    return GraphLink(
        from_=rows[edge.src]["path"],
        to=rows[edge.dst]["path"],
        type=edge.type,
        origin=edge.origin,  # type: ignore[arg-type]
        direction="out" if edge.src == inner else "in",
        validity=validity_of(carrier, as_of),
        line=edge.line,
        predicate=edge.predicate,
        via=rows[edge.via]["path"] if edge.via is not None else None,
    )


def _tokens(neighbor: GraphNeighbor) -> int:
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
    if depth >= 2 and found:
        first = notes_by_rowid(db, found)
        # The second hop starts from the best-linked `limit` neighbours, and reads a bounded number of incoming
        # links of each, so a hub one hop away does not pull in the whole brain.
        inner_nodes = sorted(
            (rowid for rowid in found if not first[rowid]["archived"]),
            key=lambda rowid: (-len(found[rowid][1]), first[rowid]["path"]),
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
    needed = {center} | set(found)
    for _, items in found.values():
        for edge, _inner in items:
            needed.update((edge.src, edge.dst, edge.carrier))
            if edge.via is not None:
                needed.add(edge.via)
    rows = notes_by_rowid(db, needed)
    candidates = [(rowid, distance, items) for rowid, (distance, items) in found.items() if not rows[rowid]["archived"]]
    candidates.sort(
        key=lambda c: (
            c[1],
            all(edge.type == "mention" for edge, _ in c[2]),
            -len(c[2]),
            fast_fold(rows[c[0]]["title"]),
            rows[c[0]]["path"],
        )
    )
    neighbours: list[GraphNeighbor] = []
    for rowid, distance, items in candidates[:limit]:
        row = rows[rowid]
        links = [_link(edge, inner, rows, as_of) for edge, inner in items]
        links.sort(key=lambda lk: (lk.type == "mention", lk.type, lk.from_, lk.to, lk.line or 0))
        neighbours.append(
            GraphNeighbor(
                path=row["path"],
                title=row["title"],
                type=row["type"],
                id=row["id"],
                scope=row["scope"],
                validity=validity_of(row, as_of),
                distance=distance,
                links=links,
            )
        )
    total = len(candidates)
    kept = neighbours
    if budget_tokens is not None:
        used = 0
        cut: list[GraphNeighbor] = []
        for nb in kept:
            cost = _tokens(nb)
            if cut and used + cost > budget_tokens:
                break
            cut.append(nb)
            used += cost
        kept = cut
    return GraphResult(
        node=note_ref(rows[center]),
        resolved_by=resolved_by,  # type: ignore[arg-type]
        as_of=as_of.isoformat(),
        depth=depth,
        relation_types=sorted(kinds) if kinds is not None else None,
        neighbors=kept,
        total=total,
        truncated=len(kept) < total or capped,
        omitted=total - len(kept),
    )
