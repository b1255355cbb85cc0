"""The index.md catalogue, status figures, note lookups and the public surface."""

from __future__ import annotations

import cabecao_index
import pytest
from cabecao_index import BrainIndex
from cabecao_schema import CabecaoError, ErrorCode

from .conftest import WriteNotes


def test_catalog_lists_live_notes_by_folder(sample_index: BrainIndex) -> None:
    text = sample_index.render_catalog()
    assert text.startswith("# Índice do cérebro\n")
    assert "## Regras (memory/rules/)" in text
    assert text.index("## Regras") < text.index("## Preferências") < text.index("## Entidades")
    assert (
        "- [[memory/preferences/respostas-em-portugues|Respostas em português]] — Responda em português do Brasil."
        in text
    )
    notes = sample_index.status().notes
    assert text.count("\n- [[") == notes


def test_status_figures(sample_index: BrainIndex) -> None:
    status = sample_index.status()
    assert status.notes == 29 and status.archived == 0
    assert status.by_type["fact"] == 3
    assert status.facts == 3 and status.chunks > status.notes and status.edges > 0
    assert status.broken_links == 0 and status.last_scan is not None


def test_note_lookup_by_path_and_id(sample_index: BrainIndex) -> None:
    by_path = sample_index.note(path="memory/facts/fato-atlas-usa-sqs.md", as_of="2026-03-01")
    by_id = sample_index.note(id="01KTZQJHX82Q9ZW0ZF69APQRF1", as_of="2026-03-01")
    assert by_path == by_id
    assert by_path.validity == "not_yet_valid"
    assert by_path.frontmatter["predicate"] == "uses_queue"
    assert by_path.content is not None and by_path.content.startswith("\n# Projeto Atlas uses_queue SQS")
    with pytest.raises(CabecaoError) as caught:
        sample_index.note(path="memory/nada.md")
    assert caught.value.code == ErrorCode.NOT_FOUND


def test_notes_for_recall(sample_index: BrainIndex) -> None:
    rules = sample_index.notes(types=["rule"], scope="project:atlas", validity=["current"], as_of="2026-11-13")
    assert [r.path for r in rules] == ["memory/rules/nunca-commitar-segredos.md"]
    handoffs = sample_index.notes(types=["handoff"], scope="project:atlas", validity=["current"], as_of="2026-11-13")
    assert handoffs and handoffs[0].path == "memory/handoffs/2026-11-10-atlas-consumidores.md"
    later = sample_index.notes(types=["handoff"], validity=["current"], as_of="2027-06-01")
    assert later == []
    gotchas = sample_index.notes(folder="memory/gotchas", order="path")
    assert [g.path for g in gotchas] == sorted(g.path for g in gotchas) and len(gotchas) == 3


def test_resolve(sample_index: BrainIndex) -> None:
    found = sample_index.resolve("Atlas")
    assert found is not None and (found.path, found.resolved_by) == ("wiki/entities/Projeto Atlas.md", "alias")
    assert sample_index.resolve("Ninguém") is None


def test_public_surface() -> None:
    assert cabecao_index.__version__
    for name in cabecao_index.__all__:
        assert hasattr(cabecao_index, name), name


def test_broken_links_follow_their_targets_coming_and_going(brain: WriteNotes) -> None:
    """`status` and lint count a link as broken while no note answers to its name, and stop when one does."""
    root = brain(
        {
            "wiki/concepts/A.md": """
                ---
                type: concept
                related_to: Sem Colchetes
                ---
                Veja [[Ninguém]], [[B]] e [[B#Parte]].
                """,
            "wiki/concepts/B.md": "---\ntype: concept\n---\nTexto de B.\n",
            "raw/articles/fonte.md": "Cita [[Fantasma]].\n",  # raw sources are not checked
            "memory/_archive/velha.md": "---\ntype: concept\n---\nCita [[Fantasma]].\n",  # nor archived notes
        }
    )

    def broken(index: BrainIndex) -> tuple[int, list[tuple[str, int | None, str]]]:
        found = index.lint(rules=["broken_link"]).findings
        return index.status().broken_links, [(f.path, f.line, f.message) for f in found]

    with BrainIndex(root) as index:
        index.scan()
        count, findings = broken(index)
        assert count == 2 and [(path, line) for path, line, _ in findings] == [
            ("wiki/concepts/A.md", 3),  # a relation names its target with or without [[ ]]
            ("wiki/concepts/A.md", 5),
        ]
        assert "[[Sem Colchetes]]" in findings[0][2] and "[[Ninguém]]" in findings[1][2]
        (root / "wiki/entities").mkdir()
        (root / "wiki/entities/Ninguém.md").write_text("---\ntype: entity\n---\nAlguém, afinal.\n", encoding="utf-8")
        index.update(["wiki/entities/Ninguém.md"])
        assert broken(index)[0] == 1
        (root / "wiki/concepts/B.md").unlink()
        index.scan()
        count, findings = broken(index)
        assert count == 3 and sum("[[B]]" in message for _, _, message in findings) == 2  # [[B]] and [[B#Parte]]
        (root / "wiki/concepts/B.md").write_text("---\ntype: concept\n---\nDe volta.\n", encoding="utf-8")
        index.scan()
        count, findings = broken(index)
        assert count == 1 and "[[Sem Colchetes]]" in findings[0][2]
