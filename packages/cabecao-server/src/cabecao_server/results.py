"""What every operation's result is made of: a pydantic model whose fields, in order, are the tool's JSON output.

Results are built by the operations and dumped once, at the edge (`Operation.payload`), for both the MCP adapter
and the CLI; `data_notice` goes first on the results of operations that return note content.
"""

from __future__ import annotations

from typing import Any

from cabecao_schema import DATA_NOTICE
from pydantic import BaseModel, ConfigDict


class Result(BaseModel):
    """An operation's result. Every field is always present (None when it does not apply), unless a field says
    otherwise with `exclude_if`."""

    model_config = ConfigDict(extra="forbid")


def to_payload(outcome: BaseModel | dict[str, Any], *, data: bool) -> dict[str, Any]:
    """The JSON object a client receives: `data_notice` first when the result carries note content."""
    payload = outcome.model_dump(mode="json") if isinstance(outcome, BaseModel) else dict(outcome)
    if not data:
        return payload
    return {"data_notice": DATA_NOTICE, **{k: v for k, v in payload.items() if k != "data_notice"}}
