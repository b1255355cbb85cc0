from __future__ import annotations

import json
import stat
import subprocess
from pathlib import Path

import pytest
from cabecao_schema import SCHEMA_VERSION, CabecaoError, ErrorCode, new_ulid, parse_document
from cabecao_store import FOLDERS, FileChange, Store, count_notes, init_brain, note_files

from . import gitcli


def test_init_creates_a_committed_brain_on_main(tmp_path: Path) -> None:
    root = tmp_path / "cerebro"
    result = init_brain(root)
    assert result.created
    assert gitcli.git(root, "branch", "--show-current").strip() == "main"
    assert gitcli.status(root) == ""
    assert gitcli.commit_count(root) == 1
    config = json.loads((root / ".cabecao.json").read_text(encoding="utf-8"))
    assert config["schema_version"] == SCHEMA_VERSION
    assert ".cabecao/" in (root / ".gitignore").read_text(encoding="utf-8")
    assert "memory/rules/" in (root / "AGENTS.md").read_text(encoding="utf-8")
    assert (root / "log.md").exists()
    for folder in FOLDERS:
        assert (root / folder).is_dir(), folder
    tracked = gitcli.git(root, "ls-files").split()
    assert ".cabecao.json" in tracked and "AGENTS.md" in tracked and "log.md" in tracked
    assert not any(p.startswith(".cabecao/") for p in tracked)
    key = root / ".cabecao" / "confirm.key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert len(key.read_bytes()) == 32
    trailers = gitcli.trailers(root)
    assert set(trailers) >= {"Cabecao-Op", "Cabecao-Session", "Cabecao-Client"}
    assert trailers["Cabecao-Client"] == "cli"


def test_init_works_without_any_git_identity(tmp_path: Path) -> None:
    # The autouse fixture hides every git config; the CLI confirms there is no identity to borrow.
    with pytest.raises(subprocess.CalledProcessError):
        gitcli.git(tmp_path, "config", "user.name")
    root = tmp_path / "b"
    init_brain(root)
    author = gitcli.git(root, "log", "-1", "--format=%an <%ae>").strip()
    assert author == "Cabeção <cabecao@localhost>"


def test_a_new_brain_keeps_a_version_4_git_index_that_git_reads(tmp_path: Path) -> None:
    root = tmp_path / "b"
    init_brain(root)
    store = Store.open(root)
    for round_ in range(3):  # written by libgit2 on every write: the version must survive rewrites
        store.write(
            [FileChange(f"wiki/concepts/nota-{round_}-{i}.md", f"# Nota {round_} {i}\n") for i in range(20)],
            summary=f"lote {round_}",
            session=new_ulid(),
            client="cli",
        )
    header = (root / ".git" / "index").read_bytes()[:8]
    assert header == b"DIRC" + (4).to_bytes(4, "big")
    assert gitcli.git(root, "config", "index.version").strip() == "4"
    # git itself reads every entry back (paths are prefix-compressed in version 4) and finds nothing changed.
    tracked = gitcli.git(root, "ls-files").split()
    assert {f"wiki/concepts/nota-{r}-{i}.md" for r in range(3) for i in range(20)} <= set(tracked)
    assert gitcli.status(root) == ""
    assert gitcli.git(root, "fsck", "--no-progress", "--strict") == ""
    assert gitcli.git(root, "diff", "--cached", "--name-only") == ""


def test_init_refuses_a_non_empty_folder_that_is_not_a_brain(tmp_path: Path) -> None:
    root = tmp_path / "projeto"
    root.mkdir()
    (root / "notas.txt").write_text("minhas coisas", encoding="utf-8")
    with pytest.raises(CabecaoError) as info:
        init_brain(root)
    assert info.value.code == ErrorCode.NOT_A_BRAIN
    assert info.value.next_step
    assert sorted(p.name for p in root.iterdir()) == ["notas.txt"]


def test_init_on_an_existing_brain_changes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "b"
    init_brain(root)
    before = gitcli.head(root)
    again = init_brain(root, sample=True)
    assert not again.created
    assert gitcli.head(root) == before


def test_sample_brain_has_the_reference_notes(tmp_path: Path) -> None:
    root = tmp_path / "exemplo"
    init_brain(root, sample=True)
    counts = count_notes(root)
    assert counts.total >= 20
    files = set(note_files(root))
    for path in (
        "wiki/entities/Projeto Atlas.md",
        "memory/facts/fato-atlas-usa-rabbitmq.md",
        "memory/facts/fato-atlas-usa-sqs.md",
        "memory/preferences/respostas-em-portugues.md",
        "memory/rules/nunca-commitar-segredos.md",
        "memory/procedures/leitura-em-lote.md",
        "wiki/entities/SQS.md",
        "wiki/concepts/Idempotência.md",
        "memory/gotchas/consumidor-novo-sem-idempotencia.md",
        "memory/handoffs/2026-11-10-atlas-consumidores.md",
    ):
        assert path in files, path
    assert len([f for f in files if f.startswith("memory/episodes/")]) == 2
    assert len([f for f in files if f.startswith("raw/articles/")]) == 1
    sqs = parse_document((root / "memory/facts/fato-atlas-usa-sqs.md").read_text(encoding="utf-8")).frontmatter
    assert sqs["predicate"] == "uses_queue"
    assert str(sqs["valid_from"]) == "2026-05-03"
    assert gitcli.status(root) == ""
    assert gitcli.git(root, "fsck", "--no-progress") == ""


def test_open_reports_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(CabecaoError) as info:
        Store.open(tmp_path)
    assert info.value.code == ErrorCode.NOT_A_BRAIN
    (tmp_path / ".cabecao.json").write_text('{"schema_version": 1}', encoding="utf-8")
    with pytest.raises(CabecaoError) as info:
        Store.open(tmp_path)
    assert info.value.code == ErrorCode.NOT_A_REPOSITORY
    (tmp_path / ".cabecao.json").write_text('{"schema_version": 99}', encoding="utf-8")
    with pytest.raises(CabecaoError) as info:
        Store.open(tmp_path)
    assert info.value.code == ErrorCode.INVALID_CONFIG
