"""Values that go into and come out of the store."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Final

from ._trailers import HUMAN_CLIENT


class _Unchecked:
    def __repr__(self) -> str:
        return "UNCHECKED"


#: `FileChange.expected` value meaning "do not check what is there now".
UNCHECKED: Final = _Unchecked()


@dataclass(frozen=True)
class FileChange:
    """One file an operation writes (`content`) or deletes (`content=None`).

    `expected` is the text the caller based its change on (None = the file must not exist); if the file on disk
    differs when the lock is held, the operation fails with `conflict` and nothing changes.
    """

    path: str
    content: str | None
    expected: str | None | _Unchecked = UNCHECKED


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
