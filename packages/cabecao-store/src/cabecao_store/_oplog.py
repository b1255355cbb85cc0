"""`log.md` holds this month's operations; the lines of earlier months move to `log/AAAA-MM.md`.

Each operation appends a line, and git stores the whole file again with every commit: a log that only grew
would make each write slower and each commit bigger as the brain ages (about 100 bytes an operation, so
~1 MB to compress and hash on every write after 10,000 operations). Moving past months out, at the first
write of a new month, bounds both by one month of work. Month files sit outside `memory/`, `wiki/` and
`raw/`, so they are never notes, and undo never touches them (lines are history, not content).
"""

from __future__ import annotations

import re
from datetime import datetime

from cabecao_schema import LOG_FILE

from . import _messages as messages

LOG_ARCHIVE_DIR = "log"

# The line `Store.write` appends: `- AAAA-MM-DD HH:MM · op · client · summary`.
_LINE_RE = re.compile(r"^- (\d{4}-\d{2})-\d{2} \d{2}:\d{2} · ", re.MULTILINE)
_ARCHIVE_RE = re.compile(rf"^{LOG_ARCHIVE_DIR}/\d{{4}}-\d{{2}}\.md$")


def is_log_path(path: str) -> bool:
    """`log.md` or a month file: written by the store only, never reverted by undo."""
    return path == LOG_FILE or bool(_ARCHIVE_RE.match(path))


def archive_path(month: str) -> str:
    return f"{LOG_ARCHIVE_DIR}/{month}.md"


def rotate_log(text: str, now: datetime) -> tuple[str, dict[str, str]]:
    """Split the log into what stays in `log.md` and, per month file, the lines of past months to append.

    Cheap when nothing is due: only the first operation line is looked at (lines are appended in order).
    Lines that are not operation lines (the header, anything a person added) stay where they are.
    """
    current = now.strftime("%Y-%m")
    first = _LINE_RE.search(text)
    if first is None or first.group(1) >= current:
        return text, {}
    kept: list[str] = []
    moved: dict[str, list[str]] = {}
    for line in text.splitlines(keepends=True):
        match = _LINE_RE.match(line)
        if match is not None and match.group(1) < current:
            moved.setdefault(archive_path(match.group(1)), []).append(line)
        else:
            kept.append(line)
    return "".join(kept), {path: "".join(lines) for path, lines in moved.items()}


def archive_text(existing: str | None, month_path: str, lines: str) -> str:
    """A month file with `lines` appended (created with its header when missing)."""
    month = month_path[len(LOG_ARCHIVE_DIR) + 1 : -len(".md")]
    base = existing if existing is not None else messages.log_archive_header(month=month)
    if base and not base.endswith("\n"):
        base += "\n"
    return base + lines
