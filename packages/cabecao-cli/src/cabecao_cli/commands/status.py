"""`cabecao status`: the `status` tool at the terminal (the same fields under --json)."""

from __future__ import annotations

import typer
from cabecao_schema import SCHEMA_VERSION

from .. import messages
from ..app import command
from ..options import BrainOption, JsonOption
from ..output import print_json
from ..running import run


def register(app: typer.Typer) -> None:
    @app.command("status")
    @command
    def status(brain: BrainOption = None, as_json: JsonOption = False) -> None:
        """Mostra a saúde do cérebro: raiz, schema, notas por tipo, índice, branch, conflitos e a trava."""
        data = run("status", {}, brain=brain)
        if as_json:
            print_json(data)
            return
        for line in messages.status_lines(data, supported=SCHEMA_VERSION):
            typer.echo(line)
