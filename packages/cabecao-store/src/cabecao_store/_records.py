"""Values that go into and come out of the store."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Final

from ._trailers import HUMAN_CLIENT


class _Unchecked:
    def __repr__(self) -> str:
        return "UNCHECKED"


#: `FileChange.expected` value meaning "do not check what is there now".
UNCHECKED: Final = _Unchecked()


#: Computes a file's new text from its current text (None: absent), under the brain lock; None deletes it.
Build = Callable[[str | None], str | None]


@dataclass(frozen=True)
class FileChange:
    """One file an operation writes (`content`) or deletes (`content=None`).

    `expected` is the text the caller based its change on (None = the file must not exist); if the file on disk
    differs when the lock is held, the operation fails with `conflict` and nothing changes.

    `build`, instead of `content`, computes the new text from the file as it is once the lock is held (an append
    that must not lose a concurrent one): `build(current)` is called once, under the brain lock, before anything
    is written; an exception it raises (a `CabecaoError`) aborts the write with nothing changed. The store does
    not scan what it returns for secrets: the caller's `build` must.
    """

    path: str
    content: str | None = None
    expected: str | None | _Unchecked = UNCHECKED
    build: Build | None = None

    def __post_init__(self) -> None:
        if self.build is not None and (self.content is not None or self.expected is not UNCHECKED):
            raise ValueError("FileChange: build replaces content and expected; pass only one of them")


@dataclass(frozen=True)
class OperationRecord:
    """One operation as recorded in git: its commit and trailers."""

    op: str
    session: str
    client: str
    commit: str
    summary: str
    changes: list[str]
    time: datetime
    approved: bool = False
    kind: str = "write"
    undoes: tuple[str, ...] = ()
    paths: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def by_agent(self) -> bool:
        return self.client != HUMAN_CLIENT


@dataclass(frozen=True)
class OperationStatus:
    record: OperationRecord
    undone_by: str | None


@dataclass(frozen=True)
class UndoPlan:
    """What an undo would revert, and why it needs the user's confirmation (empty when it does not)."""

    targets: list[OperationRecord]
    reasons: list[str]
    by_prefix: bool = False
