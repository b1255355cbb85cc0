"""`search`: keyword search with validity on a date and graph neighbours of the top hits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import messages

if TYPE_CHECKING:
    from ..brain import Brain


def search(brain: Brain, args: Any) -> dict[str, Any]:
    result = brain.fresh().search(
        args.query,
        types=args.types,
        scope=args.scope,
        limit=args.limit,
        budget_tokens=args.budget_tokens,
        as_of=brain.as_of(args.as_of),
    )
    data = result.model_dump(mode="json")
    warnings = []
    if args.mode in ("semantic", "hybrid"):
        warnings.append({"code": "semantic_unavailable", "message": messages.semantic_fallback(requested=args.mode)})
    payload: dict[str, Any] = {
        "query": data["query"],
        "mode": data["mode"],
        "mode_requested": args.mode,
        "mode_used": "keyword",
        "mode_reason": messages.keyword_only_reason(),
        "warnings": warnings,
        "terms": data["terms"],
        "as_of": data["as_of"],
        "hits": data["hits"],
        "related": data["related"],
        "truncated": data["truncated"],
    }
    if data["mode"] == "none":
        payload["next_step"] = messages.next_step_search_none()
    elif data["truncated"]:
        payload["next_step"] = messages.next_step_search_truncated()
    return payload
