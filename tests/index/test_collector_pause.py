"""A scan pauses Python's cyclic garbage collector while it makes rows, and always leaves it as it found it."""

from __future__ import annotations

import gc
import multiprocessing
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from cabecao_index import BrainIndex
from cabecao_index import _scan as scan
from cabecao_index._scan import collector_paused

from ..corpus import generate_corpus


@pytest.fixture(autouse=True)
def _collector_on() -> Iterator[None]:
    # Each test starts with the collector on, and the rest of the session gets it back as it was (one test
    # switches it off, as a host program would).
    was = gc.isenabled()
    gc.enable()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def test_nested_pauses_turn_it_back_on_only_at_the_last_end() -> None:
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_an_error_inside_still_turns_it_back_on() -> None:
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError("x")
    assert gc.isenabled()


def test_a_collector_the_host_switched_off_stays_off() -> None:
    gc.disable()
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_overlapping_pauses_in_two_threads_end_with_it_on() -> None:
    first_in = threading.Event()
    second_out = threading.Event()

    def first() -> None:
        with collector_paused():
            first_in.set()
            second_out.wait(5)

    thread = threading.Thread(target=first)
    thread.start()
    first_in.wait(5)
    with collector_paused():
        pass
    second_out.set()
    assert not gc.isenabled()  # the first thread's pause is still open
    thread.join(5)
    assert gc.isenabled()


def _worker_state(results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    scan._worker_start()
    on_at_start = gc.isenabled()
    with collector_paused():
        off_in_task = not gc.isenabled()
    results.put((on_at_start, off_in_task, gc.isenabled()))


def test_a_worker_forked_during_a_pause_starts_with_the_collector_on() -> None:
    # The pool is made while the scan holds its own pause: a forked worker inherits the switched-off collector
    # and the pause count, and would never collect again unless its start resets both.
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    with collector_paused():
        child = context.Process(target=_worker_state, args=(results,))
        child.start()
        child.join(30)
    assert results.get(timeout=10) == (True, True, True)


@pytest.mark.parametrize("workers", [0, 2])
def test_a_scan_leaves_it_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workers: int) -> None:
    info = generate_corpus(tmp_path / "brain", 40, seed=3)
    monkeypatch.setattr(scan, "PARALLEL_MIN_FILES", 1)
    monkeypatch.setattr(scan, "TASK_SIZE", 7)
    monkeypatch.setattr(scan, "_workers", lambda total: workers)
    with BrainIndex(info.root) as index:
        assert len(index.scan().added) == info.notes
    assert gc.isenabled()
