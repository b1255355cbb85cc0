"""Shared fixtures: an isolated git environment (no identity, no user config) and brains made for real."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
SAMPLE_BRAIN_FILES = REPO_ROOT / "packages" / "cabecao-store" / "src" / "cabecao_store" / "sample_brain"


@pytest.fixture(autouse=True)
def isolated_git(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """No global/system/XDG git config for libgit2 or the git CLI: commits must not need a user identity."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", os.devnull)
    for var in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "CABECAO_BRAIN"):
        monkeypatch.delenv(var, raising=False)
    try:
        import pygit2
        from pygit2.enums import ConfigLevel
    except ImportError:  # a package's tests may run without pygit2 installed
        yield home
        return
    levels = (ConfigLevel.GLOBAL, ConfigLevel.XDG, ConfigLevel.SYSTEM, ConfigLevel.PROGRAMDATA)
    saved = {level: pygit2.settings.search_path[level] for level in levels}
    for level in levels:
        pygit2.settings.search_path[level] = str(home)
    try:
        yield home
    finally:
        for level, value in saved.items():
            pygit2.settings.search_path[level] = value


@pytest.fixture
def sample_notes(tmp_path: Path) -> Path:
    """The sample brain's notes as a plain folder (no git), for packages that must not need git."""
    target = tmp_path / "notes"
    shutil.copytree(SAMPLE_BRAIN_FILES, target)
    return target


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def sample_brain(tmp_path: Path) -> Path:
    """A fresh copy of the sample brain, made as `cabecao init --sample` makes it."""
    from cabecao_store import init_brain

    root = tmp_path / "exemplo"
    init_brain(root, sample=True)
    return root
