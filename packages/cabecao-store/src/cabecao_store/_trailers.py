"""Commit messages with Cabeção's trailers: how an operation is written into git and read back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

OP = "Cabecao-Op"
SESSION = "Cabecao-Session"
CLIENT = "Cabecao-Client"
APPROVED = "Cabecao-Approved"
UNDOES = "Cabecao-Undoes"
KIND = "Cabecao-Kind"

#: The client name of operations a person made at the terminal.
HUMAN_CLIENT = "cli"


@dataclass(frozen=True)
class Trailers:
    op: str
    session: str
    client: str
    approved: bool = False
    kind: str = "write"
    undoes: tuple[str, ...] = field(default_factory=tuple)


def _clean(text: str) -> str:
    # A summary or change line must never forge a trailer or run onto other lines.
    return " ".join(text.split())


def format_message(summary: str, lines: list[str], trailers: Trailers) -> str:
    parts = [_clean(summary)[:200] or "cabecao"]
    body = [f"- {_clean(line)}" for line in lines if line.strip()]
    if body:
        parts.append("\n".join(body))
    # Every value is flattened to one line: a newline in a session or client would forge trailers.
    tail = [
        f"{OP}: {_clean(trailers.op)}",
        f"{SESSION}: {_clean(trailers.session)}",
        f"{CLIENT}: {_clean(trailers.client)}",
    ]
    if trailers.kind != "write":
        tail.append(f"{KIND}: {trailers.kind}")
    if trailers.undoes:
        tail.append(f"{UNDOES}: {','.join(_clean(u) for u in trailers.undoes)}")
    if trailers.approved:
        tail.append(f"{APPROVED}: user")
    parts.append("\n".join(tail))
    return "\n\n".join(parts) + "\n"


def parse_trailers(values: Mapping[str, str]) -> Trailers | None:
    """Trailers of a commit message (as pygit2's `message_trailers`), or None for a commit Cabeção did not make."""
    op = values.get(OP)
    if not op:
        return None
    undoes = tuple(v.strip() for v in values.get(UNDOES, "").split(",") if v.strip())
    return Trailers(
        op=op.strip(),
        session=values.get(SESSION, "").strip(),
        client=values.get(CLIENT, "").strip() or HUMAN_CLIENT,
        approved=values.get(APPROVED, "").strip().lower() == "user",
        kind=values.get(KIND, "write").strip() or "write",
        undoes=undoes,
    )


def change_lines(message: str) -> list[str]:
    """The per-note lines of a Cabeção commit message (`- add preference: X`)."""
    blocks = message.split("\n\n")
    if len(blocks) < 3:
        return []
    return [line[2:] for line in blocks[1].splitlines() if line.startswith("- ")]
