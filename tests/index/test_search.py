"""Keyword search on the sample brain and on small brains made for each case."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cabecao_index import BrainIndex
from cabecao_schema import CabecaoError, ErrorCode

from .conftest import WriteNotes

TODAY = "2026-11-13"


def test_reference_example_all_terms(sample_index: BrainIndex) -> None:
    result = sample_index.search("respostas português", as_of=TODAY)
    assert result.mode == "and"
    assert result.terms == ["respostas", "português"]
    top = result.hits[0]
    assert top.path == "memory/preferences/respostas-em-portugues.md"
    assert (top.type, top.title, top.validity, top.trust, top.origin) == (
        "preference",
        "Respostas em português",
        "current",
        "high",
        "agent:claude-code",
    )
    assert top.content_kind == "snippet"
    assert top.content == (
        "Responda em «português» do Brasil. Mantenha termos técnicos e identificadores de código no original."
    )
    assert top.heading_path == ["Respostas em português"]
    assert top.id == "01KR2K2ER8WSC66YEXP487Q72D"
    assert top.score > 0


@pytest.mark.parametrize("query", ["portugues", "PORTUGUÊS", "português", "Portugués"])
def test_accents_and_case_are_folded(sample_index: BrainIndex, query: str) -> None:
    paths = [h.path for h in sample_index.search(query, as_of=TODAY).hits]
    assert "memory/preferences/respostas-em-portugues.md" in paths


def test_decisao_finds_decisao_with_accents(brain: WriteNotes) -> None:
    root = brain({"memory/decisions/d.md": "---\ntype: decision\ntitle: Decisão sobre filas\n---\nTexto.\n"})
    with BrainIndex(root) as index:
        assert [h.path for h in index.search("decisao").hits] == ["memory/decisions/d.md"]


def test_any_term_when_no_note_has_all(sample_index: BrainIndex) -> None:
    result = sample_index.search("rabbitmq xyzzyinexistente", as_of=TODAY)
    assert result.mode == "or"
    assert result.hits and all("rabbitmq" in (h.title + h.content).lower() or h.path for h in result.hits)


def test_none_when_nothing_matches(sample_index: BrainIndex) -> None:
    result = sample_index.search("xyzzy plugh", as_of=TODAY)
    assert (result.mode, result.hits, result.related) == ("none", [], [])


def test_query_syntax_is_never_fts_syntax(sample_index: BrainIndex) -> None:
    result = sample_index.search('português "do NEAR( OR * -', as_of=TODAY)
    assert result.mode in ("and", "or")


def test_types_filter(sample_index: BrainIndex) -> None:
    hits = sample_index.search("SQS", types=["fact"], as_of=TODAY).hits
    assert hits and {h.type for h in hits} == {"fact"}


def test_scope_filters(brain: WriteNotes) -> None:
    root = brain(
        {
            "memory/gotchas/g.md": "---\ntype: gotcha\ntitle: Fila global\nscope: global\n---\nfila lenta\n",
            "memory/gotchas/a.md": "---\ntype: gotcha\ntitle: Fila atlas\nscope: project:atlas\n---\nfila lenta\n",
            "memory/gotchas/b.md": "---\ntype: gotcha\ntitle: Fila boreal\nscope: project:boreal\n---\nfila lenta\n",
        }
    )
    with BrainIndex(root) as index:

        def paths(scope: str | None) -> set[str]:
            return {h.path for h in index.search("fila lenta", scope=scope).hits}

        assert paths("project:atlas") == {"memory/gotchas/g.md", "memory/gotchas/a.md"}
        assert paths("global") == {"memory/gotchas/g.md"}
        assert len(paths(None)) == 3


def test_validity_on_a_past_date_is_marked_not_hidden(sample_index: BrainIndex) -> None:
    before = {h.path: h.validity for h in sample_index.search("uses_queue", types=["fact"], as_of="2026-03-01").hits}
    assert before["memory/facts/fato-atlas-usa-rabbitmq.md"] == "current"
    assert before["memory/facts/fato-atlas-usa-sqs.md"] == "not_yet_valid"
    after = {h.path: h.validity for h in sample_index.search("uses_queue", types=["fact"], as_of=TODAY).hits}
    assert after["memory/facts/fato-atlas-usa-rabbitmq.md"] == "expired"
    assert after["memory/facts/fato-atlas-usa-sqs.md"] == "current"


def test_archived_notes_never_appear(brain: WriteNotes) -> None:
    root = brain(
        {
            "memory/gotchas/viva.md": "---\ntype: gotcha\ntitle: Viva\n---\nzebra listrada\n",
            "memory/_archive/memory/gotchas/morta.md": "---\ntype: gotcha\ntitle: Morta\n---\nzebra listrada\n",
        }
    )
    with BrainIndex(root) as index:
        assert [h.path for h in index.search("zebra").hits] == ["memory/gotchas/viva.md"]
        assert index.note(path="memory/_archive/memory/gotchas/morta.md").archived is True


def test_title_weighs_more_than_body(brain: WriteNotes) -> None:
    root = brain(
        {
            "wiki/concepts/body.md": (
                "---\ntype: concept\ntitle: Outra coisa\n---\nfala de backoff uma vez entre muitas palavras\n"
            ),
            "wiki/concepts/title.md": "---\ntype: concept\ntitle: Backoff\n---\nnada mais aqui entre muitas palavras\n",
        }
    )
    with BrainIndex(root) as index:
        assert [h.path for h in index.search("backoff").hits] == ["wiki/concepts/title.md", "wiki/concepts/body.md"]


def test_aliases_and_tags_are_searched(brain: WriteNotes) -> None:
    root = brain(
        {
            "wiki/entities/e.md": "---\ntype: entity\ntitle: Entidade\naliases: [Zebrinha]\n---\nnada\n",
            "wiki/entities/t.md": "---\ntype: entity\ntitle: Outra\ntags: [listrada]\n---\nnada\n",
        }
    )
    with BrainIndex(root) as index:
        assert [h.path for h in index.search("zebrinha").hits] == ["wiki/entities/e.md"]
        assert [h.path for h in index.search("listrada").hits] == ["wiki/entities/t.md"]


def test_a_highlight_never_breaks_a_wikilink(brain: WriteNotes) -> None:
    """FTS5 marks the matched words; inside `[[...]]` the marks would break the link for a reader (`[[«Kafka»]]`
    is no link): a link with a match is highlighted whole, its `!` (an embed) included; one the snippet cuts is
    left unmarked."""
    long_link = " ".join(f"palavra{n}" for n in range(40))
    root = brain(
        {
            "wiki/concepts/a.md": "---\ntype: concept\ntitle: Um\n---\n"
            "O consumidor lê do [[SQS]] e o [[Projeto Atlas|Atlas]] desenha ![[diagrama-kafka.png]]; o Kafka "
            "ficou de fora.\n",
            "wiki/concepts/b.md": f"---\ntype: concept\ntitle: Dois\n---\nVeja [[Zeppelin {long_link}]] depois.\n",
        }
    )
    with BrainIndex(root) as index:
        (kafka,) = index.search("kafka").hits
        assert kafka.content == (
            "O consumidor lê do [[SQS]] e o [[Projeto Atlas|Atlas]] desenha «![[diagrama-kafka.png]]»; o «Kafka» "
            "ficou de fora."
        )
        (atlas,) = index.search("atlas").hits
        assert "o «[[Projeto Atlas|Atlas]]» desenha" in atlas.content
        (cut,) = index.search("zeppelin").hits
        assert cut.content.startswith("Veja [[Zeppelin palavra0 ") and cut.content.endswith("…"), cut.content
        assert "«" not in cut.content and "»" not in cut.content


def test_no_highlight_inside_a_link_of_the_sample_brain(sample_index: BrainIndex) -> None:
    contents = [hit.content for query in ("atlas", "sqs", "filas", "kafka") for hit in sample_index.search(query).hits]
    assert any("«[[" in content for content in contents)  # the case this test is about happens here
    for content in contents:
        assert not re.search(r"\[\[[^\]]*[«»]", content), content


def test_heading_path_and_section_content(sample_index: BrainIndex) -> None:
    result = sample_index.search("credenciais Secrets Manager", content="section", as_of=TODAY)
    hit = next(h for h in result.hits if h.path == "wiki/entities/Projeto Atlas.md")
    assert hit.heading_path == ["Projeto Atlas", "Segurança"]
    assert hit.content_kind == "section"
    assert hit.content.startswith("## Segurança")
    assert "Arquitetura" not in hit.content


def test_full_content(sample_index: BrainIndex) -> None:
    hit = sample_index.search("respostas português", content="full", as_of=TODAY).hits[0]
    assert hit.content_kind == "full"
    assert hit.content == sample_index.note(path=hit.path).content


def test_limit_and_budget(sample_index: BrainIndex) -> None:
    assert len(sample_index.search("Atlas", limit=2, as_of=TODAY).hits) == 2
    small = sample_index.search("Atlas", limit=10, budget_tokens=80, as_of=TODAY)
    assert small.truncated is True
    assert len(small.hits) == 1 and small.omitted > 0
    assert (len(small.hits[0].content) + len(small.hits[0].title) + len(small.hits[0].path) + 160) // 4 <= 80


def test_related_lists_graph_neighbours_with_reasons(sample_index: BrainIndex) -> None:
    result = sample_index.search("leitura em lote", as_of=TODAY)
    assert result.hits[0].path == "memory/procedures/leitura-em-lote.md"
    related = {r.path: r for r in result.related}
    assert related, "the top hits link to other notes"
    assert not related.keys() & {h.path for h in result.hits}
    assert all(r.reasons and r.score > 0 for r in result.related)
    no_related = sample_index.search("leitura em lote", related=False, as_of=TODAY)
    assert no_related.related == []


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"scope": "projeto:x"}, ErrorCode.INVALID_ARGUMENT),
        ({"types": ["nota"]}, ErrorCode.INVALID_ARGUMENT),
        ({"limit": 0}, ErrorCode.INVALID_ARGUMENT),
        ({"limit": 101}, ErrorCode.INVALID_ARGUMENT),
        ({"as_of": "13/11/2026"}, ErrorCode.INVALID_ARGUMENT),
        ({"content": "tudo"}, ErrorCode.INVALID_ARGUMENT),
    ],
)
def test_invalid_arguments(sample_index: BrainIndex, kwargs: dict[str, object], code: ErrorCode) -> None:
    with pytest.raises(CabecaoError) as caught:
        sample_index.search("Atlas", **kwargs)  # type: ignore[arg-type]
    assert caught.value.code == code


def test_a_folder_that_is_not_a_brain_still_works(tmp_path: Path) -> None:
    (tmp_path / "wiki").mkdir()
    (tmp_path / "wiki" / "solta.md").write_text("Uma nota sem frontmatter sobre zebras.\n", encoding="utf-8")
    with BrainIndex(tmp_path) as index:
        hit = index.search("zebras").hits[0]
        assert (hit.path, hit.title, hit.type, hit.scope) == ("wiki/solta.md", "solta", None, "global")
