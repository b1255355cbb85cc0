"""Markdown + YAML frontmatter: an untouched note round-trips byte for byte; a changed one keeps its key order."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from cabecao_schema import (
    KEY_ORDER,
    Document,
    new_document,
    parse_document,
    render_document,
    split_frontmatter,
)
from hypothesis import given
from hypothesis import strategies as st

SAMPLE_BRAIN = Path(__file__).resolve().parents[2] / "packages/cabecao-store/src/cabecao_store/sample_brain"
SAMPLE_NOTES = sorted(SAMPLE_BRAIN.rglob("*.md"))


def roundtrip(text: str) -> str:
    return render_document(parse_document(text))


# --- byte-for-byte round-trip ----------------------------------------------------------------------------------


def test_sample_brain_is_there() -> None:
    assert len(SAMPLE_NOTES) >= 20  # the issue asks for at least 20 linked notes


@pytest.mark.parametrize("note", SAMPLE_NOTES, ids=lambda p: str(p.relative_to(SAMPLE_BRAIN)))
def test_sample_notes_roundtrip_byte_for_byte(note: Path) -> None:
    raw = note.read_bytes()
    doc = parse_document(raw.decode("utf-8"))
    assert doc.frontmatter_error is None
    assert doc.frontmatter
    assert render_document(doc).encode("utf-8") == raw
    # a copy with the same frontmatter set again is still untouched
    assert render_document(doc.with_frontmatter(dict(doc.frontmatter))).encode("utf-8") == raw
    assert render_document(doc.updated()).encode("utf-8") == raw


TRICKY = [
    pytest.param(
        "---\n# um comentário\ntitle: SQS # o nome\ntags: [aws, filas]  # flow\n---\n# SQS\n",
        {"title": "SQS", "tags": ["aws", "filas"]},
        "# SQS\n",
        id="comments",
    ),
    pytest.param(
        "---\ntitle: 'Idempotência: o básico'\n"
        'subject: "[[Projeto Atlas]]"\n'
        "object: '10'\n"
        'note: "a \\"b\\""\n---\n',
        {"title": "Idempotência: o básico", "subject": "[[Projeto Atlas]]", "object": "10", "note": 'a "b"'},
        "",
        id="quoted-strings",
    ),
    pytest.param(
        '---\nrelated_to: ["[[SQS]]", "[[Dead-letter queue]]"]\naliases: []\ntags: [ a ,b ]\n---\nx\n',
        {"related_to": ["[[SQS]]", "[[Dead-letter queue]]"], "aliases": [], "tags": ["a", "b"]},
        "x\n",
        id="flow-lists",
    ),
    pytest.param(
        "---\ntags:\n  - a\n  -   b\nnested:\n  k: v\n---\nx\n",
        {"tags": ["a", "b"], "nested": {"k": "v"}},
        "x\n",
        id="block-lists-odd-indent",
    ),
    pytest.param(
        "---\r\ntype: fact\r\ntitle: X\r\n---\r\n\r\nCorpo\r\n",
        {"type": "fact", "title": "X"},
        "\r\nCorpo\r\n",
        id="crlf",
    ),
    pytest.param(
        "---\ntitle: X\n---\nCorpo\r\ncom CRLF\r\n",
        {"title": "X"},
        "Corpo\r\ncom CRLF\r\n",
        id="lf-frontmatter-crlf-body",
    ),
    pytest.param("---\ntitle: X\n---\nCorpo sem quebra", {"title": "X"}, "Corpo sem quebra", id="no-trailing-newline"),
    pytest.param("---\ntitle: X\n---", {"title": "X"}, "", id="closing-at-end-of-file"),
    pytest.param("---\r\ntitle: X\r\n---", {"title": "X"}, "", id="closing-at-end-of-file-crlf"),
    pytest.param("---\ntitle: X\n...\nCorpo\n", {"title": "X"}, "Corpo\n", id="dots-terminator"),
    pytest.param("---\ntitle: X\n...", {"title": "X"}, "", id="dots-terminator-at-end"),
    pytest.param("---  \ntitle: X\n--- \t\nCorpo\n", {"title": "X"}, "Corpo\n", id="delimiters-with-spaces"),
    pytest.param("---\n---\nCorpo\n", {}, "Corpo\n", id="empty-block"),
    pytest.param("---\n---", {}, "", id="empty-block-only"),
    pytest.param("---\n\n---\nCorpo\n", {}, "Corpo\n", id="blank-block"),
    pytest.param("---\n# só comentário\n---\n", {}, "", id="comment-only-block"),
    pytest.param(
        "---\ntitle: X\n---\nAntes\n\n---\n\nDepois\n---\nFim\n",
        {"title": "X"},
        "Antes\n\n---\n\nDepois\n---\nFim\n",
        id="body-with-thematic-breaks",
    ),
    pytest.param(
        "---\ntitle: X\n---\n---\n",
        {"title": "X"},
        "---\n",
        id="body-is-a-thematic-break",
    ),
    pytest.param(
        "---\ntitle: X\ndescription: |\n  linha 1\n  linha 2\n---\n",
        {"title": "X", "description": "linha 1\nlinha 2\n"},
        "",
        id="block-scalar",
    ),
    pytest.param(
        "---\ncreated: 2026-01-14\napproved_at: 2026-11-13T15:10:53Z\nconfirmed: true\nn: 10\nnada: null\n---\n",
        {
            "created": date(2026, 1, 14),
            "approved_at": datetime(2026, 11, 13, 15, 10, 53, tzinfo=UTC),
            "confirmed": True,
            "n": 10,
            "nada": None,
        },
        "",
        id="typed-scalars",
    ),
    pytest.param(
        "---\ntitle: X\n---\n\ufeffCorpo\n",
        {"title": "X"},
        "\ufeffCorpo\n",
        id="bom-in-body",
    ),
]


@pytest.mark.parametrize(("text", "frontmatter", "body"), TRICKY)
def test_tricky_documents(text: str, frontmatter: dict[str, Any], body: str) -> None:
    doc = parse_document(text)
    assert doc.frontmatter_error is None
    assert doc.frontmatter == frontmatter
    assert doc.body == body
    assert doc.has_frontmatter is True
    assert render_document(doc) == text


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("", id="empty"),
        pytest.param("# Só corpo\n\nTexto.\n", id="plain"),
        pytest.param("Texto\n---\ntitle: X\n---\n", id="dashes-later"),
        pytest.param("---\ntitle: X\nsem fechamento\n", id="opening-without-closing"),
        pytest.param("--- title: X\n---\n", id="text-on-opening-line"),
        pytest.param("----\ntitle: X\n----\n", id="four-dashes"),
        pytest.param(" ---\ntitle: X\n---\n", id="indented-opening"),
        pytest.param("\n---\ntitle: X\n---\n", id="blank-line-first"),
        pytest.param("\ufeff---\ntitle: X\n---\n", id="bom-first"),
        pytest.param("Linha\r\nCRLF sem frontmatter", id="crlf-no-newline-at-end"),
    ],
)
def test_no_frontmatter(text: str) -> None:
    doc = parse_document(text)
    assert (doc.frontmatter, doc.body, doc.raw_frontmatter, doc.frontmatter_error) == ({}, text, None, None)
    assert doc.has_frontmatter is False
    assert render_document(doc) == text


@pytest.mark.parametrize(
    ("text", "error", "body"),
    [
        pytest.param(
            "---\ntitle: [sem fim\n---\nCorpo\n",
            "did not find expected ',' or ']' (linha 3)",
            "Corpo\n",
            id="unclosed-flow-list",
        ),
        pytest.param(
            "---\na: 1\nb: c: d\n---\nCorpo\n",
            "mapping values are not allowed in this context (linha 3)",
            "Corpo\n",
            id="mapping-in-value",
        ),
        pytest.param(
            "---\na: 1\n\tb: 2\n---\nCorpo\n",
            "found a tab character that violates indentation (linha 3)",
            "Corpo\n",
            id="tab-indent",
        ),
        pytest.param(
            "---\n- a\n- b\n---\nCorpo\n", "o frontmatter não é um mapa de chaves YAML", "Corpo\n", id="a-list"
        ),
        pytest.param(
            "---\nsó um texto\n---\nCorpo\n", "o frontmatter não é um mapa de chaves YAML", "Corpo\n", id="a-string"
        ),
        pytest.param(
            "---\na: !!python/object/apply:os.system ['echo oi']\n---\nCorpo\n",
            "could not determine a constructor for the tag 'tag:yaml.org,2002:python/object/apply:os.system' (linha 2)",
            "Corpo\n",
            id="python-tag-is-not-run",
        ),
        pytest.param(
            "---\ncreated: 2025-13-45\n---\nCorpo\n",
            "um valor não pôde ser lido (uma data que não existe, ou um valor que não é o que sua marca !! diz)",
            "Corpo\n",
            id="a-date-that-does-not-exist",
        ),
        pytest.param(
            "---\na: !!int 0x_\n---\nCorpo\n",
            "um valor não pôde ser lido (uma data que não existe, ou um valor que não é o que sua marca !! diz)",
            "Corpo\n",
            id="an-int-tag-on-no-number",
        ),
        pytest.param(
            "---\na: !!timestamp nope\n---\nCorpo\n",
            "um valor não pôde ser lido (uma data que não existe, ou um valor que não é o que sua marca !! diz)",
            "Corpo\n",
            id="a-timestamp-tag-on-no-date",
        ),
        pytest.param(
            "---\na: &x [1, *x]\n---\nCorpo\n",
            "um valor contém a si mesmo (uma âncora & usada dentro dela mesma)",
            "Corpo\n",
            id="a-list-inside-itself",
        ),
        pytest.param(
            "---\na: &x {b: *x}\n---\nCorpo\n",
            "um valor contém a si mesmo (uma âncora & usada dentro dela mesma)",
            "Corpo\n",
            id="a-mapping-inside-itself",
        ),
    ],
)
def test_unreadable_frontmatter_is_reported_not_raised(text: str, error: str, body: str) -> None:
    doc = parse_document(text)
    assert doc.frontmatter_error == error
    assert doc.frontmatter == {}
    assert doc.body == body
    assert doc.has_frontmatter is True
    assert render_document(doc) == text  # a note nobody could read is still written back as it was


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("---\na: 1\n---\nb\n", ("a: 1\n", "b\n", "\n")),
        ("---\r\na: 1\r\n---\r\nb\r\n", ("a: 1\r\n", "b\r\n", "\r\n")),
        ("---\n---\n", ("", "", "\n")),
        ("sem\n", (None, "sem\n", "\n")),
        ("---\na: 1\n", (None, "---\na: 1\n", "\n")),
    ],
)
def test_split_frontmatter(text: str, expected: tuple[str | None, str, str]) -> None:
    assert split_frontmatter(text) == expected


# --- changes ---------------------------------------------------------------------------------------------------

SQS = """---
id: 01KNVPG39R1PCJACCBY9XRGPBN
type: entity
title: SQS
scope: global
trust: high
origin: human
created: 2026-04-10
updated: 2026-11-10
tags: [aws, filas]
aliases: ["Amazon SQS", "Simple Queue Service"]
related_to: ["[[Idempotência]]", "[[Dead-letter queue]]"]
meu_campo: 7 # de uma pessoa
---

# SQS

Serviço de filas da AWS.

---

Depois da linha.
"""

SQS_BODY = "\n# SQS\n\nServiço de filas da AWS.\n\n---\n\nDepois da linha.\n"
SQS_KEYS = [
    "id",
    "type",
    "title",
    "scope",
    "trust",
    "origin",
    "created",
    "updated",
    "tags",
    "aliases",
    "related_to",
    "meu_campo",
]


def test_updated_changes_only_what_was_asked_and_keeps_order() -> None:
    doc = parse_document(SQS)
    changed = doc.updated(trust="medium", edited_by="agent:claude-code", updated=date(2026, 11, 13))
    assert list(changed.frontmatter) == [*SQS_KEYS, "edited_by"]
    assert changed.frontmatter == {
        "id": "01KNVPG39R1PCJACCBY9XRGPBN",
        "type": "entity",
        "title": "SQS",
        "scope": "global",
        "trust": "medium",
        "origin": "human",
        "created": date(2026, 4, 10),
        "updated": date(2026, 11, 13),
        "tags": ["aws", "filas"],
        "aliases": ["Amazon SQS", "Simple Queue Service"],
        "related_to": ["[[Idempotência]]", "[[Dead-letter queue]]"],
        "meu_campo": 7,
        "edited_by": "agent:claude-code",
    }
    assert changed.body == SQS_BODY
    assert render_document(changed) == (
        "---\n"
        "id: 01KNVPG39R1PCJACCBY9XRGPBN\n"
        "type: entity\n"
        "title: SQS\n"
        "scope: global\n"
        "trust: medium\n"
        "origin: human\n"
        "created: 2026-04-10\n"
        "updated: 2026-11-13\n"
        "tags:\n"
        "- aws\n"
        "- filas\n"
        "aliases:\n"
        "- Amazon SQS\n"
        "- Simple Queue Service\n"
        "related_to:\n"
        "- '[[Idempotência]]'\n"
        "- '[[Dead-letter queue]]'\n"
        "meu_campo: 7\n"
        "edited_by: agent:claude-code\n"
        "---\n" + SQS_BODY
    )
    # the original document is left alone
    assert render_document(doc) == SQS
    # and the new text reads back to the same mapping and body
    again = parse_document(render_document(changed))
    assert (again.frontmatter, list(again.frontmatter), again.body) == (
        changed.frontmatter,
        list(changed.frontmatter),
        SQS_BODY,
    )


def test_updated_new_keys_follow_key_order_after_existing_ones() -> None:
    doc = parse_document("---\ntitle: X\nzzz: 1\ntype: fact\n---\n")
    changed = doc.updated(confirmed=True, custom="c", valid_until=date(2026, 5, 3), id="01KNVPG39R1PCJACCBY9XRGPBN")
    assert list(changed.frontmatter)[:3] == ["title", "zzz", "type"]
    assert render_document(changed) == (
        "---\ntitle: X\nzzz: 1\ntype: fact\nid: 01KNVPG39R1PCJACCBY9XRGPBN\nvalid_until: 2026-05-03\n"
        "confirmed: true\ncustom: c\n---\n"
    )


def test_updated_with_the_same_values_is_byte_for_byte() -> None:
    doc = parse_document(SQS)
    assert render_document(doc.updated(trust="high", title="SQS")) == SQS


def test_updated_none_removes_a_key() -> None:
    doc = parse_document(SQS)
    changed = doc.updated(tags=None, meu_campo=None, nao_existe=None)
    assert list(changed.frontmatter) == [k for k in SQS_KEYS if k not in ("tags", "meu_campo")]
    assert "tags" not in parse_document(render_document(changed)).frontmatter
    assert render_document(changed).startswith(
        "---\nid: 01KNVPG39R1PCJACCBY9XRGPBN\ntype: entity\ntitle: SQS\nscope: global\ntrust: high\norigin: human\n"
        "created: 2026-04-10\nupdated: 2026-11-10\naliases:\n- Amazon SQS\n"
    )


def test_removing_every_key_keeps_an_empty_block() -> None:
    doc = parse_document("---\ntitle: X\n---\nCorpo\n")
    assert render_document(doc.updated(title=None)) == "---\n{}\n---\nCorpo\n"
    assert parse_document(render_document(doc.updated(title=None))).frontmatter == {}


def test_updated_keeps_crlf() -> None:
    doc = parse_document("---\r\ntitle: X\r\ntrust: low\r\n---\r\nCorpo\r\n")
    assert render_document(doc.updated(trust="medium")) == "---\r\ntitle: X\r\ntrust: medium\r\n---\r\nCorpo\r\n"


@pytest.mark.parametrize(
    ("text", "body", "expected"),
    [
        ("---\ntitle: X # c\n---\nvelho\n", "novo\n", "---\ntitle: X # c\n---\nnovo\n"),
        ("---\ntitle: X\n...\nvelho\n", "novo\n", "---\ntitle: X\n...\nnovo\n"),
        ("---\ntitle: X\n---", "novo\n", "---\ntitle: X\n---\nnovo\n"),
        ("---\r\ntitle: X\r\n---", "novo\r\n", "---\r\ntitle: X\r\n---\r\nnovo\r\n"),
        ("---\ntitle: X\n---\nvelho\n", "", "---\ntitle: X\n---\n"),
        ("sem frontmatter\n", "novo\n", "novo\n"),
    ],
)
def test_with_body_keeps_the_frontmatter_text(text: str, body: str, expected: str) -> None:
    assert render_document(parse_document(text).with_body(body)) == expected


# --- new documents ---------------------------------------------------------------------------------------------


def test_new_document_puts_keys_in_key_order() -> None:
    doc = new_document(
        {
            "zeta": "z",
            "tags": ["a"],
            "custom": 1,
            "valid_from": date(2026, 1, 14),
            "title": "T",
            "uses": ["[[SQS]]"],
            "id": "01KNVPG39R1PCJACCBY9XRGPBN",
            "type": "fact",
            "scope": "project:atlas",
            "origin": "agent:claude-code",
        },
        "Corpo",
    )
    assert list(doc.frontmatter) == [
        "id",
        "type",
        "title",
        "scope",
        "origin",
        "tags",
        "uses",
        "valid_from",
        "zeta",
        "custom",
    ]
    assert doc.body == "Corpo\n"
    assert render_document(doc) == (
        "---\n"
        "id: 01KNVPG39R1PCJACCBY9XRGPBN\n"
        "type: fact\n"
        "title: T\n"
        "scope: project:atlas\n"
        "origin: agent:claude-code\n"
        "tags:\n"
        "- a\n"
        "uses:\n"
        "- '[[SQS]]'\n"
        "valid_from: 2026-01-14\n"
        "zeta: z\n"
        "custom: 1\n"
        "---\n"
        "Corpo\n"
    )


def test_key_order_starts_with_identity_and_provenance() -> None:
    assert KEY_ORDER[:11] == (
        "id",
        "type",
        "title",
        "scope",
        "trust",
        "origin",
        "edited_by",
        "approved_by",
        "approved_at",
        "created",
        "updated",
    )


@pytest.mark.parametrize(
    ("body", "expected"),
    [("", ""), ("x", "x\n"), ("x\n", "x\n"), ("x\n\n", "x\n\n"), ("a\r\nb", "a\r\nb\n")],
)
def test_new_document_body_ends_with_one_newline(body: str, expected: str) -> None:
    assert new_document({"title": "T"}, body).body == expected


def test_new_document_without_frontmatter_is_just_the_body() -> None:
    assert render_document(new_document({}, "# Log\n")) == "# Log\n"


@pytest.mark.parametrize(
    ("value", "line"),
    [
        (datetime(2026, 11, 13, 15, 10, 53, tzinfo=UTC), "approved_at: 2026-11-13T15:10:53Z"),
        (datetime(2026, 11, 13, 12, 10, 53, tzinfo=timezone(timedelta(hours=-3))), "approved_at: 2026-11-13T15:10:53Z"),
        (datetime(2026, 11, 13, 15, 10, 53, 999999, tzinfo=UTC), "approved_at: 2026-11-13T15:10:53Z"),
        (datetime(2026, 11, 13, 15, 10, 53), "approved_at: 2026-11-13T15:10:53"),
        (date(2026, 11, 13), "approved_at: 2026-11-13"),
    ],
)
def test_datetimes_render_in_utc_seconds(value: datetime | date, line: str) -> None:
    assert render_document(new_document({"approved_at": value}, "")) == f"---\n{line}\n---\n"


def test_document_equality_ignores_the_pristine_copy() -> None:
    a = parse_document("---\ntitle: X\n---\nCorpo\n")
    b = Document(frontmatter={"title": "X"}, body="Corpo\n", raw_frontmatter="title: X\n")
    assert a == b


# --- property: what Cabeção writes, it reads back -------------------------------------------------------------

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40)
    | st.dates()
)
values = scalars | st.lists(scalars, max_size=5)
keys = st.one_of(st.sampled_from(KEY_ORDER), st.text(min_size=1, max_size=20))


@given(frontmatter=st.dictionaries(keys, values, min_size=1, max_size=10), body=st.text(max_size=200))
def test_new_document_render_parse_roundtrip(frontmatter: dict[str, Any], body: str) -> None:
    doc = new_document(frontmatter, body)
    text = render_document(doc)
    again = parse_document(text)
    assert again.frontmatter_error is None
    assert again.frontmatter == frontmatter
    assert list(again.frontmatter) == list(doc.frontmatter)
    assert again.body == doc.body
    assert again.body == (body if body == "" or body.endswith("\n") else body + "\n")
    # and what was read back renders to the same text
    assert render_document(again) == text


@given(
    frontmatter=st.dictionaries(st.sampled_from(["title", "tags", "trust", "x"]), values, min_size=1, max_size=4),
    body=st.text(max_size=200),
    newline=st.sampled_from(["\n", "\r\n"]),
)
def test_parse_render_is_identity(frontmatter: dict[str, Any], body: str, newline: str) -> None:
    text = render_document(new_document(frontmatter, body))
    if newline == "\r\n":
        text = text.replace("\n", "\r\n")
    assert render_document(parse_document(text)) == text


def test_an_alias_used_twice_is_not_taken_for_a_value_inside_itself() -> None:
    doc = parse_document("---\ntags: &t [a, b]\naliases: *t\nrelated_to: [*t, *t]\n---\nCorpo\n")
    assert doc.frontmatter_error is None
    assert doc.frontmatter["aliases"] == ["a", "b"]
    assert doc.frontmatter["related_to"] == [["a", "b"], ["a", "b"]]
