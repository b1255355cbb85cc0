"""The user's explicit yes for an elevated action, as a value: an operation that may not run yet returns
`ConfirmationNeeded`, and its caller (the MCP adapter or the CLI) asks the user or hands out a token.

A token is an HMAC over the action, what will be written, the targets' current content and the session
(`cabecao_store.ConfirmationSubject`): any change in one of them refuses it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from cabecao_schema import CabecaoError, ErrorCode
from cabecao_schema import messages as schema_messages
from cabecao_store import ConfirmationSubject, digest, issue_token, verify_token

from . import messages
from .fields import ToolInput
from .results import Result

if TYPE_CHECKING:
    from .brain import Brain

#: Who approved a write: the user through elicitation, or a token of the first call. None: no yes was needed.
Approval = Literal["user", "token"] | None


@dataclass(frozen=True)
class Confirmation:
    """How the current call is confirmed: a token from the first call, or the user's yes through elicitation."""

    token: str | None = None
    by_user: bool = False


NOT_CONFIRMED = Confirmation()


@dataclass(frozen=True)
class Target:
    """A file (or, for undo, an operation) an elevated action touches, with its content when the user is asked."""

    path: str
    before: str | None


@dataclass(frozen=True)
class Summary:
    """How an elevated action is shown to the user: what it does, and its size and start (or other detail)."""

    action: str
    content: str | None = None
    detail: str = ""

    def text(self, reasons: Sequence[str]) -> str:
        detail = content_detail(self.content) if self.content is not None else self.detail
        return messages.confirmation_summary(action=self.action, reasons=reasons, detail=detail)


@dataclass(frozen=True)
class ConfirmationNeeded:
    """The outcome of an elevated action called without the user's yes: nothing was done."""

    tool: str
    summary: str
    reasons: list[str]
    subject: ConfirmationSubject
    #: The operation's own result, empty, so the answer keeps the tool's usual shape (its fields come first).
    extra: Result | None = None
    next_step: str | None = None

    def _extra_fields(self) -> dict[str, Any]:
        return self.extra.model_dump(mode="json") if self.extra is not None else {}

    def token_fields(self, brain: Brain) -> dict[str, Any]:
        """The first call's answer in the token flow: the summary to show and the token for the second call."""
        token, expires = issue_token(brain.confirm_key, self.subject, now=brain.now())
        return {
            **self._extra_fields(),
            "status": "confirmation_required",
            "summary": self.summary,
            "reasons": self.reasons,
            "confirm_token": token,
            "token_expires_at": expires.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
            "next_step": self.next_step or messages.next_step_confirm(tool=self.tool),
        }

    def question_token(self, brain: Brain) -> str:
        """A token for the exact action the user is asked about right now (elicitation, or at the terminal): the
        yes then counts only if nothing changed between the question and the answer."""
        token, _ = issue_token(brain.confirm_key, self.subject, now=brain.now())
        return token

    def declined_fields(self) -> dict[str, Any]:
        # A field the result already has (forget's `confirmed_by`) keeps its place and takes the new value.
        return {
            **self._extra_fields(),
            "status": "declined",
            "summary": self.summary,
            "reasons": self.reasons,
            "confirmed_by": "user",
            "next_step": messages.declined(tool=self.tool),
        }


def canonical_arguments(args: ToolInput) -> str:
    data = args.model_dump(mode="json", exclude={"confirm_token", "session_handle"})
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def subject_for(tool: str, args: ToolInput, targets: Sequence[Target], *, session: str | None) -> ConfirmationSubject:
    """What a token binds: the tool and targets, the arguments (what will be written), the targets' current
    content and the session; any change in one of them refuses the token."""
    return ConfirmationSubject(
        action=f"{tool}:{','.join(t.path for t in targets)}",
        content_digest=digest(canonical_arguments(args)),
        target_digest=digest("\0".join(f"{t.path}\0{digest(t.before)}" for t in targets)),
        session=session or "",
    )


def approve(
    brain: Brain,
    confirmation: Confirmation,
    *,
    tool: str,
    args: ToolInput,
    session: str | None,
    targets: Sequence[Target],
    reasons: list[str],
    summary: Summary | str,
    extra: Result | None = None,
    next_step: str | None = None,
) -> Approval | ConfirmationNeeded:
    """Whether the action may run now (and who approved it), or what to ask the user first.

    With no reasons the action needs no yes (None). A token is checked against the exact subject; with the
    user's yes through elicitation, the token is the question that was asked, proving nothing changed since.
    """
    if not reasons:
        return None
    if brain.unattended:
        # Nobody can confirm: a rule is the reference's `rule_requires_human` (an agent may only propose one, in a
        # note in wiki/syntheses/); any other elevated action is for the person, at the terminal.
        if schema_messages.reason_rule() in reasons:
            raise CabecaoError(
                ErrorCode.RULE_REQUIRES_HUMAN,
                messages.rule_requires_human(),
                next_step=messages.next_step_propose_rule(),
            )
        raise CabecaoError(
            ErrorCode.HUMAN_ONLY, messages.unattended_needs_person(), next_step=messages.next_step_unattended()
        )
    subject = subject_for(tool, args, targets, session=session)
    if confirmation.token is not None:
        verify_token(brain.confirm_key, subject, confirmation.token, now=brain.now())
        return "user" if confirmation.by_user else "token"
    if confirmation.by_user:
        return "user"
    return ConfirmationNeeded(
        tool=tool,
        summary=summary if isinstance(summary, str) else summary.text(reasons),
        reasons=reasons,
        subject=subject,
        extra=extra,
        next_step=next_step,
    )


def content_detail(content: str) -> str:
    """The part of a confirmation summary that shows what would be written: its size and how it starts."""
    return messages.content_detail(chars=len(content), start=" ".join(content.split())[:60])
