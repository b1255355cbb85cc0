"""The index's shortcuts give exactly what the slow, obvious way gives.

- `scan_body` (headings and wikilinks in one pass) equals the schema's `find_sections` + `find_wikilinks`.
- Stored link targets (`links.dst`, `facts.*_dst`) equal resolving every key by name at read time, after any
  sequence of adds, edits, renames, deletes and archives.
- A scan whose files are parsed by worker processes writes the same rows as one parsed in this process.
- `json_text_list` writes what the JSON encoder writes for a list of strings.
- `_key_lines` (one search over the frontmatter) finds the keys a line-by-line match finds, on the same lines.
- `_read` with a size hint reads what `open(path, "rb").read()` reads, whatever the file's size now.
- `is_note_file` and `is_control_file` (string tests) answer what the plain rules (pathlib, one part at a time)
  answer for any path.
"""

from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path, PurePosixPath

import pytest
from cabecao_index import BrainIndex
from cabecao_index import _scan as scan
from cabecao_index._chunks import scan_body
from cabecao_index._extract import _key_lines, frontmatter_json, json_text_list
from cabecao_index._lookup import resolve_keys
from cabecao_index._scan import _read
from cabecao_schema import CONTROL_FILES, NOTE_ROOTS, find_sections, find_wikilinks, is_control_file
from hypothesis import given, settings
from hypothesis import strategies as st

from ..corpus import generate_corpus
from .conftest import WriteNotes

BODIES = [
    "",
    "\n",
    "# A\n[[x\n]]\n## B ##\n",
    "[[a]] [[b|c]]\n# T\r\n[[ ]]\n## C#\n",
    "[[a#h|x]]\n[[y]]",
    "x\n\n# A\n\n### C\n## B\n# D",
    "```\n# not a heading\n[[nope]]\n```\n# Yes\n[[yes]]\n",
    "~~~\n[[nope]]\n~~~\n[[yes]] `[[inline]]`\n",
    "[[a\t]] [[ b # h | al ]]\n#no\n####### seven\n#\ttab\n",
]


@pytest.mark.parametrize("body", BODIES)
def test_scan_body_equals_the_schema_functions(body: str) -> None:
    assert scan_body(body) == (find_sections(body), find_wikilinks(body))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="#[]|` ~\n\r\tab", max_size=80))
def test_scan_body_equals_the_schema_functions_on_any_text(body: str) -> None:
    assert scan_body(body) == (find_sections(body), find_wikilinks(body))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(), max_size=5) | st.tuples(st.text(), st.text()))
def test_json_text_list_equals_the_encoder(values: list[str] | tuple[str, str]) -> None:
    assert json_text_list(values) == frontmatter_json(list(values))


def _key_lines_line_by_line(raw_frontmatter: str | None) -> dict[str, int]:
    found: dict[str, int] = {}
    for number, line in enumerate((raw_frontmatter or "").split("\n"), start=2):
        m = re.match(r"^([A-Za-z_][\w-]*)\s*:", line)
        if m and m.group(1) not in found:
            found[m.group(1)] = number
    return found


@pytest.mark.parametrize(
    "raw",
    [
        None,
        "",
        "a: 1\n",
        "a: 1\nb:\n  - x\na: 2\n",
        "a \r\n: 1\n",
        "a\x0b\x0c :x\n\nk-1_é: v\r\n",
        "a\n:\n",
        " a: 1\n#b: 2\n",
    ],
)
def test_key_lines_are_found_as_line_by_line(raw: str | None) -> None:
    assert _key_lines(raw) == _key_lines_line_by_line(raw)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="ab_-é1 :\n\r\t\x0b\x85\u2028#", max_size=60))
def test_key_lines_are_found_as_line_by_line_on_any_text(raw: str) -> None:
    assert _key_lines(raw) == _key_lines_line_by_line(raw)


@pytest.mark.parametrize("length", [0, 1, 100, 65_535, 65_536, 200_000])
def test_read_with_any_size_hint_reads_the_whole_file(tmp_path: Path, length: int) -> None:
    content = bytes(i % 251 for i in range(length))
    (tmp_path / "n.md").write_bytes(content)
    for hint in {0, 1, length - 1, length, length + 1, 2 * length + 10}:
        assert _read(tmp_path, "n.md", max(hint, 0)) == content
    assert _read(str(tmp_path), "n.md") == content


def test_read_of_a_missing_file_or_a_folder_is_none(tmp_path: Path) -> None:
    (tmp_path / "folder.md").mkdir()
    assert _read(tmp_path, "missing.md", 10) is None
    assert _read(tmp_path, "folder.md", 10) is None


def test_json_text_list_of_other_values_falls_back_to_the_encoder() -> None:
    values = ["a", 1, None]
    assert json_text_list(values) == frontmatter_json(values) == '["a", 1, null]'  # type: ignore[arg-type]


def _stored_matches_resolution(index: BrainIndex) -> None:
    db = index._db
    links = db.query("SELECT key, dst FROM links")
    facts = db.query("SELECT subject_key, subject_dst, object_key, object_dst FROM facts")
    keys = {r["key"] for r in links} | {r["subject_key"] for r in facts} | {r["object_key"] for r in facts}
    winners = resolve_keys(db, keys)
    assert [(r["key"], r["dst"]) for r in links] == [(r["key"], winners.get(r["key"])) for r in links]
    for r in facts:
        assert r["subject_dst"] == winners.get(r["subject_key"])
        assert r["object_dst"] == winners.get(r["object_key"])


NOTE = "---\ntype: entity\ntitle: {title}\n{extra}---\n{body}\n"


def test_stored_link_targets_follow_every_change(brain: WriteNotes) -> None:
    root = brain(
        {
            "wiki/entities/a.md": NOTE.format(title="Alfa", extra="aliases: [Primeiro]\n", body="liga [[Beta]]"),
            "wiki/entities/b.md": NOTE.format(title="Beta", extra="", body="liga [[Alfa]] e [[Gama]]"),
            "memory/facts/f.md": (
                "---\ntype: fact\ntitle: F\nsubject: '[[Alfa]]'\npredicate: usa\nobject: '[[Gama]]'\n---\nx\n"
            ),
        }
    )
    with BrainIndex(root) as index:
        index.scan()
        _stored_matches_resolution(index)
        # A note created later answers to a link that was broken.
        (root / "wiki/entities/g.md").write_text(NOTE.format(title="Gama", extra="", body="nada"), encoding="utf-8")
        index.update(["wiki/entities/g.md"])
        _stored_matches_resolution(index)
        assert [b.path for b in index.backlinks("wiki/entities/g.md")] == [
            "memory/facts/f.md",
            "wiki/entities/b.md",
        ]
        # A stronger name (a shorter path with the same title) takes the link over; deleting it gives it back.
        (root / "wiki/g.md").write_text(NOTE.format(title="Gama", extra="", body="outra"), encoding="utf-8")
        index.scan()
        _stored_matches_resolution(index)
        (root / "wiki/g.md").unlink()
        index.scan()
        _stored_matches_resolution(index)
        # Rename, retitle and archive.
        (root / "wiki/entities/b.md").rename(root / "wiki/entities/beta.md")
        (root / "wiki/entities/a.md").write_text(NOTE.format(title="Outro", extra="", body="[[Beta]]"), "utf-8")
        (root / "memory/_archive/wiki/entities").mkdir(parents=True)
        shutil.move(root / "wiki/entities/g.md", root / "memory/_archive/wiki/entities/g.md")
        index.scan()
        _stored_matches_resolution(index)
        assert index.outgoing_links("wiki/entities/beta.md")[0].broken  # [[Alfa]]: retitled
        index.update(["wiki/entities/a.md", "wiki/entities/beta.md"])
        _stored_matches_resolution(index)


def _dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    conn = sqlite3.connect(path)
    try:
        tables = ["notes", "chunks", "names", "links", "facts"]
        out = {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in tables}
        out["fts"] = sorted(conn.execute("SELECT rowid, * FROM notes_fts").fetchall(), key=repr)
        return out
    finally:
        conn.close()


def test_parallel_scan_writes_what_a_serial_scan_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    info = generate_corpus(tmp_path / "brain", 300, seed=5)
    monkeypatch.setattr(scan, "PARALLEL_MIN_FILES", 10**9)
    with BrainIndex(info.root, db_path=tmp_path / "serial.sqlite") as index:
        index.scan()
        _stored_matches_resolution(index)
    monkeypatch.setattr(scan, "PARALLEL_MIN_FILES", 1)
    monkeypatch.setattr(scan, "TASK_SIZE", 7)
    monkeypatch.setattr(scan, "_workers", lambda total: 2)
    with BrainIndex(info.root, db_path=tmp_path / "parallel.sqlite") as index:
        report = index.scan()
        assert len(report.added) == info.notes
        _stored_matches_resolution(index)
    assert _dump(tmp_path / "serial.sqlite") == _dump(tmp_path / "parallel.sqlite")


def test_an_edited_note_keeps_its_rowid_and_new_notes_never_collide(brain: WriteNotes) -> None:
    root = brain(
        {
            "wiki/entities/a.md": NOTE.format(title="Alfa", extra="", body="liga [[Beta]]"),
            "wiki/entities/b.md": NOTE.format(title="Beta", extra="", body="liga [[Alfa]]"),
        }
    )
    with BrainIndex(root) as index:
        index.scan()
        rowids = {r["path"]: r["rowid"] for r in index._db.query("SELECT rowid, path FROM notes")}
        last = max(rowids, key=rowids.__getitem__)
        # Edit the note with the highest rowid and add one in the same update.
        (root / last).write_text(NOTE.format(title="Beta" if "b.md" in last else "Alfa", extra="", body="[[Gama]]"))
        (root / "wiki/entities/c.md").write_text(NOTE.format(title="Gama", extra="", body="nada"), encoding="utf-8")
        report = index.update([last, "wiki/entities/c.md"])
        assert report.updated == [last] and report.added == ["wiki/entities/c.md"]
        after = {r["path"]: r["rowid"] for r in index._db.query("SELECT rowid, path FROM notes")}
        assert after[last] == rowids[last]
        assert after["wiki/entities/c.md"] > max(rowids.values())
        _stored_matches_resolution(index)
        assert [lk.path for lk in index.outgoing_links(last)] == ["wiki/entities/c.md"]


def test_a_build_stopped_half_way_is_finished_by_the_next_scan(brain: WriteNotes) -> None:
    root = brain(
        {
            "wiki/entities/a.md": NOTE.format(title="Alfa", extra="", body="liga [[Beta]]"),
            "wiki/entities/b.md": NOTE.format(title="Beta", extra="", body="liga [[Alfa]]"),
        }
    )
    with BrainIndex(root) as index:
        index.scan()
        db = index._db
        # What a fresh build leaves behind when it stops before its last step.
        with db.write():
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('unresolved', '1')")
            db.execute("UPDATE links SET dst = NULL")
            for name in scan.BULK_INDEXES:
                db.execute(f"DROP INDEX IF EXISTS {name}")
        (root / "wiki/entities/c.md").write_text(NOTE.format(title="Gama", extra="", body="[[Alfa]]"), "utf-8")
        index.scan()
        indexes = {r["name"] for r in db.query("SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert set(scan.BULK_INDEXES) <= indexes
        assert db.scalar("SELECT value FROM meta WHERE key = 'unresolved'") is None
        _stored_matches_resolution(index)
        assert sorted(b.path for b in index.backlinks("wiki/entities/a.md")) == [
            "wiki/entities/b.md",
            "wiki/entities/c.md",
        ]


def _plain_is_note_file(path: str) -> bool:
    parts = path.split("/")
    if len(parts) < 2 or parts[0] not in NOTE_ROOTS:
        return False
    if any(part.startswith(".") or not part for part in parts):
        return False
    return parts[-1].lower().endswith(".md") and not _plain_is_control_file(path)


def _plain_is_control_file(path: str) -> bool:
    name = PurePosixPath(path).name.lower()
    return name in CONTROL_FILES or name.endswith((".instructions.md", ".mdc"))


_PATH_PIECES = st.sampled_from(
    ["memory", "wiki", "raw", "docs", "", ".", "..", ".git", "a", "x.md", "X.MD", "AGENTS.md", "readme.MD",
     "regra.instructions.md", "r.mdc", "log.md", "nota.md.bak", "\\", "a b.md", "ção.md"]
)  # fmt: skip


@given(st.lists(_PATH_PIECES, min_size=0, max_size=5).map("/".join))
@settings(max_examples=400, deadline=None)
def test_note_file_and_control_file_checks_agree_with_the_plain_rules(path: str) -> None:
    # The walk asks both for every file of the brain: string tests instead of a pathlib object per path.
    assert is_control_file(path) is _plain_is_control_file(path)
    assert scan.is_note_file(path) is _plain_is_note_file(path)


def test_a_fresh_build_gives_contested_names_to_the_documented_note(brain: WriteNotes) -> None:
    # When several notes answer to one name, the link goes to a live note before an archived one, then to the
    # stronger kind of name (id, path, file name, title, alias), then to the shorter path, then to the first
    # path in order. A fresh build resolves every link at once (`resolve_all`); so does the scan that finishes
    # a build stopped half-way, over rowids that no longer follow the paths' order.
    root = brain(
        {
            "wiki/entities/links.md": NOTE.format(
                title="Ligações", extra="", body="[[Gama]] [[Delta]] [[Kappa]] [[Eco]] [[Zeta]] [[Ômega]]"
            ),
            "wiki/g.md": NOTE.format(title="Gama", extra="", body="curto: 9 caracteres, o outro 19"),
            "wiki/entities/g2.md": NOTE.format(title="Gama", extra="", body="longo"),
            "memory/_archive/d1.md": NOTE.format(title="Delta", extra="", body="arquivada, caminho curto"),
            "wiki/entities/muito/mais/longo/d2.md": NOTE.format(title="Delta", extra="", body="viva"),
            "memory/_archive/kappa.md": NOTE.format(title="Outro", extra="", body="arquivada, nome do arquivo"),
            "wiki/k.md": NOTE.format(title="Kappa", extra="", body="viva, título"),
            "wiki/e1.md": NOTE.format(title="E um", extra="aliases: [Eco]\n", body="apelido"),
            "wiki/entities/e2.md": NOTE.format(title="Eco", extra="", body="título"),
            "wiki/b/z1.md": NOTE.format(title="Zeta", extra="", body="b"),
            "wiki/o.md": NOTE.format(title="Ômega", extra="", body="título, caminho curto"),
            "wiki/entities/omega.md": NOTE.format(title="Algo", extra="", body="nome do arquivo"),
        }
    )
    expected = [
        ("Gama", "wiki/g.md"),
        ("Delta", "wiki/entities/muito/mais/longo/d2.md"),
        ("Kappa", "wiki/k.md"),
        ("Eco", "wiki/entities/e2.md"),
        ("Zeta", "wiki/b/z1.md"),
        ("Ômega", "wiki/entities/omega.md"),
    ]
    with BrainIndex(root) as index:
        index.scan()  # the first scan of this brain: a fresh build
        assert [(lk.target, lk.path) for lk in index.outgoing_links("wiki/entities/links.md")] == expected
        _stored_matches_resolution(index)
        # A second Zeta, same path length, first in order, with a higher rowid than the one it takes over from.
        (root / "wiki/a").mkdir()
        (root / "wiki/a/z1.md").write_text(NOTE.format(title="Zeta", extra="", body="a"), encoding="utf-8")
        index.scan()
        db = index._db
        with db.write():
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('unresolved', '1')")
            db.execute("UPDATE links SET dst = NULL")
        index.scan()
        expected[4] = ("Zeta", "wiki/a/z1.md")
        assert [(lk.target, lk.path) for lk in index.outgoing_links("wiki/entities/links.md")] == expected
        _stored_matches_resolution(index)
