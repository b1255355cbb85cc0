"""`cabecao undo`: the `undo` tool at the terminal, recorded as the person's operation."""

from __future__ import annotations

from typing import Annotated

import typer
from cabecao_schema import CabecaoError, ErrorCode

from .. import messages
from ..app import command
from ..options import BrainOption, JsonOption
from ..output import print_json
from ..running import run
from ..usage import CommandLineError


def register(app: typer.Typer) -> None:
    @app.command("undo")
    @command
    def undo(
        brain: BrainOption = None,
        op: Annotated[str | None, typer.Option("--op", help="A operação a desfazer (id, ou começo do id).")] = None,
        session: Annotated[str | None, typer.Option("--session", help="Desfaz todas as operações da sessão.")] = None,
        yes: Annotated[bool, typer.Option("--yes", "-y", help="Confirma sem perguntar.")] = False,
        as_json: JsonOption = False,
    ) -> None:
        """Desfaz com git revert; sem opções, a última operação de agente. O próprio undo pode ser desfeito."""
        if op and session:
            raise CommandLineError(
                messages.op_or_session(), next_step=messages.next_step_fix_options(command="cabecao undo")
            )
        data = run(
            "undo",
            {"op": op, "session": session},
            brain=brain,
            options={"op": "--op", "session": "--session"},
            yes=yes,
        )
        if data.get("status") == "confirmation_required":
            # No terminal to ask on: the person says yes with --yes (a token is for agents, over MCP).
            raise CabecaoError(
                ErrorCode.INVALID_ARGUMENT, messages.undo_needs_yes(), next_step=messages.next_step_yes()
            )
        if data.get("status") == "declined":
            typer.echo(messages.undo_cancelled())
            raise typer.Exit(1)
        if as_json:
            print_json(data)
            return
        typer.echo(messages.undone(op=data["op"], count=len(data["undone"])))
