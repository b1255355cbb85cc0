"""The three lifecycle prompts: scripts telling the agent which tools to call, in order."""

from __future__ import annotations

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

_PROMPTS = {
    "ingest": (
        "Ingerir uma fonte: ingest, seguir o plano, gravar com remember",
        "source",
        "Endereço ou nome do arquivo da fonte",
        lambda value: instructions.prompt_ingest(source=value),
    ),
    "review": (
        "Revisar o cérebro: lint, corrigir o que é seguro, perguntar o resto",
        "scope",
        "global ou project:<nome>",
        lambda value: instructions.prompt_review(scope=value),
    ),
    "consolidate": (
        "Consolidar: consolidate start, juntar episódios e duplicatas, consolidate finish",
        "scope",
        "global ou project:<nome>",
        lambda value: instructions.prompt_consolidate(scope=value),
    ),
}


async def list_prompts(ctx: Any, params: Any) -> ListPromptsResult:
    return ListPromptsResult(
        prompts=[
            Prompt(
                name=name,
                description=description,
                arguments=[PromptArgument(name=arg, description=arg_help, required=False)],
            )
            for name, (description, arg, arg_help, _) in _PROMPTS.items()
        ]
    )


async def get_prompt(ctx: Any, params: GetPromptRequestParams) -> GetPromptResult:
    found = _PROMPTS.get(params.name)
    if found is None:
        raise MCPError(INVALID_PARAMS, messages.unknown_prompt(name=params.name, available=", ".join(_PROMPTS)))
    description, arg, _, script = found
    value = (params.arguments or {}).get(arg) or None
    text = script(value[:500] if value else None)
    return GetPromptResult(
        description=description, messages=[PromptMessage(role="user", content=TextContent(type="text", text=text))]
    )
