"""`cabecao mcp` with no usable brain fails at start-up, visibly: the AI client's health check must not see a
healthy server that then fails every call."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

INITIALIZE = json.dumps(
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}},
    }
)


def _start(brain: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cabecao_cli", "mcp", "--brain", str(brain)],
        input=INITIALIZE + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("kind", ["missing", "not_a_brain", "invalid_config", "not_a_repository"])
def test_a_server_without_a_usable_brain_exits_at_start_with_the_error_code(tmp_path: Path, kind: str) -> None:
    brain = tmp_path / "cerebro"
    if kind != "missing":
        brain.mkdir()
    if kind == "invalid_config":
        (brain / ".cabecao.json").write_text("{ quebrado", encoding="utf-8")
    if kind == "not_a_repository":
        (brain / ".cabecao.json").write_text('{"schema_version": 1}', encoding="utf-8")
    done = _start(brain)
    assert done.returncode == 1, done
    assert done.stdout == ""  # not a word of protocol: nothing that looks like an answering server
    code = "not_a_brain" if kind == "missing" else kind
    assert done.stderr.startswith(f"cabecao mcp não iniciou ({code}): "), done.stderr
    assert "\nPróximo passo: " in done.stderr and "Traceback" not in done.stderr
