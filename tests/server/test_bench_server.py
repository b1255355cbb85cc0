"""Start-up and tools/list cost.

Run: uv run pytest tests/server/test_bench_server.py -m benchmark_suite --benchmark-enable -s
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import connect

pytestmark = pytest.mark.anyio

EMPTY_SERVER = """
import anyio
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

async def main():
    server = Server("empty")
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())

anyio.run(main)
"""

INITIALIZE = (
    json.dumps(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "bench", "version": "0"},
            },
        }
    )
    + "\n"
)

TOOLS_LIST_TOKEN_BUDGET = 5_000


def _spawn_to_initialize(command: list[str]) -> float:
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(INITIALIZE.encode())
    process.stdin.flush()
    line = process.stdout.readline()
    elapsed = time.perf_counter() - start
    process.stdin.close()
    process.wait(timeout=30)
    process.stdout.close()
    assert b'"result"' in line, line
    return elapsed


def tools_list_tokens(tools: list) -> int:  # type: ignore[type-arg]
    """What tools/list costs an agent session: descriptions, schemas and annotations, at chars/4."""
    text = json.dumps([t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools], ensure_ascii=False)
    return len(text) // 4


async def test_tools_list_fits_the_token_budget(sample_brain: Path) -> None:
    async with connect(sample_brain) as client:
        tools = (await client.list_tools()).tools
    assert tools_list_tokens(tools) < TOOLS_LIST_TOKEN_BUDGET


@pytest.mark.benchmark_suite
async def test_bench_tools_list_tokens(sample_brain: Path) -> None:
    async with connect(sample_brain) as client:
        tools = (await client.list_tools()).tools
    tokens = tools_list_tokens(tools)
    print(f"\ntools/list: {len(tools)} tools, {tokens} tokens (chars/4), budget {TOOLS_LIST_TOKEN_BUDGET}")
    assert tokens < TOOLS_LIST_TOKEN_BUDGET


@pytest.mark.benchmark_suite
def test_bench_spawn_to_initialize(sample_brain: Path, tmp_path: Path) -> None:
    """Side by side in one run, alternating: an empty server on the same SDK versus `cabecao mcp`."""
    empty = tmp_path / "empty_server.py"
    empty.write_text(EMPTY_SERVER, encoding="utf-8")
    commands = {
        "empty": [sys.executable, str(empty)],
        "cabecao": [sys.executable, "-m", "cabecao_cli", "mcp", "--brain", str(sample_brain)],
    }
    timings: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(9):
        for name, command in commands.items():
            timings[name].append(_spawn_to_initialize(command))
    medians = {name: statistics.median(values) for name, values in timings.items()}
    ratio = medians["cabecao"] / medians["empty"]
    print(
        f"\nspawn→initialize median: empty {medians['empty']:.3f} s, cabecao {medians['cabecao']:.3f} s, ratio {ratio:.2f}"
    )
