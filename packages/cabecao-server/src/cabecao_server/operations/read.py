"""`read`: a note by path or id, whole or one section, with its links and backlinks.

The content comes from the file on disk (the source of truth); links and backlinks from the index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from cabecao_index import Backlink, OutgoingLink
from cabecao_schema import (
    CabecaoError,
    ErrorCode,
    check_note_path,
    existing_spelling,
    find_sections,
    is_ulid,
    match_sections,
    parse_document,
    section_text,
)
from pydantic import Field

from .. import messages
from ..fields import Ref, ToolInput
from ..results import NoteHead, Result

if TYPE_CHECKING:
    from ..brain import Brain


class ReadIn(ToolInput):
    path: Ref | None = None
    id: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    section: Annotated[str, Field(min_length=1, max_length=1000, description="Título ou Pai › Filho")] | None = None


class ReadNote(NoteHead):
    """The indexed note without what the result gives on its own (frontmatter, its error, headings) and without
    the summary, with the content read from disk: the whole body or one section."""

    approved_by: str | None
    approved_at: str | None
    created: str | None
    updated: str | None
    valid_from: str | None
    valid_until: str | None
    expires_at: str | None
    sources: list[str]
    aliases: list[str]
    tags: list[str]
    archived: bool
    content: str
    content_kind: Literal["full", "section"]


class ReadSection(Result):
    """The section read: its title, its heading path and the lines it covers (1-based, end inclusive)."""

    title: str
    path: list[str]
    line: int
    end_line: int


class ReadResult(Result):
    note: ReadNote
    #: The note's YAML frontmatter as written: free-form.
    frontmatter: dict[str, Any]
    frontmatter_error: str | None
    section: ReadSection | None
    headings: list[str]
    archived: bool
    outgoing_links: list[OutgoingLink]
    backlinks: list[Backlink]
    next_step: str


def read(brain: Brain, args: ReadIn) -> ReadResult:
    path, id, section = args.path, args.id, args.section  # noqa: A001
    if (path is None) == (id is None):
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT, messages.path_or_id(), next_step=messages.next_step_fix_arguments(tool="read")
        )
    if id is not None and not is_ulid(id.strip().upper()):
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            messages.invalid_id(value=id),
            next_step=messages.next_step_fix_arguments(tool="read"),
        )
    index = brain.fresh()
    clean = existing_spelling(brain.root, check_note_path(path, allow_control=True)) if path is not None else None
    try:
        record = index.note(path=clean, id=id.strip().upper() if id else None, as_of=brain.today(), content=False)
    except CabecaoError as error:
        if error.code != ErrorCode.NOT_FOUND:
            raise
        what = clean or id or ""
        raise CabecaoError(
            ErrorCode.NOT_FOUND,
            messages.note_not_found(what=what),
            next_step=messages.next_step_search(what=what.rsplit("/", 1)[-1].removesuffix(".md")),
        ) from None
    text = brain.store.read_text(record.path)
    if text is None:  # deleted since the last scan
        brain.refresh_index()
        raise CabecaoError(
            ErrorCode.NOT_FOUND,
            messages.note_not_found(what=record.path),
            next_step=messages.next_step_search(what=record.title),
        )
    doc = parse_document(text)
    sections = find_sections(doc.body)
    headings = [s.path_text for s in sections]
    content = doc.body
    content_kind: Literal["full", "section"] = "full"
    chosen = None
    if section is not None:
        matches = match_sections(sections, section)
        if not matches:
            raise CabecaoError(
                ErrorCode.NOT_FOUND,
                messages.section_not_found(section=section, path=record.path),
                next_step=messages.next_step_sections(),
                details={"headings": headings[:50]},  # the note's text: data in a field, never in the message
            )
        if len(matches) > 1:
            raise CabecaoError(
                ErrorCode.INVALID_ARGUMENT,
                messages.section_ambiguous(section=section, options=[m.path_text for m in matches]),
                next_step=messages.next_step_section_path(),
            )
        chosen = matches[0]
        content = section_text(doc.body, chosen)
        content_kind = "section"
    # The record's own `content` is None (not loaded): the note's is the text read above, in the same place.
    shown = record.model_dump(exclude={"frontmatter", "frontmatter_error", "headings", "summary", "content"})
    note = ReadNote(**shown, content=content, content_kind=content_kind)
    return ReadResult(
        note=note,
        frontmatter=record.frontmatter,
        frontmatter_error=doc.frontmatter_error,
        section=None
        if chosen is None
        else ReadSection(title=chosen.title, path=list(chosen.path), line=chosen.line, end_line=chosen.end_line),
        headings=headings,
        archived=record.archived,
        outgoing_links=index.outgoing_links(record.path),
        backlinks=index.backlinks(record.path),
        next_step=messages.read_next_step(path=record.path),
    )
