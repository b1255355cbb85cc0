"""The index schema and its version.

Everything in the file is derived from the notes, so there are no step-by-step migrations: when the stored
fingerprint (schema version, tokenizer, relation types) differs from this code's, every table is dropped and
the next scan rebuilds them.

`links.dst`, `facts.subject_dst` and `facts.object_dst` hold the note each link key resolves to now (see
`_resolve.py`); they are kept current by every write, so reads never resolve names themselves. Bump `INDEX_SCHEMA_VERSION` with any change to the tables or to what is extracted.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from ._database import Database

INDEX_SCHEMA_VERSION = 4

#: Folds case and diacritics (`português` = `portugues`), and stems English plurals (`consumidores` = `consumidor`).
TOKENIZER = "porter unicode61 remove_diacritics 2"

#: Column weights for bm25 in `notes_fts` order: title, aliases, tags, body, facet. Lower bm25 is better. The
#: facet column (see `_facets.py`) only narrows duplicate lookups and never counts in a score.
FTS_WEIGHTS = (10.0, 6.0, 3.0, 1.0, 0.0)
FTS_BODY_COLUMN = 3

TABLES = ("meta", "notes", "notes_fts", "chunks", "names", "links", "facts", "conflicts")

DDL = f"""
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT
);
CREATE TABLE IF NOT EXISTS notes (
    rowid INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    id TEXT,
    type TEXT,
    title TEXT NOT NULL,
    scope TEXT NOT NULL,
    trust TEXT,
    origin TEXT,
    edited_by TEXT,
    approved_by TEXT,
    approved_at TEXT,
    created TEXT,
    updated TEXT,
    valid_from TEXT,
    valid_until TEXT,
    expires_at TEXT,
    confirmed INTEGER NOT NULL DEFAULT 0,
    has_superseded_by INTEGER NOT NULL DEFAULT 0,
    archived INTEGER NOT NULL DEFAULT 0,
    raw INTEGER NOT NULL DEFAULT 0,
    summary TEXT NOT NULL DEFAULT '',
    lead TEXT NOT NULL DEFAULT '',
    chars INTEGER NOT NULL DEFAULT 0,
    lines INTEGER NOT NULL DEFAULT 0,
    body_line INTEGER NOT NULL DEFAULT 1,
    frontmatter TEXT NOT NULL DEFAULT '{{}}',
    frontmatter_error TEXT,
    frontmatter_error_line INTEGER,
    sources TEXT NOT NULL DEFAULT '[]',
    aliases TEXT NOT NULL DEFAULT '[]',
    tags TEXT NOT NULL DEFAULT '[]',
    mtime_ns INTEGER NOT NULL DEFAULT 0,
    size INTEGER NOT NULL DEFAULT 0,
    hash TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS notes_by_id ON notes(id);
CREATE INDEX IF NOT EXISTS notes_by_type ON notes(type, scope);
CREATE INDEX IF NOT EXISTS notes_by_title ON notes(title);
CREATE VIRTUAL TABLE IF NOT EXISTS notes_fts USING fts5(
    title, aliases, tags, body, facet, tokenize = '{TOKENIZER}'
);
INSERT INTO notes_fts(notes_fts, rank) VALUES ('rank', 'bm25({", ".join(str(w) for w in FTS_WEIGHTS)})');
CREATE TABLE IF NOT EXISTS chunks (
    note INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    heading_path TEXT NOT NULL,
    start_line INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    start_char INTEGER NOT NULL,
    end_char INTEGER NOT NULL,
    PRIMARY KEY (note, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS names (
    key TEXT NOT NULL,
    kind INTEGER NOT NULL,
    note INTEGER NOT NULL,
    PRIMARY KEY (key, kind, note)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS names_by_note ON names(note);
CREATE TABLE IF NOT EXISTS links (
    note INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    origin TEXT NOT NULL,
    target TEXT NOT NULL,
    key TEXT NOT NULL,
    heading TEXT,
    line INTEGER,
    explicit INTEGER NOT NULL,
    role TEXT,
    dst INTEGER,
    PRIMARY KEY (note, seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS links_by_key ON links(key, dst);
CREATE INDEX IF NOT EXISTS links_by_dst ON links(dst, type, origin, line);
CREATE TABLE IF NOT EXISTS facts (
    note INTEGER PRIMARY KEY,
    subject TEXT NOT NULL,
    subject_key TEXT NOT NULL,
    predicate TEXT NOT NULL,
    predicate_key TEXT NOT NULL,
    object TEXT NOT NULL,
    object_key TEXT NOT NULL,
    supersedes TEXT NOT NULL DEFAULT '[]',
    superseded_by TEXT NOT NULL DEFAULT '[]',
    subject_dst INTEGER,
    object_dst INTEGER
);
CREATE INDEX IF NOT EXISTS facts_by_subject_dst ON facts(subject_dst);
CREATE INDEX IF NOT EXISTS facts_by_object_dst ON facts(object_dst);
CREATE INDEX IF NOT EXISTS facts_by_subject ON facts(subject_key, predicate_key);
CREATE INDEX IF NOT EXISTS facts_by_object ON facts(object_key);
CREATE INDEX IF NOT EXISTS facts_by_predicate ON facts(predicate_key);
CREATE TABLE IF NOT EXISTS conflicts (
    path TEXT PRIMARY KEY,
    original TEXT NOT NULL,
    mtime_ns INTEGER NOT NULL,
    size INTEGER NOT NULL
);
"""


def fingerprint(relation_types: Sequence[str]) -> str:
    """What the stored rows depend on besides the notes themselves."""
    return json.dumps(
        {"version": INDEX_SCHEMA_VERSION, "tokenizer": TOKENIZER, "relation_types": sorted(set(relation_types))},
        sort_keys=True,
    )


def stored_fingerprint(db: Database) -> str | None:
    if "meta" not in db.table_names():
        return None
    value = db.scalar("SELECT value FROM meta WHERE key = 'fingerprint'")
    return None if value is None else str(value)


def stored_schema_version(db: Database) -> int | None:
    """The schema version written in the file, or None for an empty or foreign file."""
    text = stored_fingerprint(db)
    if text is None:
        return None
    try:
        version = json.loads(text).get("version")
    except (ValueError, AttributeError):
        return None
    return version if isinstance(version, int) else None


def ensure_schema(db: Database, relation_types: Sequence[str]) -> bool:
    """Create the tables, or drop and recreate them when the fingerprint changed; True if they were (re)created."""
    wanted = fingerprint(relation_types)
    with db.write():
        current = stored_fingerprint(db)
        if current == wanted:
            return False
        existing = set(db.table_names())
        for name in reversed(TABLES):
            if name in existing:
                db.execute(f"DROP TABLE IF EXISTS {name}")
        for name in existing:  # leftovers of an older layout (FTS shadow tables are dropped with their table)
            if name not in TABLES and not name.startswith("notes_fts_") and not name.startswith("sqlite_"):
                db.execute(f'DROP TABLE IF EXISTS "{name}"')
        db.script_in_transaction(DDL)
        db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('fingerprint', ?)", [wanted])
    return True
