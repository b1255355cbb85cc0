"""The `cabecao` command as a person runs it, on real brains and real git: in this process through CliRunner
(conftest.py), and as a real process where only a process shows the behaviour (the installed command, a closed
pipe)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from cabecao_store import FileChange, Store

from .conftest import Cabecao, Ran

#: The console script the package installs (`[project.scripts]`), next to this interpreter.
INSTALLED = shutil.which("cabecao", path=str(Path(sys.executable).parent))


def installed(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed `cabecao` command as a real process."""
    assert INSTALLED, f"no cabecao command next to {sys.executable}"
    return subprocess.run([INSTALLED, *args], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)


def assert_clean_error(done: Ran | subprocess.CompletedProcess[str], *, code: int = 1) -> None:
    """A failure said in pt-BR with its next step: exit 1 for a command that could not be done, 2 (`code=2`) for
    a command line that cannot be run as typed."""
    assert done.returncode == code, done
    assert "Traceback" not in done.stderr + done.stdout
    assert done.stderr.startswith("Erro: ")
    assert "\nPróximo passo: " in done.stderr


def assert_usage_error(done: Ran) -> None:
    assert_clean_error(done, code=2)
    assert done.stdout == ""


def test_init_status_log_on_the_sample_brain(tmp_path: Path) -> None:
    """The installed `cabecao` command, end to end in real processes: its entry point, init, status and log."""
    cabecao = installed
    root = tmp_path / "exemplo"
    done = cabecao("init", "--sample", str(root))
    assert done.returncode == 0, done.stderr
    assert "Cérebro de exemplo criado em" in done.stdout
    status = json.loads(cabecao("status", "--brain", str(root), "--json").stdout)
    assert status["root"] == str(root.resolve())
    assert status["notes"]["total"] >= 20
    assert status["notes"]["by_type"]["fact"] == 3
    assert status["sync"]["branch"] == "main"
    assert status["sync"]["running"] is False
    human = cabecao("status", "--brain", str(root))
    assert human.returncode == 0
    assert "Notas:" in human.stdout and "fact" in human.stdout
    log = json.loads(cabecao("log", "--brain", str(root), "--json").stdout)
    assert [op["summary"] for op in log["operations"]] == ["init: cérebro de exemplo"]
    assert log["operations"][0]["client"] == "cli"


def test_init_gives_git_a_version_4_index_it_reads(cabecao: Cabecao, tmp_path: Path) -> None:
    root = tmp_path / "b"
    assert cabecao("init", "--sample", str(root)).returncode == 0
    assert (root / ".git" / "index").read_bytes()[:8] == b"DIRC" + (4).to_bytes(4, "big")
    git = ["git", "-C", str(root)]
    assert subprocess.run([*git, "status", "--porcelain"], capture_output=True, text=True, check=True).stdout == ""
    tracked = subprocess.run([*git, "ls-files"], capture_output=True, text=True, check=True).stdout.splitlines()
    assert "wiki/entities/Projeto Atlas.md" in tracked


def test_brain_is_found_from_env_and_from_a_subfolder(cabecao: Cabecao, tmp_path: Path) -> None:
    root = tmp_path / "b"
    assert cabecao("init", str(root)).returncode == 0
    via_env = json.loads(cabecao("status", "--json", env={"CABECAO_BRAIN": str(root)}).stdout)
    assert via_env["root"] == str(root.resolve())
    inside = json.loads(cabecao("status", "--json", cwd=root / "memory" / "facts").stdout)
    assert inside["root"] == str(root.resolve())


def test_errors_are_pt_br_with_next_step_and_no_traceback(cabecao: Cabecao, tmp_path: Path) -> None:
    assert_clean_error(cabecao("status", "--brain", str(tmp_path)))
    busy = tmp_path / "ocupada"
    busy.mkdir()
    (busy / "x.txt").write_text("x", encoding="utf-8")
    assert_clean_error(cabecao("init", str(busy)))
    as_json = cabecao("status", "--brain", str(tmp_path), "--json")
    assert as_json.returncode == 1
    assert json.loads(as_json.stdout)["error"]["code"] == "not_a_brain"


def test_undo_of_the_last_agent_operation_and_of_a_user_operation(cabecao: Cabecao, tmp_path: Path) -> None:
    root = tmp_path / "b"
    cabecao("init", str(root))
    store = Store.open(root)
    agent = store.write(
        [FileChange("wiki/concepts/kafka.md", "# Kafka\n", expected=None)],
        summary="add concept: Kafka",
        session="01M79D4AFWB93BEMF0A5SXPNQB",
        client="claude-code",
    )
    done = cabecao("undo", "--brain", str(root), "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["undone"][0]["op"] == agent.op
    assert not (root / "wiki/concepts/kafka.md").exists()
    log = json.loads(cabecao("log", "--brain", str(root), "--json").stdout)["operations"]
    assert log[1]["op"] == agent.op and log[1]["undone_by"] == result["op"]

    init_op = log[-1]["op"]
    refused = cabecao("undo", "--brain", str(root), "--op", init_op)
    assert_clean_error(refused)
    assert "--yes" in refused.stderr
    nothing = cabecao("undo", "--brain", str(root))
    assert_clean_error(nothing)
    assert "não há operação de agente" in nothing.stderr


def test_search_lint_and_index_rebuild(cabecao: Cabecao, tmp_path: Path) -> None:
    root = tmp_path / "exemplo"
    cabecao("init", "--sample", str(root))
    found = json.loads(cabecao("search", "respostas português", "--brain", str(root), "--json").stdout)
    assert found["mode"] == "and"
    assert found["hits"][0]["path"] == "memory/preferences/respostas-em-portugues.md"
    past = json.loads(
        cabecao("search", "RabbitMQ", "--type", "fact", "--as-of", "2026-03-01", "--brain", str(root), "--json").stdout
    )
    assert {h["path"]: h["validity"] for h in past["hits"]}["memory/facts/fato-atlas-usa-rabbitmq.md"] == "current"
    human = cabecao("search", "respostas português", "--brain", str(root))
    assert "Respostas em português" in human.stdout
    bad = cabecao("search", "x", "--as-of", "ontem", "--brain", str(root))
    assert_usage_error(bad)
    assert "--as-of" in bad.stderr and "rode cabecao search de novo" in bad.stderr
    # Errors name what the person typed (the option, the argument as the help names it), not the tool's field
    # (`rules.0`, `as_of`); a value the tool refuses is a usage error like one typer refuses.
    for args, option in (
        (("search", "x", "--limit", "0"), "--limit"),
        (("search", "x", "--type", "regra"), "--type"),
        (("search", "x", "--scope", "Projeto X"), "--scope"),
        (("search", ""), "TERMOS"),
        (("lint", "--rule", "nada"), "--rule"),
    ):
        refused = cabecao(*args, "--brain", str(root))
        assert_usage_error(refused)
        assert refused.stderr.startswith(f"Erro: valor inválido em {option}: "), refused.stderr
        assert f"rode cabecao {args[0]} de novo" in refused.stderr
    lint = json.loads(cabecao("lint", "--brain", str(root), "--json").stdout)
    assert {"orphan_note", "unlinked_mention"} <= {f["rule"] for f in lint["findings"]}
    rebuilt = json.loads(cabecao("index", "rebuild", "--brain", str(root), "--json").stdout)
    assert rebuilt["notes"] == 29 and rebuilt["facts"] == 3


def test_search_shows_scores_and_types_people_can_read(cabecao: Cabecao, tmp_path: Path) -> None:
    """Terms found in most notes of a small brain get almost no bm25 weight: scores of a millionth print as a
    share of the best hit's (not `0.00`, not `3.36e-06`), and a raw source (no type) must not print as None."""
    root = tmp_path / "exemplo"
    cabecao("init", "--sample", str(root))
    hits = json.loads(cabecao("search", "fila mensagens", "--brain", str(root), "--json").stdout)["hits"]
    assert len(hits) == 10 and all(0 < hit["score"] < 0.001 for hit in hits)  # the case this test is about
    human = cabecao("search", "fila mensagens", "--brain", str(root)).stdout
    lines = [line for line in human.splitlines() if line.rstrip().endswith(".md")]
    best = hits[0]["score"]
    shown = [line.split()[0] for line in lines]
    assert shown == [f"{round(100 * hit['score'] / best)}%" for hit in hits]
    assert shown[0] == "100%" and len(set(shown)) > 1
    raw = next(line for line in lines if "raw/articles/" in line)
    assert "[fonte bruta, current]" in raw
    assert "None" not in human


def test_a_closed_pipe_ends_quietly(cabecao: Cabecao, tmp_path: Path) -> None:
    """`cabecao search x | head -1`: the reader leaves early; no error message about it, no traceback. A real
    process: the pipe is a file descriptor, and what is checked is how the process ends."""
    root = tmp_path / "exemplo"
    cabecao("init", "--sample", str(root))
    for args in (("search", "fila"), ("search", "fila", "--json"), ("lint",), ("log",)):
        read_end, write_end = os.pipe()
        os.close(read_end)  # every write now fails with EPIPE, the way it does once `head` has exited
        try:
            done = subprocess.run(
                [sys.executable, "-m", "cabecao_cli", *args, "--brain", str(root)],
                stdout=write_end,
                stderr=subprocess.PIPE,
                stdin=subprocess.DEVNULL,
                text=True,
                timeout=120,
            )
        finally:
            os.close(write_end)
        assert done.returncode == 1, (args, done.stderr)
        assert done.stderr == "", (args, done.stderr)


def test_undo_of_a_session_and_of_a_user_operation_with_yes(cabecao: Cabecao, tmp_path: Path) -> None:
    root = tmp_path / "b"
    cabecao("init", str(root))
    store = Store.open(root)
    for name in ("a", "b"):
        store.write(
            [FileChange(f"wiki/concepts/{name}.md", f"# {name}\n", expected=None)],
            summary=f"add concept: {name}",
            session="01M79D4AFWB93BEMF0A5SXPNQB",
            client="claude-code",
        )
    done = cabecao("undo", "--brain", str(root), "--session", "01M79D4AFWB93BEMF0A5SXPNQB", "--json")
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["undone"]) == 2
    assert not (root / "wiki/concepts/a.md").exists() and not (root / "wiki/concepts/b.md").exists()
    human = store.write(
        [FileChange("wiki/concepts/minha.md", "# minha\n", expected=None)],
        summary="add concept: minha",
        session="01M79D4AFWB93BEMF0A5SXPNQC",
        client="cli",
    )
    confirmed = cabecao("undo", "--brain", str(root), "--op", human.op, "--yes")
    assert confirmed.returncode == 0, confirmed.stderr
    assert not (root / "wiki/concepts/minha.md").exists()
    both = cabecao("undo", "--brain", str(root), "--op", human.op, "--session", "x")
    assert_usage_error(both)
    assert "--op ou --session" in both.stderr
