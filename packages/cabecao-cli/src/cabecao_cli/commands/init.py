"""`cabecao init`: create a brain, or the sample brain the reference's examples come from."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer

from .. import messages
from ..app import command
from ..invocation import program
from ..options import JsonOption
from ..output import print_json


def register(app: typer.Typer) -> None:
    @app.command("init")
    @command
    def init(
        directory: Annotated[
            Path, typer.Argument(metavar="PASTA", help="Pasta do novo cérebro (nova ou vazia).")
        ] = Path("~/cabecao"),
        sample: Annotated[bool, typer.Option("--sample", help="Cria o cérebro de exemplo (Projeto Atlas).")] = False,
        as_json: JsonOption = False,
    ) -> None:
        """Cria um cérebro: repositório git, .cabecao.json, pastas, AGENTS.md e o primeiro commit."""
        from cabecao_server import create_brain

        result = create_brain(directory, sample=sample)
        if as_json:
            print_json({"root": str(result.root), "created": result.created, "commit": result.commit, "op": result.op})
            return
        if result.created:
            typer.echo(messages.brain_created(root=str(result.root), sample=sample))
        else:
            typer.echo(messages.brain_exists(root=str(result.root)))
        typer.echo(messages.next_after_init(root=shlex.quote(str(result.root)), program=program()))
