"""tools/list against the product reference: every input field the reference names for a tool is in that tool's
published schema, which is the operation's input model (the one source), listed over real stdio."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .conftest import connect

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "spec" / "cabecao-reference.txt"
#: Words the prose form ("Input: path or id, never both; ...") puts where a field could stand.
NOT_FIELDS = {"in", "never", "neither", "the", "for", "all", "both"}


def reference_inputs(text: str) -> dict[str, set[str]]:
    """Each tool's input fields as the reference writes them: a `| Field | Type |` table or an `Input:` line."""
    lines = text.splitlines()
    tool_lines = {i: line for i, line in enumerate(lines) if re.fullmatch(r"[a-z_]+", line)}
    fields: dict[str, set[str]] = {}
    starts = sorted(tool_lines)
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        section = lines[start + 1 : end]
        names: set[str] = set()
        for i, line in enumerate(section):
            if line == "Input" and i + 1 < len(section) and section[i + 1].startswith("| Field"):
                for row in section[i + 3 :]:
                    if "|" not in row or row.startswith("Output"):
                        break
                    names.update(name.strip() for name in row.split("|", 1)[0].split(","))
                break
            if line.startswith("Input: "):
                prose = re.sub(r"\([^)]*\)", "", line.removeprefix("Input: ")).split(". ", 1)[0]
                for chunk in re.split(r",|;| and | or | with ", prose):
                    words = chunk.split()
                    word = words[0].strip(".:") if words else ""
                    if re.fullmatch(r"[a-z][a-z_]*", word) and word not in NOT_FIELDS:
                        names.add(word)
                break
        fields[tool_lines[start]] = names
    return fields


def test_the_reference_parse_finds_the_fields_it_should() -> None:
    inputs = reference_inputs(REFERENCE.read_text(encoding="utf-8"))
    # Spot checks of both forms, so a parse that finds nothing cannot pass the test below.
    assert {"task", "scope", "budget_tokens"} <= inputs["recall"]
    assert {"subject", "predicate", "object", "valid_from", "title", "confirm_token"} <= inputs["remember"]
    assert inputs["read"] == {"path", "id", "section"}
    assert inputs["ingest"] == {"path", "content", "title", "source", "scope", "session_handle"}
    assert inputs["undo"] == {"op", "session", "session_handle", "confirm_token"}
    assert inputs["status"] == set()


@pytest.mark.anyio
async def test_every_reference_input_field_is_in_the_published_schema(sample_brain: Path) -> None:
    inputs = reference_inputs(REFERENCE.read_text(encoding="utf-8"))
    async with connect(sample_brain) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    checked = 0
    for name, tool in tools.items():
        schema = tool.input_schema
        properties = set(schema.get("properties", {}))
        assert inputs[name] <= properties, (name, inputs[name] - properties)
        assert schema.get("additionalProperties") is False, name
        checked += 1
    assert checked == len(tools) >= 14


def test_each_date_of_remember_says_what_it_means() -> None:
    """valid_from, valid_until and expires_at are three different days (the first one a note holds, the one it
    stops holding, the last one it is delivered); none of them defaults to today, which only `as_of` does."""
    from cabecao_server import TOOLS
    from cabecao_server.fields import compact_schema

    remember = compact_schema(TOOLS["remember"].input)["properties"]
    described = {name: remember[name]["description"] for name in ("valid_from", "valid_until", "expires_at")}
    assert described == {
        "valid_from": "AAAA-MM-DD: primeiro dia em que vale",
        "valid_until": "AAAA-MM-DD: dia em que deixa de valer (padrão: sem fim)",
        "expires_at": "AAAA-MM-DD: último dia em que é entregue, inclusive (padrão: não expira)",
    }
    for tool in ("search", "facts", "graph"):
        assert compact_schema(TOOLS[tool].input)["properties"]["as_of"]["description"] == "AAAA-MM-DD (padrão: hoje)"
