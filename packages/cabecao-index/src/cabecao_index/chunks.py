"""A note body cut at its headings, each piece keeping the path of headings above it ("Pai › Filho").

Chunks tell a search hit which section it came from, give `search` its `section` content, and are the unit a
vector index would embed.
"""

from __future__ import annotations

from dataclasses import dataclass

from cabecao_schema import Section, find_sections


@dataclass(frozen=True, slots=True)
class Chunk:
    """Lines `start_line..end_line` (1-based, inclusive, counted in the body) and chars `start_char..end_char`."""

    seq: int
    heading_path: tuple[str, ...]
    start_line: int
    end_line: int
    start_char: int
    end_char: int


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


def chunk_at(chunks: list[Chunk], offset: int) -> Chunk | None:
    """The chunk holding a character offset of the body."""
    found: Chunk | None = None
    for chunk in chunks:
        if chunk.start_char <= offset:
            found = chunk
        else:
            break
    return found
