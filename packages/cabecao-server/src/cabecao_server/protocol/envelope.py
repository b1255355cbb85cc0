"""The one place that builds tool results: success as the operation's JSON payload, errors as the reference's
JSON envelope with `isError: true` and no structuredContent."""

from __future__ import annotations

import json
from typing import Any

from cabecao_schema import CabecaoError, withhold_secrets
from mcp.types import CallToolResult, TextContent


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, default=str)


def success(payload: dict[str, Any]) -> CallToolResult:
    text = _dumps(payload)
    # Parsed back so dates and paths in structuredContent are the same JSON values as in the text.
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=json.loads(text))


def failure(error: CabecaoError) -> CallToolResult:
    payload = withhold_secrets(error).to_payload()
    return CallToolResult(content=[TextContent(type="text", text=_dumps(payload))], is_error=True)
