"""ULIDs for notes, operations and sessions: sortable by time, safe in file names and trailers."""

from __future__ import annotations

import re
import threading

from ulid import ULID

_ULID_RE = re.compile(r"^[0-7][0-9A-HJKMNP-TV-Z]{25}\Z")  # \Z: "$" would accept a trailing newline
_lock = threading.Lock()
_last: ULID | None = None


def new_ulid() -> str:
    """A new ULID, strictly greater than the previous one made by this process.

    Operations made in the same millisecond must still sort in the order they happened,
    because undo of "the last operation" reads that order back.
    """
    global _last
    with _lock:
        value = ULID()
        if _last is not None and value.bytes <= _last.bytes:
            value = ULID.from_int(int(_last) + 1)
        _last = value
        return str(value)


def is_ulid(text: str) -> bool:
    return bool(_ULID_RE.match(text))


def looks_like_ulid_prefix(text: str) -> bool:
    """A non-empty start of a ULID (used when undo is given only the beginning of an id)."""
    return 0 < len(text) < 26 and bool(re.fullmatch(r"[0-9A-HJKMNP-TV-Z]+", text.upper()))
