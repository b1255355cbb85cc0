"""`read`: a note by path or id, whole or one section, with its links and backlinks.

The content comes from the file on disk (the source of truth); links and backlinks from the index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from cabecao_schema import (
    CabecaoError,
    ErrorCode,
    check_note_path,
    find_sections,
    is_ulid,
    match_sections,
    parse_document,
    section_text,
)
from pydantic import Field

from .. import messages
from ..fields import Ref, ToolInput

if TYPE_CHECKING:
    from ..brain import Brain


class ReadIn(ToolInput):
    path: Ref | None = None
    id: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    section: Annotated[str, Field(min_length=1, max_length=1000, description="Título ou Pai › Filho")] | None = None


def read(brain: Brain, args: ReadIn) -> dict[str, Any]:
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
    clean = check_note_path(path, allow_control=True) if path is not None else None
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
    content_kind = "full"
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
    note = record.model_dump(mode="json", exclude={"frontmatter", "frontmatter_error", "headings", "summary"})
    note["content_kind"] = content_kind
    note["content"] = content
    return {
        "note": note,
        "frontmatter": record.frontmatter,
        "frontmatter_error": doc.frontmatter_error,
        "section": None
        if chosen is None
        else {"title": chosen.title, "path": list(chosen.path), "line": chosen.line, "end_line": chosen.end_line},
        "headings": headings,
        "archived": record.archived,
        "outgoing_links": [link.model_dump(mode="json") for link in index.outgoing_links(record.path)],
        "backlinks": [link.model_dump(mode="json") for link in index.backlinks(record.path)],
        "next_step": messages.read_next_step(path=record.path),
    }
