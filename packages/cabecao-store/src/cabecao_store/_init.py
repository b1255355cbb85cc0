"""Creating a brain: a git repository on `main` with its config, layout, control files and a first commit."""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from cabecao_schema import (
    CONFIG_FILE,
    LOG_FILE,
    CabecaoError,
    ErrorCode,
    default_config,
    new_ulid,
    render_config,
)

from . import _git
from . import _messages as messages
from ._layout import AGENTS_MD, FOLDERS, GITATTRIBUTES, GITIGNORE
from ._locking import ensure_private_dir
from ._records import FileChange, OperationRecord
from ._store import Clock, Store, utc_now
from ._tokens import load_or_create_key
from ._trailers import HUMAN_CLIENT

KEEP_FILE = ".gitkeep"


@dataclass(frozen=True)
class InitResult:
    root: Path
    created: bool
    record: OperationRecord | None


def _sample_files() -> dict[str, str]:
    files: dict[str, str] = {}

    def walk(node: Traversable, prefix: str) -> None:
        for child in sorted(node.iterdir(), key=lambda c: c.name):
            rel = f"{prefix}{child.name}"
            if child.is_dir():
                walk(child, rel + "/")
            elif child.name.endswith(".md"):
                files[rel] = child.read_text(encoding="utf-8")

    walk(resources.files("cabecao_store") / "sample_brain", "")
    return files


def init_brain(root: Path | str, *, sample: bool = False, now: Clock = utc_now) -> InitResult:
    """Create a brain in `root` (missing or empty); an existing brain is left as it is (`created=False`)."""
    root = Path(root).expanduser()
    if (root / CONFIG_FILE).exists():
        Store.open(root, now=now)  # fails clearly if the existing brain is unusable
        return InitResult(root.resolve(), created=False, record=None)
    if root.exists() and (not root.is_dir() or any(root.iterdir())):
        raise CabecaoError(
            ErrorCode.NOT_A_BRAIN,
            messages.folder_not_empty(root=str(root)),
            next_step=messages.next_step_empty_folder(),
        )
    root.mkdir(parents=True, exist_ok=True)
    root = root.resolve()
    try:
        repo = _git.init_repository(root)
        ensure_private_dir(root)
        load_or_create_key(root)
        store = Store(root, repo, default_config(), now=now)
        files: dict[str, str] = {
            CONFIG_FILE: render_config(default_config()),
            ".gitignore": GITIGNORE,
            ".gitattributes": GITATTRIBUTES,
            "AGENTS.md": AGENTS_MD,
            LOG_FILE: messages.log_header(),
        }
        for folder in FOLDERS:
            files[f"{folder}/{KEEP_FILE}"] = ""
        if sample:
            files.update(_sample_files())
        record = store.write(
            [FileChange(path, text, expected=None) for path, text in files.items() if path != LOG_FILE],
            summary=messages.init_commit(sample=sample),
            lines=[],
            session=new_ulid(),
            client=HUMAN_CLIENT,
            kind="init",
        )
    except BaseException:
        _remove_partial(root)
        raise
    return InitResult(root, created=True, record=record)


def _remove_partial(root: Path) -> None:
    """Undo a half-made init so the folder is empty again (it was empty before)."""
    for dirpath, dirnames, filenames in os.walk(root, topdown=False):
        for name in filenames:
            os.unlink(os.path.join(dirpath, name))
        for name in dirnames:
            path = os.path.join(dirpath, name)
            if os.path.islink(path):
                os.unlink(path)
            else:
                os.rmdir(path)
