"""A fast reader for the flat YAML that nearly every frontmatter is, with PyYAML for everything else.

PyYAML builds Python objects in pure Python even with libyaml, which made frontmatter the largest cost of a
full build (about 200 µs a note). Frontmatter written by Cabeção, Obsidian and most people is a flat mapping of
scalars and lists of scalars; this module reads exactly that subset and gives the same values PyYAML's safe
loader gives (YAML 1.1 booleans, ints, dates, timestamps). At the first thing outside the subset (nested
mappings, multi-line scalars, anchors, floats, escapes...) it gives up and PyYAML reads the whole block, so
the result never differs; `tests/index/test_fastyaml.py` checks that against PyYAML.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any

import yaml

try:  # libyaml ships in the PyYAML wheel; the pure-Python loader is the fallback.
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader


class _GiveUp(Exception):
    """The block is outside the subset; PyYAML reads it."""


class YamlProblem(ValueError):
    """The block is not a readable YAML mapping; the message says why (in pt-BR, from `messages`)."""

    def __init__(self, problem: str, line: int | None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line


_KEY_RE = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*):(?:[ \t]+|$)")
_INT_RE = re.compile(r"[-+]?(?:0|[1-9][0-9]*)\Z")
_DATE_RE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})\Z")
_DATETIME_RE = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]*))?"
    r"(Z|[-+][0-9]{2}(?::[0-9]{2})?)?\Z"
)
_IMPLICIT: dict[str, list[tuple[str, re.Pattern[str]]]] = yaml.resolver.Resolver.yaml_implicit_resolvers
_BOOL_TAG = "tag:yaml.org,2002:bool"
_NULL_TAG = "tag:yaml.org,2002:null"
_INT_TAG = "tag:yaml.org,2002:int"
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"
_BOOLS = {
    **dict.fromkeys(("yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"), True),
    **dict.fromkeys(("no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"), False),
}
_NULLS = frozenset(("~", "null", "Null", "NULL", ""))
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
#: Characters YAML refuses in a stream; PyYAML reports them, so their blocks go to PyYAML.
_NON_PRINTABLE_RE = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_SIMPLE_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "/": "/"}


def _plain(text: str, *, flow: bool) -> Any:
    """A plain scalar, resolved with PyYAML's own implicit resolvers (first match wins, as in PyYAML)."""
    for tag, regexp in _IMPLICIT.get(text[0], ()):
        if not regexp.match(text):
            continue
        if tag == _BOOL_TAG:
            return _BOOLS[text]
        if tag == _NULL_TAG:
            return None
        if tag == _INT_TAG and _INT_RE.match(text):
            return int(text)
        if tag == _TIMESTAMP_TAG:
            m = _DATE_RE.match(text)
            if m:
                return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))  # ValueError: PyYAML decides
            m = _DATETIME_RE.match(text)
            if m:
                return _timestamp(m)
        raise _GiveUp
    if text[0] in _INDICATORS or ": " in text or " #" in text or text.endswith(":"):
        raise _GiveUp
    if flow and any(ch in text for ch in ",[]{}"):
        raise _GiveUp
    return text


def _timestamp(m: re.Match[str]) -> datetime:
    year, month, day, hour, minute, second = (int(m.group(i)) for i in range(1, 7))
    fraction = 0
    if m.group(7):
        fraction = int(m.group(7)[:6].ljust(6, "0"))
    tz = m.group(8)
    tzinfo: timezone | None = None
    if tz == "Z":
        tzinfo = UTC
    elif tz:
        sign = -1 if tz[0] == "-" else 1
        hours, _, minutes = tz[1:].partition(":")
        tzinfo = timezone(sign * timedelta(hours=int(hours), minutes=int(minutes or 0)))
    return datetime(year, month, day, hour, minute, second, fraction, tzinfo=tzinfo)


def _double_quoted(text: str, start: int) -> tuple[str, int]:
    end = text.find('"', start + 1)
    if end != -1 and "\\" not in text[start + 1 : end]:
        return text[start + 1 : end], end + 1
    out: list[str] = []
    i = start + 1
    while i < len(text):
        ch = text[i]
        if ch == '"':
            return "".join(out), i + 1
        if ch == "\\":
            nxt = text[i + 1 : i + 2]
            if nxt not in _SIMPLE_ESCAPES:
                raise _GiveUp
            out.append(_SIMPLE_ESCAPES[nxt])
            i += 2
            continue
        out.append(ch)
        i += 1
    raise _GiveUp  # multi-line quoted scalar


def _single_quoted(text: str, start: int) -> tuple[str, int]:
    out: list[str] = []
    i = start + 1
    while i < len(text):
        ch = text[i]
        if ch == "'":
            if text[i + 1 : i + 2] == "'":
                out.append("'")
                i += 2
                continue
            return "".join(out), i + 1
        out.append(ch)
        i += 1
    raise _GiveUp


def _scalar(text: str, *, flow: bool = False) -> Any:
    """A whole scalar (already stripped)."""
    if not text:
        return None
    if "\t" in text:
        raise _GiveUp
    if text[0] in "\"'":
        value, end = (_double_quoted if text[0] == '"' else _single_quoted)(text, 0)
        if text[end:].strip(" \t"):
            raise _GiveUp
        return value
    return _plain(text, flow=flow)


def _flow_sequence(text: str) -> list[Any]:
    if not text.endswith("]"):
        raise _GiveUp
    inner = text[1:-1].strip(" \t")
    if not inner:
        return []
    items: list[Any] = []
    i = 0
    while i <= len(inner):
        while i < len(inner) and inner[i] == " ":
            i += 1
        if i < len(inner) and inner[i] in "\"'":
            value, i = (_double_quoted if inner[i] == '"' else _single_quoted)(inner, i)
            rest = inner[i:].lstrip(" ")
            if rest and not rest.startswith(","):
                raise _GiveUp
            items.append(value)
            i = len(inner) - len(rest) + 1
            continue
        end = inner.find(",", i)
        piece = (inner[i:] if end == -1 else inner[i:end]).strip(" \t")
        if not piece or ":" in piece:
            raise _GiveUp
        items.append(_plain(piece, flow=True))
        if end == -1:
            break
        i = end + 1
    return items


def _fast(text: str) -> dict[str, Any]:
    text = text.replace("\r\n", "\n")
    if _NON_PRINTABLE_RE.search(text) or any(ch in text for ch in "\r\x85\u2028\u2029"):
        raise _GiveUp  # YAML reads these as line breaks or refuses them
    result: dict[str, Any] = {}
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i].rstrip("\r")
        i += 1
        stripped = line.strip(" \t")
        if not stripped or stripped.startswith("#"):
            if stripped.startswith("#") and line[0] in " \t":
                raise _GiveUp
            continue
        if line[0] in " \t-":
            raise _GiveUp
        m = _KEY_RE.match(line)
        if not m or m.group(1) in _BOOLS or m.group(1) in _NULLS:
            raise _GiveUp
        key = m.group(1)
        rest = line[m.end() :].strip(" \t")
        if rest:
            value = _flow_sequence(rest) if rest[0] == "[" else _scalar(rest)
            if i < len(lines) and lines[i][:1] in (" ", "\t") and lines[i].strip(" \t"):
                raise _GiveUp  # a continued or nested value
        else:
            items: list[Any] = []
            indent: int | None = None
            while i < len(lines):
                nxt = lines[i].rstrip("\r")
                body = nxt.lstrip(" ")
                if not body:
                    if i + 1 < len(lines) and lines[i + 1].lstrip(" ").startswith("- "):
                        raise _GiveUp
                    break
                if body.startswith("- ") or body == "-":
                    if indent is None:
                        indent = len(nxt) - len(body)
                    elif indent != len(nxt) - len(body):
                        raise _GiveUp
                    item = body[2:].strip(" \t")
                    if item.startswith(("[", "{", "- ")) or (item and item[0] not in "\"'" and ":" in item):
                        raise _GiveUp
                    items.append(_scalar(item))
                    i += 1
                    continue
                if nxt[:1] in (" ", "\t"):
                    raise _GiveUp
                break
            value = items if items else None
        if key in result:
            raise _GiveUp  # PyYAML's handling of repeated keys decides
        result[key] = value
    return result


def load_mapping(text: str) -> dict[str, Any]:
    """The frontmatter block as a dict, read like `yaml.safe_load`; `YamlProblem` when it is not a mapping."""
    try:
        return _fast(text)
    except (_GiveUp, ValueError):
        pass
    try:
        data = yaml.load(text, Loader=_Loader) if text.strip(" \t\r\n") else {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc).split("\n", 1)[0]
        raise YamlProblem(str(problem), line) from None
    except ValueError as exc:  # an impossible date such as 2026-13-45
        raise YamlProblem(str(exc), None) from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise YamlProblem("", 1)
    return {str(k): v for k, v in data.items()}
