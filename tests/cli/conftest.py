"""The `cabecao` command in this process, through typer's CliRunner: the same arguments, exit codes, stdout and
stderr as the installed command, without paying the interpreter's and the server's start-up on every call.

A few tests still run the real process (`python -m cabecao_cli`), where only a process shows the behaviour:
a closed pipe, and the installed command end to end.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
from cabecao_cli.app import run as run_cabecao
from typer.testing import CliRunner


@dataclass(frozen=True)
class Ran:
    """What a run of `cabecao` gave: named like `subprocess.CompletedProcess`, so both read the same."""

    returncode: int
    stdout: str
    stderr: str


Cabecao = Callable[..., Ran]


@pytest.fixture
def cabecao(monkeypatch: pytest.MonkeyPatch) -> Cabecao:
    """`cabecao(*args, cwd=, env=, input=, tty=)`: the same `run` the console script calls (`app.main`), in
    CliRunner's isolation. stdin is not a terminal (empty unless `input` is given), like a process started with
    stdin=DEVNULL; nor are stdout and stderr (`tty` makes all three look like one). ANSI codes are never stripped: what
    the command writes is what the test reads. An exception escaping the error boundary fails the test (in a
    process it would have been a traceback on stderr)."""

    def run(
        *args: str,
        cwd: Path | None = None,
        env: Mapping[str, str | None] | None = None,
        input: str | None = None,
        tty: bool = False,
    ) -> Ran:
        with monkeypatch.context() as patch:
            if cwd is not None:
                patch.chdir(cwd)
            with CliRunner().isolation(input=input, env=env, color=True) as (out, err, _):
                if tty:
                    for stream in (sys.stdin, sys.stdout, sys.stderr):
                        stream.isatty = lambda: True  # type: ignore[method-assign]
                code = run_cabecao(list(args))
                sys.stdout.flush()
                sys.stderr.flush()
                return Ran(code, out.getvalue().decode(), err.getvalue().decode())

    return run
