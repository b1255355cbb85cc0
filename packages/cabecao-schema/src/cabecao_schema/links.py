"""Wikilinks, heading sections and typed relations, as found in a note's text."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

SECTION_SEPARATOR = " › "

_WIKILINK_RE = re.compile(r"\[\[([^\[\]\n|#]+?)\s*(?:#([^\[\]\n|]*))?\s*(?:\|([^\[\]\n]*))?\]\]")
# A closing "#" sequence only counts after a space, so "## Uso em C#" keeps its "#".
_HEADING_RE = re.compile(r"^(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$")
_FENCE_RE = re.compile(r"^\s{0,3}(```+|~~~+)")


@dataclass(frozen=True, slots=True)
class Wikilink:
    """`[[target#heading|alias]]`, with where it was found (1-based line, 0-based offset)."""

    target: str
    heading: str | None
    alias: str | None
    line: int
    offset: int
    text: str


@dataclass(frozen=True, slots=True)
class Section:
    """A heading and the lines it covers (1-based, end inclusive), with its parent path."""

    title: str
    level: int
    path: tuple[str, ...]
    line: int
    end_line: int

    @property
    def path_text(self) -> str:
        return SECTION_SEPARATOR.join(self.path)


def _code_mask(lines: list[str]) -> list[bool]:
    """True for lines inside fenced code blocks (links and headings there are not real)."""
    mask: list[bool] = []
    fence: str | None = None
    for line in lines:
        match = _FENCE_RE.match(line)
        if fence is None and match:
            fence = match.group(1)
            mask.append(True)
        elif fence is not None:
            mask.append(True)
            # The closing fence uses the same character, at least as many of them, and nothing after.
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                if not line[match.end() :].strip():
                    fence = None
        else:
            mask.append(False)
    return mask


def find_wikilinks(text: str) -> list[Wikilink]:
    links: list[Wikilink] = []
    lines = text.split("\n")
    mask = _code_mask(lines)
    offset = 0
    for number, (line, in_code) in enumerate(zip(lines, mask, strict=True), start=1):
        if not in_code and "[[" in line:
            stripped = _strip_inline_code(line)
            for m in _WIKILINK_RE.finditer(stripped):
                target = m.group(1).strip()
                if not target:
                    continue
                heading = (m.group(2) or "").strip() or None
                alias = (m.group(3) or "").strip() or None
                links.append(Wikilink(target, heading, alias, number, offset + m.start(), m.group(0)))
        offset += len(line) + 1
    return links


def _strip_inline_code(line: str) -> str:
    """Blank out `inline code` spans (also ``double`` ones), keeping offsets."""
    if "`" not in line:
        return line
    return re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", lambda m: " " * len(m.group(0)), line)


def parse_link_text(text: str) -> Wikilink | None:
    """Read one frontmatter value such as "[[SQS]]" or "[[SQS|fila]]"; None when it is plain text."""
    m = _WIKILINK_RE.fullmatch(text.strip())
    if not m:
        return None
    return Wikilink(
        m.group(1).strip(), (m.group(2) or "").strip() or None, (m.group(3) or "").strip() or None, 0, 0, m.group(0)
    )


def link_target(value: str) -> str:
    """The target of a frontmatter link value, whether written as "[[X]]" or as plain "X"."""
    link = parse_link_text(value)
    return link.target if link else value.strip()


def find_sections(text: str) -> list[Section]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines = lines[:-1]
    mask = _code_mask(lines)
    found: list[tuple[int, str, int]] = []
    for number, (line, in_code) in enumerate(zip(lines, mask, strict=True), start=1):
        if in_code:
            continue
        m = _HEADING_RE.match(line)
        if m:
            found.append((len(m.group(1)), m.group(2).strip(), number))
    sections: list[Section] = []
    stack: list[tuple[int, str]] = []
    for i, (level, title, number) in enumerate(found):
        while stack and stack[-1][0] >= level:
            stack.pop()
        stack.append((level, title))
        end = len(lines)
        for later_level, _, later_line in found[i + 1 :]:
            if later_level <= level:
                end = later_line - 1
                break
        sections.append(Section(title, level, tuple(t for _, t in stack), number, end))
    return sections


def fold(text: str) -> str:
    """Case- and accent-insensitive form used to compare titles, headings and names."""
    decomposed = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).casefold().split())


def split_section_path(section: str) -> list[str]:
    parts = re.split(r"\s*(?:›|>)\s*", section.strip())
    return [p.strip().lstrip("#").strip() for p in parts if p.strip()]


def match_sections(sections: list[Section], query: str) -> list[Section]:
    """Sections whose heading path ends with the query's path (`Pai › Filho`, or only `Filho`).

    Exact text wins; otherwise the comparison ignores case and accents.
    """
    wanted = split_section_path(query)
    if not wanted:
        return []
    exact = [s for s in sections if list(s.path[-len(wanted) :]) == wanted and len(s.path) >= len(wanted)]
    if exact:
        return exact
    folded = [fold(w) for w in wanted]
    return [s for s in sections if len(s.path) >= len(wanted) and [fold(p) for p in s.path[-len(wanted) :]] == folded]


def section_text(text: str, section: Section) -> str:
    lines = text.split("\n")
    return "\n".join(lines[section.line - 1 : section.end_line]).rstrip("\n") + "\n"


def slugify(text: str, *, limit: int = 80) -> str:
    """File-name form of a title: `Consumidor novo sem idempotência` → `consumidor-novo-sem-idempotencia`."""
    return re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-")[:limit].strip("-") or "nota"
