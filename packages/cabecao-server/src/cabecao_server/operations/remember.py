"""`remember`: save a durable memory, deciding by rule (no LLM) what to do with look-alikes.

same → skipped; complement → the old note takes the new text (updated); a fact with the same subject and
predicate and another object → superseded (nothing deleted); ambiguous → needs_resolution; nothing similar →
created; a rule from an agent → the user's confirmation first.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Annotated, Any, Literal

from cabecao_index import DuplicateCandidate
from cabecao_schema import (
    MAX_CONTENT_CHARS,
    CabecaoError,
    ErrorCode,
    Notice,
    check_body,
    check_name,
    confirmation_reasons,
    fact_problem,
    fold,
    folder_for,
    link_target,
    new_document,
    new_ulid,
    parse_document,
    parse_link_text,
    render_document,
    slugify,
    validate_frontmatter,
)
from pydantic import Field

from .. import messages
from ..confirmation import Approval, Confirmation, ConfirmationNeeded, Summary, Target, approve
from ..fields import ExpiresAt, Name, Names, Ref, Scope, Session, Token, ToolInput, TypeName, ValidFrom, ValidUntil
from ..results import Result
from .writing import (
    Action,
    Planned,
    TouchedNote,
    apply_provenance,
    as_list,
    commit_changes,
    editable,
    free_path,
    note_id,
    note_link,
    reread,
    session_of,
    store_notices,
)

if TYPE_CHECKING:
    from ..brain import Brain


class RememberIn(ToolInput):
    content: Annotated[str, Field(min_length=1, max_length=MAX_CONTENT_CHARS)]
    type: TypeName
    title: Name | None = None
    scope: Scope | None = None
    tags: Names | None = None
    aliases: Names | None = None
    relations: Annotated[dict[str, Names], Field(max_length=20)] | None = None
    subject: Ref | None = None
    predicate: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    object: Ref | None = None
    valid_from: ValidFrom | None = None
    valid_until: ValidUntil | None = None
    expires_at: ExpiresAt | None = None
    sources: Names | None = None
    session_handle: Session | None = None
    resolution: (
        Annotated[str, Field(min_length=1, max_length=60, description="create, skip, update:<id> ou supersede:<id>")]
        | None
    ) = None
    confirm_token: Token | None = None


Decision = Literal["created", "updated", "superseded", "skipped", "needs_resolution", "needs_confirmation"]


class RememberResult(Result):
    """What every answer of remember starts with: the decision and the note it concerns. On its own, it is the
    empty result a confirmation answer (decision needs_confirmation) starts with."""

    decision: Decision
    op: str
    path: str | None = None
    id: str | None = None
    action: Action | None = None
    changed: bool = False
    commit: str | None = None
    warnings: list[Notice] = []
    superseded: TouchedNote | None = None
    candidates: list[DuplicateCandidate] = []
    reason: str | None = None


class RememberNotWritten(RememberResult):
    """skipped (already there) or needs_resolution (the agent chooses among the candidates): nothing written."""

    next_step: str


class RememberWritten(RememberResult):
    """created, updated or superseded: one commit, in the session, maybe with the user's yes."""

    session_handle: str
    confirmed_by: Approval
    next_step: str


def _link(value: str) -> str:
    """Frontmatter form of a reference to a note: `[[Target]]` (kept as written when already a link)."""
    return value if parse_link_text(value) else f"[[{value.strip()}]]"


def _title(args: RememberIn) -> str:
    if args.title:
        return args.title
    if args.type == "fact":
        return f"{link_target(args.subject or '')} {args.predicate} {link_target(args.object or '')}"
    first = next((line for line in args.content.splitlines() if line.strip()), args.content)
    return first.strip().lstrip("#").strip()[:120] or "Memória"


def _folder(note_type: str, today: date) -> str:
    folder = folder_for(note_type)
    return f"{folder}/{today:%Y}/{today:%m}" if note_type == "episode" else folder


def _base(brain: Brain, args: RememberIn, title: str) -> dict[str, Any]:
    relation_types = brain.index.relation_types
    frontmatter: dict[str, Any] = {"id": new_ulid(), "type": args.type, "title": title, "scope": args.scope or "global"}
    frontmatter["trust"] = "medium"
    frontmatter["created"] = brain.today()
    if args.tags:
        frontmatter["tags"] = list(args.tags)
    if args.aliases:
        frontmatter["aliases"] = list(args.aliases)
    if args.sources:
        frontmatter["sources"] = [_link(s) for s in args.sources]
    for relation, targets in (args.relations or {}).items():
        if relation not in relation_types:
            raise CabecaoError(
                ErrorCode.INVALID_ARGUMENT,
                messages.unknown_relation(value=relation, allowed=", ".join(relation_types)),
                next_step=messages.next_step_fix_arguments(tool="remember"),
            )
        frontmatter[relation] = [_link(t) for t in targets]
    if args.type == "fact":
        frontmatter["subject"] = _link(args.subject or "")
        frontmatter["predicate"] = args.predicate
        frontmatter["object"] = args.object
    for key, day in (
        ("valid_from", args.valid_from),
        ("valid_until", args.valid_until),
        ("expires_at", args.expires_at),
    ):
        if day is not None:
            frontmatter[key] = day
    if args.valid_from and args.valid_until and args.valid_from >= args.valid_until:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            messages.invalid_validity(start=args.valid_from, end=args.valid_until),
            next_step=messages.next_step_fix_arguments(tool="remember"),
        )
    return frontmatter


def remember(
    brain: Brain, args: RememberIn, confirmation: Confirmation
) -> RememberWritten | RememberNotWritten | ConfirmationNeeded:
    content = check_body(args.content)
    is_fact = args.type == "fact"
    # The schema's one rule for what a fact is (write_page and lint apply it through the frontmatter model).
    problem = fact_problem(args.subject, args.predicate, args.object) if is_fact else None
    if problem is not None:
        raise CabecaoError(ErrorCode.INVALID_ARGUMENT, problem, next_step=messages.next_step_fact_fields())
    if not is_fact and (args.subject or args.predicate or args.object):
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            messages.fact_fields_only_for_facts(),
            next_step=messages.next_step_fact_fields(),
        )
    title = check_name(_title(args), field="title")
    brain.fresh()
    today = brain.today()
    op = new_ulid()
    frontmatter = _base(brain, args, title)
    warnings: list[Notice] = []
    body = content if content.endswith("\n") else content + "\n"
    path = free_path(brain, _folder(args.type, today), slugify(title))
    resolution = (args.resolution or "").strip()
    decision, target = _decide(brain, args, title, content, resolution, today)
    if decision == "skipped":
        return RememberNotWritten(
            decision="skipped",
            op=op,
            path=target["path"] if target else None,
            id=target["id"] if target else None,
            reason=target.get("reason") if target else None,
            next_step=messages.remember_skipped(path=target["path"]) if target else messages.remember_skip_chosen(),
        )
    if decision == "needs_resolution":
        assert target is not None
        return RememberNotWritten(
            decision="needs_resolution",
            op=op,
            candidates=target["candidates"],
            reason=target["reason"],
            next_step=messages.remember_needs_resolution(),
        )

    planned: list[Planned] = []
    old_path = target["path"] if target else None
    old_text = brain.store.read_text(old_path) if old_path else None
    old_doc = editable(old_path, old_text) if old_path and old_text is not None else None
    if decision == "updated":
        assert old_text is not None and old_path is not None and old_doc is not None
        updated_fm = dict(old_doc.frontmatter)
        path = old_path
        new_frontmatter, new_body, before = updated_fm, body, old_text
    else:
        new_frontmatter, new_body, before = frontmatter, body, None
        if decision == "superseded":
            assert old_text is not None and old_path is not None
            new_frontmatter["supersedes"] = [note_link(old_path)]
            new_frontmatter.setdefault("valid_from", today)
    validate_frontmatter(new_frontmatter, path=path)
    targets = [Target(path, before)]
    if decision == "superseded" and old_path is not None:
        targets.append(Target(old_path, old_text))
    # Every file touched counts: an update or supersede of a rule, a raw/ source or a control file asks first.
    reasons = confirmation_reasons(
        path, new_frontmatter=new_frontmatter, old_frontmatter=None, exists=before is not None
    )
    if old_path is not None and old_doc is not None:
        for reason in confirmation_reasons(
            old_path, new_frontmatter=old_doc.frontmatter, old_frontmatter=old_doc.frontmatter, exists=True
        ):
            if reason not in reasons:
                reasons.append(reason)
    by = approve(
        brain,
        confirmation,
        tool="remember",
        args=args,
        session=args.session_handle,
        targets=targets,
        reasons=reasons,
        summary=Summary(messages.action_remember(decision=decision, path=path, note_type=args.type), content=content),
        extra=RememberResult(decision="needs_confirmation", op=op, path=path),
    )
    if isinstance(by, ConfirmationNeeded):
        return by
    approved = by is not None
    now = brain.now()
    if decision == "updated":
        warnings += apply_provenance(new_frontmatter, client=brain.client, now=now, approved=approved, editing=True)
        doc = parse_document(before or "")
        text = render_document(doc.with_frontmatter(new_frontmatter).with_body(new_body))
        line = f"update {new_frontmatter.get('type', args.type)}: {new_frontmatter.get('title', title)}"
        action: Action = "update"
    else:
        warnings += apply_provenance(new_frontmatter, client=brain.client, now=now, approved=approved, editing=False)
        text = render_document(new_document(new_frontmatter, new_body))
        line = f"add {args.type}: {title}"
        action = "add"
    written = parse_document(text)
    reread(text, frontmatter=written.frontmatter, body=written.body)
    planned.append(Planned(path, text, before, line))
    superseded = None
    if decision == "superseded":
        assert old_path is not None and old_text is not None
        assert old_doc is not None
        old_fm = dict(old_doc.frontmatter)
        old_fm["valid_until"] = today
        old_fm["superseded_by"] = [*as_list(old_fm.get("superseded_by")), note_link(path)]
        warnings += apply_provenance(old_fm, client=brain.client, now=now, approved=approved, editing=True)
        planned.append(
            Planned(
                old_path,
                render_document(old_doc.with_frontmatter(old_fm)),
                old_text,
                f"supersede {old_fm.get('type', 'nota')}: {old_fm.get('title', old_path)}",
            )
        )
        superseded = TouchedNote(id=note_id(old_fm), path=old_path)
    committed = commit_changes(brain, planned, summary=line, session=session_of(args), approved=approved, op=op)
    next_step = {
        "created": messages.remember_created(op=op),
        "updated": messages.remember_updated(path=path, op=op),
        "superseded": messages.remember_superseded(old=old_path or "", op=op),
    }[decision]
    return RememberWritten(
        decision=decision,
        op=op,
        path=path,
        id=note_id(new_frontmatter),
        action=action,
        changed=True,
        commit=committed.commit,
        session_handle=committed.session,
        confirmed_by=by,
        warnings=[*warnings, *store_notices(committed)],
        superseded=superseded,
        reason=target.get("reason") if target else None,
        next_step=next_step,
    )


def _scope_of(brain: Brain, path: str) -> str | None:
    try:
        return brain.index.note(path=path, content=False).scope
    except CabecaoError:  # gone since the facts were read
        return None


def _decide(
    brain: Brain, args: RememberIn, title: str, content: str, resolution: str, today: date
) -> tuple[Decision, dict[str, Any] | None]:
    """(decision, the existing note it concerns) for a new memory."""
    index = brain.index
    if resolution:
        kind, _, ref = resolution.partition(":")
        if kind == "create" and not ref:
            return "created", None
        if kind == "skip" and not ref:
            return "skipped", None
        if kind in ("update", "supersede") and ref:
            found = index.resolve(ref.strip())
            if found is None or found.archived:
                raise CabecaoError(
                    ErrorCode.NOT_FOUND,
                    messages.resolution_target_missing(ref=ref),
                    next_step=messages.next_step_resolution(),
                )
            return ("updated" if kind == "update" else "superseded"), {"path": found.path, "id": found.id}
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            messages.bad_resolution(value=resolution),
            next_step=messages.next_step_resolution(),
        )
    if args.type == "fact":
        facts = index.facts(subject=args.subject, predicate=args.predicate, as_of=today, limit=200).facts
        wanted = fold(link_target(args.object or ""))
        # Same scope only: a project's fact never expires another project's or a global one.
        scope = args.scope or "global"
        same_scope = [f for f in facts if _scope_of(brain, f.path) == scope]
        # The same fact saved again is the same memory, whether it still holds or already expired: saving the
        # sample's old RabbitMQ fact again must not bring it back over the current SQS one.
        for fact in same_scope:
            if fold(fact.object) == wanted:
                return "skipped", {"path": fact.path, "id": fact.id, "reason": messages.same_fact_reason()}
        current = [f for f in same_scope if f.validity == "current"]
        if current:
            old = current[0]
            return "superseded", {
                "path": old.path,
                "id": old.id,
                "reason": messages.fact_contradiction_reason(old=old.path),
            }
    candidates = index.duplicates(content, type=args.type, scope=args.scope or "global", title=title)
    for verdict in ("same", "complement"):
        for candidate in candidates:
            if candidate.verdict == verdict:
                info = {"path": candidate.path, "id": candidate.id, "reason": candidate.reason}
                return ("skipped" if verdict == "same" else "updated"), info
    ambiguous = [c for c in candidates if c.verdict == "ambiguous"]
    if ambiguous:
        first = ambiguous[0]
        return "needs_resolution", {
            "candidates": ambiguous,
            "reason": f"{first.path}: {first.reason}",
        }
    return "created", None
