"""The MCP server on the SDK's low-level `Server`: we own validation, errors and tools/list.

Every tool failure is a result with `isError: true` and the reference's JSON envelope; no traceback reaches
the client. Operations run in one worker thread at a time, so the event loop keeps answering while the
index catches up or git works.
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
import anyio.to_thread
from cabecao_schema import CabecaoError, ErrorCode, withhold_secrets
from mcp.server.lowlevel import Server
from mcp.types import (
    CallToolRequestParams,
    CallToolResult,
    InputRequiredResult,
    ListToolsResult,
    Tool,
    ToolAnnotations,
)

from .. import messages
from ..confirmation import Confirmation, ConfirmationNeeded
from ..fields import ToolInput, compact_schema
from ..registry import TOOLS, Kind, Operation, operation
from . import elicitation, envelope, prompts, resources
from .client_name import normalise_client
from .transport import answering_stdio

if TYPE_CHECKING:
    from ..brain import Brain

log = logging.getLogger("cabecao.server")

_READ = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)
#: Writes never delete (forget archives, undo reverts), so none is destructive; relate is idempotent.
ANNOTATIONS: dict[Kind, ToolAnnotations] = {
    "read": _READ,
    "write": ToolAnnotations(
        read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
    ),
    "idempotent": ToolAnnotations(
        read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
    ),
}


def tool_of(op: Operation) -> Tool:
    """How an operation is published in tools/list: its input model is the one source of the schema."""
    return Tool(
        name=op.name,
        description=op.description,
        input_schema=compact_schema(op.input),
        annotations=ANNOTATIONS[op.kind],
    )


@dataclass
class ServerState:
    root: Path
    client_override: str | None
    brain: Brain | None = None
    limiter: anyio.CapacityLimiter | None = None

    def open_brain(self, client: str) -> Brain:
        if self.brain is None:
            from ..brain import Brain  # git and SQLite load here, after `initialize` was answered

            self.brain = Brain.open(self.root, client=client)
        else:
            self.brain.client = client
        return self.brain


def _client_name(ctx: Any, state: ServerState) -> str:
    if state.client_override:
        return normalise_client(state.client_override)
    params = getattr(ctx.session, "client_params", None)
    info = getattr(params, "client_info", None)
    return normalise_client(getattr(info, "name", None))


def build_server(root: Path, *, client: str | None = None, version: str = "") -> Server[ServerState]:
    from ..instructions import server_instructions

    state = ServerState(root=root, client_override=client)
    tools = [tool_of(op) for op in TOOLS.values()]

    @asynccontextmanager
    async def lifespan(_: Server[ServerState]) -> AsyncIterator[ServerState]:
        state.limiter = anyio.CapacityLimiter(1)
        async with anyio.create_task_group() as group:
            group.start_soon(_warm_up, state)
            group.start_soon(_maintenance, state)
            yield state
            group.cancel_scope.cancel()
        if state.brain is not None:
            state.brain.close()

    async def list_tools(ctx: Any, params: Any) -> ListToolsResult:
        return ListToolsResult(tools=tools)

    async def call_tool(ctx: Any, params: CallToolRequestParams) -> CallToolResult | InputRequiredResult:
        try:
            op = operation(params.name)
            args = op.parse(params.arguments)
            return await _run_tool(ctx, params, state, op, args, _client_name(ctx, state))
        except CabecaoError as error:
            return envelope.failure(error)
        except Exception:  # the boundary: log the detail to stderr, give the client a clean error
            traceback.print_exc(file=sys.stderr)
            return envelope.failure(
                CabecaoError(
                    ErrorCode.INTERNAL_ERROR, messages.internal_error(), next_step=messages.next_step_internal_error()
                )
            )

    async def in_thread(ctx: Any, fn: Any) -> Any:
        client_name = _client_name(ctx, state)
        return await anyio.to_thread.run_sync(lambda: fn(state.open_brain(client_name)), limiter=state.limiter)

    return Server(
        "cabecao",
        version=version,
        instructions=server_instructions(ask_enabled=False),
        lifespan=lifespan,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=resources.list_resources,
        on_list_resource_templates=resources.list_templates,
        on_read_resource=lambda ctx, params: resources.read_resource(ctx, params, in_thread),
        on_list_prompts=prompts.list_prompts,
        on_get_prompt=prompts.get_prompt,
    )


async def _run_tool(
    ctx: Any, params: CallToolRequestParams, state: ServerState, op: Operation, args: ToolInput, client_name: str
) -> CallToolResult | InputRequiredResult:
    """Run an operation; when it needs the user's yes, ask through elicitation if the client can, else a token."""

    async def attempt(confirmation: Confirmation) -> Any:
        return await anyio.to_thread.run_sync(
            lambda: op(state.open_brain(client_name), args, confirmation), limiter=state.limiter
        )

    token = getattr(args, "confirm_token", None)
    answer = elicitation.answer_from_retry(params)
    outcome = await attempt(Confirmation(token=token))
    if not isinstance(outcome, ConfirmationNeeded):
        return envelope.success(op.payload(outcome))
    brain = state.open_brain(client_name)
    if answer is not None:
        # The 2026-07-28 retry: the client brings the user's answer to the question asked in the first round.
        verdict = elicitation.verdict(brain, outcome, answer, params)
        if verdict == "accept":
            asked = getattr(params, "request_state", None)
            return envelope.success(op.payload(await attempt(Confirmation(token=asked, by_user=True))))
        if verdict == "decline":
            return envelope.success(op.payload(outcome.declined_fields()))
        return envelope.success(op.payload(outcome.token_fields(brain)))
    if token is None and elicitation.client_can_elicit(ctx):
        if elicitation.is_modern(ctx):
            return elicitation.input_required(brain, outcome)
        reply = await elicitation.ask(ctx, outcome)
        if reply == "accept":
            # The yes is for what was shown: a token for that exact subject refuses it if anything changed.
            asked = outcome.question_token(brain)
            return envelope.success(op.payload(await attempt(Confirmation(token=asked, by_user=True))))
        if reply == "decline":
            return envelope.success(op.payload(outcome.declined_fields()))
    return envelope.success(op.payload(outcome.token_fields(brain)))


async def _warm_up(state: ServerState) -> None:
    """Bring a stale index up to date after start, without holding up `initialize`."""
    await anyio.sleep(0.2)
    try:
        await anyio.to_thread.run_sync(
            lambda: state.open_brain(normalise_client(state.client_override)).refresh_index(), limiter=state.limiter
        )
    except CabecaoError as error:
        log.warning(messages.warm_up_failed(problem=withhold_secrets(error).message))
    except Exception:  # never let the warm-up take the server down; the next call reports the problem
        traceback.print_exc(file=sys.stderr)


async def _maintenance(state: ServerState) -> None:
    """Every few seconds, between calls: rewrite a stale `index.md` and pick up edits made by hand."""
    from ..brain import MAINTENANCE_SECONDS

    while True:
        await anyio.sleep(MAINTENANCE_SECONDS)
        brain = state.brain
        if brain is not None:
            await anyio.to_thread.run_sync(brain.maintain, limiter=state.limiter)


async def serve_stdio(root: Path, *, client: str | None = None, version: str = "") -> None:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    server = build_server(root, client=client, version=version)
    async with answering_stdio() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run_stdio(root: Path, *, client: str | None = None, version: str = "") -> None:
    """Serve until the client closes stdin (what `cabecao mcp` runs)."""
    anyio.run(lambda: serve_stdio(root, client=client, version=version))
