"""A note body cut at its headings, each piece keeping the path of headings above it ("Pai › Filho").

Chunks tell a search hit which section it came from, give `search` its `section` content, and are the unit a
vector index would embed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cabecao_schema import Section, Wikilink, find_sections, find_wikilinks

# The schema's heading and wikilink patterns (`cabecao_schema.links`), applied to the whole body at once.
# The heading pattern is anchored on the newline before the line (searched in "\n" + body): a literal prefix
# lets the regex engine jump from one "\n#" to the next instead of trying `^` at every character.
_HEADING_RE = re.compile(r"\n(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*(?=\n|\Z)")
_WIKILINK_RE = re.compile(r"\[\[([^\[\]\n|#]+?)\s*(?:#([^\[\]\n|]*))?\s*(?:\|([^\[\]\n]*))?\]\]")


@dataclass(frozen=True, slots=True)
class Chunk:
    """Lines `start_line..end_line` (1-based, inclusive, counted in the body) and chars `start_char..end_char`."""

    seq: int
    heading_path: tuple[str, ...]
    start_line: int
    end_line: int
    start_char: int
    end_char: int


def scan_body(body: str) -> tuple[list[Section], list[Wikilink]]:
    """`find_sections(body)` and `find_wikilinks(body)`, in one pass over the text when it has no code.

    The schema's functions go line by line to skip fenced and inline code; a body with no backtick and no
    `~~~` has no code, so the same patterns can run over the whole text. Anything else (code, or a link
    whose match would span lines) goes to the schema's functions, so the result is always theirs.
    """
    if "`" in body or "~~~" in body:
        return find_sections(body), find_wikilinks(body)
    links: list[Wikilink] = []
    if "[[" in body:
        line, pos = 1, 0
        for m in _WIKILINK_RE.finditer(body):
            text = m.group(0)
            if "\n" in text:
                return find_sections(body), find_wikilinks(body)
            target = m.group(1).strip()
            if not target:
                continue
            line += body.count("\n", pos, m.start())
            pos = m.start()
            heading = (m.group(2) or "").strip() or None
            alias = (m.group(3) or "").strip() or None
            links.append(Wikilink(target, heading, alias, line, m.start(), text))
    found: list[tuple[int, str, int]] = []
    line, pos = 1, 0
    for m in _HEADING_RE.finditer("\n" + body):  # m.start() in there is the line's start in body
        line += body.count("\n", pos, m.start())
        pos = m.start()
        found.append((len(m.group(1)), m.group(2).strip(), line))
    total = body.count("\n") + 1
    if body.endswith("\n") or not body:
        total -= 1
    sections: list[Section] = []
    levels: list[int] = []  # the heading stack, as two lists so the path is one `tuple(titles)`
    titles: list[str] = []
    for i, (level, title, number) in enumerate(found):
        while levels and levels[-1] >= level:
            levels.pop()
            titles.pop()
        levels.append(level)
        titles.append(title)
        end = total
        for j in range(i + 1, len(found)):
            if found[j][0] <= level:
                end = found[j][2] - 1
                break
        sections.append(Section(title, level, tuple(titles), number, end))
    return sections, links


def chunk_body(body: str, sections: list[Section] | None = None) -> list[Chunk]:
    """Split at every heading; text before the first heading is a chunk with an empty heading path.

    Empty pieces (a blank preamble) are skipped, so a body with no text has no chunks. Pass `sections` when
    the caller already has `find_sections(body)`.
    """
    if not body.strip():
        return []
    line_starts = [0]
    pos = body.find("\n")
    while pos != -1:
        line_starts.append(pos + 1)
        pos = body.find("\n", pos + 1)
    total_lines = len(line_starts) if not body.endswith("\n") else len(line_starts) - 1
    if sections is None:
        sections = find_sections(body)
    bounds: list[tuple[tuple[str, ...], int]] = [((), 1)]
    bounds.extend((section.path, section.line) for section in sections)
    chunks: list[Chunk] = []
    for i, (path, start_line) in enumerate(bounds):
        end_line = bounds[i + 1][1] - 1 if i + 1 < len(bounds) else total_lines
        if end_line < start_line:
            continue
        start_char = line_starts[start_line - 1]
        end_char = line_starts[end_line] if end_line < len(line_starts) else len(body)
        if not path and not body[start_char:end_char].strip():
            continue
        chunks.append(Chunk(len(chunks), path, start_line, end_line, start_char, end_char))
    return chunks
