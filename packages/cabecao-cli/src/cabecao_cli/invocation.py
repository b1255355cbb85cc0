"""How the person ran `cabecao`, so a hint names a command that works in their shell.

`uv run cabecao` works in the project without `cabecao` ever being on the shell's PATH: uv puts the project's
`.venv/bin` on the PATH of the process it starts, not of the shell. So a hint saying `cabecao status` would
fail there; it must say `uv run cabecao status`.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path

COMMAND = "cabecao"


def program(
    *,
    environ: Mapping[str, str] | None = None,
    argv0: str | None = None,
    prefix: str | None = None,
    cwd: Path | None = None,
) -> str:
    """The words that run `cabecao` again from where the person is (`cabecao`, `uv run cabecao`, a path)."""
    environ = os.environ if environ is None else environ
    argv0 = sys.argv[0] if argv0 is None else argv0
    env_root = Path(sys.prefix if prefix is None else prefix).resolve()
    here = (cwd or Path.cwd()).resolve()
    project = _uv_project(environ, env_root)
    if project is not None:
        # `uv run` finds the project from the current folder upwards; from elsewhere it needs --project.
        inside = here == project or project in here.parents
        return f"uv run {COMMAND}" if inside else f"uv run --project {shlex.quote(str(project))} {COMMAND}"
    script = _script(argv0)
    if script is not None:
        on_path = shutil.which(COMMAND, path=_shell_path(environ, env_root))
        if on_path and Path(on_path).resolve() == script:
            return COMMAND
        return shlex.quote(str(script))
    return f"{shlex.quote(sys.executable)} -m cabecao_cli"


def _uv_project(environ: Mapping[str, str], env_root: Path) -> Path | None:
    """The project folder when this process was started by `uv run` in a uv project (uv sets `UV` to its own
    path, and `VIRTUAL_ENV` to the project's environment, which is `<project>/.venv`)."""
    if not environ.get("UV") or not environ.get("VIRTUAL_ENV"):
        return None
    venv = Path(environ["VIRTUAL_ENV"]).resolve()
    if venv != env_root or not (venv.parent / "pyproject.toml").is_file():
        return None
    return venv.parent


def _script(argv0: str) -> Path | None:
    """The `cabecao` script this process runs as, if it runs as one (not `python -m cabecao_cli`)."""
    path = Path(argv0)
    if path.stem != COMMAND or not path.is_file():
        return None
    return path.resolve()


def _shell_path(environ: Mapping[str, str], env_root: Path) -> str:
    """PATH as the person's shell has it: without the environment's own bin folder when uv put it there."""
    entries = environ.get("PATH", "").split(os.pathsep)
    if environ.get("UV"):
        own = {str(env_root / "bin"), str(env_root / "Scripts")}
        entries = [entry for entry in entries if entry and str(Path(entry).resolve()) not in own]
    return os.pathsep.join(entries)
