"""The long measurements of docs/safety.md, outside the default run (marked `benchmark_suite`):

    uv run pytest tests/safety/test_rounds.py -m benchmark_suite -q -s -p no:cacheprovider

Rounds per tool: CABECAO_CRASH_ROUNDS (fork workers, default 200), CABECAO_STDIO_ROUNDS (real server over
stdio, default 10); lost-commit runs: CABECAO_LOST_RUNS (default 3, 150 person commits each).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from . import harness

pytestmark = pytest.mark.benchmark_suite


def _summary(*args: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, harness.__file__, *args], capture_output=True, text=True, timeout=6 * 3600)
    assert done.returncode == 0, done.stderr[-3000:]
    last = json.loads(done.stdout.splitlines()[-1])
    print(json.dumps(last, ensure_ascii=False, indent=1))
    summary: dict[str, Any] = last["summary"]
    return summary


def test_kill_rounds_through_the_servers_code() -> None:
    rounds = os.environ.get("CABECAO_CRASH_ROUNDS", "200")
    summary = _summary("rounds", "--mode", "fork", "--rounds", rounds, "--quiet")
    assert summary["broken"] == 0, summary


def test_kill_rounds_through_the_real_server_over_stdio() -> None:
    rounds = os.environ.get("CABECAO_STDIO_ROUNDS", "10")
    summary = _summary("rounds", "--mode", "stdio", "--rounds", rounds, "--quiet")
    assert summary["broken"] == 0, summary


def test_no_commit_of_a_person_is_lost_beside_two_servers() -> None:
    runs = os.environ.get("CABECAO_LOST_RUNS", "3")
    summary = _summary("lost", "--runs", runs, "--commits", "150", "--server-writes", "150")
    assert summary["lost"] == 0, summary
