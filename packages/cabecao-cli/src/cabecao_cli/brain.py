"""Which brain a command works on: --brain, then CABECAO_BRAIN, then the nearest folder upwards with
`.cabecao.json`, then ~/cabecao."""

from __future__ import annotations

import os
from pathlib import Path

from cabecao_schema import CONFIG_FILE

DEFAULT_BRAIN = "~/cabecao"


def resolve_brain(option: Path | None, *, cwd: Path | None = None) -> Path:
    if option is not None:
        return option.expanduser().resolve()
    env = os.environ.get("CABECAO_BRAIN")
    if env:
        return Path(env).expanduser().resolve()
    here = (cwd or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / CONFIG_FILE).is_file():
            return folder
    return Path(DEFAULT_BRAIN).expanduser().resolve()
