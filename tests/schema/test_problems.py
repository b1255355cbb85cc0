"""Invalid fields are reported in Portuguese, naming the field as the user wrote it and what it accepts.

pydantic's own messages are English ("Input should be a valid integer"); every model the brain validates goes
through `cabecao_schema.problems`.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Any

import pytest
from cabecao_schema import CabecaoError, ErrorCode, describe_validation, parse_config, validate_frontmatter
from pydantic import BaseModel, Field, ValidationError

#: Words of pydantic's English messages.
ENGLISH = re.compile(r"\b(or|should|input|string|valid|value error|field required|at least|at most)\b", re.I)


@pytest.mark.parametrize(
    ("frontmatter", "problem"),
    [
        ({"type": "regra"}, "type: deve ser um destes valores: 'rule', 'preference', 'gotcha', 'decision', 'fact', "
         "'procedure', 'handoff', 'episode', 'concept', 'entity', 'source' ou 'synthesis'"),
        ({"trust": "total"}, "trust: deve ser um destes valores: 'low', 'medium' ou 'high'"),
        ({"approved_by": "eu"}, "approved_by: deve ser um destes valores: 'user'"),
        ({"confirmed": "talvez"}, "confirmed: deve ser verdadeiro ou falso (true/false) ou uma data AAAA-MM-DD"),
        ({"created": "ontem"}, "created: deve ser uma data e hora ISO 8601 (AAAA-MM-DDTHH:MM:SSZ) ou uma data "
         "AAAA-MM-DD"),
        ({"valid_from": "2026-13-01"}, "valid_from: deve ser uma data AAAA-MM-DD"),
        ({"title": ""}, "title: não pode ser vazio"),
        ({"title": "t" * 301}, "title: passa do limite de 300 caracteres"),
        ({"aliases": ["ok", ["lista"]]}, "aliases.1: deve ser texto"),
        ({"tags": {"a": 1}}, "tags: deve ser uma lista"),
        ({"object": ["a"]}, "object: deve ser texto"),
        ({"id": "abc"}, "id: deve ser um ULID (26 caracteres em base32 de Crockford)"),
        ({"scope": "Projeto X"}, "scope: deve ser global ou project:<nome> (letras minúsculas, números, . _ -)"),
        ({"origin": "robo"}, "origin: deve ser human, agent:<cliente> ou ingest:<fonte>"),
    ],
)  # fmt: skip
def test_invalid_frontmatter_field_is_named_in_portuguese(frontmatter: dict[str, Any], problem: str) -> None:
    with pytest.raises(CabecaoError) as info:
        validate_frontmatter(frontmatter, path="wiki/concepts/x.md")
    assert info.value.code == ErrorCode.INVALID_NOTE
    assert info.value.message == f"o frontmatter de wiki/concepts/x.md não é válido: {problem}"


BAD_VALUES: list[Any] = ["x", "", 1, 2.5, True, [], [1], ["a"], {"a": 1}, "2026-13-01", "t" * 400, [["x"]]]
FIELDS = [
    "id", "type", "title", "scope", "trust", "origin", "edited_by", "approved_by", "approved_at", "created",
    "updated", "tags", "aliases", "sources", "subject", "predicate", "object", "valid_from", "valid_until",
    "expires_at", "supersedes", "superseded_by", "confirmed", "forget_reason",
]  # fmt: skip


@pytest.mark.parametrize("field", FIELDS)
def test_no_frontmatter_problem_is_in_english(field: str) -> None:
    for value in BAD_VALUES:
        try:
            validate_frontmatter({field: value}, path="wiki/concepts/x.md")
        except CabecaoError as exc:
            problem = exc.message.split(" não é válido: ", 1)[1]
            assert problem.startswith(f"{field}"), (field, value, problem)
            assert not ENGLISH.search(problem), (field, value, problem)
            assert "_parsing" not in problem and "_type" not in problem, (field, value, problem)


def test_config_problems_are_in_portuguese() -> None:
    for text in ('{"schema_version": [1]}', '{"schema_version": 1, "relation_types": [1]}', '{"schema_version": -1}'):
        with pytest.raises(CabecaoError) as info:
            parse_config(text)
        assert info.value.code == ErrorCode.INVALID_CONFIG
        assert not ENGLISH.search(info.value.message), info.value.message


class _Either(BaseModel):
    value: Annotated[str, Field(max_length=3)] | list[str]
    when: bool | date


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"value": "abcdef", "when": True}, ("value", "passa do limite de 3 caracteres")),
        ({"value": 5, "when": True}, ("value", "deve ser texto ou uma lista")),
        (
            {"value": "ok", "when": "talvez"},
            ("when", "deve ser verdadeiro ou falso (true/false) ou uma data AAAA-MM-DD"),
        ),
        ({"value": "ok"}, ("when", "é obrigatório e não foi passado")),
        ({}, ("value", "é obrigatório e não foi passado")),
    ],
)
def test_union_problems_say_what_the_value_missed(data: dict[str, Any], expected: tuple[str, str]) -> None:
    """A union's members are not places the user wrote: a value of a member's type gets that member's problem,
    any other value the list of types it may have."""
    with pytest.raises(ValidationError) as info:
        _Either.model_validate(data)
    assert describe_validation(info.value, root="raiz") == expected
