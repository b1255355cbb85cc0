"""What every operation's result is made of: a pydantic model whose fields, in order, are the tool's JSON output.

Results are built by the operations and dumped once, at the edge (`Operation.payload`), for both the MCP adapter
and the CLI; `data_notice` goes first on the results of operations that return note content.
"""

from __future__ import annotations

from typing import Any

from cabecao_index import Validity
from cabecao_schema import DATA_NOTICE
from pydantic import BaseModel, ConfigDict


class Result(BaseModel):
    """An operation's result. Every field is always present (None when it does not apply), unless a field says
    otherwise with `exclude_if`."""

    model_config = ConfigDict(extra="forbid")


class NoteHead(Result):
    """What every note a result returns starts with, as the reference lists it: who it is and where it came from."""

    id: str | None
    path: str
    type: str | None
    title: str
    scope: str
    validity: Validity
    trust: str | None
    origin: str | None
    edited_by: str | None


def to_payload(outcome: BaseModel | dict[str, Any], *, data: bool) -> dict[str, Any]:
    """The JSON object a client receives: `data_notice` first when the result carries note content."""
    payload = outcome.model_dump(mode="json") if isinstance(outcome, BaseModel) else dict(outcome)
    if not data:
        return payload
    return {"data_notice": DATA_NOTICE, **{k: v for k, v in payload.items() if k != "data_notice"}}
