"""`.cabecao.json`: missing → not_a_brain; broken or from a newer schema → invalid_config; unknown keys kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cabecao_schema import (
    SCHEMA_VERSION,
    BrainConfig,
    CabecaoError,
    ErrorCode,
    default_config,
    load_config,
    parse_config,
    render_config,
)

FIX = "Corrija o .cabecao.json (ou desfaça a última mudança nele com git) e tente de novo."


def test_schema_version_is_1() -> None:
    assert SCHEMA_VERSION == 1


def test_load_config_missing_is_not_a_brain(tmp_path: Path) -> None:
    with pytest.raises(CabecaoError) as info:
        load_config(tmp_path)
    assert info.value.code == ErrorCode.NOT_A_BRAIN
    assert info.value.message == f"{tmp_path} não é um cérebro do Cabeção: falta o arquivo .cabecao.json"
    assert info.value.next_step == (
        f"Crie um cérebro com `cabecao init {tmp_path}` ou aponte para um existente com --brain ou CABECAO_BRAIN."
    )


def test_load_config_reads_the_file(tmp_path: Path) -> None:
    (tmp_path / ".cabecao.json").write_text('{"schema_version": 1, "relation_types": ["owns"]}', encoding="utf-8")
    assert load_config(tmp_path) == BrainConfig(schema_version=1, relation_types=["owns"])


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(b"\xff\xfe{}", None, id="not-utf8"),
        pytest.param(
            b'{"schema_version": 1,}', "o .cabecao.json não é válido: JSON inválido na linha 1, coluna 22", id="json"
        ),
    ],
)
def test_load_config_unusable_file(tmp_path: Path, content: bytes, message: str | None) -> None:
    (tmp_path / ".cabecao.json").write_bytes(content)
    with pytest.raises(CabecaoError) as info:
        load_config(tmp_path)
    assert info.value.code == ErrorCode.INVALID_CONFIG
    if message is not None:
        assert info.value.message == message
    assert info.value.next_step == FIX


def test_load_config_folder_in_place_of_the_file(tmp_path: Path) -> None:
    (tmp_path / ".cabecao.json").mkdir()
    with pytest.raises(CabecaoError) as info:
        load_config(tmp_path)
    assert info.value.code == ErrorCode.INVALID_CONFIG


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param('{"schema_version": 1,}', "JSON inválido na linha 1, coluna 22", id="trailing-comma"),
        pytest.param(
            '{\n  "schema_version": 1\n  "relation_types": []\n}',
            "JSON inválido na linha 3, coluna 3",
            id="missing-comma",
        ),
        pytest.param('{"schema_version": 1', "JSON inválido na linha 1, coluna 21", id="unclosed"),
        pytest.param("", "JSON inválido na linha 1, coluna 1", id="empty"),
        pytest.param("[]", "o conteúdo não é um objeto JSON", id="array"),
        pytest.param("1", "o conteúdo não é um objeto JSON", id="number"),
        pytest.param("{}", "schema_version: é obrigatório e não foi passado", id="no-version"),
        pytest.param('{"schema_version": 0}', "schema_version: deve ser no mínimo 1", id="zero"),
        pytest.param('{"schema_version": "1"}', "schema_version: deve ser um número inteiro", id="string"),
        pytest.param('{"schema_version": "2"}', "schema_version: deve ser um número inteiro", id="string-2"),
        pytest.param('{"schema_version": 2.0}', "schema_version: deve ser um número inteiro", id="float-2"),
        pytest.param('{"schema_version": true}', "schema_version: deve ser um número inteiro", id="bool"),
        pytest.param(
            '{"schema_version": 1, "relation_types": "uses"}',
            "relation_types: deve ser uma lista",
            id="rel-str",
        ),
        pytest.param(
            '{"schema_version": 1, "relation_types": ["Usa"]}',
            "relation_types: o tipo de relação 'Usa' deve ter só letras minúsculas, números e _, começando por uma"
            " letra (até 40 caracteres)",
            id="rel-upper",
        ),
    ],
)
def test_parse_config_broken(text: str, message: str) -> None:
    with pytest.raises(CabecaoError) as info:
        parse_config(text)
    assert info.value.code == ErrorCode.INVALID_CONFIG
    assert info.value.message == f"o .cabecao.json não é válido: {message}"
    assert info.value.next_step == FIX


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ('{"schema_version": 2}', 2),
        ('{"schema_version": 99, "whatever": "new shape"}', 99),
        ('{"schema_version": 2, "relation_types": "a newer schema may change shapes"}', 2),
    ],
)
def test_parse_config_newer_schema(text: str, found: int) -> None:
    with pytest.raises(CabecaoError) as info:
        parse_config(text)
    assert info.value.code == ErrorCode.INVALID_CONFIG
    assert info.value.message == (
        f"o .cabecao.json usa o schema_version {found}, mais novo que o 1 que esta versão do Cabeção entende"
    )
    assert (
        info.value.next_step
        == "Atualize o Cabeção (por exemplo, `uv tool upgrade cabecao-cli`) para abrir este cérebro."
    )


def test_parse_config_one_above_the_supported_version() -> None:
    with pytest.raises(CabecaoError) as info:
        parse_config(json.dumps({"schema_version": SCHEMA_VERSION + 1}))
    assert info.value.code == ErrorCode.INVALID_CONFIG


@pytest.mark.parametrize(
    "relation",
    ["Usa", "usa-fila", "1uses", "uses\n", "", "a" * 41, "usa fila", "_uses", "usa.fila", "relação"],
)
def test_bad_relation_type(relation: str) -> None:
    with pytest.raises(CabecaoError) as info:
        parse_config(json.dumps({"schema_version": 1, "relation_types": [relation]}))
    assert info.value.code == ErrorCode.INVALID_CONFIG
    assert info.value.message.startswith("o .cabecao.json não é válido: relation_types")


@pytest.mark.parametrize("relation", ["owns", "uses_queue", "a", "a" * 40, "led_by", "v2"])
def test_good_relation_type(relation: str) -> None:
    assert parse_config(json.dumps({"schema_version": 1, "relation_types": [relation]})).relation_types == [relation]


def test_unknown_keys_survive_parse_and_render() -> None:
    original = {
        "schema_version": 1,
        "relation_types": ["owns"],
        "embedding": {"model": "modelo-x", "dims": 384, "extra": [1, 2]},
        "llm_policy": {"allow": False, "providers": ["local"]},
        "futuro": {"a": [1, 2], "b": None},
        "outra_chave": "ção",
    }
    config = parse_config(json.dumps(original))
    assert config.model_extra == {"futuro": {"a": [1, 2], "b": None}, "outra_chave": "ção"}
    text = render_config(config)
    assert json.loads(text) == original
    assert text == (
        "{\n"
        '  "schema_version": 1,\n'
        '  "relation_types": [\n'
        '    "owns"\n'
        "  ],\n"
        '  "embedding": {\n'
        '    "model": "modelo-x",\n'
        '    "dims": 384,\n'
        '    "extra": [\n'
        "      1,\n"
        "      2\n"
        "    ]\n"
        "  },\n"
        '  "llm_policy": {\n'
        '    "allow": false,\n'
        '    "providers": [\n'
        '      "local"\n'
        "    ]\n"
        "  },\n"
        '  "futuro": {\n'
        '    "a": [\n'
        "      1,\n"
        "      2\n"
        "    ],\n"
        '    "b": null\n'
        "  },\n"
        '  "outra_chave": "ção"\n'
        "}\n"
    )
    assert parse_config(text) == config


def test_default_config() -> None:
    assert render_config(default_config()) == (
        '{\n  "schema_version": 1,\n  "relation_types": [],\n  "embedding": null,\n  "llm_policy": null\n}\n'
    )
    assert parse_config(render_config(default_config())) == default_config()
