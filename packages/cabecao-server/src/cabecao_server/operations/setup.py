"""Brains as a whole, before there is a `Brain` to run operations in: creating one, and checking a folder is one."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cabecao_store import Store, init_brain


@dataclass(frozen=True)
class Created:
    root: Path
    #: False when the folder already was a brain (nothing was changed).
    created: bool
    op: str | None
    commit: str | None


def create_brain(directory: Path, *, sample: bool = False) -> Created:
    """A new brain (git repository, `.cabecao.json`, folders, AGENTS.md, first commit), or the sample brain."""
    result = init_brain(directory, sample=sample)
    record = result.record
    return Created(
        root=result.root,
        created=result.created,
        op=record.op if record else None,
        commit=record.commit if record else None,
    )


def check_brain(root: Path) -> Path:
    """The brain's resolved root, or the reference's error for a folder that cannot be used as one."""
    return Store.open(root).root
