"""Stored link resolution: the note each link key answers to now, kept in `links.dst` and `facts.*_dst`.

Which note a key resolves to (see `_lookup.resolve_keys`) changes only when a note with that name comes or goes,
so every write re-resolves just the keys it touched: the names of the notes it deleted and inserted, and the
keys of the links and facts it inserted. A fresh build resolves every key at the end, in one set-based pass.
Reads (graph, backlinks, related) then follow `dst` with no name lookups.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._database import Database
from ._lookup import resolve_keys

#: Above this many keys, one set-based pass over every link is cheaper than key by key.
BULK_KEYS = 20_000

_TARGETS = (
    ("links", "key", "dst"),
    ("facts", "subject_key", "subject_dst"),
    ("facts", "object_key", "object_dst"),
)


def resolve_dirty(db: Database, keys: Iterable[str]) -> None:
    """Re-resolve the links and facts whose key is one of `keys` (callers hold the write transaction)."""
    wanted = sorted(set(keys))
    if not wanted:
        return
    if len(wanted) > BULK_KEYS:
        resolve_all(db)
        return
    winners = resolve_keys(db, wanted)
    params = [(winners.get(k), k, winners.get(k)) for k in wanted]
    for table, key_column, dst_column in _TARGETS:
        db.executemany(f"UPDATE {table} SET {dst_column} = ? WHERE {key_column} = ? AND {dst_column} IS NOT ?", params)


def resolve_all(db: Database) -> None:
    """Resolve every link and fact key at once (after a full build); same ranking as `_lookup.resolve_keys`."""
    db.execute("DROP TABLE IF EXISTS temp.link_winners")
    db.execute("CREATE TEMP TABLE link_winners (key TEXT PRIMARY KEY, note INTEGER NOT NULL) WITHOUT ROWID")
    # Most keys have one name row: it wins with no ranking and no join. Each other key keeps its row ranked
    # first by (archived, kind, length(path), path), `_lookup._rank`'s order, written as one text whose smallest
    # value `min()` finds (archived is 0 or 1 and kinds are 0-4: one digit each); SQLite takes the bare `note`
    # from that same row. Both parts read `names` in key order with no sort: ≈ 3x faster than a window function.
    db.execute(
        "INSERT INTO temp.link_winners (key, note) "
        "SELECT key, note FROM names GROUP BY key HAVING count(*) = 1 "
        "UNION ALL SELECT key, note FROM ("
        "SELECT nm.key AS key, nm.note AS note, "
        "min(printf('%d%d%010d', n.archived, nm.kind, length(n.path)) || n.path) "
        "FROM names nm JOIN notes n ON n.rowid = nm.note "
        "WHERE nm.key IN (SELECT key FROM names GROUP BY key HAVING count(*) > 1) GROUP BY nm.key)"
    )
    for table, key_column, dst_column in _TARGETS:
        db.execute(
            f"UPDATE {table} SET {dst_column} = w.note FROM temp.link_winners w "
            f"WHERE w.key = {table}.{key_column} AND {table}.{dst_column} IS NOT w.note"
        )
        db.execute(
            f"UPDATE {table} SET {dst_column} = NULL WHERE {dst_column} IS NOT NULL AND NOT EXISTS "
            f"(SELECT 1 FROM temp.link_winners w WHERE w.key = {table}.{key_column})"
        )
    db.execute("DROP TABLE temp.link_winners")
