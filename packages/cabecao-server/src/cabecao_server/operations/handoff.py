"""`handoff_save`: the handoff to the next session and, when something was done, the session's episode.

Items become plain list lines: whatever an item says, it cannot open a section, imitate frontmatter or a rule.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import TYPE_CHECKING, Annotated, Any

from cabecao_schema import (
    MAX_HANDOFF_ITEM_CHARS,
    MAX_HANDOFF_ITEMS,
    CabecaoError,
    ErrorCode,
    Notice,
    check_body,
    check_name,
    new_document,
    new_ulid,
    render_document,
    slugify,
    validate_frontmatter,
)
from pydantic import Field

from .. import messages
from ..confirmation import Confirmation
from ..fields import Name, Scope, Session, ToolInput
from ..results import Result
from .writing import (
    Planned,
    TouchedNote,
    apply_provenance,
    as_list,
    commit_changes,
    editable,
    free_path,
    note_link,
    session_of,
    store_notices,
)

if TYPE_CHECKING:
    from ..brain import Brain


HandoffItems = Annotated[
    list[Annotated[str, Field(min_length=1, max_length=MAX_HANDOFF_ITEM_CHARS)]], Field(max_length=MAX_HANDOFF_ITEMS)
]


class HandoffSaveIn(ToolInput):
    session_handle: Session
    done: HandoffItems | None = None
    next: HandoffItems | None = None
    decisions: HandoffItems | None = None
    gotchas: HandoffItems | None = None
    scope: Scope | None = None
    title: Name | None = None


class HandoffResult(Result):
    """The handoff saved, the session's episode (when something was done) and the handoff it replaced, in one
    commit."""

    op: str
    commit: str
    handoff: TouchedNote
    episode: TouchedNote | None
    supersedes: TouchedNote | None
    expires_at: date
    warnings: list[Notice]
    next_step: str


def _line(item: str) -> str:
    flat = check_body(" ".join(item.split()), field="item")
    return f"- {flat.lstrip('#>-*+ ').strip() or flat}"


def _body(title: str, sections: dict[str, list[str]]) -> str:
    parts = [f"# {title}"]
    for key, heading in messages.HANDOFF_SECTIONS.items():
        items = sections.get(key) or []
        if items:
            parts.append(f"## {heading}\n\n" + "\n".join(_line(i) for i in items))
    return "\n\n".join(parts) + "\n"


def handoff_save(brain: Brain, args: HandoffSaveIn, confirmation: Confirmation) -> HandoffResult:
    if not args.done and not args.next:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT, messages.handoff_needs_items(), next_step=messages.next_step_handoff_items()
        )
    index = brain.fresh()
    today = brain.today()
    now = brain.now()
    scope = args.scope or "global"
    first = " ".join((args.next or args.done or [""])[0].split())[:80]
    title = check_name(args.title or messages.handoff_default_title(first=first), field="title")
    sections = {
        "done": args.done or [],
        "next": args.next or [],
        "decisions": args.decisions or [],
        "gotchas": args.gotchas or [],
    }
    expires = today + timedelta(days=30)
    handoff_path = free_path(brain, "memory/handoffs", f"{today:%Y-%m-%d}-{slugify(title, limit=60)}")
    handoff_fm: dict[str, Any] = {
        "id": new_ulid(),
        "type": "handoff",
        "title": title,
        "scope": scope,
        "trust": "medium",
        "created": today,
        "expires_at": expires,
    }
    validate_frontmatter(handoff_fm, path=handoff_path)
    warnings = apply_provenance(handoff_fm, client=brain.client, now=now, approved=False, editing=False)
    planned: list[Planned] = []
    previous = [
        r
        for r in index.notes(types=["handoff"], scope=scope, as_of=today, validity=["current"], order="updated")
        if r.scope == scope
    ]
    supersedes = None
    if previous:
        old = previous[0]
        old_text = brain.store.read_text(old.path)
        if old_text is not None:
            handoff_fm["supersedes"] = [note_link(old.path)]
            old_doc = editable(old.path, old_text)
            old_fm = dict(old_doc.frontmatter)
            old_fm["valid_until"] = today
            old_fm["superseded_by"] = [*as_list(old_fm.get("superseded_by")), note_link(handoff_path)]
            warnings += apply_provenance(old_fm, client=brain.client, now=now, approved=False, editing=True)
            planned.append(
                Planned(
                    old.path,
                    render_document(old_doc.with_frontmatter(old_fm)),
                    old_text,
                    f"supersede handoff: {old.title}",
                )
            )
            supersedes = TouchedNote(id=old.id, path=old.path)
    planned.insert(
        0,
        Planned(
            handoff_path,
            render_document(new_document(handoff_fm, _body(title, sections))),
            None,
            f"add handoff: {title}",
        ),
    )
    episode = None
    if args.done:
        first_done = " ".join(args.done[0].split())[:80]
        episode_title = messages.episode_title(first=first_done)
        folder = f"memory/episodes/{today:%Y}/{today:%m}"
        episode_path = free_path(brain, folder, f"{today:%Y-%m-%d}-{slugify(episode_title, limit=70)}")
        episode_fm: dict[str, Any] = {
            "id": new_ulid(),
            "type": "episode",
            "title": episode_title,
            "scope": scope,
            "trust": "medium",
            "created": today,
        }
        apply_provenance(episode_fm, client=brain.client, now=now, approved=False, editing=False)
        episode_sections = {key: sections[key] for key in ("done", "decisions", "gotchas")}
        planned.insert(
            1,
            Planned(
                episode_path,
                render_document(new_document(episode_fm, _body(episode_title, episode_sections))),
                None,
                f"add episode: {episode_title}",
            ),
        )
        episode = TouchedNote(id=episode_fm["id"], path=episode_path)
    op = new_ulid()
    record = commit_changes(
        brain, planned, summary=f"add handoff: {title}", session=session_of(args), approved=False, op=op
    )
    return HandoffResult(
        op=op,
        commit=record.commit,
        handoff=TouchedNote(id=handoff_fm["id"], path=handoff_path),
        episode=episode,
        supersedes=supersedes,
        expires_at=expires,
        warnings=[*warnings, *store_notices(record)],
        next_step=messages.handoff_saved(scope=scope, until=expires.isoformat(), op=op),
    )
