"""Git's index (what `git status` compares the files with) brought in step with a write, on a second thread.

libgit2 rewrites and hashes the whole index file for any change (SHA-1 with collision detection): ~10 ms for a
brain of 10,000 notes, the largest part of a write. It depends only on the files the write put on disk, so it
runs while the write builds its tree, commits, and updates the search index, and the write waits for it before
it returns. libgit2 releases the GIL while it works; the thread has its own repository object, since libgit2
objects are not shared between threads (and a forked process opens its own).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

from . import _git
from . import _messages as messages

Wait = Callable[[], None]


class Staging:
    def __init__(self, root: Path) -> None:
        self.root = root
        self._repo: _git.Repository | None = None
        self._pid = 0

    def _repository(self) -> _git.Repository:
        if self._repo is None or self._pid != os.getpid():
            repo = _git.open_repository(self.root)
            if repo is None:  # the folder stopped being a repository under us
                raise _git.GitError(messages.repository_missing())
            self._repo, self._pid = repo, os.getpid()
        return self._repo

    def start(self, paths: list[str]) -> Wait:
        """Stage `paths` on a new thread; the returned `wait()` joins it and raises what it raised."""
        repo = self._repository()
        failure: list[BaseException] = []

        def run() -> None:
            try:
                _git.stage_paths(repo, self.root, paths)
            except BaseException as exc:  # handed to the writer's thread by wait()
                failure.append(exc)

        thread = threading.Thread(target=run, name="cabecao-git-index", daemon=True)
        thread.start()

        def wait() -> None:
            thread.join()
            if failure:
                raise failure[0]

        return wait

    def now(self, paths: list[str]) -> None:
        """Stage on this thread (after a rollback, to put the index back to the restored files)."""
        _git.stage_paths(self._repository(), self.root, paths)
