"""The real server, spawned over stdio as an AI client spawns it, on a fresh copy of the sample brain."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters


def server_params(brain: Path, *extra: str) -> StdioServerParameters:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CABECAO_")}
    return StdioServerParameters(
        command=sys.executable, args=["-m", "cabecao_cli", "mcp", "--brain", str(brain), *extra], env=env
    )


@asynccontextmanager
async def connect(brain: Path, *, mode: str = "legacy", **kwargs: Any) -> AsyncIterator[Client]:
    async with Client(server_params(brain), mode=mode, **kwargs) as client:  # type: ignore[arg-type]
        yield client


async def call(client: Client, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """Call a tool that must succeed; return its JSON (also checking text and structuredContent agree)."""
    result = await client.call_tool(tool, arguments)
    payload = json.loads(result.content[0].text)
    assert not result.is_error, payload
    assert result.structured_content == payload
    return payload


async def call_error(client: Client, tool: str, arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert result.is_error, result
    assert result.structured_content is None
    payload = json.loads(result.content[0].text)
    assert set(payload) == {"error"}
    error = payload["error"]
    assert set(error) >= {"code", "message", "next_step"}
    assert error["message"] and error["next_step"]
    assert "Traceback" not in result.content[0].text
    return error
