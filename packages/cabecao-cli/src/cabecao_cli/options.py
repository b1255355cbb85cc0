"""Options shared by several commands."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

BrainOption = Annotated[
    Path | None,
    typer.Option(
        "--brain",
        help="Pasta do cérebro (padrão: CABECAO_BRAIN, a pasta mais próxima com .cabecao.json, ou ~/cabecao).",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Saída em JSON.")]
