"""What every write shares: provenance, validation, the secret scan, the confirmation flow and the commit.

An operation plans its file changes, asks `confirmation.approve` whether it may run (the reference's table of
elevated actions), then calls `commit_changes`, which scans every text for secrets, commits once and brings the
index up to date for the touched paths.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

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
from cabecao_store import HUMAN_CLIENT, FileChange, OperationRecord

from .. import messages
from ..fields import WriteInput
from ..results import Result

if TYPE_CHECKING:
    from ..brain import Brain


#: What a write did to the note it reports: created it, or changed one that was there.
Action = Literal["add", "update"]


class TouchedNote(Result):
    """A note a write created or superseded, by id and path (handoff_save's notes, remember's `superseded`)."""

    id: str | None
    path: str


@dataclass
class Planned:
    """One file an operation will write (`text=None` deletes), with the line that describes it in the commit.

    With `rebase`, the write does not depend on what was read: if the file changed since (`before`), its new text
    is computed again from the file as it is under the brain lock (an append beside a concurrent one), instead of
    failing with `conflict`.
    """

    path: str
    text: str | None
    before: str | None
    line: str
    rebase: Callable[[str | None], str] | None = None


def session_of(args: WriteInput) -> str:
    """The session a write belongs to: the handle recall gave, or a new one for a write outside any task."""
    return args.session_handle or new_ulid()


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
    approved_by/approved_at when the user confirmed. An agent's write never becomes `origin: human`; only the
    person at the terminal (`cabecao call`, client `cli`) writes as a person, as when editing a note by hand."""
    agent = f"agent:{client}"
    warnings: list[Notice] = []
    if client == HUMAN_CLIENT:
        if not editing:
            frontmatter["origin"] = "human"
    elif editing:
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
        [_change(p) for p in planned],
        summary=summary,
        lines=[p.line for p in planned],
        session=session,
        client=brain.client,
        approved=approved,
        op=op,
        after_commit=brain.indexed,
    )
    return record


def store_notices(record: OperationRecord) -> list[Notice]:
    """What the store did on its own for this write (removed a lock a dead git left, settled an interrupted
    write): the agent and the person see it in the result's `warnings`."""
    return [Notice(code=WarningCode.RECOVERED, message=text) for text in record.warnings]


def _change(planned: Planned) -> FileChange:
    rebase = planned.rebase
    if rebase is None:
        return FileChange(planned.path, planned.text, expected=planned.before)

    def build(current: str | None) -> str:
        if current == planned.before and planned.text is not None:
            return planned.text  # nothing changed meanwhile: what was planned (and scanned) stands
        text = rebase(current)
        scan([Planned(planned.path, text, current, planned.line)])
        return text

    return FileChange(planned.path, build=build)


def note_id(frontmatter: Mapping[str, Any]) -> str | None:
    """The id a result reports for a note: its frontmatter's id when it is text. A hand-written id of digits
    only reads as a number; like the index, the result then treats the note as having no id."""
    value = frontmatter.get("id")
    return value if isinstance(value, str) else None


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
