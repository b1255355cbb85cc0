"""`remember` end to end (dedup, secret scan, commit, index update) on brains of 1,000 and 10,000 notes.

Target: median under 30 ms at 10,000 notes. Measured twice on the same brains: at the `Brain` level (the tool's
operation, pytest-benchmark) and through the real server over stdio (the MCP round trip included).

Run: uv run pytest tests/server/test_bench_remember.py -m benchmark_suite --benchmark-enable -s
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import time
from collections.abc import Callable, Iterator
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from cabecao_index import BrainIndex
from cabecao_schema import CONFIG_FILE
from cabecao_server import Brain, Confirmation
from cabecao_server.operations.remember import RememberIn, RememberWritten, remember
from cabecao_store import FileChange, Store, init_brain
from mcp import Client

from ..corpus import generate_corpus
from .conftest import server_params

SIZES = [1_000, 10_000]
TARGET_SECONDS = 0.030
ROUNDS = 60
STDIO_CALLS = 30
SESSION = "01M79D4AFWB93BEMF0A5SXPNQB"

#: Everyday words, so the dedup query finds real candidates in the corpus (and judges them different).
WORDS = """
fila consumidor mensagem lote processamento cliente pedido fatura pagamento cobrança serviço banco tabela
índice consulta cache memória disco rede latência timeout erro falha exceção retentativa idempotência contrato
integração equipe decisão prazo entrega projeto sistema módulo componente interface usuário permissão acesso
implantação ambiente produção homologação teste cobertura revisão código função evento notificação relatório
métrica alerta monitoramento configuração parâmetro versão migração esquema registro arquivo documento
""".split()

RESULTS: dict[tuple[str, int], float] = {}


def _letters(n: int) -> str:
    out = ""
    n += 26 * 26  # at least three letters
    while n:
        n, r = divmod(n, 26)
        out = "abcdefghijklmnopqrstuvwxyz"[r] + out
    return out


def memory(n: int) -> dict[str, Any]:
    """A new memory, different from every note (8 common words and 4 words of its own: never same, complement or
    ambiguous), so each call really creates a note."""
    rng = random.Random(n)
    common = rng.sample(WORDS, 8)
    own = [f"marca{_letters(n * 4 + k)}" for k in range(4)]
    words = common + own
    rng.shuffle(words)
    return {
        "content": f"{' '.join(words).capitalize()}.",
        "type": "gotcha",
        "title": f"Armadilha de bancada {_letters(n)}",
        "scope": "global",
        "session_handle": SESSION,
    }


def build_brain(root: Path, notes: int) -> Path:
    """init_brain, the generated corpus in one Cabeção commit, old mtimes, a clean git index, a full scan."""
    init_brain(root)
    info = generate_corpus(root, notes, seed=7)
    store = Store.open(root)
    changes = [FileChange(path, (root / path).read_text(encoding="utf-8")) for path in info.paths]
    changes.append(FileChange(CONFIG_FILE, (root / CONFIG_FILE).read_text(encoding="utf-8")))
    store.write(changes, summary=f"seed {notes}", session=SESSION, client="cli")
    # A real brain's notes are older than its git index; files written in the same second as the index are
    # "racily clean" and make every index write re-check them, which no user brain pays.
    day_ago = time.time() - 86_400
    for path in info.paths:
        os.utime(root / path, (day_ago, day_ago))
    subprocess.run(["git", "update-index", "--really-refresh", "-q"], cwd=root, check=False)
    with BrainIndex(root) as index:
        index.scan()
    return root


@pytest.fixture(scope="module")
def brains(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[int], Path]]:
    made: dict[int, Path] = {}

    def brain_of(notes: int) -> Path:
        if notes not in made:
            started = time.perf_counter()
            made[notes] = build_brain(tmp_path_factory.mktemp(f"remember{notes}") / "brain", notes)
            print(f"\n[built a brain of {notes} notes in {time.perf_counter() - started:.1f} s]")
        return made[notes]

    yield brain_of
    if RESULTS:
        print("\nremember, median per call:")
        for notes in SIZES:
            cells = [
                f"{kind} {RESULTS[(kind, notes)] * 1000:.1f} ms"
                for kind in ("in-process", "in-process CPU", "stdio")
                if (kind, notes) in RESULTS
            ]
            print(f"  {notes:>6} notes: " + ", ".join(cells))
        for kind in ("in-process", "stdio"):
            if (kind, 1_000) in RESULTS and (kind, 10_000) in RESULTS:
                print(f"  {kind}: 10k/1k = {RESULTS[(kind, 10_000)] / RESULTS[(kind, 1_000)]:.2f}")
        print(f"  target: median under {TARGET_SECONDS * 1000:.0f} ms at 10,000 notes (in-process)")


@pytest.mark.benchmark_suite
@pytest.mark.parametrize("notes", SIZES)
def test_bench_remember_in_process(benchmark, brains: Callable[[int], Path], notes: int) -> None:  # type: ignore[no-untyped-def]
    brain = Brain.open(brains(notes), client="bench")
    numbers = count(notes * 10)
    outcomes: list[object] = []

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        return (brain, RememberIn.model_validate(memory(next(numbers))), Confirmation()), {}

    cpu: list[float] = []

    def run(brain: Brain, args: RememberIn, confirmation: Confirmation) -> None:
        started = time.process_time()
        outcomes.append(remember(brain, args, confirmation))
        cpu.append(time.process_time() - started)

    try:
        brain.refresh_index()
        benchmark.pedantic(run, setup=setup, rounds=ROUNDS, warmup_rounds=5)
    finally:
        brain.close()
    not_created = [o for o in outcomes if not (isinstance(o, RememberWritten) and o.decision == "created" and o.commit)]
    assert outcomes and not not_created, not_created
    benchmark.extra_info["notes"] = notes
    if benchmark.stats is not None:
        median = benchmark.stats.stats.median
        RESULTS[("in-process", notes)] = median
        # CPU time of this process: steadier than wall time when other work shares the machine.
        cpu_median = statistics.median(cpu[-ROUNDS:])
        RESULTS[("in-process CPU", notes)] = cpu_median
        print(
            f"\nremember in-process, {notes} notes: median {median * 1000:.1f} ms, "
            f"CPU {cpu_median * 1000:.1f} ms ({ROUNDS} rounds)"
        )


@pytest.mark.benchmark_suite
@pytest.mark.anyio
@pytest.mark.parametrize("notes", SIZES)
async def test_bench_remember_over_stdio(brains: Callable[[int], Path], notes: int) -> None:
    root = brains(notes)
    numbers = count(notes * 20)
    timings: list[float] = []
    async with Client(server_params(root, "--client", "bench"), mode="legacy") as client:  # type: ignore[arg-type]
        for i in range(5 + STDIO_CALLS):  # the first five wait for the start-up scan and warm the caches
            arguments = memory(next(numbers))
            started = time.perf_counter()
            result = await client.call_tool("remember", arguments)
            elapsed = time.perf_counter() - started
            payload = json.loads(result.content[0].text)
            assert not result.is_error, payload
            assert payload["decision"] == "created" and payload["commit"], payload
            if i >= 5:
                timings.append(elapsed)
    median = statistics.median(timings)
    RESULTS[("stdio", notes)] = median
    print(
        f"\nremember over stdio, {notes} notes: median {median * 1000:.1f} ms "
        f"(min {min(timings) * 1000:.1f}, max {max(timings) * 1000:.1f}, {len(timings)} calls)"
    )
