"""Wikilinks and heading sections, as found in a note's text."""

from __future__ import annotations

import pytest
from cabecao_schema import (
    SECTION_SEPARATOR,
    Section,
    Wikilink,
    find_sections,
    find_wikilinks,
    fold,
    link_target,
    match_sections,
    parse_link_text,
    section_text,
    split_section_path,
)


def links(text: str) -> list[tuple[str, str | None, str | None, int, int, str]]:
    return [(w.target, w.heading, w.alias, w.line, w.offset, w.text) for w in find_wikilinks(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("Ver [[SQS]].", [("SQS", None, None, 1, 4, "[[SQS]]")], id="plain"),
        pytest.param("[[SQS|Amazon SQS]]", [("SQS", None, "Amazon SQS", 1, 0, "[[SQS|Amazon SQS]]")], id="alias"),
        pytest.param(
            "em [[Projeto Atlas#Filas]]",
            [("Projeto Atlas", "Filas", None, 1, 3, "[[Projeto Atlas#Filas]]")],
            id="heading",
        ),
        pytest.param(
            "[[Projeto Atlas#Filas|as filas]]",
            [("Projeto Atlas", "Filas", "as filas", 1, 0, "[[Projeto Atlas#Filas|as filas]]")],
            id="heading-and-alias",
        ),
        pytest.param("[[ SQS ]]", [("SQS", None, None, 1, 0, "[[ SQS ]]")], id="spaces-trimmed"),
        pytest.param("[[SQS#]]", [("SQS", None, None, 1, 0, "[[SQS#]]")], id="empty-heading"),
        pytest.param("[[SQS|]]", [("SQS", None, None, 1, 0, "[[SQS|]]")], id="empty-alias"),
        pytest.param(
            "[[memory/facts/fato-atlas-usa-sqs]]",
            [("memory/facts/fato-atlas-usa-sqs", None, None, 1, 0, "[[memory/facts/fato-atlas-usa-sqs]]")],
            id="path-target",
        ),
        pytest.param(
            "[[Idempotência]] e [[Dead-letter queue]]",
            [
                ("Idempotência", None, None, 1, 0, "[[Idempotência]]"),
                ("Dead-letter queue", None, None, 1, 19, "[[Dead-letter queue]]"),
            ],
            id="two-on-a-line",
        ),
        pytest.param(
            "a\n[[A]] e [[B]]\n\n[[C]]",
            [("A", None, None, 2, 2, "[[A]]"), ("B", None, None, 2, 10, "[[B]]"), ("C", None, None, 4, 17, "[[C]]")],
            id="line-numbers-and-offsets",
        ),
        # code is not a link
        pytest.param("```\n[[Nao]]\n```\n[[Sim]]", [("Sim", None, None, 4, 16, "[[Sim]]")], id="fenced-code"),
        pytest.param("~~~python\n[[Nao]]\n~~~\n[[Sim]]", [("Sim", None, None, 4, 22, "[[Sim]]")], id="tilde-fence"),
        pytest.param("   ```\n[[Nao]]\n   ```\n", [], id="indented-fence"),
        pytest.param("````md\n```\n[[Nao]]\n````\n", [], id="long-fence"),
        pytest.param("```\n[[Nao]]\n", [], id="unclosed-fence"),
        pytest.param(
            "```\n[[Nao]]\n```python\n[[Nao2]]\n```\n[[Sim]]",
            [("Sim", None, None, 6, 35, "[[Sim]]")],
            id="info-string-does-not-close",
        ),
        pytest.param(
            "~~~\n```\n[[Nao]]\n~~~\n[[Sim]]", [("Sim", None, None, 5, 20, "[[Sim]]")], id="other-char-does-not-close"
        ),
        pytest.param("`[[Nao]]` e [[Sim]]", [("Sim", None, None, 1, 12, "[[Sim]]")], id="inline-code"),
        pytest.param("``[[Nao]]`` e [[Sim]]", [("Sim", None, None, 1, 14, "[[Sim]]")], id="double-backtick-code"),
        pytest.param("`` a ` [[Nao]] `` [[Sim]]", [("Sim", None, None, 1, 18, "[[Sim]]")], id="backtick-inside-code"),
        pytest.param("`sem fim [[Sim]]", [("Sim", None, None, 1, 9, "[[Sim]]")], id="unclosed-backtick"),
        # not links
        pytest.param("[[]]", [], id="empty"),
        pytest.param("[[#Só um título]]", [], id="heading-only"),
        pytest.param("[[quebra\nde linha]]", [], id="newline-inside"),
        pytest.param("[texto](SQS.md) e [SQS]", [], id="markdown-links"),
        pytest.param("[[   ]]", [], id="blank"),
    ],
)
def test_find_wikilinks(text: str, expected: list[tuple[str, str | None, str | None, int, int, str]]) -> None:
    assert links(text) == expected


def test_wikilink_offsets_point_at_the_link() -> None:
    text = "Intro\n\n- ver [[SQS|a fila]] e `[[X]]`\n- e [[Idempotência]]\n"
    for link in find_wikilinks(text):
        assert text[link.offset : link.offset + len(link.text)] == link.text
    assert [w.target for w in find_wikilinks(text)] == ["SQS", "Idempotência"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[[SQS]]", Wikilink("SQS", None, None, 0, 0, "[[SQS]]")),
        ("  [[SQS|fila]]  ", Wikilink("SQS", None, "fila", 0, 0, "[[SQS|fila]]")),
        ("[[Projeto Atlas#Filas]]", Wikilink("Projeto Atlas", "Filas", None, 0, 0, "[[Projeto Atlas#Filas]]")),
        ("SQS", None),
        ("[[SQS]] e mais", None),
        ("[SQS]", None),
        ("", None),
    ],
)
def test_parse_link_text(text: str, expected: Wikilink | None) -> None:
    assert parse_link_text(text) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("[[SQS]]", "SQS"),
        ("[[SQS|Amazon SQS]]", "SQS"),
        ("[[Projeto Atlas#Filas]]", "Projeto Atlas"),
        ("[[memory/facts/fato-atlas-usa-sqs]]", "memory/facts/fato-atlas-usa-sqs"),
        ("SQS", "SQS"),
        ("  Projeto Atlas ", "Projeto Atlas"),
        ("10", "10"),
    ],
)
def test_link_target(value: str, expected: str) -> None:
    assert link_target(value) == expected


# --- sections --------------------------------------------------------------------------------------------------

NOTE = """# Projeto Atlas
intro
## Filas
texto filas
### Consumidores
cons
## Equipe
eq
```md
# Não é título
```
# Configuração ##
fim
"""

PA = "Projeto Atlas"
S_ATLAS = Section(PA, 1, (PA,), 1, 11)
S_FILAS = Section("Filas", 2, (PA, "Filas"), 3, 6)
S_CONS = Section("Consumidores", 3, (PA, "Filas", "Consumidores"), 5, 6)
S_EQUIPE = Section("Equipe", 2, (PA, "Equipe"), 7, 11)
S_CONFIG = Section("Configuração", 1, ("Configuração",), 12, 13)


def test_find_sections() -> None:
    assert find_sections(NOTE) == [S_ATLAS, S_FILAS, S_CONS, S_EQUIPE, S_CONFIG]
    assert S_CONS.path_text == "Projeto Atlas › Filas › Consumidores"
    assert SECTION_SEPARATOR == " › "


@pytest.mark.parametrize(
    ("text", "titles"),
    [
        ("## Uso em C#\n", ["Uso em C#"]),
        ("# F# e C# ##\n", ["F# e C#"]),
        ("## Título ##   \n", ["Título"]),
        ("###   Espaços   \n", ["Espaços"]),
        ("#Sem espaço\n", []),
        ("####### sete\n", []),
        ("###### seis\n", ["seis"]),
        ("#\n# \n", []),
        ("    # indentado demais\n", []),
        ("~~~\n# dentro\n~~~\n# fora\n", ["fora"]),
        ("```\n# dentro\n", []),
        ("````\n```\n# dentro\n````\n# fora\n", ["fora"]),
        ("Texto # não é título\n", []),
    ],
)
def test_heading_forms(text: str, titles: list[str]) -> None:
    assert [s.title for s in find_sections(text)] == titles


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        pytest.param("Filas", [S_FILAS], id="child-only"),
        pytest.param("Projeto Atlas › Filas", [S_FILAS], id="parent-child-guillemet"),
        pytest.param("Projeto Atlas > Filas", [S_FILAS], id="parent-child-gt"),
        pytest.param("Projeto Atlas>Filas", [S_FILAS], id="gt-without-spaces"),
        pytest.param("  Projeto Atlas  ›  Filas  ", [S_FILAS], id="extra-spaces"),
        pytest.param("## Filas", [S_FILAS], id="with-hashes"),
        pytest.param("Filas › Consumidores", [S_CONS], id="grandchild-suffix"),
        pytest.param("Projeto Atlas › Filas › Consumidores", [S_CONS], id="full-path"),
        pytest.param("projeto atlas › FILAS", [S_FILAS], id="case-fallback"),
        pytest.param("configuracao", [S_CONFIG], id="accent-fallback"),
        pytest.param("CONFIGURAÇÃO", [S_CONFIG], id="case-with-accents"),
        pytest.param("Projeto Atlas", [S_ATLAS], id="top-level"),
        pytest.param("Não é título", [], id="heading-in-code-fence"),
        pytest.param("Equipe › Filas", [], id="wrong-parent"),
        pytest.param("Outro › Projeto Atlas › Filas", [], id="path-longer-than-tree"),
        pytest.param("Fila", [], id="prefix-is-not-a-match"),
        pytest.param("", [], id="empty"),
        pytest.param(" › ", [], id="only-separator"),
    ],
)
def test_match_sections(query: str, expected: list[Section]) -> None:
    assert match_sections(find_sections(NOTE), query) == expected


def test_exact_match_wins_over_folded() -> None:
    sections = find_sections("# A\n## Fila\n## fila\n## Fíla\n")
    assert [s.line for s in match_sections(sections, "fila")] == [3]
    assert [s.line for s in match_sections(sections, "Fíla")] == [4]
    assert [s.line for s in match_sections(sections, "FILA")] == [2, 3, 4]


def test_same_heading_under_two_parents() -> None:
    sections = find_sections("# A\n## Notas\n# B\n## Notas\n")
    assert [s.line for s in match_sections(sections, "Notas")] == [2, 4]
    assert [s.line for s in match_sections(sections, "B › Notas")] == [4]
    assert [s.line for s in match_sections(sections, "b > notas")] == [4]


@pytest.mark.parametrize(
    ("section", "expected"),
    [
        (S_FILAS, "## Filas\ntexto filas\n### Consumidores\ncons\n"),
        (S_CONS, "### Consumidores\ncons\n"),
        (S_EQUIPE, "## Equipe\neq\n```md\n# Não é título\n```\n"),
        (S_CONFIG, "# Configuração ##\nfim\n"),
    ],
)
def test_section_text(section: Section, expected: str) -> None:
    assert section_text(NOTE, section) == expected


def test_section_text_trims_trailing_blank_lines() -> None:
    text = "# A\n\nTexto\n\n\n# B\nb"
    first, second = find_sections(text)
    assert section_text(text, first) == "# A\n\nTexto\n"
    assert section_text(text, second) == "# B\nb\n"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Pai › Filho", ["Pai", "Filho"]),
        ("Pai > Filho", ["Pai", "Filho"]),
        ("Pai>Filho›Neto", ["Pai", "Filho", "Neto"]),
        ("  ## Pai  ›  ### Filho ", ["Pai", "Filho"]),
        ("Só um", ["Só um"]),
        ("", []),
        (" › › ", []),
    ],
)
def test_split_section_path(query: str, expected: list[str]) -> None:
    assert split_section_path(query) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Idempotência", "idempotencia"),
        ("  Muitos   Espaços ", "muitos espacos"),
        ("CONFIGURAÇÃO", "configuracao"),
        ("Straße", "strasse"),
        ("ﬁla", "fila"),
        ("SQS", "sqs"),
    ],
)
def test_fold(text: str, expected: str) -> None:
    assert fold(text) == expected
