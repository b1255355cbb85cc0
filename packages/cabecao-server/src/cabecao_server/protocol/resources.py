"""Read-only resources: the brain's AGENTS.md, the catalogue, and any note as the same JSON as `read`."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from cabecao_schema import CabecaoError
from cabecao_store import AGENTS_MD
from mcp import MCPError
from mcp.types import (
    INVALID_PARAMS,
    ListResourcesResult,
    ListResourceTemplatesResult,
    ReadResourceRequestParams,
    ReadResourceResult,
    Resource,
    ResourceTemplate,
    TextResourceContents,
)

from .. import instructions, messages
from ..operations.read import ReadIn, read
from ..results import to_payload

if TYPE_CHECKING:
    from ..brain import Brain

SCHEMA_URI = "cabecao://schema"
INDEX_URI = "cabecao://index"
PAGE_PREFIX = "cabecao://page/"

InThread = Callable[[Any, Callable[["Brain"], Any]], Awaitable[Any]]


async def list_resources(ctx: Any, params: Any) -> ListResourcesResult:
    return ListResourcesResult(
        resources=[
            Resource(
                uri=SCHEMA_URI,
                name="schema",
                description=instructions.RESOURCE_SCHEMA_DESCRIPTION,
                mime_type="text/markdown",
            ),
            Resource(
                uri=INDEX_URI,
                name="index",
                description=instructions.RESOURCE_INDEX_DESCRIPTION,
                mime_type="text/markdown",
            ),
        ]
    )


async def list_templates(ctx: Any, params: Any) -> ListResourceTemplatesResult:
    return ListResourceTemplatesResult(
        resource_templates=[
            ResourceTemplate(
                uri_template="cabecao://page/{+path}",
                name="page",
                description=instructions.RESOURCE_PAGE_DESCRIPTION,
                mime_type="application/json",
            )
        ]
    )


async def read_resource(ctx: Any, params: ReadResourceRequestParams, in_thread: InThread) -> ReadResourceResult:
    uri = str(params.uri)
    try:
        if uri == SCHEMA_URI:
            text = await in_thread(ctx, _schema_text)
            return _text(uri, text, "text/markdown")
        if uri == INDEX_URI:
            text = await in_thread(ctx, lambda brain: brain.fresh().render_catalog())
            return _text(uri, text, "text/markdown")
        if uri.startswith(PAGE_PREFIX) and len(uri) > len(PAGE_PREFIX):
            path = unquote(uri[len(PAGE_PREFIX) :])
            payload = await in_thread(ctx, lambda brain: to_payload(read(brain, ReadIn(path=path)), data=True))
            return _text(uri, json.dumps(payload, ensure_ascii=False, default=str), "application/json")
    except CabecaoError as error:
        raise MCPError(INVALID_PARAMS, f"{error.code.value}: {error.message}", data=error.to_payload()) from None
    raise MCPError(INVALID_PARAMS, messages.resource_not_found(uri=uri))


def _schema_text(brain: Brain) -> str:
    """The brain's own AGENTS.md; the one a new brain gets when it was removed."""
    return brain.store.read_text("AGENTS.md") or AGENTS_MD


def _text(uri: str, text: str, mime: str) -> ReadResourceResult:
    return ReadResourceResult(contents=[TextResourceContents(uri=uri, text=text, mime_type=mime)])
