"""Asking the user directly when the client declared elicitation, in both protocol eras.

Handshake era (2025-11-25): a server-to-client `elicitation/create` request in the middle of the call.
2026-07-28: the call answers `input_required` with the question; the client retries the same call carrying the
answer, and `request_state` (an HMAC token over the exact action) ties the answer to what was asked.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Literal

from cabecao_schema import CabecaoError
from cabecao_store import verify_token
from mcp.types import (
    CallToolRequestParams,
    ElicitRequest,
    ElicitRequestFormParams,
    ElicitResult,
    InputRequiredResult,
)
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from .. import messages

if TYPE_CHECKING:
    from ..brain import Brain
    from ..confirmation import ConfirmationNeeded

QUESTION_KEY = "cabecao_confirmation"
Verdict = Literal["accept", "decline", "cancel"]


def _schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"confirm": {"type": "boolean", "title": messages.elicit_field(), "default": False}},
        "required": ["confirm"],
    }


def client_can_elicit(ctx: Any) -> bool:
    capabilities = getattr(ctx.session, "client_capabilities", None)
    return capabilities is not None and getattr(capabilities, "elicitation", None) is not None


def is_modern(ctx: Any) -> bool:
    return getattr(ctx.session, "protocol_version", None) in MODERN_PROTOCOL_VERSIONS


def _verdict(result: ElicitResult) -> Verdict:
    if result.action == "accept":
        return "accept" if (result.content or {}).get("confirm") is True else "decline"
    return "decline" if result.action == "decline" else "cancel"


async def ask(ctx: Any, need: ConfirmationNeeded) -> Verdict:
    """Handshake era: ask now. Any failure to ask counts as nobody answering (the token flow follows)."""
    try:
        result = await ctx.session.elicit_form(messages.elicit_message(summary=need.summary), _schema())
    except Exception as exc:  # a client that declared elicitation but cannot answer must not break the call
        print(f"cabecao: elicitation failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return "cancel"
    return _verdict(result)


def input_required(brain: Brain, need: ConfirmationNeeded) -> InputRequiredResult:
    state = need.question_token(brain)
    question = ElicitRequest(
        params=ElicitRequestFormParams(
            message=messages.elicit_message(summary=need.summary), requested_schema=_schema()
        )
    )
    return InputRequiredResult(input_requests={QUESTION_KEY: question}, request_state=state)


def answer_from_retry(params: CallToolRequestParams) -> ElicitResult | None:
    responses = getattr(params, "input_responses", None) or {}
    answer = responses.get(QUESTION_KEY)
    return answer if isinstance(answer, ElicitResult) else None


def verdict(brain: Brain, need: ConfirmationNeeded, answer: ElicitResult, params: CallToolRequestParams) -> Verdict:
    """The user's answer counts only for the exact action that was asked about, within the token's 5 minutes."""
    state = getattr(params, "request_state", None)
    try:
        verify_token(brain.confirm_key, need.subject, state or "", now=brain.now())
    except CabecaoError:
        return "cancel"
    return _verdict(answer)
