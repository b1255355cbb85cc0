"""`cabecao log`: the operations, read back from the commit trailers."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import typer

from .. import messages
from ..app import command
from ..options import BrainOption, JsonOption
from ..output import print_json
from ..running import run


def register(app: typer.Typer) -> None:
    @app.command("log")
    @command
    def log(
        brain: BrainOption = None,
        session: Annotated[str | None, typer.Option("--session", help="Só as operações desta sessão.")] = None,
        op: Annotated[str | None, typer.Option("--op", help="Só esta operação (id ou começo do id).")] = None,
        limit: Annotated[int, typer.Option("--limit", min=1, help="Quantas operações mostrar.")] = 50,
        as_json: JsonOption = False,
    ) -> None:
        """Lista as operações (mais novas primeiro): quando, qual, quem, sessão, resumo e se foi desfeita."""
        data = run(
            "log",
            {"session": session, "op": op, "limit": limit},
            brain=brain,
            options={"session": "--session", "op": "--op", "limit": "--limit"},
            published=False,
        )
        if as_json:
            print_json(data)
            return
        rows = data["operations"]
        if not rows:
            typer.echo(messages.no_operations())
            return
        for row in rows:
            mark = messages.undone_by(op=row["undone_by"]) if row["undone_by"] else ""
            when = datetime.strptime(row["time"], "%Y-%m-%dT%H:%M:%SZ")
            typer.echo(f"{when:%Y-%m-%d %H:%M}  {row['op']}  {row['client']:<12} {row['summary']}{mark}")
            typer.echo(f"{'':18}{messages.session_line(session=row['session'])}")
