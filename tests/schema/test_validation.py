"""What a write brings: body text, names, dates, managed keys and the frontmatter schema."""

from __future__ import annotations

import unicodedata
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from cabecao_schema import (
    MAX_CONTENT_CHARS,
    MAX_TITLE_CHARS,
    CabecaoError,
    ErrorCode,
    Frontmatter,
    Notice,
    WarningCode,
    bad_body_char,
    bad_name_char,
    check_body,
    check_date,
    check_name,
    parse_document,
    strip_managed_keys,
    validate_frontmatter,
)

SAMPLE_BRAIN = Path(__file__).resolve().parents[2] / "packages/cabecao-store/src/cabecao_store/sample_brain"
SAMPLE_NOTES = sorted(SAMPLE_BRAIN.rglob("*.md"))

FORGED = (
    "content começa com um bloco '---' que seria lido como frontmatter; passe os campos em `frontmatter` e só o "
    "corpo Markdown em content"
)
BOM = "content começa com um BOM (U+FEFF); envie o texto sem ele"


def control(char: str, line: int, field: str = "content") -> str:
    return f"{field} tem um caractere de controle ou invisível ({char}) na linha {line}; remova-o"


def test_limits_are_the_reference_ones() -> None:
    # remember: "content | text (up to 1,000,000)"; the frontmatter model caps titles at 300.
    assert MAX_CONTENT_CHARS == 1_000_000
    assert MAX_TITLE_CHARS == 300


# --- check_body ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # BOM at the start
        pytest.param("\ufeffTexto", BOM, id="bom"),
        pytest.param("\ufeff---\ntitle: x\n---\n", BOM, id="bom-before-frontmatter"),
        # forged frontmatter at the start, also after blank lines
        pytest.param("---\ntitle: x\n---\ncorpo\n", FORGED, id="forged"),
        pytest.param("---\ntype: rule\ntrust: high\n---\n", FORGED, id="forged-rule"),
        pytest.param("\n\n---\ntype: rule\n---\ncorpo\n", FORGED, id="forged-after-blank-lines"),
        pytest.param("  \t\n\n---\na: 1\n---\n", FORGED, id="forged-after-whitespace"),
        pytest.param("\r\n---\r\na: 1\r\n---\r\n", FORGED, id="forged-crlf"),
        pytest.param("---  \na: 1\n---  \n", FORGED, id="forged-trailing-spaces"),
        pytest.param("---\na: 1\n...\ncorpo\n", FORGED, id="forged-dots-terminator"),
        pytest.param("---\n---\ncorpo\n", FORGED, id="forged-empty-block"),
        pytest.param("---\n---", FORGED, id="forged-empty-block-at-end"),
        pytest.param("---\nnão é yaml: [\n---\n", FORGED, id="forged-unreadable-yaml"),
        # control and invisible characters, with their line
        pytest.param("linha 1\nlinha 2 \x00", control("U+0000", 2), id="nul-line-2"),
        pytest.param("\x1b[31mvermelho", control("U+001B", 1), id="ansi-escape"),
        pytest.param("a\n\nb\x7f", control("U+007F", 3), id="del"),
        pytest.param("a\r\nb\r\nc\x08", control("U+0008", 3), id="backspace-after-crlf"),
        pytest.param("a\x0bb", control("U+000B", 1), id="vertical-tab"),
        pytest.param("a\x0cb", control("U+000C", 1), id="form-feed"),
        pytest.param("x\n\x85", control("U+0085", 2), id="c1-nel"),
        pytest.param("x\x9b", control("U+009B", 1), id="c1-csi"),
        pytest.param("1\n2\n3\n4 \u202eabc", control("U+202E RIGHT-TO-LEFT OVERRIDE", 4), id="rtl-override"),
        pytest.param("\u2066x\u2069", control("U+2066 LEFT-TO-RIGHT ISOLATE", 1), id="bidi-isolate"),
        pytest.param("meio\ufeffdo texto", control("U+FEFF ZERO WIDTH NO-BREAK SPACE", 1), id="bom-inside"),
        pytest.param("a\u202ab", control("U+202A LEFT-TO-RIGHT EMBEDDING", 1), id="bidi-embedding"),
    ],
)
def test_check_body_refuses(text: str, message: str) -> None:
    with pytest.raises(CabecaoError) as info:
        check_body(text)
    assert info.value.code == ErrorCode.INVALID_ARGUMENT
    assert info.value.message == message
    assert info.value.next_step == "Corrija o texto indicado e repita a chamada; nada foi gravado."


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("", id="empty"),
        pytest.param("# Título\n\nTexto com tab\te acentuação.\n", id="plain"),
        pytest.param("Linha\r\nCRLF\r\n", id="crlf"),
        pytest.param("Antes\n\n---\n\nDepois\n", id="thematic-break-later"),
        pytest.param("---\nsem bloco de fechamento\n", id="thematic-break-at-start-without-closing"),
        pytest.param("Texto\n---\ntitle: x\n---\n", id="dashes-not-at-start"),
        pytest.param("Emoji 👩\u200d💻 com ZWJ", id="zero-width-joiner-in-emoji"),
        pytest.param("palavra\u00adcom hífen suave", id="soft-hyphen"),
        pytest.param("`código` e ```\nbloco\n```\n", id="code"),
        pytest.param("-- -\nnão é bloco\n-- -\n", id="not-three-dashes"),
    ],
)
def test_check_body_accepts(text: str) -> None:
    assert check_body(text) == text


def test_check_body_size_limit_is_named() -> None:
    assert check_body("a" * MAX_CONTENT_CHARS) == "a" * MAX_CONTENT_CHARS
    with pytest.raises(CabecaoError) as info:
        check_body("a" * (MAX_CONTENT_CHARS + 1))
    assert info.value.code == ErrorCode.INVALID_ARGUMENT
    assert info.value.message == "content tem 1000001 caracteres; o limite é 1000000"


def test_check_body_custom_field_and_limit() -> None:
    with pytest.raises(CabecaoError) as info:
        check_body("x" * 2001, field="done[3]", limit=2000)
    assert info.value.message == "done[3] tem 2001 caracteres; o limite é 2000"
    with pytest.raises(CabecaoError) as info:
        check_body("ok\x00", field="next[0]")
    assert info.value.message == "next[0] tem um caractere de controle ou invisível (U+0000) na linha 1; remova-o"


# --- check_name ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kwargs", "message"),
    [
        pytest.param("", {}, "title está vazio", id="empty"),
        pytest.param("   ", {}, "title está vazio", id="blank"),
        pytest.param("a" * 301, {}, "title tem 301 caracteres; o limite é 300", id="too-long"),
        pytest.param("a\nb", {}, "title deve ter uma linha só", id="newline"),
        pytest.param("a\rb", {}, "title deve ter uma linha só", id="carriage-return"),
        pytest.param("a\x00b", {}, control("U+0000", 1, "title"), id="nul"),
        pytest.param("a\tb", {}, control("U+0009", 1, "title"), id="tab"),
        pytest.param("x\u202ey", {}, control("U+202E RIGHT-TO-LEFT OVERRIDE", 1, "title"), id="rtl-override"),
        pytest.param("x\u200by", {}, control("U+200B ZERO WIDTH SPACE", 1, "title"), id="zero-width-space"),
        pytest.param("x\u2066", {}, control("U+2066 LEFT-TO-RIGHT ISOLATE", 1, "title"), id="bidi-isolate"),
        pytest.param("\ufeffx", {}, control("U+FEFF ZERO WIDTH NO-BREAK SPACE", 1, "title"), id="bom"),
        pytest.param("x\x85", {}, control("U+0085", 1, "title"), id="c1-nel"),
        pytest.param("x\u00ad", {}, control("U+00AD SOFT HYPHEN", 1, "title"), id="soft-hyphen"),
        pytest.param("a" * 101, {"field": "tags", "limit": 100}, "tags tem 101 caracteres; o limite é 100", id="tag"),
        pytest.param(
            "r" * 501, {"field": "reason", "limit": 500}, "reason tem 501 caracteres; o limite é 500", id="reason"
        ),
    ],
)
def test_check_name_refuses(text: str, kwargs: dict[str, Any], message: str) -> None:
    kwargs = {"field": "title", **kwargs}
    with pytest.raises(CabecaoError) as info:
        check_name(text, **kwargs)
    assert info.value.code == ErrorCode.INVALID_ARGUMENT
    assert info.value.message == message
    assert info.value.next_step


@pytest.mark.parametrize(
    ("text", "kwargs"),
    [
        ("Respostas em português", {}),
        ("a" * 300, {}),
        ("Projeto Atlas uses_queue SQS", {}),
        ("Emoji ☕ e acentos: ção", {}),
        ("", {"required": False}),
    ],
)
def test_check_name_accepts(text: str, kwargs: dict[str, Any]) -> None:
    assert check_name(text, field="title", **kwargs) == text


# --- check_date ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["2026-03-01", "2024-02-29", "2026-12-31", "0001-01-01"])
def test_check_date_accepts(value: str) -> None:
    assert check_date(value, field="as_of") == value


@pytest.mark.parametrize(
    "value",
    [
        "2026-3-1",
        "2026-02-30",
        "2025-02-29",
        "2026-13-01",
        "01/03/2026",
        "20260301",
        "2026-03-01T10:00:00",
        "2026-03-01 ",
        " 2026-03-01",
        "2026/03/01",
        "hoje",
        "",
        "２０２６-03-01",
    ],
)
def test_check_date_refuses(value: str) -> None:
    with pytest.raises(CabecaoError) as info:
        check_date(value, field="as_of")
    assert info.value.code == ErrorCode.INVALID_ARGUMENT
    assert info.value.message == f"as_of = {value!r} não é uma data no formato AAAA-MM-DD"


# --- strip_managed_keys ----------------------------------------------------------------------------------------


def _ignored(field: str) -> Notice:
    return Notice(
        code=WarningCode.IGNORED_FIELD,
        message=f"o campo {field} é preenchido pelo Cabeção; o valor enviado foi ignorado",
        field=field,
    )


def test_strip_managed_keys_drops_each_with_a_notice() -> None:
    sent = {
        "id": "01KEYENCNWK4TSJG4FGWW5ZJNX",
        "type": "gotcha",
        "created": "2020-01-01",
        "title": "Consumidor novo",
        "updated": "2020-01-02",
        "origin": "human",
        "edited_by": "human",
        "approved_by": "user",
        "approved_at": "2026-11-13T15:10:53Z",
        "trust": "high",
        "uses": ["[[SQS]]"],
        "confirmed": True,
    }
    kept, warnings = strip_managed_keys(sent)
    assert kept == {
        "type": "gotcha",
        "title": "Consumidor novo",
        "trust": "high",
        "uses": ["[[SQS]]"],
        "confirmed": True,
    }
    assert list(kept) == ["type", "title", "trust", "uses", "confirmed"]
    assert warnings == [
        _ignored("id"),
        _ignored("created"),
        _ignored("updated"),
        _ignored("origin"),
        _ignored("edited_by"),
        _ignored("approved_by"),
        _ignored("approved_at"),
    ]
    assert sent["id"] == "01KEYENCNWK4TSJG4FGWW5ZJNX"  # the caller's mapping is left alone


@pytest.mark.parametrize(
    "frontmatter",
    [{}, {"type": "fact", "subject": "[[Projeto Atlas]]"}, {"title": "x", "ID": "not the managed key"}],
)
def test_strip_managed_keys_without_managed_keys(frontmatter: dict[str, Any]) -> None:
    assert strip_managed_keys(frontmatter) == (frontmatter, [])


# --- validate_frontmatter --------------------------------------------------------------------------------------

PREFIX = "o frontmatter de memory/x.md não é válido: "


@pytest.mark.parametrize(
    ("data", "field"),
    [
        pytest.param({"scope": "projeto:atlas"}, "scope", id="scope-portuguese"),
        pytest.param({"scope": "project:Atlas"}, "scope", id="scope-upper"),
        pytest.param({"scope": "project:"}, "scope", id="scope-empty-project"),
        pytest.param({"scope": "Global"}, "scope", id="scope-capital"),
        pytest.param({"scope": "global\n"}, "scope", id="scope-trailing-newline"),
        pytest.param({"scope": "project:atlas\n"}, "scope", id="project-trailing-newline"),
        pytest.param({"trust": "very"}, "trust", id="trust-unknown"),
        pytest.param({"trust": "HIGH"}, "trust", id="trust-upper"),
        pytest.param({"trust": 3}, "trust", id="trust-number"),
        pytest.param({"origin": "robot"}, "origin", id="origin-unknown"),
        pytest.param({"origin": "agent:"}, "origin", id="origin-agent-empty"),
        pytest.param({"origin": "agent:Claude Code"}, "origin", id="origin-agent-spaces"),
        pytest.param({"origin": "human\n"}, "origin", id="origin-trailing-newline"),
        pytest.param({"edited_by": "someone"}, "edited_by", id="edited-by"),
        pytest.param({"id": "123"}, "id", id="id-short"),
        pytest.param({"id": "01keyencnwk4tsjg4fgww5zjnx"}, "id", id="id-lowercase"),
        pytest.param({"id": "01KEYENCNWK4TSJG4FGWW5ZJNI"}, "id", id="id-letter-i"),
        pytest.param({"id": "81KEYENCNWK4TSJG4FGWW5ZJNX"}, "id", id="id-overflow"),
        pytest.param({"id": "01KEYENCNWK4TSJG4FGWW5ZJNX\n"}, "id", id="id-trailing-newline"),
        pytest.param({"id": "6f9619ff-8b86-d011-b42d-00cf4fc964ff"}, "id", id="id-uuid"),
        pytest.param({"type": "nota"}, "type", id="type-unknown"),
        pytest.param({"title": ""}, "title", id="title-empty"),
        pytest.param({"title": "a" * 301}, "title", id="title-too-long"),
        pytest.param({"approved_by": "agent"}, "approved_by", id="approved-by"),
        pytest.param({"valid_from": "2026-13-01"}, "valid_from", id="valid-from"),
        pytest.param({"expires_at": "amanhã"}, "expires_at", id="expires-at"),
        pytest.param({"tags": {"a": 1}}, "tags", id="tags-mapping"),
    ],
)
def test_validate_frontmatter_names_the_bad_field(data: dict[str, Any], field: str) -> None:
    with pytest.raises(CabecaoError) as info:
        validate_frontmatter(data, path="memory/x.md")
    assert info.value.code == ErrorCode.INVALID_NOTE
    assert info.value.message.startswith(f"{PREFIX}{field}")
    assert info.value.next_step == (
        "Corrija o campo indicado (veja cabecao://schema para os campos e valores aceitos) e repita; nada foi gravado."
    )


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        pytest.param(
            {"title": "Atlas\u202e"},
            "title tem um caractere de controle ou invisível (U+202E RIGHT-TO-LEFT OVERRIDE) na linha 1; remova-o",
            id="title-rtl-override",
        ),
        pytest.param(
            {"title": "linha\nquebrada"},
            "title tem um caractere de controle ou invisível (U+000A) na linha 1; remova-o",
            id="title-newline",
        ),
        pytest.param(
            {"tags": ["ok", "fi\u200bla"]},
            "tags tem um caractere de controle ou invisível (U+200B ZERO WIDTH SPACE) na linha 1; remova-o",
            id="tag-zero-width",
        ),
        pytest.param(
            {"aliases": ["Amazon\u2066 SQS"]},
            "aliases tem um caractere de controle ou invisível (U+2066 LEFT-TO-RIGHT ISOLATE) na linha 1; remova-o",
            id="alias-bidi",
        ),
        pytest.param({"tags": [f"t{i}" for i in range(101)]}, "tags tem 101 itens; o limite é 100", id="tags-101"),
        pytest.param(
            {"aliases": [f"a{i}" for i in range(101)]}, "aliases tem 101 itens; o limite é 100", id="aliases-101"
        ),
        pytest.param({"tags": ["x" * 101]}, "tags tem 101 caracteres; o limite é 100", id="tag-too-long"),
    ],
)
def test_validate_frontmatter_names(data: dict[str, Any], problem: str) -> None:
    with pytest.raises(CabecaoError) as info:
        validate_frontmatter(data, path="memory/x.md")
    assert info.value.code == ErrorCode.INVALID_NOTE
    assert info.value.message == PREFIX + problem


def test_validate_frontmatter_accepts_100_tags() -> None:
    model = validate_frontmatter({"tags": [f"t{i}" for i in range(100)]}, path="memory/x.md")
    assert len(model.tags) == 100


@pytest.mark.parametrize("note", SAMPLE_NOTES, ids=lambda p: str(p.relative_to(SAMPLE_BRAIN)))
def test_sample_notes_are_valid(note: Path) -> None:
    doc = parse_document(note.read_bytes().decode("utf-8"))
    assert doc.frontmatter_error is None
    model = validate_frontmatter(doc.frontmatter, path=str(note.relative_to(SAMPLE_BRAIN)))
    assert model.id is not None
    assert model.title
    if not note.relative_to(SAMPLE_BRAIN).parts[0] == "raw":  # an ingested source keeps only title/source/author
        assert model.type is not None


def test_sample_rabbitmq_fact_fields() -> None:
    text = (SAMPLE_BRAIN / "memory/facts/fato-atlas-usa-rabbitmq.md").read_text(encoding="utf-8")
    model = validate_frontmatter(parse_document(text).frontmatter, path="memory/facts/fato-atlas-usa-rabbitmq.md")
    assert (model.id, model.type, model.title, model.scope, model.trust, model.origin) == (
        "01KEYENCNWK4TSJG4FGWW5ZJNX",
        "fact",
        "Projeto Atlas uses_queue RabbitMQ",
        "project:atlas",
        "high",
        "human",
    )
    assert (model.subject, model.predicate, model.object_) == ("[[Projeto Atlas]]", "uses_queue", "[[RabbitMQ]]")
    assert (model.valid_from, model.valid_until, model.expires_at) == (date(2026, 1, 14), date(2026, 5, 3), None)
    assert model.superseded_by == ["[[memory/facts/fato-atlas-usa-sqs]]"]
    assert model.relations() == {"superseded_by": ["[[memory/facts/fato-atlas-usa-sqs]]"]}


def test_validate_frontmatter_keeps_unknown_keys() -> None:
    data = {
        "type": "entity",
        "title": "SQS",
        "related_to": ["[[Idempotência]]"],
        "owns": "[[Fila de cobrança]]",
        "meu_campo": {"aninhado": [1, 2]},
        "cor": "azul",
    }
    model = validate_frontmatter(data, path="wiki/entities/SQS.md")
    assert model.model_extra == {
        "related_to": ["[[Idempotência]]"],
        "owns": "[[Fila de cobrança]]",
        "meu_campo": {"aninhado": [1, 2]},
        "cor": "azul",
    }
    assert model.relations() == {"related_to": ["[[Idempotência]]"]}
    assert model.relations(["owns", "related_to"]) == {
        "owns": ["[[Fila de cobrança]]"],
        "related_to": ["[[Idempotência]]"],
    }
    assert data["meu_campo"] == {"aninhado": [1, 2]}


@pytest.mark.parametrize(
    ("data", "attribute", "value"),
    [
        ({}, "scope", "global"),
        ({"scope": "project:atlas"}, "scope", "project:atlas"),
        ({"scope": "project:a.b_c-1"}, "scope", "project:a.b_c-1"),
        ({"origin": "agent:claude-code"}, "origin", "agent:claude-code"),
        ({"origin": "ingest:https://example.com/a"}, "origin", "ingest:https://example.com/a"),
        ({"edited_by": "agent:codex"}, "edited_by", "agent:codex"),
        ({"tags": "filas"}, "tags", ["filas"]),
        ({"tags": None}, "tags", []),
        ({"object": 10}, "object_", "10"),
        ({"object": date(2026, 5, 3)}, "object_", "2026-05-03"),
        ({"title": 2026}, "title", "2026"),
        ({"confirmed": True}, "confirmed", True),
        ({"confirmed": date(2026, 11, 1)}, "confirmed", date(2026, 11, 1)),
        ({"id": "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"}, "id", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"),
    ],
)
def test_validate_frontmatter_accepts(data: dict[str, Any], attribute: str, value: Any) -> None:
    model = validate_frontmatter(data, path="memory/x.md")
    assert isinstance(model, Frontmatter)
    assert getattr(model, attribute) == value


# --- the character tables themselves ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Respostas em português", None),
        ("Emoji ☕", None),
        ("a\x00", "\x00"),
        ("\x1f", "\x1f"),
        ("\x7f", "\x7f"),
        ("\x9f", "\x9f"),
        ("a\u200bb\u202e", "\u200b"),
        ("\u200d", "\u200d"),
        ("\u2060", "\u2060"),
        ("\u3164", "\u3164"),
        ("\ufeff", "\ufeff"),
        ("\U000e0001", "\U000e0001"),  # language tag (category Cf)
    ],
)
def test_bad_name_char(text: str, expected: str | None) -> None:
    assert bad_name_char(text) == expected


def _bad_name_char_by_hand(text: str) -> str | None:
    """The rule spelled out character by character, to check the shortcut `bad_name_char` takes."""
    from cabecao_schema.characters import _INVISIBLE

    for char in text:
        code = ord(char)
        if code < 0x20 or 0x7F <= code <= 0x9F or code in _INVISIBLE or unicodedata.category(char) in ("Cc", "Cf"):
            return char
    return None


def test_bad_name_char_every_code_point() -> None:
    """All 1,114,112 code points are judged as the plain rule judges them: each bad one alone and between
    letters, the good ones in runs (a run with no bad character has none to report)."""
    from cabecao_schema.characters import _INVISIBLE

    category = unicodedata.category
    chars = [chr(code) for code in range(0x110000)]
    bad = [
        c
        for c in chars
        if ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or ord(c) in _INVISIBLE or category(c) in ("Cc", "Cf")
    ]
    assert 200 < len(bad) < 1000
    assert all(_bad_name_char_by_hand(char) == char for char in bad)
    for char in bad:
        assert bad_name_char(char) == char, hex(ord(char))
        assert bad_name_char(f"ão{char}x{char}") == char, hex(ord(char))
    bad_set = set(bad)
    good = "".join(char for char in chars if char not in bad_set)
    for start in range(0, len(good), 64):
        assert bad_name_char(good[start : start + 64]) is None, hex(ord(good[start]))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("texto\tcom tab\r\ne CRLF\n", None),
        ("emoji 👩\u200d💻 e \u200b", None),
        ("a\nb\nc\x00", ("\x00", 3)),
        ("\x1b", ("\x1b", 1)),
        ("\n\n\u2067", ("\u2067", 3)),
        ("x\ufeff", ("\ufeff", 1)),
    ],
)
def test_bad_body_char(text: str, expected: tuple[str, int] | None) -> None:
    assert bad_body_char(text) == expected
