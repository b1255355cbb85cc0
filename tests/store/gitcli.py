"""The real git command, to check what a person would see (independent of pygit2)."""

from __future__ import annotations

import subprocess
from pathlib import Path


def git(root: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True)
    return done.stdout


def status(root: Path) -> str:
    return git(root, "status", "--porcelain", "--untracked-files=all")


def head(root: Path) -> str:
    return git(root, "rev-parse", "HEAD").strip()


def trailers(root: Path, rev: str = "HEAD") -> dict[str, str]:
    out = git(root, "log", "-1", "--format=%(trailers:only,unfold)", rev)
    pairs = [line.split(": ", 1) for line in out.splitlines() if ": " in line]
    return {k: v for k, v in pairs}


def commit_count(root: Path) -> int:
    return int(git(root, "rev-list", "--count", "HEAD").strip())
