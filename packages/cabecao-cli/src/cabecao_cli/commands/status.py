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
        notes = data["notes"]
        sync = data["sync"]
        typer.echo(f"Cérebro:        {data['root']}")
        typer.echo(f"Schema:         {data['brain_schema_version']} (esta versão entende até {SCHEMA_VERSION})")
        typer.echo(f"Branch:         {sync['branch']}")
        typer.echo(f"Notas:          {notes['total']} ({notes['archived']} arquivadas, {notes['untyped']} sem tipo)")
        for name, count in notes["by_type"].items():
            typer.echo(f"  {name:<14}{count}")
        if data["conflicts"]:
            typer.echo(f"Conflitos:      {data['conflicts']} cópias de conflito pendentes")
        typer.echo(f"Trava:          {messages.lock_state(locked=bool(sync['running']))}")
        for problem in data["problems"]:
            typer.echo(f"Problema:       {problem}")
        typer.echo(data["next_step"])
