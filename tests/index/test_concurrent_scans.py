"""Two processes keeping one index file in step at once (two servers starting on the same brain)."""

from __future__ import annotations

import multiprocessing
import shutil
from pathlib import Path

from cabecao_index import BrainIndex

from ..conftest import SAMPLE_BRAIN_FILES


def _scan(root: str, results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    try:
        with BrainIndex(root) as index:
            index.scan()
        results.put("ok")
    except Exception as exc:  # reported to the parent, which asserts on it
        results.put(f"{type(exc).__name__}: {exc}")


def _update_loop(root: str, results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    try:
        with BrainIndex(root) as index:
            for n in range(15):
                path = Path(root) / "wiki" / "concepts" / f"nova-{n}.md"
                path.write_text(f"---\ntype: concept\ntitle: Nova {n}\n---\n\nTexto {n}.\n", encoding="utf-8")
                index.update([f"wiki/concepts/nova-{n}.md"])
        results.put("ok")
    except Exception as exc:
        results.put(f"{type(exc).__name__}: {exc}")


def _run(targets: list, root: Path) -> list[str]:  # type: ignore[type-arg]
    # fork: the children need this module, which pytest imported by path (a spawned child could not find it).
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    processes = [context.Process(target=t, args=(str(root), results)) for t in targets]
    for p in processes:
        p.start()
    for p in processes:
        p.join(timeout=120)
    outcome = [results.get(timeout=10) for _ in processes]
    results.close()
    results.join_thread()
    return outcome


def test_two_scanners_and_a_writer_never_collide(tmp_path: Path) -> None:
    for trial in range(3):
        root = tmp_path / f"b{trial}"
        shutil.copytree(SAMPLE_BRAIN_FILES, root)
        assert _run([_scan, _scan], root) == ["ok", "ok"]
        assert _run([_scan, _update_loop, _scan], root) == ["ok", "ok", "ok"]
        with BrainIndex(root) as index:
            assert not index.scan().changed
            assert index.status().notes == 29 + 15
            assert index.note(path="wiki/concepts/nova-14.md").title == "Nova 14"
