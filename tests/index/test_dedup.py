"""Duplicate detection for `remember`: the pure rule with the reference's examples, then on the sample brain."""

from __future__ import annotations

from itertools import combinations

import pytest
from cabecao_index import DEDUP_THRESHOLDS, BrainIndex, compare_texts

LOTE = "Os consumidores do Atlas leem do SQS em lotes de 10 mensagens por chamada, com espera longa de 20 segundos."


def test_thresholds_are_the_reference_values() -> None:
    t = DEDUP_THRESHOLDS
    assert (t.min_terms, t.same_jaccard, t.complement_growth) == (4, 0.9, 1.25)
    assert (t.ambiguous_min_shared, t.ambiguous_jaccard, t.ambiguous_containment, t.ambiguous_cosine) == (
        4,
        0.5,
        0.8,
        0.9,
    )


@pytest.mark.parametrize(
    ("new", "old", "verdict"),
    [
        (LOTE, LOTE, "same"),
        (LOTE.upper(), LOTE, "same"),
        (LOTE.replace("10", "25"), LOTE, "ambiguous"),
        (LOTE.replace("leem do SQS", "não leem do SQS"), LOTE, "ambiguous"),
        (LOTE + " Cada lote é confirmado ao fim do processamento, apagando as mensagens tratadas.", LOTE, "complement"),
        ("Os consumidores do Atlas leem do SQS em lotes de 10 mensagens.", LOTE, "ambiguous"),  # 20 is gone
        ("Consumidores do Atlas leem do SQS em lotes de 10 mensagens, espera de 20 segundos.", LOTE, "same"),
        ("Use SQS", "use sqs", "same"),
        ("Use SQS", "Use Kafka", "different"),
        ("Prefira respostas curtas com exemplo de código.", LOTE, "different"),
    ],
)
def test_rule(new: str, old: str, verdict: str) -> None:
    assert compare_texts(new, old).verdict == verdict


def test_correction_reason_is_the_reference_text() -> None:
    result = compare_texts(LOTE.replace("10", "25"), LOTE)
    assert result.reason == "parecidas, com um número ou uma negação diferente (pode ser uma correção)"
    assert 0.5 <= result.similarity < 0.9


def test_a_number_on_one_side_is_never_same_nor_complement() -> None:
    longer = LOTE + " Em dezembro passa para 3 consumidores por fila, com lotes maiores e espera menor que antes."
    assert compare_texts(longer, LOTE).verdict == "ambiguous"


def test_cosine_alone_makes_ambiguous() -> None:
    assert compare_texts("Prefira respostas curtas.", LOTE, cosine=0.93).verdict == "ambiguous"


def test_sample_brain_pairs_and_saved_again(sample_index: BrainIndex) -> None:
    notes = sample_index.notes(content=True)
    assert len(notes) > 20
    groups: dict[tuple[str | None, str], list[str]] = {}
    for note in notes:
        groups.setdefault((note.type, note.scope), []).append(note.content or "")
    for members in groups.values():
        for a, b in combinations(members, 2):
            assert compare_texts(a, b).verdict not in ("same", "complement")
            assert compare_texts(b, a).verdict not in ("same", "complement")
    for note in notes:
        if note.type is None:
            continue
        candidates = sample_index.duplicates(note.content or "", type=note.type, scope=note.scope, title=note.title)
        assert candidates[0].path == note.path and candidates[0].verdict == "same", note.path


def test_duplicates_for_the_lote_correction(sample_index: BrainIndex) -> None:
    candidates = sample_index.duplicates(LOTE.replace("10", "25"), type="procedure", scope="project:atlas")
    top = candidates[0]
    assert (top.path, top.verdict, top.title) == (
        "memory/procedures/leitura-em-lote.md",
        "ambiguous",
        "Leitura em lote",
    )
    assert top.content == LOTE
    assert sample_index.duplicates(LOTE, type="procedure", scope="global") == []


def _gotcha(note_type: str, scope: str) -> str:
    return f"---\ntype: {note_type}\nscope: {scope}\ntitle: Lotes do Atlas\n---\n{LOTE}\n"


def test_candidates_follow_type_scope_and_archive_through_edits(brain) -> None:  # type: ignore[no-untyped-def]
    root = brain({"memory/procedures/lote.md": _gotcha("procedure", "project:atlas")})
    with BrainIndex(root) as index:
        index.scan()

        def paths(note_type: str, scope: str) -> list[str]:
            return [c.path for c in index.duplicates(LOTE, type=note_type, scope=scope)]

        assert paths("procedure", "project:atlas") == ["memory/procedures/lote.md"]
        assert paths("procedure", "global") == paths("gotcha", "project:atlas") == []

        (root / "memory/procedures/lote.md").write_text(_gotcha("gotcha", "global"), encoding="utf-8")
        index.update(["memory/procedures/lote.md"])
        assert paths("gotcha", "global") == ["memory/procedures/lote.md"]
        assert paths("procedure", "project:atlas") == []

        archived = root / "memory/_archive/procedures/lote.md"
        archived.parent.mkdir(parents=True)
        (root / "memory/procedures/lote.md").rename(archived)
        index.scan()
        assert paths("gotcha", "global") == []


def test_the_facet_column_is_never_matched_by_a_search(brain) -> None:  # type: ignore[no-untyped-def]
    from cabecao_index._facets import facet_token

    root = brain({"memory/procedures/lote.md": _gotcha("procedure", "project:atlas")})
    with BrainIndex(root) as index:
        index.scan()
        token = facet_token("procedure", "project:atlas")
        assert index.search(token).hits == []
        assert [h.path for h in index.search("lotes mensagens").hits] == ["memory/procedures/lote.md"]
