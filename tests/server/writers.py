"""Helpers for the multi-writer tests: a CLI-like writer process and a reader of what git recorded.

Run as a script, this module is the "CLI" side of the concurrency test: a separate OS process that writes
through `cabecao_store.Store` exactly as the CLI does (client `cli`), starting when the go file appears, and
prints one JSON line per write with the outcome.

    python writers.py ROOT GO_FILE COUNT SESSION LOCK_TIMEOUT
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

CLI_FOLDER = "wiki/concepts"
PAUSE_SECONDS = 0.02


def cli_path(n: int) -> str:
    return f"{CLI_FOLDER}/concorrencia-cli-{n:03d}.md"


def cli_text(n: int) -> str:
    return (
        f"---\ntype: concept\ntitle: Concorrência CLI {n}\nscope: global\ntrust: medium\n---\n\n"
        f"# Concorrência CLI {n}\n\nNota {n} gravada pelo processo da linha de comando, ao mesmo tempo que os "
        "servidores.\n"
    )


def run_store_writer(root: Path, go_file: Path, count: int, session: str, lock_timeout: float) -> None:
    from cabecao_schema import CabecaoError, new_ulid
    from cabecao_store import FileChange, Store

    store = Store.open(root, lock_timeout=lock_timeout)
    deadline = time.monotonic() + 60
    while not go_file.exists():
        if time.monotonic() > deadline:
            raise SystemExit("go file never appeared")
        time.sleep(0.01)
    for n in range(count):
        op = new_ulid()
        path = cli_path(n)
        outcome: dict[str, object] = {"path": path, "op": op}
        try:
            record = store.write(
                [FileChange(path, cli_text(n), expected=None)],
                summary=f"add concept: Concorrência CLI {n}",
                lines=[f"add concept: Concorrência CLI {n}"],
                session=session,
                client="cli",
                op=op,
            )
            outcome.update(status="ok", commit=record.commit)
        except CabecaoError as error:
            outcome.update(status="error", code=str(error.code), message=error.message)
        except Exception as error:  # reported to the test, which fails on anything but `locked`
            outcome.update(status="error", code="exception", message=repr(error))
        print(json.dumps(outcome, ensure_ascii=False), flush=True)
        # A person's commands are not back to back; without a pause this loop re-takes the lock the moment it
        # lets go (the OS lock has no queue) and the servers, polling for it, would mostly wait it out.
        time.sleep(PAUSE_SECONDS)


# reading git back (the real git CLI, independent of pygit2) ----------------------------------------------


@dataclass(frozen=True)
class CommitInfo:
    sha: str
    trailers: dict[str, str]
    paths: tuple[str, ...]


def git(root: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "core.quotepath=false", *args], cwd=root, capture_output=True, text=True, check=True
    )
    return done.stdout


def commits(root: Path) -> list[CommitInfo]:
    """Every commit reachable from HEAD, newest first, with its trailers and the paths it touched."""
    out = git(root, "log", "--format=%x1e%H%x1f%(trailers:only,unfold)%x1f", "--name-only", "HEAD")
    found: list[CommitInfo] = []
    for chunk in out.split("\x1e")[1:]:
        sha, trailer_text, names = chunk.split("\x1f")
        pairs = [line.split(": ", 1) for line in trailer_text.splitlines() if ": " in line]
        found.append(
            CommitInfo(
                sha=sha.strip(),
                trailers={k: v for k, v in pairs},
                paths=tuple(line for line in names.splitlines() if line.strip()),
            )
        )
    return found


if __name__ == "__main__":
    root_arg, go_arg, count_arg, session_arg, timeout_arg = sys.argv[1:6]
    run_store_writer(Path(root_arg), Path(go_arg), int(count_arg), session_arg, float(timeout_arg))
