"""Whether a note or fact holds on a date.

`valid_from` is the first day it holds; `valid_until` is the day it stops holding (exclusive: a fact superseded
today has `valid_until` = today and is expired today, while its successor's `valid_from` = today is current);
`expires_at` is the last day it is delivered (inclusive: a handoff expiring on 2026-12-13 is still current then).
"""

from __future__ import annotations

from datetime import date

from .notes import Validity


def validity_on(
    as_of: date,
    *,
    valid_from: date | None = None,
    valid_until: date | None = None,
    expires_at: date | None = None,
) -> Validity:
    if valid_from is not None and as_of < valid_from:
        return "not_yet_valid"
    if valid_until is not None and as_of >= valid_until:
        return "expired"
    if expires_at is not None and as_of > expires_at:
        return "expired"
    return "current"


def parse_date(text: str) -> date:
    """Strict YYYY-MM-DD (the reference's AAAA-MM-DD); raises ValueError otherwise."""
    if len(text) != 10 or text[4] != "-" or text[7] != "-":
        raise ValueError(text)
    return date.fromisoformat(text)
