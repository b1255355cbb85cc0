"""`cabecao log`: the operations, read back from the commit trailers."""

from __future__ import annotations

from typing import Annotated

import typer
from cabecao_store import Store, operations

from .. import messages
from ..app import command
from ..brain import resolve_brain
from ..options import BrainOption, JsonOption
from ..output import print_json


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
        store = Store.open(resolve_brain(brain))
        rows = operations(store.repo)
        if session:
            rows = [r for r in rows if r.record.session == session]
        if op:
            rows = [r for r in rows if r.record.op.startswith(op.upper())]
        rows = rows[:limit]
        if as_json:
            print_json(
                {
                    "operations": [
                        {
                            "op": r.record.op,
                            "session": r.record.session,
                            "client": r.record.client,
                            "commit": r.record.commit,
                            "time": r.record.time.strftime("%Y-%m-%dT%H:%M:%SZ"),
                            "kind": r.record.kind,
                            "summary": r.record.summary,
                            "changes": r.record.changes,
                            "approved": r.record.approved,
                            "undoes": list(r.record.undoes),
                            "undone_by": r.undone_by,
                        }
                        for r in rows
                    ]
                }
            )
            return
        if not rows:
            typer.echo(messages.no_operations())
            return
        for r in rows:
            rec = r.record
            mark = f"  [desfeita por {r.undone_by}]" if r.undone_by else ""
            typer.echo(f"{rec.time:%Y-%m-%d %H:%M}  {rec.op}  {rec.client:<12} {rec.summary}{mark}")
            typer.echo(f"{'':18}sessão {rec.session}")
