"""`lint`: the health report by rules, read-only; agent_approved also reads the commit trailers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from cabecao_index import ApprovedChange, LintFinding
from pydantic import Field

from .. import messages
from ..fields import Scope, ToolInput
from ..results import Result

if TYPE_CHECKING:
    from ..brain import Brain


LintRule = Literal[
    "invalid_frontmatter",
    "fact_contradiction",
    "conflict_copy",
    "broken_link",
    "expired_note",
    "unconfirmed_memory",
    "unlinked_mention",
    "orphan_note",
    "agent_approved",
]


class LintIn(ToolInput):
    rules: Annotated[list[LintRule], Field(max_length=9)] | None = None
    scope: Scope | None = None
    limit: Annotated[int, Field(ge=1, le=1000)] = 200


class LintResult(Result):
    """The index's report and where to start."""

    findings: list[LintFinding]
    counts: dict[str, int]
    by_rule: dict[str, int]
    checked_notes: int
    total: int
    truncated: bool
    next_step: str


def lint(brain: Brain, args: LintIn) -> LintResult:
    approved = [ApprovedChange(path=p, commit=c, when=w) for p, c, w in brain.store.approved_changes()]
    report = brain.fresh().lint(
        rules=args.rules, scope=args.scope, limit=args.limit, as_of=brain.today(), approved=approved
    )
    return LintResult(
        findings=report.findings,
        counts=report.counts,
        by_rule=report.by_rule,
        checked_notes=report.checked_notes,
        total=report.total,
        truncated=report.truncated,
        next_step=messages.next_step_lint(errors=report.counts.get("error", 0)),
    )
