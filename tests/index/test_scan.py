"""Keeping the index in step with the folder, and rebuilding it silently when the file is bad."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from cabecao_index import INDEX_SCHEMA_VERSION, BrainIndex

from .conftest import WriteNotes

NOTE = "---\ntype: gotcha\ntitle: {title}\n---\n{body}\n"


def _paths(index: BrainIndex, query: str) -> list[str]:
    return [h.path for h in index.search(query).hits]


def test_first_question_indexes_the_folder(brain: WriteNotes) -> None:
    root = brain({"memory/gotchas/a.md": NOTE.format(title="A", body="girafa")})
    with BrainIndex(root) as index:
        assert _paths(index, "girafa") == ["memory/gotchas/a.md"]
        assert (root / ".cabecao" / "index.sqlite").is_file()


def test_edit_rename_delete_and_archive_outside_are_picked_up(brain: WriteNotes) -> None:
    root = brain(
        {
            "memory/gotchas/editar.md": NOTE.format(title="Editar", body="girafa"),
            "memory/gotchas/mover.md": NOTE.format(title="Mover", body="elefante"),
            "memory/gotchas/apagar.md": NOTE.format(title="Apagar", body="hipopotamo"),
            "memory/gotchas/arquivar.md": NOTE.format(title="Arquivar", body="rinoceronte"),
        }
    )
    index = BrainIndex(root)
    first = index.scan()
    assert len(first.added) == 4
    (root / "memory/gotchas/editar.md").write_text(NOTE.format(title="Editar", body="zebra"), encoding="utf-8")
    (root / "memory/gotchas/mover.md").rename(root / "memory/gotchas/movida.md")
    (root / "memory/gotchas/apagar.md").unlink()
    (root / "memory/_archive/memory/gotchas").mkdir(parents=True)
    shutil.move(root / "memory/gotchas/arquivar.md", root / "memory/_archive/memory/gotchas/arquivar.md")
    report = index.scan()
    assert sorted(report.added) == ["memory/_archive/memory/gotchas/arquivar.md", "memory/gotchas/movida.md"]
    assert report.updated == ["memory/gotchas/editar.md"]
    assert sorted(report.removed) == [
        "memory/gotchas/apagar.md",
        "memory/gotchas/arquivar.md",
        "memory/gotchas/mover.md",
    ]
    assert _paths(index, "zebra") == ["memory/gotchas/editar.md"]
    assert _paths(index, "girafa") == []
    assert _paths(index, "elefante") == ["memory/gotchas/movida.md"]
    assert _paths(index, "hipopotamo") == []
    assert _paths(index, "rinoceronte") == []  # archived: readable, never searched
    assert index.note(path="memory/_archive/memory/gotchas/arquivar.md").archived
    again = index.scan()
    assert not again.changed and again.unchanged == 3
    index.close()


def test_touched_but_unchanged_files_are_not_reparsed(brain: WriteNotes) -> None:
    root = brain({"memory/gotchas/a.md": NOTE.format(title="A", body="girafa")})
    with BrainIndex(root) as index:
        index.scan()
        os.utime(root / "memory/gotchas/a.md", ns=(1, 1))
        report = index.scan()
        assert (report.updated, report.unchanged) == ([], 1)


def test_update_only_the_touched_paths(brain: WriteNotes) -> None:
    root = brain({"memory/gotchas/a.md": NOTE.format(title="A", body="girafa")})
    with BrainIndex(root) as index:
        index.scan()
        (root / "memory/gotchas/a.md").rename(root / "memory/gotchas/b.md")
        (root / "memory/gotchas/c.md").write_text(NOTE.format(title="C", body="girafa"), encoding="utf-8")
        report = index.update(["memory/gotchas/a.md", "memory/gotchas/b.md", "./memory/gotchas/c.md", "../fora.md"])
        assert (sorted(report.added), report.removed) == (
            ["memory/gotchas/b.md", "memory/gotchas/c.md"],
            ["memory/gotchas/a.md"],
        )
        assert sorted(_paths(index, "girafa")) == ["memory/gotchas/b.md", "memory/gotchas/c.md"]


def test_links_repair_when_the_target_appears(brain: WriteNotes) -> None:
    root = brain({"wiki/a.md": "liga [[Futura]]\n"})
    with BrainIndex(root) as index:
        assert index.outgoing_links("wiki/a.md")[0].broken
        (root / "wiki/futura.md").write_text("---\ntitle: Futura\n---\nolá\n", encoding="utf-8")
        index.update(["wiki/futura.md"])
        link = index.outgoing_links("wiki/a.md")[0]
        assert (link.broken, link.path) == (False, "wiki/futura.md")


def test_what_is_not_a_note_is_skipped(brain: WriteNotes) -> None:
    root = brain(
        {
            "wiki/ok.md": "girafa\n",
            "wiki/AGENTS.md": "girafa\n",
            "wiki/.oculta.md": "girafa\n",
            "wiki/.obsidian/x.md": "girafa\n",
            "wiki/imagem.png": "girafa\n",
            "notas/fora.md": "girafa\n",
            "index.md": "girafa\n",
            "wiki/ok.conflict-maq-20261112-100000.md": "girafa\n",
        }
    )
    with BrainIndex(root) as index:
        assert _paths(index, "girafa") == ["wiki/ok.md"]
        assert index.conflict_copies() == [("wiki/ok.conflict-maq-20261112-100000.md", "wiki/ok.md")]


def test_damaged_file_is_rebuilt_silently(brain: WriteNotes) -> None:
    root = brain({"memory/gotchas/a.md": NOTE.format(title="A", body="girafa")})
    BrainIndex(root).close()
    db_file = root / ".cabecao" / "index.sqlite"
    db_file.write_bytes(b"isto nao e um banco sqlite" * 100)
    with BrainIndex(root) as index:
        assert _paths(index, "girafa") == ["memory/gotchas/a.md"]


def test_damage_found_after_opening_is_rebuilt_silently(brain: WriteNotes) -> None:
    notes = {
        f"memory/gotchas/n{i}.md": NOTE.format(title=f"N{i}", body="palavra " * 200 + f"girafa{i}") for i in range(60)
    }
    root = brain(notes)
    with BrainIndex(root) as first:
        first.scan()
    db_file = root / ".cabecao" / "index.sqlite"
    assert not Path(f"{db_file}-wal").exists()  # the last connection checkpointed everything into the file
    size = db_file.stat().st_size
    with open(db_file, "r+b") as handle:  # the schema pages survive, the data pages do not
        handle.seek(size // 2)
        handle.write(b"\xff" * (size - size // 2))
    index = BrainIndex(root)
    assert index.search("girafa59").hits[0].path == "memory/gotchas/n59.md"
    assert index.status().notes == 60
    index.close()


def test_old_schema_version_is_rebuilt_silently(brain: WriteNotes) -> None:
    root = brain({"memory/gotchas/a.md": NOTE.format(title="A", body="girafa")})
    db_file = root / ".cabecao" / "index.sqlite"
    db_file.parent.mkdir()
    conn = sqlite3.connect(db_file)
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    conn.execute("INSERT INTO meta VALUES ('fingerprint', '{\"version\": 0}')")
    conn.execute("CREATE TABLE notes (path TEXT)")
    conn.execute("CREATE TABLE leftovers (x)")
    conn.commit()
    conn.close()
    with BrainIndex(root) as index:
        assert _paths(index, "girafa") == ["memory/gotchas/a.md"]
        assert index.status().schema_version == INDEX_SCHEMA_VERSION


def test_two_handles_on_one_file_see_each_others_writes(brain: WriteNotes) -> None:
    root = brain({"memory/gotchas/a.md": NOTE.format(title="A", body="girafa")})
    writer, reader = BrainIndex(root), BrainIndex(root)
    writer.scan()
    assert _paths(reader, "girafa") == ["memory/gotchas/a.md"]
    (root / "memory/gotchas/b.md").write_text(NOTE.format(title="B", body="girafa"), encoding="utf-8")
    writer.update(["memory/gotchas/b.md"])
    assert len(_paths(reader, "girafa")) == 2
    conn = sqlite3.connect(root / ".cabecao" / "index.sqlite")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    writer.close()
    reader.close()


def test_rebuild_reports_progress(sample_notes: Path) -> None:
    calls: list[tuple[int, int]] = []
    with BrainIndex(sample_notes) as index:
        report = index.rebuild(progress=lambda done, total: calls.append((done, total)))
        assert report.rebuilt and calls[0] == (0, len(report.added)) and calls[-1][0] == calls[-1][1]


def test_a_frontmatter_value_yaml_cannot_build_is_a_lint_finding_not_a_failed_scan(brain: WriteNotes) -> None:
    # libyaml reads these, but no value can be built from them: each note alone used to stop the whole scan.
    bad = {
        "memory/gotchas/data.md": "---\ntype: gotcha\ntitle: Data\ncreated: 2025-13-45\n---\ngirafa\n",
        "memory/gotchas/marca.md": "---\ntype: gotcha\ntitle: Marca\nx: !!int 0x_\n---\ngirafa\n",
        "memory/gotchas/ancora.md": "---\ntype: gotcha\ntitle: Ancora\nx: &a [*a]\n---\ngirafa\n",
    }
    root = brain({**bad, "memory/gotchas/boa.md": NOTE.format(title="Boa", body="girafa")})
    with BrainIndex(root) as index:
        report = index.scan()
        assert sorted(report.added) == sorted([*bad, "memory/gotchas/boa.md"])
        assert sorted(_paths(index, "girafa")) == sorted([*bad, "memory/gotchas/boa.md"])
        findings = {f.path for f in index.lint().findings if f.rule == "invalid_frontmatter"}
        assert findings == set(bad)
        for path in bad:
            note = index.note(path=path)
            assert note is not None and note.frontmatter_error is not None, path


def test_a_yaml_set_is_stored_the_same_whatever_the_hash_seed() -> None:
    # `!!set` reads as a Python set, whose order follows string hashing (random per process): two servers
    # would otherwise store different text for one unchanged note.
    script = (
        "from cabecao_index._extract import frontmatter_json\n"
        "from cabecao_schema import parse_yaml_mapping\n"
        "print(frontmatter_json(parse_yaml_mapping('x: !!set {zeta, alfa, mu, beta, omega, kappa}')))\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in range(5)
    }
    assert len(outputs) == 1
    assert json.loads(outputs.pop()) == {"x": ["alfa", "beta", "kappa", "mu", "omega", "zeta"]}
