"""`cabecao search`, `cabecao lint` and `cabecao index rebuild`: the same operations the MCP tools run."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Annotated, Any

import typer

from .. import messages
from ..app import command
from ..options import BrainOption, JsonOption
from ..output import print_json, score_text, type_text
from ..running import open_brain, run


class _Bar:
    """The rebuild's progress bar, made at the first report, when the index knows how many notes there are
    (after walking the folder): a bar started at 1 that grows its total jumps backwards for the person."""

    def __init__(self, stack: ExitStack) -> None:
        self._stack = stack
        self._bar: Any = None
        self._done = 0

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None:
            bar = typer.progressbar(length=total, label=messages.rebuild_label(), show_pos=True)
            self._bar = self._stack.enter_context(bar)
        self._bar.update(done - self._done)
        self._done = done


def register(app: typer.Typer) -> None:
    @app.command("search")
    @command
    def search(
        query: Annotated[str, typer.Argument(metavar="TERMOS", help="Os termos a buscar.")],
        brain: BrainOption = None,
        note_type: Annotated[
            list[str] | None, typer.Option("--type", help="Só este tipo (repita para vários).")
        ] = None,
        scope: Annotated[str | None, typer.Option("--scope", help="global ou project:<nome>.")] = None,
        as_of: Annotated[str | None, typer.Option("--as-of", help="Validade nesta data (AAAA-MM-DD).")] = None,
        limit: Annotated[int, typer.Option("--limit", help="Quantos resultados (1 a 100).")] = 10,
        as_json: JsonOption = False,
    ) -> None:
        """Busca por palavra-chave: todos os termos primeiro, senão qualquer um; com validade na data."""
        data = run(
            "search",
            {"query": query, "types": note_type or None, "scope": scope, "as_of": as_of, "limit": limit},
            brain=brain,
            options={"query": "TERMOS", "types": "--type", "scope": "--scope", "as_of": "--as-of", "limit": "--limit"},
        )
        if as_json:
            print_json(data)
            return
        typer.echo(messages.search_header(mode=data["mode"], count=len(data["hits"]), as_of=data["as_of"]))
        best = max((hit["score"] for hit in data["hits"]), default=0.0)
        for hit in data["hits"]:
            where = " › ".join(hit["heading_path"][1:])
            kind = type_text(hit["type"], hit["path"])
            typer.echo(
                f"{score_text(hit['score'], best=best):>4}  {hit['title']}  [{kind}, {hit['validity']}]  {hit['path']}"
            )
            if where:
                typer.echo(f"      § {where}")
            typer.echo(f"      {' '.join(hit['content'].split())[:160]}")
        if data.get("next_step"):
            typer.echo(data["next_step"])

    @app.command("lint")
    @command
    def lint(
        brain: BrainOption = None,
        rule: Annotated[list[str] | None, typer.Option("--rule", help="Só esta regra (repita para várias).")] = None,
        limit: Annotated[int, typer.Option("--limit", help="Máximo de achados (1 a 1000).")] = 200,
        as_json: JsonOption = False,
    ) -> None:
        """Relatório de problemas por regra, só leitura, com a correção sugerida de cada um."""
        data = run(
            "lint",
            {"rules": rule or None, "limit": limit},
            brain=brain,
            options={"rules": "--rule", "limit": "--limit"},
        )
        if as_json:
            print_json(data)
            return
        for finding in data["findings"]:
            line = f":{finding['line']}" if finding.get("line") else ""
            typer.echo(f"{finding['severity']:<8} {finding['rule']:<20} {finding['path']}{line}")
            typer.echo(f"         {finding['message']}")
            typer.echo(f"         → {finding['fix']}")
        typer.echo(messages.lint_totals(counts=data["counts"], checked=data["checked_notes"]))

    index_app = typer.Typer(help="O índice SQLite local (.cabecao/index.sqlite).", no_args_is_help=True)
    app.add_typer(index_app, name="index")

    @index_app.command("rebuild")
    @command
    def rebuild(brain: BrainOption = None, as_json: JsonOption = False) -> None:
        """Apaga e refaz o índice a partir das notas, com barra de progresso."""
        context = open_brain(brain)
        try:
            if as_json:
                status = context.rebuild_index()
            else:
                with ExitStack() as stack:
                    status = context.rebuild_index(progress=_Bar(stack))
        finally:
            context.close()
        if as_json:
            print_json(
                {
                    "notes": status.notes,
                    "chunks": status.chunks,
                    "edges": status.edges,
                    "facts": status.facts,
                    "rebuilt": True,
                }
            )
            return
        typer.echo(messages.rebuilt(notes=status.notes, chunks=status.chunks, edges=status.edges, facts=status.facts))
