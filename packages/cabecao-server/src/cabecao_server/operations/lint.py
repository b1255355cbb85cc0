"""`lint`: the health report by rules, read-only; agent_approved also reads the commit trailers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from cabecao_index import ApprovedChange, LintReport
from pydantic import Field

from .. import messages
from ..fields import Scope, ToolInput

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


class LintResult(LintReport):
    """The index's report and where to start."""

    next_step: str


def lint(brain: Brain, args: LintIn) -> LintResult:
    approved = [ApprovedChange(path=p, commit=c, when=w) for p, c, w in brain.store.approved_changes()]
    report = brain.fresh().lint(
        rules=args.rules, scope=args.scope, limit=args.limit, as_of=brain.today(), approved=approved
    )
    return LintResult(**dict(report), next_step=messages.next_step_lint(errors=report.counts.get("error", 0)))
