"""The brain lock: one writer at a time across processes, with a bounded wait that ends in `locked`."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import filelock
from cabecao_schema import CabecaoError, ErrorCode

from . import _messages as messages

LOCK_FILE = ".cabecao/lock"
DEFAULT_TIMEOUT = 10.0


@contextmanager
def brain_lock(root: Path, timeout: float = DEFAULT_TIMEOUT) -> Iterator[None]:
    """Hold `.cabecao/lock` (an OS file lock, released if the process dies, so it never goes stale)."""
    path = root / LOCK_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = filelock.FileLock(str(path), timeout=timeout, thread_local=False)
    try:
        lock.acquire()
    except filelock.Timeout:
        raise CabecaoError(
            ErrorCode.LOCKED, messages.locked(seconds=timeout), next_step=messages.next_step_locked()
        ) from None
    try:
        yield
    finally:
        lock.release()


def is_locked(root: Path) -> bool:
    """Whether another process holds the brain lock right now."""
    path = root / LOCK_FILE
    if not path.exists():
        return False
    lock = filelock.FileLock(str(path), timeout=0, thread_local=False)
    try:
        lock.acquire()
    except filelock.Timeout:
        return True
    lock.release()
    return False


def ensure_private_dir(root: Path) -> Path:
    folder = root / ".cabecao"
    folder.mkdir(mode=0o700, exist_ok=True)
    os.chmod(folder, 0o700)
    return folder
