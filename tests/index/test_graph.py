"""Graph neighbours with every kind of link, at depth 1 and 2."""

from __future__ import annotations

import pytest
from cabecao_index import BrainIndex
from cabecao_schema import CabecaoError, ErrorCode

from .conftest import WriteNotes

NOTES = {
    "wiki/entities/Centro.md": """
        ---
        id: 01KEKKQ9Y6YS3DNT2X14M3K3WZ
        type: entity
        title: Centro
        aliases: [Núcleo]
        uses: ["[[Ferramenta]]"]
        ---
        # Centro

        Fala de [[Vizinho]] na linha três.
        """,
    "wiki/entities/Ferramenta.md": "---\ntype: entity\ntitle: Ferramenta\n---\nUma ferramenta; ver [[Longe]].\n",
    "wiki/entities/Vizinho.md": "---\ntype: entity\ntitle: Vizinho\n---\nSó um vizinho.\n",
    "wiki/entities/Longe.md": "---\ntype: entity\ntitle: Longe\n---\nA dois passos.\n",
    "wiki/entities/Objeto.md": "---\ntype: entity\ntitle: Objeto\n---\nO objeto do fato.\n",
    "wiki/concepts/Mencao.md": "---\ntype: concept\ntitle: Menção\n---\nEste texto cita o Centro sem link.\n",
    "memory/facts/fato-centro.md": """
        ---
        type: fact
        title: Centro usa Objeto
        subject: "[[Centro]]"
        predicate: usa
        object: "[[Objeto]]"
        valid_from: 2026-01-01
        valid_until: 2026-06-01
        ---
        O centro usava o objeto.
        """,
    "memory/facts/fato-centro-2.md": """
        ---
        type: fact
        title: Centro usa Ferramenta
        subject: "[[Centro]]"
        predicate: usa
        object: "[[Ferramenta]]"
        valid_from: 2026-06-01
        supersedes: ["[[memory/facts/fato-centro]]"]
        ---
        Depois passou a usar a ferramenta.
        """,
    "memory/decisions/antiga.md": "---\ntype: decision\ntitle: Antiga\nsuperseded_by: ['[[Centro]]']\n---\nvelha\n",
    "memory/_archive/memory/decisions/arquivada.md": "---\ntype: decision\ntitle: Arquivada\n---\nliga [[Centro]]\n",
}


@pytest.fixture
def index(brain: WriteNotes) -> BrainIndex:
    return BrainIndex(brain(NOTES))


def _kinds(result) -> dict[str, set[str]]:  # type: ignore[no-untyped-def]
    return {n.path: {lk.type for lk in n.links} for n in result.neighbors}


def test_depth_one_has_every_kind_with_direction_and_validity(index: BrainIndex) -> None:
    result = index.graph("Centro", as_of="2026-03-01")
    assert result.resolved_by == "title"
    assert result.node.path == "wiki/entities/Centro.md"
    kinds = _kinds(result)
    assert kinds["wiki/entities/Ferramenta.md"] == {"uses", "fact"}
    assert kinds["wiki/entities/Vizinho.md"] == {"wikilink"}
    assert kinds["wiki/entities/Objeto.md"] == {"fact"}
    assert kinds["wiki/concepts/Mencao.md"] == {"mention"}
    assert kinds["memory/decisions/antiga.md"] == {"superseded_by"}
    assert "memory/_archive/memory/decisions/arquivada.md" not in kinds
    links = {(lk.type, n.path): lk for n in result.neighbors for lk in n.links}
    wikilink = links[("wikilink", "wiki/entities/Vizinho.md")]
    assert (wikilink.from_, wikilink.to, wikilink.direction, wikilink.origin, wikilink.line) == (
        "wiki/entities/Centro.md",
        "wiki/entities/Vizinho.md",
        "out",
        "body",
        10,
    )
    fact = links[("fact", "wiki/entities/Objeto.md")]
    assert (fact.origin, fact.predicate, fact.via, fact.validity) == (
        "fact",
        "usa",
        "memory/facts/fato-centro.md",
        "current",
    )
    assert links[("superseded_by", "memory/decisions/antiga.md")].direction == "in"
    assert links[("mention", "wiki/concepts/Mencao.md")].direction == "in"
    later = index.graph("Centro", as_of="2026-07-01")
    fact_later = next(
        lk for n in later.neighbors for lk in n.links if lk.via == "memory/facts/fato-centro.md" and lk.origin == "fact"
    )
    assert fact_later.validity == "expired"


def test_depth_two_reaches_further_through_written_links(index: BrainIndex) -> None:
    result = index.graph("Centro", depth=2, as_of="2026-03-01")
    distances = {n.path: n.distance for n in result.neighbors}
    assert distances["wiki/entities/Longe.md"] == 2
    assert distances["memory/facts/fato-centro-2.md"] == 1  # the fact note links its subject
    second = {n.path: n for n in result.neighbors if n.distance == 2}
    # the fact notes supersede each other: a chain link between two notes one hop away is not a new neighbour,
    # but a supersedes link seen from the second hop is
    all_kinds = {lk.type for n in result.neighbors for lk in n.links}
    assert {"uses", "wikilink", "fact", "mention", "superseded_by"} <= all_kinds
    assert "wiki/entities/Longe.md" in second
    assert result.total == len(result.neighbors)


def test_supersedes_kind_and_relation_filter(index: BrainIndex) -> None:
    result = index.graph("memory/facts/fato-centro.md", relation_types=["supersedes"])
    assert result.resolved_by == "path"
    assert [(n.path, n.links[0].direction) for n in result.neighbors] == [("memory/facts/fato-centro-2.md", "in")]
    only = index.graph("Centro", relation_types=["wikilink"])
    assert {lk.type for n in only.neighbors for lk in n.links} == {"wikilink"}


@pytest.mark.parametrize(
    ("node", "resolved_by"),
    [
        ("01KEKKQ9Y6YS3DNT2X14M3K3WZ", "id"),
        ("wiki/entities/Centro.md", "path"),
        ("wiki/entities/Centro", "path"),
        ("[[Centro]]", "link"),
        ("centro", "title"),
        ("Nucleo", "alias"),
    ],
)
def test_node_resolution(index: BrainIndex, node: str, resolved_by: str) -> None:
    result = index.graph(node)
    assert (result.node.path, result.resolved_by) == ("wiki/entities/Centro.md", resolved_by)


def test_unknown_node_and_kind(index: BrainIndex) -> None:
    with pytest.raises(CabecaoError) as caught:
        index.graph("Ninguém")
    assert caught.value.code == ErrorCode.NOT_FOUND
    with pytest.raises(CabecaoError) as caught:
        index.graph("Centro", relation_types=["amizade"])
    assert caught.value.code == ErrorCode.INVALID_ARGUMENT


def test_limit_and_budget_truncate(index: BrainIndex) -> None:
    result = index.graph("Centro", limit=2)
    assert (len(result.neighbors), result.truncated, result.omitted) == (2, True, result.total - 2)
    tiny = index.graph("Centro", budget_tokens=10)
    assert len(tiny.neighbors) == 1 and tiny.truncated


def test_backlinks_and_outgoing_links(index: BrainIndex) -> None:
    back = index.backlinks("wiki/entities/Centro.md")
    by_path = {(b.path, b.type): b for b in back}
    assert by_path[("memory/facts/fato-centro.md", "fact")].line == 4
    assert by_path[("memory/_archive/memory/decisions/arquivada.md", "wikilink")].archived is True
    assert by_path[("memory/decisions/antiga.md", "superseded_by")].origin == "frontmatter"
    out = index.outgoing_links("wiki/entities/Ferramenta.md")
    assert [(o.target, o.path, o.broken) for o in out] == [("Longe", "wiki/entities/Longe.md", False)]


def test_sample_brain_depth_two(sample_index: BrainIndex) -> None:
    result = sample_index.graph("Projeto Atlas", depth=2, as_of="2026-11-13")
    assert result.resolved_by == "title"
    paths = {n.path: n for n in result.neighbors}
    assert paths["wiki/entities/SQS.md"].distance == 1
    assert paths["raw/articles/2026-10-20-custos-de-filas-na-aws.md"].distance == 2
