"""The `cabecao` command in this process, through typer's CliRunner: the same arguments, exit codes, stdout and
stderr as the installed command, without paying the interpreter's and the server's start-up on every call.

A few tests still run the real process (`python -m cabecao_cli`), where only a process shows the behaviour:
a closed pipe, and the installed command end to end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
from cabecao_cli.app import app, register
from typer.testing import CliRunner

if not app.registered_commands:  # `main()` registers on every start; here it must happen once per process
    register()


@dataclass(frozen=True)
class Ran:
    """What a run of `cabecao` gave: named like `subprocess.CompletedProcess`, so both read the same."""

    returncode: int
    stdout: str
    stderr: str


Cabecao = Callable[..., Ran]


@pytest.fixture
def cabecao(monkeypatch: pytest.MonkeyPatch) -> Cabecao:
    """`cabecao(*args, cwd=, env=, input=)`: stdin is not a terminal (empty unless `input` is given), like a
    process started with stdin=DEVNULL. An exception escaping the command's error boundary fails the test (in a
    process it would have been a traceback on stderr)."""

    def run(*args: str, cwd: Path | None = None, env: Mapping[str, str] | None = None, input: str | None = None) -> Ran:
        with monkeypatch.context() as patch:
            if cwd is not None:
                patch.chdir(cwd)
            result = CliRunner().invoke(app, list(args), env=env, input=input, catch_exceptions=False)
        return Ran(result.exit_code, result.stdout, result.stderr)

    return run
