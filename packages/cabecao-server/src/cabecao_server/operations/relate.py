"""`relate`: a typed relation from one note to another, as a wikilink in the frontmatter; idempotent."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from cabecao_schema import (
    CabecaoError,
    ErrorCode,
    Notice,
    confirmation_reasons,
    is_raw,
    link_target,
    render_document,
)
from pydantic import ConfigDict, Field

from .. import messages
from ..confirmation import Approval, Confirmation, ConfirmationNeeded, Summary, Target, approve
from ..fields import Ref, Session, Token, ToolInput
from ..results import Result
from .writing import (
    Planned,
    apply_provenance,
    as_list,
    commit_changes,
    editable,
    session_of,
    store_notices,
)

if TYPE_CHECKING:
    from ..brain import Brain


class RelateIn(ToolInput):
    from_: Annotated[Ref, Field(alias="from")]
    to: Ref
    type: Annotated[str, Field(min_length=1, max_length=40)]
    session_handle: Session | None = None
    confirm_token: Token | None = None

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=False)


class Relation(Result):
    """The relation as written: `from` and `to` are the notes' paths, `link` the wikilink in the frontmatter."""

    # `from` is a Python keyword: the field is `from_`, built by that name and written out as `from`.
    model_config = ConfigDict(serialize_by_alias=True)

    from_: str = Field(serialization_alias="from")
    type: str
    to: str
    link: str


class RelateWritten(Result):
    """The relation was added to the `from` note's frontmatter, in one commit."""

    op: str
    commit: str
    path: str
    action: Literal["update"] = "update"
    changed: Literal[True] = True
    session_handle: str
    confirmed_by: Approval
    warnings: list[Notice]
    relation: Relation
    next_step: str


class RelateUnchanged(Result):
    """The note already had the relation (relate is idempotent): nothing written."""

    op: None = None
    commit: None = None
    path: str
    action: None = None
    changed: Literal[False] = False
    warnings: list[Notice] = []
    relation: Relation
    next_step: str


class RelatePending(Result):
    """The empty result a confirmation answer starts with: the relation that would be added."""

    op: None = None
    commit: None = None
    path: str
    action: None = None
    changed: Literal[False] = False
    relation: Relation


def relate(
    brain: Brain, args: RelateIn, confirmation: Confirmation
) -> RelateWritten | RelateUnchanged | ConfirmationNeeded:
    index = brain.fresh()
    relation_types = index.relation_types
    if args.type not in relation_types:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            messages.unknown_relation(value=args.type, allowed=", ".join(relation_types)),
            next_step=messages.next_step_fix_arguments(tool="relate"),
        )
    source = index.resolve(args.from_)
    target = index.resolve(args.to)
    for which, ref, found in (("from", args.from_, source), ("to", args.to, target)):
        if found is None or found.archived:
            raise CabecaoError(
                ErrorCode.NOT_FOUND,
                messages.relate_note_missing(which=which, ref=ref),
                next_step=messages.next_step_search(what=link_target(ref)),
            )
    assert source is not None and target is not None
    if source.path == target.path:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            messages.relate_same_note(),
            next_step=messages.next_step_fix_arguments(tool="relate"),
        )
    # Link by title when the title leads back to this very note; by path otherwise.
    by_title = index.resolve(target.title)
    link = f"[[{target.title}]]" if by_title is not None and by_title.path == target.path else f"[[{target.path[:-3]}]]"
    before = brain.store.read_text(source.path)
    if before is None:
        brain.refresh_index()
        raise CabecaoError(
            ErrorCode.NOT_FOUND,
            messages.relate_note_missing(which="from", ref=args.from_),
            next_step=messages.next_step_graph(),
        )
    doc = editable(source.path, before)
    frontmatter = dict(doc.frontmatter)
    existing = as_list(frontmatter.get(args.type))
    relation = Relation(from_=source.path, type=args.type, to=target.path, link=link)
    for value in existing:
        found = index.resolve(str(value))
        if found is not None and found.path == target.path:
            return RelateUnchanged(path=source.path, relation=relation, next_step=messages.relate_exists())
    frontmatter[args.type] = [*existing, link]
    reasons = confirmation_reasons(
        source.path, new_frontmatter=frontmatter, old_frontmatter=doc.frontmatter, exists=True
    )
    if is_raw(source.path) and not reasons:
        reasons = confirmation_reasons(source.path, new_frontmatter=None, old_frontmatter=None, exists=True)
    by = approve(
        brain,
        confirmation,
        tool="relate",
        args=args,
        session=args.session_handle,
        targets=[Target(source.path, before)],
        reasons=reasons,
        summary=Summary(messages.action_relate(relation=args.type, link=link, path=source.path)),
        extra=RelatePending(path=source.path, relation=relation),
    )
    if isinstance(by, ConfirmationNeeded):
        return by
    warnings = apply_provenance(
        frontmatter, client=brain.client, now=brain.now(), approved=by is not None, editing=True
    )
    text = render_document(doc.with_frontmatter(frontmatter))
    line = f"update {source.type or 'nota'}: {source.title}"
    record = commit_changes(
        brain,
        [Planned(source.path, text, before, line)],
        summary=line,
        session=session_of(args),
        approved=by is not None,
    )
    return RelateWritten(
        op=record.op,
        commit=record.commit,
        path=source.path,
        session_handle=record.session,
        confirmed_by=by,
        warnings=[*warnings, *store_notices(record)],
        relation=relation,
        next_step=messages.relate_done(op=record.op),
    )
