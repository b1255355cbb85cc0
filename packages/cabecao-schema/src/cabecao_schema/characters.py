"""Control and invisible characters: never in names, and only tab/newline among controls in a body."""

from __future__ import annotations

import unicodedata

# Zero-width, bidi embeddings/overrides/isolates, word joiner, BOM, line/paragraph separators, soft hyphen.
_INVISIBLE = {
    0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E,
    0x200B, 0x200C, 0x200D, 0x200E, 0x200F,
    0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
    0x2028, 0x2029, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064,
    0x2066, 0x2067, 0x2068, 0x2069, 0x206A, 0x206B, 0x206C, 0x206D, 0x206E, 0x206F,
    0x3164, 0xFEFF, 0xFFA0, 0xFFF9, 0xFFFA, 0xFFFB,
}  # fmt: skip
# In a body, bidi overrides can disguise text ("trojan source"); zero-width joiners are legitimate (emoji).
_BODY_FORBIDDEN = {0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0xFEFF}
# `str.isprintable()` is False for every control (Cc), format (Cf) and line/paragraph separator character (same
# Unicode tables as `unicodedata`); these invisible ones are printable to it, so they are checked apart.
_PRINTABLE_INVISIBLE = frozenset(chr(code) for code in _INVISIBLE if chr(code).isprintable())


def describe(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}{' ' + name if name else ''}"


def bad_name_char(text: str) -> str | None:
    """First control or invisible character in a name (path, title, tag, alias), if any."""
    if _clean(text):
        return None  # the common case, in C; a full index build checks ~3 names a note
    for char in text:
        code = ord(char)
        if code < 0x20 or 0x7F <= code <= 0x9F or code in _INVISIBLE or unicodedata.category(char) in ("Cc", "Cf"):
            return char
    return None


def names_are_clean(texts: list[str]) -> bool:
    """True when no name in `texts` has a control or invisible character (`bad_name_char` is None for each).

    Both checks are per character, so one C pass over the names joined answers for all of them at once.
    """
    return _clean("".join(texts))


def _clean(text: str) -> bool:
    """No control, format, separator or invisible character: a check that runs in C."""
    return text.isprintable() and _PRINTABLE_INVISIBLE.isdisjoint(text)


def bad_body_char(text: str) -> tuple[str, int] | None:
    """First forbidden character in a body, with its 1-based line."""
    line = 1
    for char in text:
        code = ord(char)
        if char == "\n":
            line += 1
            continue
        if char in "\t\r":
            continue
        if code < 0x20 or 0x7F <= code <= 0x9F or code in _BODY_FORBIDDEN:
            return char, line
    return None
