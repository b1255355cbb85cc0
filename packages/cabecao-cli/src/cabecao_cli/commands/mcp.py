"""`cabecao mcp`: the MCP server over stdio, started by the AI client."""

from __future__ import annotations

from typing import Annotated

import typer

from ..app import command
from ..brain import resolve_brain
from ..options import BrainOption


def register(app: typer.Typer) -> None:
    @app.command("mcp")
    @command
    def mcp(
        brain: BrainOption = None,
        client: Annotated[
            str | None,
            typer.Option("--client", help="Nome do cliente nos commits (padrão: o que o cliente informa ao conectar)."),
        ] = None,
    ) -> None:
        """Inicia o servidor MCP pelo stdio (quem chama é o cliente de IA, não você)."""
        from ..serving import serve_mcp

        status = serve_mcp(resolve_brain(brain), client=client)
        if status:
            raise typer.Exit(status)
