"""One write transaction (lock, files, log.md, commit, git index) on brains of 1,000 and 10,000 notes.

Run: uv run pytest tests/store/test_bench_write.py -m benchmark_suite --benchmark-enable
"""

from __future__ import annotations

import os
import subprocess
import time
from itertools import count
from pathlib import Path

import pytest
from cabecao_store import FileChange, Store, init_brain

FOLDERS = ["memory/facts", "memory/gotchas", "wiki/concepts", "wiki/entities", "memory/decisions"]


def _brain(root: Path, notes: int) -> Store:
    init_brain(root)
    store = Store.open(root)
    changes = [
        FileChange(
            f"{FOLDERS[i % len(FOLDERS)]}/nota-{i:06d}.md",
            f"---\ntype: concept\ntitle: Nota {i}\n---\n\n# Nota {i}\n\nTexto da nota {i} sobre filas e consumidores.\n",
        )
        for i in range(notes)
    ]
    store.write(changes, summary=f"seed {notes}", session="01M79D4AFWB93BEMF0A5SXPNQB", client="cli")
    # A real brain's notes are older than its git index; files written in the same second as the index are
    # "racily clean" and make every index write re-check them, which no user brain pays.
    day_ago = time.time() - 86_400
    for change in changes:
        os.utime(root / change.path, (day_ago, day_ago))
    subprocess.run(["git", "update-index", "--really-refresh", "-q"], cwd=root, check=False)
    return store


@pytest.mark.benchmark_suite
@pytest.mark.parametrize("notes", [1_000, 10_000])
def test_write_transaction(benchmark, tmp_path: Path, notes: int) -> None:  # type: ignore[no-untyped-def]
    store = _brain(tmp_path / f"b{notes}", notes)
    numbers = count()

    def one_write() -> None:
        n = next(numbers)
        store.write(
            [FileChange(f"memory/gotchas/bench-{n:06d}.md", f"# Bench {n}\n\nUma armadilha nova.\n", expected=None)],
            summary=f"add gotcha: Bench {n}",
            lines=[f"add gotcha: Bench {n}"],
            session="01M79D4AFWB93BEMF0A5SXPNQB",
            client="claude-code",
        )

    benchmark.pedantic(one_write, rounds=60, warmup_rounds=5)
    benchmark.extra_info["notes"] = notes
