"""What every write shares: provenance, validation, the secret scan, the confirmation flow and the commit.

An operation plans its file changes, then calls `commit_changes`, which asks for confirmation when the
reference's table says so (raising `NeedsConfirmation` for the protocol layer to resolve with elicitation or a
token), scans every text for secrets, commits once and brings the index up to date for the touched paths.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from cabecao_schema import (
    CONFIG_FILE,
    CabecaoError,
    Document,
    ErrorCode,
    Notice,
    WarningCode,
    check_secrets,
    new_ulid,
    parse_config,
    parse_document,
    protected_config_change,
)
from cabecao_store import ConfirmationSubject, FileChange, OperationRecord, digest, issue_token, load_or_create_key
from cabecao_store import verify_token as _verify

from .. import messages

if TYPE_CHECKING:
    from ..brain import Brain


@dataclass(frozen=True)
class Confirmation:
    """How the current call is confirmed: a token from the first call, or the user's yes through elicitation."""

    token: str | None = None
    by_user: bool = False


@dataclass
class NeedsConfirmation(Exception):
    """Raised by an operation that may not run yet; the protocol layer asks the user or issues a token."""

    tool: str
    summary: str
    reasons: list[str]
    subject: ConfirmationSubject
    extra: dict[str, Any] = field(default_factory=dict)
    next_step: str | None = None


@dataclass
class Planned:
    """One file an operation will write (`text=None` deletes), with the line that describes it in the commit."""

    path: str
    text: str | None
    before: str | None
    line: str


def session_of(args: Any) -> str:
    return getattr(args, "session_handle", None) or new_ulid()


def canonical_arguments(args: Any) -> str:
    data = args.model_dump(mode="json", exclude={"confirm_token", "session_handle"})
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def subject_for(tool: str, args: Any, targets: Sequence[Planned]) -> ConfirmationSubject:
    """What a token binds: the tool and targets, the arguments (what will be written), the targets' current
    content and the session; any change in one of them refuses the token."""
    return ConfirmationSubject(
        action=f"{tool}:{','.join(p.path for p in targets)}",
        content_digest=digest(canonical_arguments(args)),
        target_digest=digest("\0".join(f"{p.path}\0{digest(p.before)}" for p in targets)),
        session=getattr(args, "session_handle", None) or "",
    )


def confirmed(
    brain: Brain,
    *,
    tool: str,
    args: Any,
    targets: Sequence[Planned],
    reasons: list[str],
    confirmation: Confirmation,
    action: str = "",
    content: str | None = None,
    detail: str = "",
    summary: str | None = None,
    extra: Mapping[str, Any] | None = None,
    next_step: str | None = None,
) -> str | None:
    """`user`/`token` when the action may run approved, None when it needs no confirmation; raises otherwise.

    The summary shown to the user is `action`, the reasons, and `detail` (or the size and start of `content`),
    built only when a confirmation is asked for; `summary` replaces it where the reference words it (forget).
    """
    if not reasons:
        return None
    subject = subject_for(tool, args, targets)
    if confirmation.token is not None:
        # With the user's yes, the token is the question that was asked: it proves nothing changed meanwhile.
        _verify(load_or_create_key(brain.root), subject, confirmation.token, now=brain.now())
        return "user" if confirmation.by_user else "token"
    if confirmation.by_user:
        return "user"
    if summary is None:
        summary = messages.confirmation_summary(
            action=action, reasons=reasons, detail=content_detail(content) if content is not None else detail
        )
    raise NeedsConfirmation(
        tool=tool, summary=summary, reasons=reasons, subject=subject, extra=dict(extra or {}), next_step=next_step
    )


def token_fields(brain: Brain, need: NeedsConfirmation) -> dict[str, Any]:
    token, expires = issue_token(load_or_create_key(brain.root), need.subject, now=brain.now())
    return {
        **need.extra,
        "status": "confirmation_required",
        "summary": need.summary,
        "reasons": need.reasons,
        "confirm_token": token,
        "token_expires_at": expires.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
        "next_step": need.next_step or messages.next_step_confirm(tool=need.tool),
    }


def scan(planned: Sequence[Planned]) -> None:
    """`secret_detected` if any path, title, frontmatter or body about to be written looks like a secret."""
    # Named by position, never by path: a path is often made from the title, and may carry the secret itself.
    texts: dict[str, str] = {messages.secret_in_path(n=n): p.path for n, p in enumerate(planned, start=1)}
    texts.update({messages.secret_in_text(n=n): p.text for n, p in enumerate(planned, start=1) if p.text is not None})
    check_secrets(texts, honour_allow_marker=False)


def reread(text: str, *, frontmatter: Mapping[str, Any], body: str) -> None:
    """The final text, read back, must give exactly what was meant: no forged block, no lost delimiter."""
    doc = parse_document(text)
    if doc.frontmatter_error or doc.frontmatter != dict(frontmatter) or doc.body != body:
        raise CabecaoError(ErrorCode.INVALID_ARGUMENT, messages.reread_mismatch(), next_step=messages.next_step_type())


def apply_provenance(
    frontmatter: dict[str, Any], *, client: str, now: datetime, approved: bool, editing: bool
) -> list[Notice]:
    """Stamp who wrote what: origin on creation, edited_by and lowered trust on an unconfirmed agent edit,
    approved_by/approved_at when the user confirmed. Never `origin: human`."""
    agent = f"agent:{client}"
    warnings: list[Notice] = []
    if editing:
        if frontmatter.get("origin") != agent:
            frontmatter["edited_by"] = agent
        if not approved and frontmatter.get("trust") == "high":
            frontmatter["trust"] = "medium"
            warnings.append(
                Notice(
                    code=WarningCode.PROVENANCE_CHANGED,
                    message=messages.provenance_trust_lowered(before="high"),
                    field="trust",
                )
            )
    else:
        frontmatter["origin"] = agent
    frontmatter["updated"] = now.date()
    if approved:
        frontmatter["approved_by"] = "user"
        frontmatter["approved_at"] = now.replace(microsecond=0)
    return warnings


def commit_changes(
    brain: Brain, planned: Sequence[Planned], *, summary: str, session: str, approved: bool, op: str | None = None
) -> OperationRecord:
    scan(planned)
    record = brain.store.write(
        [FileChange(p.path, p.text, expected=p.before) for p in planned],
        summary=summary,
        lines=[p.line for p in planned],
        session=session,
        client=brain.client,
        approved=approved,
        op=op,
        after_commit=brain.indexed,
    )
    return record


def notices(warnings: Sequence[Notice]) -> list[dict[str, Any]]:
    return [w.model_dump(mode="json") for w in warnings]


def declined_fields(need: NeedsConfirmation) -> dict[str, Any]:
    return {
        **need.extra,
        "status": "declined",
        "summary": need.summary,
        "reasons": need.reasons,
        "confirmed_by": "user",
        "next_step": messages.declined(tool=need.tool),
    }


def note_link(path: str) -> str:
    """How one note points at another in frontmatter (`supersedes`, `superseded_by`): its path as a wikilink."""
    return f"[[{path.removesuffix('.md')}]]"


def as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def free_path(brain: Brain, folder: str, stem: str) -> str:
    """`folder/stem.md`, or `stem-2.md`, `stem-3.md`... when taken."""
    candidate = f"{folder}/{stem}.md"
    number = 2
    while (brain.root / candidate).exists():
        candidate = f"{folder}/{stem}-{number}.md"
        number += 1
    return candidate


def editable(path: str, text: str) -> Document:
    """The note as read, refusing one whose frontmatter does not parse: rewriting it would drop the whole block."""
    doc = parse_document(text)
    if doc.frontmatter_error:
        raise CabecaoError(
            ErrorCode.INVALID_NOTE,
            messages.unreadable_frontmatter(path=path, problem=doc.frontmatter_error),
            next_step=messages.next_step_fix_by_hand(path=path),
        )
    return doc


def check_config_text(path: str, before: str | None, after: str) -> None:
    """`.cabecao.json` must stay valid and keep its machine sections; `.gitignore` must keep `.cabecao/` out of git."""
    if path == CONFIG_FILE:
        new_config = parse_config(after)
        try:
            old = json.loads(before) if before else {}
        except json.JSONDecodeError:
            old = {}
        section = protected_config_change(old if isinstance(old, dict) else {}, new_config.model_dump(mode="json"))
        if section is not None:
            raise CabecaoError(
                ErrorCode.HUMAN_ONLY,
                messages.protected_config(section=section),
                next_step=messages.next_step_cli_only(),
            )
    elif path == ".gitignore":
        lines = {line.strip() for line in after.splitlines()}
        if not lines & {".cabecao/", ".cabecao", "/.cabecao/", "/.cabecao"}:
            raise CabecaoError(
                ErrorCode.INVALID_ARGUMENT,
                messages.gitignore_must_ignore_cabecao(),
                next_step=messages.next_step_type(),
            )


def content_detail(content: str) -> str:
    """The part of a confirmation summary that shows what would be written: its size and how it starts."""
    return messages.content_detail(chars=len(content), start=" ".join(content.split())[:60])
