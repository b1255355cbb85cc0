"""`log` (terminal only): the operations, newest first, read back from the commit trailers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from ..fields import Session, ToolInput
from ..results import Result

if TYPE_CHECKING:
    from ..brain import Brain


class LogIn(ToolInput):
    session: Session | None = None
    op: Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[0-9A-Za-z]+$")] | None = None
    limit: Annotated[int, Field(ge=1)] = 50


class LoggedOperation(Result):
    """One operation as its commit trailers record it, and the undo that reverted it, if any."""

    op: str
    session: str
    client: str
    commit: str
    #: The commit time in UTC, to the second (`YYYY-MM-DDTHH:MM:SSZ`).
    time: str
    kind: str
    summary: str
    changes: list[str]
    approved: bool
    undoes: list[str]
    undone_by: str | None


class LogResult(Result):
    operations: list[LoggedOperation]


def log(brain: Brain, args: LogIn) -> LogResult:
    rows = brain.store.operations()
    if args.session:
        rows = [r for r in rows if r.record.session == args.session]
    if args.op:
        wanted = args.op.upper()
        rows = [r for r in rows if r.record.op.startswith(wanted)]
    return LogResult(
        operations=[
            LoggedOperation(
                op=r.record.op,
                session=r.record.session,
                client=r.record.client,
                commit=r.record.commit,
                time=r.record.time.strftime("%Y-%m-%dT%H:%M:%SZ"),
                kind=r.record.kind,
                summary=r.record.summary,
                changes=r.record.changes,
                approved=r.record.approved,
                undoes=list(r.record.undoes),
                undone_by=r.undone_by,
            )
            for r in rows[: args.limit]
        ]
    )
