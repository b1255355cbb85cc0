"""Speed and size on generated brains of 10,000 and 100,000 notes (benchmarks, not timed tests).

Run: uv run pytest -m benchmark_suite --benchmark-enable tests/index
Sizes: CABECAO_BENCH_SIZES=10000 (comma-separated) to run fewer. The figures go in docs/performance.md.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from cabecao_index import BrainIndex

from ..corpus import CorpusInfo, corpus_queries, generate_corpus

pytestmark = pytest.mark.benchmark_suite

#: Builds timed per size up to 20,000 notes (their median is reported).
BUILD_ROUNDS = 5
SIZES = [int(s) for s in os.environ.get("CABECAO_BENCH_SIZES", "10000,100000").split(",") if s.strip()]
_corpora: dict[int, CorpusInfo] = {}


@pytest.fixture(scope="module", params=SIZES, ids=lambda n: f"{n}notes")
def corpus(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[CorpusInfo]:
    size = int(request.param)
    if size not in _corpora:
        _corpora[size] = generate_corpus(tmp_path_factory.mktemp(f"corpus{size}"), size, seed=7)
    yield _corpora[size]


@pytest.fixture(scope="module")
def built(corpus: CorpusInfo) -> Iterator[BrainIndex]:
    index = BrainIndex(corpus.root)
    index.scan()
    yield index
    index.close()


def test_full_build(benchmark: Any, corpus: CorpusInfo) -> None:
    index_file = corpus.root / ".cabecao" / "index.sqlite"

    def build() -> None:
        with BrainIndex(corpus.root) as index:
            index.rebuild()

    # The median of several builds where they are cheap: one build on this shared machine moves by a third
    # from run to run. At 100k a build takes about a minute, so one.
    rounds = BUILD_ROUNDS if corpus.notes <= 20_000 else 1
    benchmark.pedantic(build, rounds=rounds, iterations=1, warmup_rounds=0)
    stats = benchmark.stats.stats
    seconds = stats.median
    benchmark.extra_info.update(
        notes=corpus.notes,
        notes_per_second=round(corpus.notes / seconds),
        index_bytes=index_file.stat().st_size,
    )
    print(
        f"\nfull build, {corpus.notes} notes: median {seconds:.2f} s of {rounds} "
        f"(min {stats.min:.2f}, max {stats.max:.2f}), {corpus.notes / seconds:,.0f} notes/s"
    )


def test_incremental_update_one_note(benchmark: Any, corpus: CorpusInfo, built: BrainIndex) -> None:
    path = next(p for p in corpus.paths if p.startswith("memory/gotchas/"))
    target = corpus.root / path
    original = target.read_text(encoding="utf-8")
    counter = iter(range(10**9))

    def edit() -> tuple[tuple[()], dict[str, Any]]:
        target.write_text(original + f"\nEdição {next(counter)} com uma palavra nova.\n", encoding="utf-8")
        return (), {}

    benchmark.pedantic(lambda: built.update([path]), setup=edit, rounds=50, iterations=1, warmup_rounds=2)
    target.write_text(original, encoding="utf-8")
    built.update([path])


def test_search_limit_10_with_related(benchmark: Any, corpus: CorpusInfo, built: BrainIndex) -> None:
    queries = corpus_queries(corpus, count=60)
    cycle = iter(queries * 1000)
    benchmark.pedantic(lambda: built.search(next(cycle), limit=10), rounds=len(queries), iterations=1, warmup_rounds=5)


def test_graph_depth_2(benchmark: Any, corpus: CorpusInfo, built: BrainIndex) -> None:
    rng = random.Random(3)
    nodes = rng.sample(corpus.paths, 60)
    cycle = iter(nodes * 1000)
    benchmark.pedantic(lambda: built.graph(next(cycle), depth=2), rounds=len(nodes), iterations=1, warmup_rounds=5)


def test_facts_on_a_date(benchmark: Any, corpus: CorpusInfo, built: BrainIndex) -> None:
    subjects = sorted(set(corpus.fact_subjects))[:60]
    cycle = iter(subjects * 1000)
    benchmark.pedantic(
        lambda: built.facts(subject=next(cycle), as_of="2026-03-01"),
        rounds=len(subjects),
        iterations=1,
        warmup_rounds=5,
    )


_PEAK_SCRIPT = """
import json, resource, sys, time
from cabecao_index import BrainIndex
start = time.perf_counter()
with BrainIndex(sys.argv[1]) as index:
    report = index.rebuild()
    status = index.status()
print(json.dumps({
    "seconds": time.perf_counter() - start,
    "notes": len(report.added),
    "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "index_bytes": status.size_bytes,
}))
"""


def test_build_size_and_peak_memory(benchmark: Any, corpus: CorpusInfo) -> None:
    """A full build in a fresh process, so its peak memory is the build's own."""
    figures: dict[str, float] = {}

    def run() -> None:
        out = subprocess.run(
            [sys.executable, "-c", _PEAK_SCRIPT, str(corpus.root)], capture_output=True, text=True, check=True
        )
        figures.update(json.loads(out.stdout))

    benchmark.pedantic(run, rounds=1, iterations=1, warmup_rounds=0)
    benchmark.extra_info.update(figures)
    assert figures["notes"] == corpus.notes
    print(
        f"\nbuild in a fresh process, {corpus.notes} notes: {figures['seconds']:.2f} s, "
        f"peak RSS {figures['peak_rss_mb']:.0f} MB, index file {figures['index_bytes'] / 1e6:.0f} MB"
    )
