"""Counting the notes of a brain straight from its files (the index gives the same figures faster)."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from cabecao_schema import ARCHIVE_FOLDER, NOTE_ROOTS, NoteType, is_conflict_copy, parse_document


@dataclass(frozen=True)
class NoteCounts:
    total: int
    by_type: dict[str, int] = field(default_factory=dict)
    untyped: int = 0
    archived: int = 0
    unreadable: int = 0
    conflicts: int = 0


def note_files(root: Path) -> list[str]:
    """Relative paths of every Markdown file under the note folders, sorted."""
    found: list[str] = []
    for top in NOTE_ROOTS:
        base = root / top
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in filenames:
                if name.endswith(".md") and not name.startswith("."):
                    found.append(Path(dirpath, name).relative_to(root).as_posix())
    return sorted(found)


def count_notes(root: Path) -> NoteCounts:
    by_type: Counter[str] = Counter()
    untyped = archived = unreadable = conflicts = total = 0
    for rel in note_files(root):
        if is_conflict_copy(rel):
            conflicts += 1
            continue
        if rel.startswith(ARCHIVE_FOLDER + "/"):
            archived += 1
            continue
        total += 1
        try:
            text = (root / rel).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            unreadable += 1
            continue
        doc = parse_document(text)
        if doc.frontmatter_error:
            unreadable += 1
            continue
        note_type = str(doc.frontmatter.get("type"))
        if note_type in NoteType._value2member_map_:
            by_type[note_type] += 1
        else:
            untyped += 1
    return NoteCounts(total, dict(sorted(by_type.items())), untyped, archived, unreadable, conflicts)
