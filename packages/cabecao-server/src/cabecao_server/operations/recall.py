"""`recall`: the briefing at the start of a task, cut to a token budget in the reference's priority order.

Only confirmed rules count: `type: rule` in `memory/rules/` written by a person (`origin: human`) or by an agent
with the user's yes (`approved_by: user`). A rule-looking note an agent wrote on its own never becomes one.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Literal, TypeVar

from cabecao_index import SearchHit
from cabecao_schema import MAX_TASK_CHARS, RULES_FOLDER, new_ulid, scope_project
from pydantic import BaseModel, Field

from .. import messages
from ..fields import Scope, ToolInput
from ..results import NoteHead, Result

if TYPE_CHECKING:
    from cabecao_index import NoteRecord

    from ..brain import Brain

Group = Literal["rules", "handoff", "preferences", "gotchas", "memories"]
PRIORITY: list[Group] = ["rules", "handoff", "preferences", "gotchas", "memories"]
SEEN_FILE = ".cabecao/handoffs-seen.json"
#: A single item never takes more than this many characters of the briefing; longer notes come as a snippet.
ITEM_CHARS = 2_000


class RecallIn(ToolInput):
    task: Annotated[str, Field(min_length=1, max_length=MAX_TASK_CHARS, description="O que você vai fazer")]
    scope: Scope | None = None
    budget_tokens: Annotated[int, Field(ge=100, le=50_000)] = 2000


class RecallItem(NoteHead):
    """A rule, handoff, preference or gotcha in the briefing: the note whole, or a snippet when it is long."""

    sources: list[str]
    content_kind: Literal["full", "snippet"]
    content: str


class HandoffSeen(Result):
    """The earlier delivery of the same handoff to another session on this machine."""

    date: str
    session: str


class RecallResult(Result):
    session_handle: str
    task: str
    scope: str | None
    rules: list[RecallItem]
    handoff: RecallItem | None
    handoff_seen: HandoffSeen | None
    preferences: list[RecallItem]
    gotchas: list[RecallItem]
    #: Search hits for the task, as search gives them.
    memories: list[SearchHit]
    priority: list[Group]
    budget_tokens: int
    used_tokens: int
    truncated: bool
    omitted: int
    next_step: str


def _tokens(value: BaseModel) -> int:
    """An item's cost: its JSON as the client receives it, about four characters a token."""
    return max(1, len(json.dumps(value.model_dump(mode="json"), ensure_ascii=False)) // 4)


Item = TypeVar("Item", RecallItem, SearchHit)


@dataclass
class _Budget:
    """Items go in while they fit; after the first that does not, every later one is left out, whatever its
    size, so a lower-priority item never takes the place of a higher one."""

    tokens: int
    used: int = 0
    omitted: int = 0
    exhausted: bool = False

    def take(self, items: list[Item]) -> list[Item]:
        kept: list[Item] = []
        for item in items:
            cost = _tokens(item)
            if self.exhausted or self.used + cost > self.tokens:
                self.exhausted = True
                self.omitted += 1
                continue
            kept.append(item)
            self.used += cost
        return kept


def _item(record: NoteRecord, body: str) -> RecallItem:
    body = body.strip("\n") + "\n"
    kind: Literal["full", "snippet"] = "full"
    if len(body) > ITEM_CHARS:
        body, kind = body[:ITEM_CHARS].rstrip() + "…", "snippet"
    return RecallItem(
        id=record.id,
        path=record.path,
        type=record.type,
        title=record.title,
        scope=record.scope,
        validity=record.validity,
        trust=record.trust,
        origin=record.origin,
        edited_by=record.edited_by,
        sources=record.sources,
        content_kind=kind,
        content=body,
    )


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


def _seen(brain: Brain, handoff: NoteRecord, session: str) -> HandoffSeen | None:
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
        return HandoffSeen(date=str(previous.get("date")), session=str(previous.get("session")))
    return None


def recall(brain: Brain, args: RecallIn) -> RecallResult:
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
        hit
        for hit in found.hits
        if hit.path not in taken and hit.validity == "current" and hit.type not in ("rule", "handoff")
    ]
    budget = _Budget(args.budget_tokens)
    # In PRIORITY's order: what comes first is what the budget keeps.
    kept_rules = budget.take([_item(r, r.content or "") for r in rules])
    kept_handoff = budget.take([_item(handoff_record, handoff_record.content or "")] if handoff_record else [])
    kept_preferences = budget.take([_item(r, r.content or "") for r in preferences])
    kept_gotchas = budget.take([_item(r, r.content or "") for r in gotchas])
    kept_memories = budget.take(memories)
    handoff = kept_handoff[0] if kept_handoff else None
    handoff_seen = _seen(brain, handoff_record, session) if handoff is not None and handoff_record else None
    omitted = budget.omitted
    next_step = messages.next_step_recall(session=session)
    if omitted:
        next_step = f"{messages.next_step_recall_truncated(omitted=omitted)} {next_step}"
    return RecallResult(
        session_handle=session,
        task=args.task,
        scope=scope,
        rules=kept_rules,
        handoff=handoff,
        handoff_seen=handoff_seen,
        preferences=kept_preferences,
        gotchas=kept_gotchas,
        memories=kept_memories,
        priority=PRIORITY,
        budget_tokens=budget.tokens,
        used_tokens=budget.used,
        truncated=omitted > 0,
        omitted=omitted,
        next_step=next_step,
    )
