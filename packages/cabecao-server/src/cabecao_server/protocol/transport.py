"""stdio with an answer for every request: a line the SDK cannot read still gets its error.

The SDK's stdin reader hands an unreadable line (bad JSON, or JSON nested deeper than its parser allows) to the
session as an exception, which is logged and dropped: the client then waits for an answer that never comes.
Here such a line is answered at once, by the id found at the top level of the line without parsing the rest.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
from anyio.abc import ObjectReceiveStream, ObjectSendStream
from cabecao_schema import CabecaoError, ErrorCode
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp.types import (
    INVALID_REQUEST,
    PARSE_ERROR,
    CallToolResult,
    ErrorData,
    JSONRPCError,
    JSONRPCResponse,
)
from pydantic import ValidationError

from .. import messages
from . import envelope

Item = SessionMessage | Exception
_SCALAR = json.JSONDecoder()


def top_level(line: str, key: str) -> Any:
    """The scalar value of `key` in the line's outer JSON object, found by walking the text without building the
    nested values (which is what failed); None when it is not there or not a string or number."""
    depth = 0
    i = 0
    length = len(line)
    while i < length:
        char = line[i]
        if char == '"':
            try:
                text, end = _SCALAR.raw_decode(line, i)
            except ValueError:
                return None
            if depth == 1 and text == key:
                rest = line[end:].lstrip()
                if rest.startswith(":"):
                    start = end + (len(line[end:]) - len(rest)) + 1
                    while start < length and line[start] in " \t\r\n":
                        start += 1
                    try:
                        value, _ = _SCALAR.raw_decode(line, start)
                    except ValueError:
                        return None
                    return value if isinstance(value, str | int) and not isinstance(value, bool) else None
            i = end
            continue
        if char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
        i += 1
    return None


def reply_to_unreadable(error: Exception) -> JSONRPCError | JSONRPCResponse | None:
    """The answer to a line the SDK could not read, or None when it had no id (a notification: no answer)."""
    if not isinstance(error, ValidationError):
        return None
    problems = error.errors()
    line = next((p.get("input") for p in problems if isinstance(p.get("input"), str)), None)
    if line is None:
        return None
    request_id = top_level(line, "id")
    if request_id is None:
        return None
    unreadable_json = any(p.get("type") == "json_invalid" for p in problems)
    if unreadable_json and top_level(line, "method") == "tools/call":
        # A tool call is answered as a tool result, with the reference's envelope, like any other bad argument.
        failure = CabecaoError(
            ErrorCode.INVALID_ARGUMENT, messages.unreadable_arguments(), next_step=messages.next_step_flatter()
        )
        result: CallToolResult = envelope.failure(failure)
        return JSONRPCResponse(
            jsonrpc="2.0", id=request_id, result=result.model_dump(mode="json", by_alias=True, exclude_none=True)
        )
    code, message = (
        (PARSE_ERROR, messages.unreadable_message()) if unreadable_json else (INVALID_REQUEST, messages.bad_message())
    )
    return JSONRPCError(jsonrpc="2.0", id=request_id, error=ErrorData(code=code, message=message))


@asynccontextmanager
async def answering_stdio() -> AsyncIterator[tuple[ObjectReceiveStream[Item], ObjectSendStream[SessionMessage]]]:
    """The SDK's stdio streams, with unreadable requests answered here instead of reaching the session."""
    async with stdio_server() as (read_stream, write_stream):
        send, receive = anyio.create_memory_object_stream[Item](0)

        async def pump() -> None:
            async with send:
                async for item in read_stream:
                    if isinstance(item, Exception):
                        reply = reply_to_unreadable(item)
                        if reply is not None:
                            await write_stream.send(SessionMessage(reply))
                            continue
                    await send.send(item)

        async with anyio.create_task_group() as group:
            group.start_soon(pump)
            try:
                yield receive, write_stream
            finally:
                group.cancel_scope.cancel()
