"""One note file turned into the rows the index keeps: metadata, names, links, chunks and its fact.

Pure: text in, rows out, no database and no disk, so the rules are easy to test and the same in a full build
and in an incremental update.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from json.encoder import encode_basestring  # what JSONEncoder(ensure_ascii=False) quotes strings with
from typing import Any

from cabecao_schema import (
    ARCHIVE_FOLDER,
    CabecaoError,
    Frontmatter,
    FrontmatterError,
    NoteType,
    Wikilink,
    is_raw,
    parse_link_text,
    parse_yaml_mapping,
    split_frontmatter,
    validate_frontmatter,
)
from pydantic import ValidationError

from . import _messages as messages
from ._chunks import Chunk, chunk_body, scan_body
from ._terms import fast_fold as fold

# Kinds of names a note answers to, in the order a link target is resolved (lower wins).
NAME_ID = 0
NAME_PATH = 1
NAME_STEM = 2
NAME_TITLE = 3
NAME_ALIAS = 4
RESOLVED_BY: dict[int, str] = {
    NAME_ID: "id",
    NAME_PATH: "path",
    NAME_STEM: "path",
    NAME_TITLE: "title",
    NAME_ALIAS: "alias",
}

#: Link targets with these extensions are attachments, not notes: they are never links nor broken links.
ATTACHMENT_EXTENSIONS = frozenset(
    "png jpg jpeg gif svg webp bmp ico pdf mp3 mp4 m4a mov webm wav ogg csv tsv xlsx xls docx doc pptx ppt "
    "zip gz tar json yaml yml txt html canvas excalidraw".split()
)

# A top-level key at the start of a line: `^([A-Za-z_][\w-]*)\s*:` matched line by line, as one search over the
# whole text (so `\s` but not the newline that ends the line).
_KEY_LINE_RE = re.compile(r"^([A-Za-z_][\w-]*)[^\S\n]*:", re.MULTILINE)
_LEAD_H1_RE = re.compile(r"\A(?:[ \t]*\r?\n)*#[ \t]+(.+?)[ \t]*#*[ \t]*(?:\r?\n|\Z)")
_SUMMARY_STRIP_RE = re.compile(r"^(?:[-*+]\s+|>\s*|\d+[.)]\s+|\[[ xX]\]\s+)+")
_INLINE_LINK_RE = re.compile(r"\[\[([^\[\]|#]+)(?:#[^\[\]|]*)?(?:\|([^\[\]]*))?\]\]")
SUMMARY_CHARS = 160


@dataclass(slots=True)
class LinkRow:
    """A link written in the note: `origin` says where (frontmatter, body), `type` what kind it is."""

    type: str
    origin: str
    target: str
    key: str
    heading: str | None
    line: int | None
    explicit: bool
    role: str | None = None


@dataclass(slots=True)
class FactRow:
    subject: str
    subject_key: str
    predicate: str
    predicate_key: str
    object: str
    object_key: str
    supersedes: list[str]
    superseded_by: list[str]


@dataclass(slots=True)
class ExtractedNote:
    """Everything the index stores about one note."""

    path: str
    id: str | None
    type: str | None
    title: str
    scope: str
    trust: str | None
    origin: str | None
    edited_by: str | None
    approved_by: str | None
    approved_at: str | None
    created: str | None
    updated: str | None
    valid_from: str | None
    valid_until: str | None
    expires_at: str | None
    confirmed: bool
    has_superseded_by: bool
    archived: bool
    raw: bool
    summary: str
    chars: int
    lines: int
    body_line: int
    frontmatter: dict[str, Any]
    frontmatter_error: str | None
    frontmatter_error_line: int | None
    sources: list[str]
    aliases: list[str]
    tags: list[str]
    body: str
    lead: str = ""
    chunks: list[Chunk] = field(default_factory=list)
    links: list[LinkRow] = field(default_factory=list)
    names: list[tuple[str, int]] = field(default_factory=list)
    fact: FactRow | None = None


def link_key(target: str) -> str:
    """The folded form a link target is matched by: no `.md`, no leading `./`, case and accents folded."""
    text = target.strip().replace("\\", "/")
    while text.startswith("./"):
        text = text[2:]
    text = text.lstrip("/")
    if text.lower().endswith(".md"):
        text = text[:-3]
    return fold(text)


def predicate_key(predicate: str) -> str:
    """`uses_queue`, `uses queue` and `Uses-Queue` are one predicate."""
    return re.sub(r"[\s\-]+", "_", fold(predicate))


def is_note_target(target: str) -> bool:
    """False for URLs and attachments (`[[diagrama.png]]`), which are not links between notes."""
    text = target.strip()
    if not text or "://" in text or text.lower().startswith("mailto:"):
        return False
    name = text.rsplit("/", 1)[-1]
    return "." not in name or name.rsplit(".", 1)[1].lower() not in ATTACHMENT_EXTENSIONS


def path_stem(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    return name[:-3] if name.lower().endswith(".md") else name


def is_archived(path: str) -> bool:
    return path.startswith(ARCHIVE_FOLDER + "/")


def iso(value: Any) -> str | None:
    """Dates in outputs are plain `YYYY-MM-DD`; datetimes keep their time as ISO text."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def _json_default(value: Any) -> Any:
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    if isinstance(value, (set, frozenset)):  # `!!set`: in order, so the stored text never depends on hashing
        return sorted(value, key=repr)
    return str(value)


_JSON = json.JSONEncoder(ensure_ascii=False, default=_json_default)  # json.dumps would build one per call


def frontmatter_json(data: Any) -> str:
    return _JSON.encode(data)


def json_text_list(values: list[str] | tuple[str, ...]) -> str:
    """`frontmatter_json(list(values))` for a list of strings, without the encoder's per-call setup (a build
    writes several lists a note: sources, aliases, tags, each chunk's heading path)."""
    if not values:
        return "[]"
    if all(type(value) is str for value in values):
        return "[" + ", ".join(map(encode_basestring, values)) + "]"
    return _JSON.encode(list(values))


def _key_lines(raw_frontmatter: str | None) -> dict[str, int]:
    """File line of each top-level frontmatter key (the `---` opener is line 1)."""
    found: dict[str, int] = {}
    if not raw_frontmatter:
        return found
    number, pos = 2, 0
    for m in _KEY_LINE_RE.finditer(raw_frontmatter):  # one search over the text instead of a match a line
        number += raw_frontmatter.count("\n", pos, m.start())
        pos = m.start()
        key = m.group(1)
        if key not in found:
            found[key] = number
    return found


def _lenient(data: dict[str, Any]) -> Frontmatter:
    """The model of a frontmatter with its invalid fields dropped, so one bad field does not hide the note."""
    current = dict(data)
    for _ in range(8):
        try:
            return Frontmatter.model_validate(current)
        except ValidationError as exc:
            bad = {str(err["loc"][0]) for err in exc.errors() if err.get("loc")}
            bad = {"object" if key == "object_" else key for key in bad}
            if not bad & set(current):
                break
            for key in bad:
                current.pop(key, None)
    return Frontmatter()


def _first_heading(sections: list[Any]) -> str | None:
    for section in sections:
        if section.level == 1:
            return str(section.title)
    return None


def summarize(body: str, *, limit: int = SUMMARY_CHARS) -> str:
    """The first line of prose: no headings, list markers or link brackets; cut at `limit` characters."""
    in_fence = False
    for raw_line in body.split("\n"):
        line = raw_line.strip()
        if line.startswith(("```", "~~~")):
            in_fence = not in_fence
            continue
        if in_fence or not line or line.startswith("#") or line in ("---", "***"):
            continue
        line = _SUMMARY_STRIP_RE.sub("", line)
        line = _INLINE_LINK_RE.sub(lambda m: (m.group(2) or m.group(1)).strip(), line)
        line = " ".join(line.split())
        if not line:
            continue
        return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"
    return ""


def title_lead(body: str, title: str) -> str:
    """The opening `# Title` line (with blank lines before it) when it only repeats the title.

    It is kept out of the full-text body, so snippets show the note's text rather than its title again.
    """
    m = _LEAD_H1_RE.match(body)
    if m and fold(m.group(1)) == fold(title):
        return body[: m.end()]
    return ""


def _frontmatter_link(value: str) -> tuple[str, str | None, bool] | None:
    """(target, heading, explicit) of a frontmatter link value; explicit when written as `[[...]]`."""
    parsed = parse_link_text(value)
    if parsed is not None:
        return parsed.target, parsed.heading, True
    text = value.strip()
    return (text, None, False) if text else None


def extract_note(path: str, text: str, *, relation_types: tuple[str, ...]) -> ExtractedNote:
    """Read one note's text into rows. Never raises on bad content: problems become `frontmatter_error`."""
    if text.startswith("\ufeff"):
        text = text[1:]
    yaml_text, body, _newline = split_frontmatter(text)
    body_line = text[: len(text) - len(body)].count("\n") + 1 if yaml_text is not None else 1
    key_lines = _key_lines(yaml_text)
    error: str | None = None
    error_line: int | None = None
    data: dict[str, Any] = {}
    problem: FrontmatterError | None = None
    if yaml_text is not None:
        try:
            # The same YAML reader as every other package: two parsers could read one note two ways.
            data = parse_yaml_mapping(yaml_text)
        except FrontmatterError as exc:
            problem = exc
    if problem is not None:
        error = (
            messages.frontmatter_unreadable(problem=problem.problem, line=problem.line)
            if problem.problem
            else messages.frontmatter_not_mapping()
        )
        error_line = problem.line or 1
        model = Frontmatter()
    else:
        try:
            model = validate_frontmatter(data, path=path)
        except CabecaoError as exc:
            error = exc.message
            model = _lenient(data)
            bad = [key for key in data if key not in model.model_dump(by_alias=True, exclude_unset=True)]
            error_line = key_lines.get(bad[0]) if bad else 1
            if error_line is None:
                error_line = 1

    sections, wikilinks = scan_body(body)
    chunks = chunk_body(body, sections)
    stem = path_stem(path)
    title = model.title or _first_heading(sections) or stem
    note_type = model.type.value if isinstance(model.type, NoteType) else None

    names: list[tuple[str, int]] = []
    seen_names: set[tuple[str, int]] = set()

    def add_name(key: str, kind: int) -> None:
        if key and (key, kind) not in seen_names:
            seen_names.add((key, kind))
            names.append((key, kind))

    if model.id:
        add_name(fold(model.id), NAME_ID)
    add_name(link_key(path), NAME_PATH)
    add_name(fold(stem), NAME_STEM)
    add_name(fold(title), NAME_TITLE)
    for alias in model.aliases:
        if isinstance(alias, str):
            add_name(fold(alias), NAME_ALIAS)

    links: list[LinkRow] = []
    offset = body_line - 1
    for wl in wikilinks:
        links.extend(_body_link(wl, offset))
    for rel_type, values in model.relations(relation_types).items():
        for value in values:
            parsed = _frontmatter_link(value)
            if parsed and is_note_target(parsed[0]):
                target, heading, _explicit = parsed
                links.append(
                    LinkRow(rel_type, "frontmatter", target, link_key(target), heading, key_lines.get(rel_type), True)
                )
    for value in model.sources:
        parsed = _frontmatter_link(value) if isinstance(value, str) else None
        if parsed and parsed[2] and is_note_target(parsed[0]):
            target, heading, _ = parsed
            links.append(
                LinkRow("sources", "frontmatter", target, link_key(target), heading, key_lines.get("sources"), True)
            )

    fact: FactRow | None = None
    if note_type == NoteType.FACT.value and model.subject and model.predicate and model.object_:
        subject = _frontmatter_link(model.subject)
        obj = _frontmatter_link(model.object_)
        if subject and obj:
            fact = FactRow(
                subject=subject[0],
                subject_key=link_key(subject[0]),
                predicate=model.predicate.strip(),
                predicate_key=predicate_key(model.predicate),
                object=obj[0],
                object_key=link_key(obj[0]),
                supersedes=[link_target_text(v) for v in model.supersedes],
                superseded_by=[link_target_text(v) for v in model.superseded_by],
            )
            for role, (target, heading, explicit) in (("subject", subject), ("object", obj)):
                if is_note_target(target):
                    links.append(
                        LinkRow(
                            "fact",
                            "frontmatter",
                            target,
                            link_key(target),
                            heading,
                            key_lines.get(role),
                            explicit,
                            role,
                        )
                    )

    return ExtractedNote(
        path=path,
        id=model.id,
        type=note_type,
        title=title,
        scope=model.scope,
        trust=model.trust,
        origin=model.origin,
        edited_by=model.edited_by,
        approved_by=model.approved_by,
        approved_at=iso(model.approved_at),
        created=iso(model.created),
        updated=iso(model.updated),
        valid_from=iso(model.valid_from),
        valid_until=iso(model.valid_until),
        expires_at=iso(model.expires_at),
        confirmed=bool(model.confirmed),
        has_superseded_by=bool(model.superseded_by),
        archived=is_archived(path),
        raw=is_raw(path),
        summary=summarize(body),
        chars=len(text),
        lines=text.count("\n") + (0 if text.endswith("\n") or not text else 1),
        body_line=body_line,
        frontmatter=data,
        frontmatter_error=error,
        frontmatter_error_line=error_line,
        sources=[str(s) for s in model.sources],
        aliases=[str(a) for a in model.aliases],
        tags=[str(t) for t in model.tags],
        body=body,
        lead=title_lead(body, title),
        chunks=chunks,
        links=links,
        names=names,
        fact=fact,
    )


def link_target_text(value: str) -> str:
    parsed = _frontmatter_link(str(value))
    return parsed[0] if parsed else str(value)


def _body_link(wl: Wikilink, line_offset: int) -> list[LinkRow]:
    if not is_note_target(wl.target):
        return []
    return [LinkRow("wikilink", "body", wl.target, link_key(wl.target), wl.heading, wl.line + line_offset, True)]
