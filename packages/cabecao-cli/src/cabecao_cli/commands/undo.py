"""`cabecao undo`: revert an operation, a session, or the last agent operation."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from cabecao_schema import CabecaoError, ErrorCode, new_ulid
from cabecao_store import HUMAN_CLIENT, Store, apply_undo, plan_undo

from .. import messages
from ..app import command
from ..brain import resolve_brain
from ..options import BrainOption, JsonOption
from ..output import print_json


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
            raise typer.BadParameter("use --op ou --session, não os dois")
        store = Store.open(resolve_brain(brain))
        plan = plan_undo(store, op=op, session=session)
        if plan.reasons and not yes:
            if not sys.stdin.isatty():
                raise CabecaoError(
                    ErrorCode.INVALID_ARGUMENT, messages.undo_needs_yes(), next_step=messages.next_step_yes()
                )
            typer.echo(messages.undo_needs_confirmation())
            for reason in plan.reasons:
                typer.echo(f"  - {reason}")
            if not typer.confirm(messages.confirm_prompt(), default=False):
                typer.echo(messages.undo_cancelled())
                raise typer.Exit(1)
        record = apply_undo(store, plan, session=new_ulid(), client=HUMAN_CLIENT)
        if as_json:
            print_json(
                {
                    "op": record.op,
                    "commit": record.commit,
                    "undone": [{"op": t.op, "commit": t.commit, "summary": t.summary} for t in plan.targets],
                    "changed_paths": record.paths,
                }
            )
            return
        typer.echo(messages.undone(op=record.op, count=len(plan.targets)))
