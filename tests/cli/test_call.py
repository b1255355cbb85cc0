"""`cabecao call <tool> [JSON]`: any MCP tool at the terminal, on a real sample brain. The same JSON as the tool
over MCP (compared with the real server over stdio), written as the person's (client `cli`, `origin: human`), an
elevated action answered with the tool's own token flow when there is no terminal to ask on, and bad input
refused with a pt-BR message and nothing changed."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import anyio
import pygit2
import pytest
from cabecao_schema import parse_document
from cabecao_server import create_brain

from ..server.conftest import call as mcp_call
from ..server.conftest import connect
from .conftest import Cabecao, Ran

PREFERENCE = "memory/preferences/respostas-em-portugues.md"


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    root = tmp_path / "exemplo"
    create_brain(root, sample=True)
    return root


def call(cabecao: Cabecao, root: Path, tool: str, arguments: dict[str, Any] | str) -> Ran:
    text = arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)
    return cabecao("call", tool, text, "--brain", str(root))


def answer(done: Ran) -> dict[str, Any]:
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    return json.loads(done.stdout)


def over_mcp(root: Path, *calls: tuple[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Each tool's JSON from the real server (`cabecao mcp` over stdio, the official client), in one session."""

    async def session() -> list[dict[str, Any]]:
        async with connect(root) as client:
            return [await mcp_call(client, tool, arguments) for tool, arguments in calls]

    return anyio.run(session)


def on_disk(root: Path) -> dict[str, Any]:
    """What a write would change: every file of the brain (not git's own, not the local index) and the branch."""
    files = {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file() and path.relative_to(root).parts[0] not in (".git", ".cabecao")
    }
    repo = pygit2.Repository(str(root))
    return {"files": files, "head": str(repo.head.target), "status": repo.status()}


def trailers(commit: pygit2.Commit) -> dict[str, str]:
    last = commit.message.strip().split("\n\n")[-1]
    return dict(line.split(": ", 1) for line in last.splitlines())


def keys(value: Any) -> Any:
    """The shape of a JSON object: its keys, recursively; values stand in as None."""
    return {k: keys(v) for k, v in value.items()} if isinstance(value, dict) else None


def test_call_search_and_read_print_what_the_tools_return_over_mcp(cabecao: Cabecao, sample: Path) -> None:
    search = {"query": "fila"}
    read = {"path": PREFERENCE}
    by_cli = answer(call(cabecao, sample, "search", search))
    read_done = call(cabecao, sample, "read", read)
    by_mcp, read_by_mcp = over_mcp(sample, ("search", search), ("read", read))
    assert by_cli["hits"], by_cli  # a real result, not two empty ones
    assert by_cli == by_mcp
    assert list(by_cli) == list(by_mcp)  # the same fields in the same order, data_notice first
    # `-` reads the arguments from stdin: the same call.
    assert answer(cabecao("call", "search", "-", "--brain", str(sample), input=json.dumps(search))) == by_mcp

    assert read_done.stdout.startswith('{\n  "data_notice": '), read_done.stdout[:80]
    read_by_cli = answer(read_done)
    assert list(read_by_cli)[0] == list(read_by_mcp)[0] == "data_notice"
    assert read_by_cli["note"]["path"] == PREFERENCE
    assert read_by_cli == read_by_mcp


def test_status_json_has_the_keys_of_the_mcp_status_tool(cabecao: Cabecao, sample: Path) -> None:
    by_cli = answer(cabecao("status", "--brain", str(sample), "--json"))
    (by_mcp,) = over_mcp(sample, ("status", {}))
    for section in ("notes", "index", "sync"):
        assert isinstance(by_cli[section], dict) and by_cli[section], section  # compared below, key by key
    assert keys(by_cli) == keys(by_mcp)
    assert by_cli["client"] == "cli"


def test_call_write_page_is_one_commit_of_the_person_and_undo_takes_it_back(cabecao: Cabecao, sample: Path) -> None:
    path = "wiki/concepts/Ornitorrinco.md"
    before = pygit2.Repository(str(sample)).head.target
    note = {"path": path, "content": "# Ornitorrinco\n\nO ornitorrinco bota ovos.", "frontmatter": {"type": "concept"}}
    written = answer(call(cabecao, sample, "write_page", note))
    assert written["action"] == "add" and written["path"] == path and written["changed"] is True

    repo = pygit2.Repository(str(sample))
    commit = repo[repo.head.target]
    assert str(commit.id) == written["commit"]
    assert commit.parent_ids == [before]  # one commit on top of what was there
    assert trailers(commit)["Cabecao-Client"] == "cli"
    assert trailers(commit)["Cabecao-Op"] == written["op"]
    assert path in {patch.delta.new_file.path for patch in repo.diff(commit.parents[0], commit)}
    log = answer(cabecao("log", "--brain", str(sample), "--json"))["operations"]
    assert (log[0]["op"], log[0]["client"], log[0]["commit"]) == (written["op"], "cli", written["commit"])
    assert parse_document((sample / path).read_text(encoding="utf-8")).frontmatter["origin"] == "human"
    found = answer(call(cabecao, sample, "search", {"query": "ornitorrinco"}))
    assert [hit["path"] for hit in found["hits"]] == [path]

    undone = cabecao("undo", "--brain", str(sample), "--op", written["op"], "--yes")
    assert undone.returncode == 0, undone.stderr
    assert not (sample / path).exists()
    assert answer(call(cabecao, sample, "search", {"query": "ornitorrinco"}))["hits"] == []
    log = answer(cabecao("log", "--brain", str(sample), "--json"))["operations"]
    assert log[1]["op"] == written["op"] and log[1]["undone_by"] == log[0]["op"]


def test_a_rule_without_a_terminal_gets_the_token_and_the_token_writes_it(cabecao: Cabecao, sample: Path) -> None:
    path = "memory/rules/x.md"
    rule = {"path": path, "content": "Sempre rodar os testes antes do commit.", "frontmatter": {"type": "rule"}}
    untouched = on_disk(sample)
    asked = answer(call(cabecao, sample, "write_page", rule))
    assert asked["status"] == "confirmation_required"
    assert asked["confirm_token"].startswith("cbc_ct_")
    assert on_disk(sample) == untouched
    assert not (sample / path).exists()

    written = answer(call(cabecao, sample, "write_page", {**rule, "confirm_token": asked["confirm_token"]}))
    assert written["action"] == "add" and written["path"] == path
    frontmatter = parse_document((sample / path).read_text(encoding="utf-8")).frontmatter
    assert frontmatter["type"] == "rule"
    assert frontmatter["approved_by"] == "user"
    repo = pygit2.Repository(str(sample))
    assert repo[repo.head.target].parent_ids == [pygit2.Oid(hex=untouched["head"])]
    assert trailers(repo[repo.head.target])["Cabecao-Approved"] == "user"


@pytest.mark.parametrize(
    ("tool", "arguments", "message"),
    [
        ("write_page", '{"path": "wiki/concepts/a.md"', "os argumentos não são JSON válido: "),
        ("write_page", '[{"path": "wiki/concepts/a.md", "content": "a"}]', "os argumentos devem ser um objeto JSON"),
        ("nada", "{}", "a ferramenta 'nada' não existe; as disponíveis são: recall, search, "),
        ("search", '{"query": ""}', "argumento inválido em query: não pode ser vazio"),
        (
            "write_page",
            '{"path": "wiki/concepts/a.md", "content": "a", "frontmatter": {"type": "concept"}, "mode": "trocar"}',
            "argumento inválido em mode: ",
        ),
    ],
    ids=["not-json", "json-array", "unknown-tool", "empty-query", "bad-write-field"],
)
def test_bad_input_is_refused_in_pt_br_and_changes_nothing(
    cabecao: Cabecao, sample: Path, tool: str, arguments: str, message: str
) -> None:
    untouched = on_disk(sample)
    done = call(cabecao, sample, tool, arguments)
    assert done.returncode == 2, done  # a usage error: the command line cannot be run as typed
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(f"Erro: {message}"), done.stderr
    assert "\nPróximo passo: " in done.stderr
    next_step = done.stderr.split("\nPróximo passo: ", 1)[1]
    # Worded for the terminal: what to run or type again, never a tool to call or tools/list.
    assert "tools/list" not in next_step and "chame" not in next_step.lower(), next_step
    assert on_disk(sample) == untouched
