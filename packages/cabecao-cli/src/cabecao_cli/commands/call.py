"""`cabecao call`: any MCP tool at the terminal, with the same validation and the same JSON as over MCP."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from .. import messages
from ..app import command
from ..options import BrainOption
from ..output import print_json
from ..running import run
from ..usage import CommandLineError


def register(app: typer.Typer) -> None:
    @app.command("call")
    @command
    def call(
        tool: Annotated[
            str,
            typer.Argument(metavar="FERRAMENTA", help="A ferramenta (recall, search, read, remember, write_page...)."),
        ],
        arguments: Annotated[
            str,
            typer.Argument(
                metavar="ARGUMENTOS",
                help="Os argumentos da ferramenta em JSON; - lê da entrada padrão.",
            ),
        ] = "{}",
        brain: BrainOption = None,
        yes: Annotated[
            bool, typer.Option("--yes", "-y", help="Confirma uma ação que pede o sim do usuário, sem perguntar.")
        ] = False,
    ) -> None:
        """Chama uma ferramenta do servidor MCP e imprime o resultado em JSON, igual ao que um agente recebe.

        As gravações ficam no git como suas (cliente cli). Uma ação que pede confirmação pergunta no terminal; sem
        terminal, devolve confirmation_required com o confirm_token para repetir a chamada.
        """
        text = typer.get_text_stream("stdin").read() if arguments == "-" else arguments
        print_json(run(tool, _object(text), brain=brain, yes=yes, command=f"cabecao call {tool}"))


def _object(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CommandLineError(
            messages.call_arguments_not_json(problem=f"{exc.msg} (linha {exc.lineno}, coluna {exc.colno})"),
            next_step=messages.next_step_call_arguments(),
        ) from None
    if not isinstance(value, dict):
        raise CommandLineError(messages.call_arguments_not_object(), next_step=messages.next_step_call_arguments())
    return value
