"""Fixtures for cabecao-index: real folders of notes and real SQLite files, no git."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from cabecao_index import BrainIndex

WriteNotes = Callable[[dict[str, str]], Path]


def write_notes(root: Path, notes: dict[str, str]) -> Path:
    """Write `{relative path: text}` under root (text is dedented; a leading newline is dropped)."""
    for relative, text in notes.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


@pytest.fixture
def brain(tmp_path: Path) -> WriteNotes:
    """A factory: `brain({path: text})` writes the notes into a fresh folder and returns it."""
    root = tmp_path / "brain"
    root.mkdir()
    return lambda notes: write_notes(root, notes)


@pytest.fixture
def sample_index(sample_notes: Path) -> Iterator[BrainIndex]:
    """The sample brain, indexed."""
    with BrainIndex(sample_notes) as index:
        index.scan()
        yield index
