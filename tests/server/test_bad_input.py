"""Malformed calls: each gets the right error code, nothing crashes, and the server keeps answering."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import call, call_error, connect

pytestmark = pytest.mark.anyio

HUGE = "x" * 5000

CASES: list[tuple[str, Any, str, str | None]] = [
    # tool, arguments, expected code, field the message must name
    ("search", {}, "invalid_argument", "query"),
    ("search", {"query": ""}, "invalid_argument", "query"),
    ("search", {"query": 42}, "invalid_argument", "query"),
    ("search", {"query": HUGE}, "invalid_argument", "query"),
    ("search", {"query": "x", "limit": 0}, "invalid_argument", "limit"),
    ("search", {"query": "x", "limit": 101}, "invalid_argument", "limit"),
    ("search", {"query": "x", "limit": "10"}, "invalid_argument", "limit"),
    ("search", {"query": "x", "limit": 2.5}, "invalid_argument", "limit"),
    ("search", {"query": "x", "limit": True}, "invalid_argument", "limit"),
    ("search", {"query": "x", "as_of": "2026-13-01"}, "invalid_argument", "as_of"),
    ("search", {"query": "x", "as_of": "ontem"}, "invalid_argument", "as_of"),
    ("search", {"query": "x", "as_of": "2026-02-30"}, "invalid_argument", "as_of"),
    ("search", {"query": "x", "types": ["regra"]}, "invalid_argument", "types"),
    ("search", {"query": "x", "types": "fact"}, "invalid_argument", "types"),
    ("search", {"query": "x", "scope": "projeto atlas"}, "invalid_argument", "scope"),
    ("search", {"query": "x", "mode": "fuzzy"}, "invalid_argument", "mode"),
    ("search", {"query": "x", "unknown": 1}, "invalid_argument", "unknown"),
    ("search", {"query": "x", "budget_tokens": -5}, "invalid_argument", "budget_tokens"),
    ("read", {}, "invalid_argument", None),
    ("read", {"path": "a.md", "id": "01KR2K2ER8WSC66YEXP487Q72D"}, "invalid_argument", None),
    ("read", {"path": "../../etc/passwd.md"}, "unsafe_path", None),
    ("read", {"path": "/etc/passwd"}, "unsafe_path", None),
    ("read", {"path": ".git/config.md"}, "unsafe_path", None),
    ("read", {"path": ".cabecao/index.md"}, "unsafe_path", None),
    ("read", {"path": "memory/..\\..\\x.md"}, "unsafe_path", None),
    ("read", {"path": "wiki/x.conflict-maq-20261112-100000.md"}, "invalid_path", None),
    ("read", {"path": "wiki/concepts/a\u202eb.md"}, "invalid_path", None),
    ("read", {"path": "wiki/entities/Nao Existe.md"}, "not_found", None),
    ("read", {"id": "01KR2K2ER8WSC66YEXP487Q7ZZ"}, "not_found", None),
    ("read", {"id": "not-an-id"}, "invalid_argument", "id"),
    ("read", {"id": "x" * 100}, "invalid_argument", "id"),
    ("read", {"path": "wiki/entities/SQS.md", "section": "Seção Inexistente"}, "not_found", None),
    ("read", {"path": ["wiki/entities/SQS.md"]}, "invalid_argument", "path"),
    ("graph", {}, "invalid_argument", "node"),
    ("graph", {"node": "SQS", "depth": 3}, "invalid_argument", "depth"),
    ("graph", {"node": "SQS", "limit": 201}, "invalid_argument", "limit"),
    ("graph", {"node": "Nota que não existe"}, "not_found", None),
    ("graph", {"node": "SQS", "relation_types": ["explode"]}, "invalid_argument", None),
    ("facts", {"as_of": "2026/03/01"}, "invalid_argument", "as_of"),
    ("facts", {"limit": 500}, "invalid_argument", "limit"),
    ("facts", {"subject": ""}, "invalid_argument", "subject"),
    ("recall", {}, "invalid_argument", "task"),
    ("recall", {"task": HUGE}, "invalid_argument", "task"),
    ("recall", {"task": "x", "budget_tokens": 10}, "invalid_argument", "budget_tokens"),
    ("lint", {"rules": ["no_such_rule"]}, "invalid_argument", "rules"),
    ("lint", {"limit": 0}, "invalid_argument", "limit"),
    ("status", {"verbose": True}, "invalid_argument", "verbose"),
    ("tool_que_nao_existe", {}, "invalid_argument", None),
    ("handoff_save", {"session_handle": "sessão 1", "done": ["x"]}, "invalid_argument", "session_handle"),
    ("undo", {"op": "01-02"}, "invalid_argument", "op"),
    ("write_page", {"path": "wiki/a.md", "content": "x", "mode": "replace"}, "invalid_argument", "mode"),
    (
        "write_page",
        {"path": "wiki/concepts/Nova.md", "content": "x", "frontmatter": {"type": "concept", "confirmed": "talvez"}},
        "invalid_note",
        "confirmed: deve ser verdadeiro ou falso (true/false) ou uma data AAAA-MM-DD",
    ),
]

#: What pydantic's own English messages say; the server speaks Portuguese only.
ENGLISH = re.compile(r"\b(or|should|input|string|valid|value error|at least|at most)\b", re.IGNORECASE)


async def test_malformed_calls_get_clear_errors_and_the_server_survives(sample_brain: Path) -> None:
    assert len(CASES) >= 40
    async with connect(sample_brain) as client:
        for tool, arguments, code, field in CASES:
            error = await call_error(client, tool, arguments)
            assert error["code"] == code, (tool, arguments, error)
            if field is not None:
                assert field in error["message"], (tool, arguments, error)
            assert not ENGLISH.search(error["message"] + " " + error["next_step"]), (tool, arguments, error)
        status = await call(client, "status", {})
        assert status["healthy"] is True


async def test_argument_errors_name_the_accepted_values_and_format(sample_brain: Path) -> None:
    async with connect(sample_brain) as client:
        depth = await call_error(client, "graph", {"node": "SQS", "depth": 3})
        assert depth["message"].endswith("deve ser um destes valores: 1 ou 2"), depth
        mode = await call_error(client, "search", {"query": "x", "mode": "fuzzy"})
        assert "'auto', 'keyword', 'semantic' ou 'hybrid'" in mode["message"], mode
        handle = await call_error(client, "handoff_save", {"session_handle": "sessão 1", "done": ["x"]})
        assert "ULID de 26 caracteres" in handle["message"] and "recall" in handle["message"], handle
