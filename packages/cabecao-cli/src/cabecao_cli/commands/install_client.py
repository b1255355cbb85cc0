"""`cabecao install-client`: register the MCP server in an AI client's configuration."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer

from .. import messages
from ..app import command
from ..brain import resolve_brain
from ..clients import client_specs, install
from ..options import BrainOption, JsonOption
from ..output import print_json
from ..usage import CommandLineError


def register(app: typer.Typer) -> None:
    @app.command("install-client")
    @command
    def install_client(
        client: Annotated[
            str,
            typer.Argument(
                metavar="CLIENTE", help="claude-code, claude-desktop, cursor, vscode, codex, gemini ou windsurf."
            ),
        ],
        brain: BrainOption = None,
        scope: Annotated[
            str, typer.Option("--scope", help="user (todas as pastas) ou project (só a pasta atual).")
        ] = "user",
        dry_run: Annotated[bool, typer.Option("--dry-run", help="Mostra a mudança sem gravar.")] = False,
        as_json: JsonOption = False,
    ) -> None:
        """Registra o servidor MCP do Cabeção no cliente, preservando o resto da configuração (com backup)."""
        specs = client_specs()
        if client not in specs:
            raise CommandLineError(
                messages.unknown_client(name=client, known=", ".join(specs)), next_step=messages.next_step_clients()
            )
        if scope not in ("user", "project"):
            raise CommandLineError(
                messages.invalid_option(option="--scope", problem=messages.scope_user_or_project()),
                next_step=messages.next_step_fix_options(command="cabecao install-client"),
            )
        root = resolve_brain(brain)
        from cabecao_server import check_brain

        check_brain(root)  # registering a folder that is not a brain would only fail later, inside the client
        spec = specs[client]
        result = install(spec, scope, root, project=Path.cwd(), dry_run=dry_run, now=datetime.now())  # type: ignore[arg-type]
        if as_json:
            print_json(
                {
                    "client": result.client,
                    "path": str(result.path),
                    "changed": result.changed,
                    "dry_run": dry_run,
                    "backup": str(result.backup) if result.backup else None,
                    "command": result.command,
                    "args": result.args,
                    "diff": result.diff,
                }
            )
            return
        if dry_run:
            typer.echo(messages.dry_run_header(label=spec.label, path=str(result.path)))
            typer.echo(result.diff or messages.client_unchanged(label=spec.label, path=str(result.path)))
            return
        if not result.changed:
            typer.echo(messages.client_unchanged(label=spec.label, path=str(result.path)))
            return
        typer.echo(messages.client_installed(label=spec.label, path=str(result.path)))
        if result.backup:
            typer.echo(messages.backup_made(path=str(result.backup)))
        typer.echo(messages.restart_client(label=spec.label))
