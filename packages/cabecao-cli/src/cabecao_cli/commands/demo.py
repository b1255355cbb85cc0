"""`cabecao demo`: a short scripted agent session against the real server, on a temporary sample brain."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from .. import messages
from ..app import command
from ..output import score_text

Summary = Callable[[dict[str, Any]], list[str]]


def _recall(data: dict[str, Any]) -> list[str]:
    lines = [f"session_handle: {data['session_handle']}"]
    lines += [f"regra: {r['title']}" for r in data["rules"]]
    if data["handoff"]:
        lines.append(f"handoff: {data['handoff']['title']} ({data['handoff']['path']})")
    lines += [f"preferência: {p['title']}" for p in data["preferences"]]
    lines += [f"armadilha: {g['title']}" for g in data["gotchas"]]
    lines += [f"memória: {m['title']}" for m in data["memories"]]
    lines.append(f"{data['used_tokens']} de {data['budget_tokens']} tokens; {data['omitted']} itens cortados")
    return lines


def _search(data: dict[str, Any]) -> list[str]:
    lines = [f"modo {data['mode']} ({data['mode_used']}), termos {data['terms']}"]
    best = max((h["score"] for h in data["hits"]), default=0.0)
    lines += [
        f"{score_text(h['score'], best=best):>4}  {h['title']}  [{h['validity']}, trust {h['trust']}]  {h['path']}"
        for h in data["hits"]
    ]
    return lines


def _read(data: dict[str, Any]) -> list[str]:
    note = data["note"]
    body = [line for line in note["content"].splitlines() if line.strip()][:4]
    return [f"{note['title']} ({note['type']}, {note['path']})", *[f"  {line}" for line in body]]


def _graph(data: dict[str, Any]) -> list[str]:
    lines = [f"{data['node']['title']}: {data['total']} vizinhos (resolvido por {data['resolved_by']})"]
    for neighbor in data["neighbors"][:8]:
        kinds = ", ".join(sorted({link["type"] for link in neighbor["links"]}))
        lines.append(f"  {'·' * neighbor['distance']} {neighbor['title']} ({kinds})")
    return lines


def _facts(data: dict[str, Any]) -> list[str]:
    return [
        f"{f['subject']} {f['predicate']} {f['object']}: {f['validity']} em {data['as_of']}"
        f" (de {f['valid_from']} até {f['valid_until'] or '—'})"
        for f in data["facts"]
    ]


def _remember(data: dict[str, Any]) -> list[str]:
    lines = [f"decision: {data['decision']}" + (f" → {data['path']}" if data.get("path") else "")]
    if data.get("superseded"):
        lines.append(f"substitui: {data['superseded']['path']} (deixa de valer hoje; nada é apagado)")
    for candidate in data.get("candidates") or []:
        lines.append(f"parecida: {candidate['title']} ({candidate['verdict']}, {candidate['similarity']})")
    if data.get("reason"):
        lines.append(f"motivo: {data['reason']}")
    return lines


def _undo(data: dict[str, Any]) -> list[str]:
    return [f"desfeito: {u['op']} ({'; '.join(u['changes'])})" for u in data["undone"]]


SCRIPT: list[tuple[str, dict[str, Any], Summary]] = [
    ("recall", {"task": "migrar o consumidor de faturamento do Atlas", "scope": "project:atlas"}, _recall),
    ("search", {"query": "respostas português"}, _search),
    ("read", {"path": "wiki/entities/Projeto Atlas.md", "section": "Arquitetura › Filas"}, _read),
    ("graph", {"node": "SQS", "depth": 2}, _graph),
    ("facts", {"subject": "Projeto Atlas", "predicate": "uses_queue", "as_of": "2026-03-01"}, _facts),
    (
        "remember",
        {
            "content": "Os consumidores do Atlas leem do SQS em lotes de 20 mensagens por chamada, com espera longa "
            "de 20 segundos.",
            "type": "procedure",
            "scope": "project:atlas",
        },
        _remember,
    ),
    (
        "remember",
        {
            "content": "O Projeto Atlas passou a usar Kafka.",
            "type": "fact",
            "subject": "Projeto Atlas",
            "predicate": "uses_queue",
            "object": "[[Kafka]]",
            "scope": "project:atlas",
        },
        _remember,
    ),
    ("undo", {}, _undo),
]


async def _play(brain: Path) -> None:
    from mcp import Client, StdioServerParameters
    from mcp.types import TextContent

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "cabecao_cli", "mcp", "--brain", str(brain), "--client", "demo"],
        env=dict(os.environ),
    )
    async with Client(params, mode="legacy") as client:
        tools = [t.name for t in (await client.list_tools()).tools]
        typer.echo(messages.demo_connected(protocol=client.protocol_version or "?", tools=", ".join(tools)))
        for tool, arguments, summary in SCRIPT:
            typer.echo(f"\n→ {tool}({json.dumps(arguments, ensure_ascii=False)})")
            result = await client.call_tool(tool, arguments)
            first = result.content[0]
            data = json.loads(first.text if isinstance(first, TextContent) else "{}")
            if result.is_error:
                typer.echo(messages.demo_error(code=data["error"]["code"], message=data["error"]["message"]))
                continue
            for line in summary(data):
                typer.echo(f"  {line}")


def register(app: typer.Typer) -> None:
    @app.command("demo")
    @command
    def demo() -> None:
        """Cria um cérebro de exemplo temporário e mostra uma sessão de agente pelo servidor MCP real."""
        import anyio
        from cabecao_server import create_brain

        with tempfile.TemporaryDirectory(prefix="cabecao-demo-") as folder:
            brain = Path(folder) / "exemplo"
            create_brain(brain, sample=True)
            typer.echo(messages.demo_intro(root=str(brain)))
            anyio.run(_play, brain)
            typer.echo("\n" + messages.demo_outro())
