"""Two processes keeping one index file in step at once (two servers starting on the same brain)."""

from __future__ import annotations

import multiprocessing
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cabecao_index import BrainIndex
from cabecao_index import _scan as scan

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


def test_a_note_read_half_written_never_replaces_the_row_of_its_writer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The race behind the test above, made to happen every time: a scan reads a note while another process is
    # writing it (here: empty, as between the truncate and the write), the writer finishes and indexes the
    # note, and only then does the scan write what it read.
    root = tmp_path / "brain"
    shutil.copytree(SAMPLE_BRAIN_FILES, root)
    path = "wiki/concepts/nova.md"
    full = "---\ntype: concept\ntitle: Nova\n---\n\nTexto completo.\n"
    with BrainIndex(root) as index:
        index.scan()
    (root / path).write_text("", encoding="utf-8")
    real_batches = scan._prepared_batches

    def writer_finishes_between_read_and_write(*args: Any, **kwargs: Any) -> Iterator[list[scan.Prepared]]:
        for batch in real_batches(*args, **kwargs):
            assert [item.state.path for item in batch] == [path]  # read here, empty
            (root / path).write_text(full, encoding="utf-8")
            with BrainIndex(root) as writer:
                writer.update([path])
            yield batch

    monkeypatch.setattr(scan, "_prepared_batches", writer_finishes_between_read_and_write)
    with BrainIndex(root) as index:
        index.scan()
    monkeypatch.undo()
    with BrainIndex(root) as index:
        assert index.note(path=path).title == "Nova"
        assert not index.scan().changed
