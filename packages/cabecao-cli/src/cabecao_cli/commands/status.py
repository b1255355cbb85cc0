"""`cabecao status`: where the brain is and what it holds."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import typer
from cabecao_schema import SCHEMA_VERSION
from cabecao_store import Store, count_notes, is_locked

from .. import messages
from ..app import command
from ..brain import resolve_brain
from ..options import BrainOption, JsonOption
from ..output import print_json


def status_data(store: Store) -> dict[str, Any]:
    counts = count_notes(store.root)
    head = store.head()
    last = None
    if head is not None:
        trailers = head.message_trailers
        last = {
            "commit": str(head.id),
            "summary": head.message.split("\n", 1)[0],
            "time": datetime.fromtimestamp(head.commit_time, UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "op": trailers.get("Cabecao-Op"),
            "client": trailers.get("Cabecao-Client"),
        }
    return {
        "root": str(store.root),
        "brain_schema_version": store.config.schema_version,
        "supported_schema_version": SCHEMA_VERSION,
        "branch": None if store.repo.head_is_unborn else store.repo.head.shorthand,
        "notes": {
            "total": counts.total,
            "by_type": counts.by_type,
            "untyped": counts.untyped,
            "archived": counts.archived,
            "unreadable": counts.unreadable,
        },
        "conflicts": counts.conflicts,
        "last_commit": last,
        "locked": is_locked(store.root),
    }


def register(app: typer.Typer) -> None:
    @app.command("status")
    @command
    def status(brain: BrainOption = None, as_json: JsonOption = False) -> None:
        """Mostra o cérebro: raiz, versão do schema, notas por tipo, último commit e a trava."""
        store = Store.open(resolve_brain(brain))
        data = status_data(store)
        if as_json:
            print_json(data)
            return
        notes = data["notes"]
        typer.echo(f"Cérebro:        {data['root']}")
        typer.echo(f"Schema:         {data['brain_schema_version']} (esta versão entende até {SCHEMA_VERSION})")
        typer.echo(f"Branch:         {data['branch']}")
        typer.echo(f"Notas:          {notes['total']} ({notes['archived']} arquivadas, {notes['untyped']} sem tipo)")
        for name, count in notes["by_type"].items():
            typer.echo(f"  {name:<14}{count}")
        if data["conflicts"]:
            typer.echo(f"Conflitos:      {data['conflicts']} cópias de conflito pendentes")
        last = data["last_commit"]
        if last:
            typer.echo(f"Último commit:  {last['commit'][:12]} {last['time']} {last['summary']}")
        typer.echo(f"Trava:          {messages.lock_state(locked=data['locked'])}")
