"""`recall`: the briefing at the start of a task, cut to a token budget in the reference's priority order.

Only confirmed rules count: `type: rule` in `memory/rules/` written by a person (`origin: human`) or by an agent
with the user's yes (`approved_by: user`). A rule-looking note an agent wrote on its own never becomes one.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Annotated, Any

from cabecao_schema import MAX_TASK_CHARS, RULES_FOLDER, new_ulid, scope_project
from pydantic import Field

from .. import messages
from ..fields import Scope, ToolInput

if TYPE_CHECKING:
    from cabecao_index import NoteRecord

    from ..brain import Brain

PRIORITY = ["rules", "handoff", "preferences", "gotchas", "memories"]
SEEN_FILE = ".cabecao/handoffs-seen.json"
#: A single item never takes more than this many characters of the briefing; longer notes come as a snippet.
ITEM_CHARS = 2_000


class RecallIn(ToolInput):
    task: Annotated[str, Field(min_length=1, max_length=MAX_TASK_CHARS, description="O que você vai fazer")]
    scope: Scope | None = None
    budget_tokens: Annotated[int, Field(ge=100, le=50_000)] = 2000


def _tokens(value: Any) -> int:
    return max(1, len(json.dumps(value, ensure_ascii=False)) // 4)


def _item(record: NoteRecord, body: str) -> dict[str, Any]:
    body = body.strip("\n") + "\n"
    kind = "full"
    if len(body) > ITEM_CHARS:
        body, kind = body[:ITEM_CHARS].rstrip() + "…", "snippet"
    return {
        "id": record.id,
        "path": record.path,
        "type": record.type,
        "title": record.title,
        "scope": record.scope,
        "validity": record.validity,
        "trust": record.trust,
        "origin": record.origin,
        "edited_by": record.edited_by,
        "sources": record.sources,
        "content_kind": kind,
        "content": body,
    }


def is_confirmed_rule(record: NoteRecord) -> bool:
    return (
        record.type == "rule"
        and record.path.startswith(RULES_FOLDER)
        and (record.origin == "human" or record.approved_by == "user")
    )


def _handoff(records: list[NoteRecord], scope: str | None) -> NoteRecord | None:
    """The latest current handoff; with a project scope, the project's own comes before the global one."""
    project = scope_project(scope) if scope else None

    def key(r: NoteRecord) -> tuple[int, str, str]:
        own = 1 if project and r.scope == f"project:{project}" else 0
        return (own, r.created or r.updated or "", r.path)

    return max(records, key=key) if records else None


def _seen(brain: Brain, handoff: NoteRecord, session: str) -> dict[str, str] | None:
    """Who got this handoff before on this machine (then record this delivery)."""
    path = brain.root / SEEN_FILE
    try:
        seen = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(seen, dict):
            seen = {}
    except (FileNotFoundError, json.JSONDecodeError, UnicodeDecodeError):
        seen = {}
    key = handoff.id or handoff.path
    previous = seen.get(key)
    seen = {k: v for k, v in seen.items() if isinstance(v, dict)}
    seen[key] = {"session": session, "date": brain.now().strftime("%Y-%m-%dT%H:%M:%SZ")}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(dict(list(seen.items())[-200:]), ensure_ascii=False), encoding="utf-8")
    tmp.replace(path)
    if isinstance(previous, dict) and previous.get("session") != session:
        return {"date": str(previous.get("date")), "session": str(previous.get("session"))}
    return None


def recall(brain: Brain, args: RecallIn) -> dict[str, Any]:
    index = brain.fresh()
    today = brain.today()
    session = new_ulid()
    scope = args.scope

    def current(types: list[str], *, content: bool = True) -> list[NoteRecord]:
        return index.notes(types=types, scope=scope, as_of=today, validity=["current"], content=content)

    rules = [r for r in current(["rule"]) if is_confirmed_rule(r)]
    handoff_record = _handoff(current(["handoff"]), scope)
    preferences = current(["preference"])
    gotchas = current(["gotcha"])
    taken = {r.path for r in [*rules, *preferences, *gotchas]} | ({handoff_record.path} if handoff_record else set())
    found = index.search(args.task, scope=scope, limit=10, as_of=today, related=False)
    memories = [
        hit.model_dump(mode="json")
        for hit in found.hits
        if hit.path not in taken and hit.validity == "current" and hit.type not in ("rule", "handoff")
    ]
    groups: dict[str, list[dict[str, Any]]] = {
        "rules": [_item(r, r.content or "") for r in rules],
        "handoff": [_item(handoff_record, handoff_record.content or "")] if handoff_record else [],
        "preferences": [_item(r, r.content or "") for r in preferences],
        "gotchas": [_item(r, r.content or "") for r in gotchas],
        "memories": memories,
    }
    budget = args.budget_tokens
    used = 0
    omitted = 0
    exhausted = False
    kept: dict[str, list[dict[str, Any]]] = {name: [] for name in PRIORITY}
    for name in PRIORITY:
        for item in groups[name]:
            cost = _tokens(item)
            if exhausted or used + cost > budget:
                exhausted = True
                omitted += 1
                continue
            kept[name].append(item)
            used += cost
    handoff = kept["handoff"][0] if kept["handoff"] else None
    handoff_seen = _seen(brain, handoff_record, session) if handoff is not None and handoff_record else None
    next_step = messages.next_step_recall(session=session)
    if omitted:
        next_step = f"{messages.next_step_recall_truncated(omitted=omitted)} {next_step}"
    return {
        "session_handle": session,
        "task": args.task,
        "scope": scope,
        "rules": kept["rules"],
        "handoff": handoff,
        "handoff_seen": handoff_seen,
        "preferences": kept["preferences"],
        "gotchas": kept["gotchas"],
        "memories": kept["memories"],
        "priority": PRIORITY,
        "budget_tokens": budget,
        "used_tokens": used,
        "truncated": omitted > 0,
        "omitted": omitted,
        "next_step": next_step,
    }
