"""The three lifecycle prompts: scripts telling the agent which tools to call, in order."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mcp import MCPError
from mcp.types import (
    INVALID_PARAMS,
    GetPromptRequestParams,
    GetPromptResult,
    ListPromptsResult,
    Prompt,
    PromptArgument,
    PromptMessage,
    TextContent,
)

from .. import instructions, messages


@dataclass(frozen=True)
class PromptSpec:
    description: str
    argument: str
    argument_description: str
    script: Callable[[str | None], str]


_PROMPTS: dict[str, PromptSpec] = {
    "ingest": PromptSpec(
        instructions.PROMPT_INGEST_DESCRIPTION,
        "source",
        instructions.SOURCE_ARGUMENT,
        lambda value: instructions.prompt_ingest(source=value),
    ),
    "review": PromptSpec(
        instructions.PROMPT_REVIEW_DESCRIPTION,
        "scope",
        instructions.SCOPE_ARGUMENT,
        lambda value: instructions.prompt_review(scope=value),
    ),
    "consolidate": PromptSpec(
        instructions.PROMPT_CONSOLIDATE_DESCRIPTION,
        "scope",
        instructions.SCOPE_ARGUMENT,
        lambda value: instructions.prompt_consolidate(scope=value),
    ),
}


async def list_prompts(ctx: Any, params: Any) -> ListPromptsResult:
    return ListPromptsResult(
        prompts=[
            Prompt(
                name=name,
                description=spec.description,
                arguments=[PromptArgument(name=spec.argument, description=spec.argument_description, required=False)],
            )
            for name, spec in _PROMPTS.items()
        ]
    )


async def get_prompt(ctx: Any, params: GetPromptRequestParams) -> GetPromptResult:
    found = _PROMPTS.get(params.name)
    if found is None:
        raise MCPError(INVALID_PARAMS, messages.unknown_prompt(name=params.name, available=", ".join(_PROMPTS)))
    value = (params.arguments or {}).get(found.argument) or None
    text = found.script(value[:500] if value else None)
    return GetPromptResult(
        description=found.description,
        messages=[PromptMessage(role="user", content=TextContent(type="text", text=text))],
    )
