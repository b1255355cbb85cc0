from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from cabecao_store import Store, init_brain


class FakeClock:
    """A clock the test moves by hand, injected into the store (never a global freeze)."""

    def __init__(self, start: datetime) -> None:
        self.current = start

    def __call__(self) -> datetime:
        return self.current

    def advance(self, **delta: float) -> None:
        self.current += timedelta(**delta)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(datetime(2026, 11, 13, 12, 0, 0, tzinfo=UTC))


@pytest.fixture
def make_brain(tmp_path: Path, clock: FakeClock) -> Callable[..., Store]:
    counter = iter(range(1000))

    def make(*, sample: bool = False, lock_timeout: float = 2.0) -> Store:
        root = tmp_path / f"brain{next(counter)}"
        init_brain(root, sample=sample, now=clock)
        return Store.open(root, now=clock, lock_timeout=lock_timeout)

    return make


@pytest.fixture
def brain(make_brain: Callable[..., Store]) -> Store:
    return make_brain()
