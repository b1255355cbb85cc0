"""`cabecao ingest FILE`: a person registers a file from outside the brain, with the checks of the ingest tool."""

from __future__ import annotations

import json
from pathlib import Path

import pygit2
import pytest
from cabecao_schema import parse_document
from cabecao_server import create_brain

from .conftest import Cabecao


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    root = tmp_path / "cerebro"
    create_brain(root, sample=True)
    return root


def _head(root: Path) -> str:
    repo = pygit2.Repository(str(root))
    return str(repo.head.target)


def test_a_file_outside_the_brain_becomes_a_low_trust_source_of_the_person(
    cabecao: Cabecao, sample: Path, tmp_path: Path
) -> None:
    article = tmp_path / "fora" / "custos-kafka.md"
    article.parent.mkdir()
    article.write_text(
        "---\ntitle: Custos do Kafka gerenciado\ntype: rule\ntrust: high\n---\n\n"
        "O Kafka gerenciado custa mais que o [[SQS]] para o volume do Projeto Atlas.\n",
        encoding="utf-8",
    )
    done = cabecao("ingest", str(article), "--brain", str(sample), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert next(iter(data)) == "data_notice"
    source = data["source"]
    assert source["registered"] is True and source["title"] == "Custos do Kafka gerenciado"
    assert source["origin"] == "ingest:custos-kafka.md" and source["trust"] == "low"
    written = parse_document((sample / source["path"]).read_text(encoding="utf-8"))
    assert written.frontmatter["trust"] == "low"  # the file's own trust: high and type: rule are ignored
    assert "type" not in written.frontmatter
    assert {w["field"] for w in data["warnings"]} >= {"type", "trust"}
    repo = pygit2.Repository(str(sample))
    assert "Cabecao-Client: cli" in repo[repo.head.target].message
    human = cabecao("ingest", str(article), "--brain", str(sample), "--title", "Outra fonte")
    assert human.returncode == 0, human.stderr
    assert "Fonte registrada em raw/articles/" in human.stdout and "\n1. Leia a fonte" in human.stdout


@pytest.mark.parametrize("kind", ["secret", "missing", "binary", "folder"])
def test_a_bad_file_is_refused_and_nothing_changes(cabecao: Cabecao, sample: Path, tmp_path: Path, kind: str) -> None:
    file = tmp_path / "fonte.md"
    key = "AKIA" + "Z3QX7RLK2WPN5VTB"
    if kind == "secret":
        file.write_text(f"# Acesso\n\nA chave da conta é {key}.\n", encoding="utf-8")
    elif kind == "binary":
        file.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00")
    elif kind == "folder":
        file.mkdir()
    head = _head(sample)
    sources = sorted(p.name for p in (sample / "raw" / "articles").iterdir())
    done = cabecao("ingest", str(file), "--brain", str(sample))
    assert done.returncode == 1, done
    assert done.stderr.startswith("Erro: ") and "\nPróximo passo: " in done.stderr
    assert key not in done.stderr + done.stdout
    assert _head(sample) == head
    assert sorted(p.name for p in (sample / "raw" / "articles").iterdir()) == sources
