"""Markdown + YAML frontmatter, read and written so that an untouched note round-trips byte for byte.

A document keeps the exact frontmatter text it was read from; only when the frontmatter mapping changes is it
rendered again (keys in their existing order, new keys after them in `KEY_ORDER`).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import yaml

from .notes import KEY_ORDER

try:  # libyaml ships in the PyYAML wheel; the pure-Python loader is the fallback.
    _Loader: type = yaml.CSafeLoader
    _Dumper: type = yaml.CSafeDumper
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader
    _Dumper = yaml.SafeDumper

BOM = "\ufeff"
_OPEN_RE = re.compile(r"\A---[ \t]*\r?\n")
_CLOSE_RE = re.compile(r"^(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.MULTILINE)


class FrontmatterError(ValueError):
    """The frontmatter block exists but is not a YAML mapping; `problem` and `line` (1-based in the file) say why."""

    def __init__(self, message: str, *, problem: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.problem = problem
        self.line = line


@dataclass(frozen=True)
class Document:
    """A note file split into frontmatter and body.

    `raw_frontmatter` is the YAML text exactly as read (None when there is no block or after a change), and
    `frontmatter_error` says why an existing block could not be read: such a note is still readable.
    """

    frontmatter: dict[str, Any]
    body: str
    raw_frontmatter: str | None = None
    newline: str = "\n"
    frontmatter_error: str | None = None
    _pristine: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    # The opening and closing delimiter lines exactly as read ("---  \n", "...", "---" at the end of the file).
    _delimiters: tuple[str, str] | None = field(default=None, repr=False, compare=False)

    @property
    def has_frontmatter(self) -> bool:
        return self.raw_frontmatter is not None or bool(self.frontmatter)

    def with_frontmatter(self, frontmatter: dict[str, Any]) -> Document:
        return Document(
            frontmatter=frontmatter,
            body=self.body,
            raw_frontmatter=self.raw_frontmatter,
            newline=self.newline,
            frontmatter_error=None,
            _pristine=self._pristine,
            _delimiters=self._delimiters,
        )

    def with_body(self, body: str) -> Document:
        return Document(
            frontmatter=self.frontmatter,
            body=body,
            raw_frontmatter=self.raw_frontmatter,
            newline=self.newline,
            frontmatter_error=self.frontmatter_error,
            _pristine=self._pristine,
            _delimiters=self._delimiters,
        )

    def updated(self, **changes: Any) -> Document:
        """A copy with some keys set (None removes the key), keeping the order of the existing ones."""
        merged = dict(self.frontmatter)
        for key, value in changes.items():
            if value is None:
                merged.pop(key, None)
            else:
                merged[key] = value
        return self.with_frontmatter(merged)


def split_frontmatter(text: str) -> tuple[str | None, str, str]:
    """Return (yaml_text, body, newline); yaml_text is None when the text has no frontmatter block."""
    newline = "\r\n" if "\r\n" in text[:2000] else "\n"
    opening = _OPEN_RE.match(text)
    if not opening:
        return None, text, newline
    closing = _CLOSE_RE.search(text, opening.end())
    if not closing:
        return None, text, newline
    return text[opening.end() : closing.start()], text[closing.end() :], newline


def parse_yaml_mapping(yaml_text: str) -> dict[str, Any]:
    try:
        data = yaml.load(yaml_text, Loader=_Loader) if yaml_text.strip() else {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else None
        where = f" (linha {line})" if line is not None else ""
        problem = getattr(exc, "problem", None) or "YAML inválido"
        raise FrontmatterError(f"{problem}{where}", problem=problem, line=line) from exc
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise FrontmatterError("o frontmatter não é um mapa de chaves YAML", line=1)
    return {str(k): v for k, v in data.items()}


def parse_document(text: str) -> Document:
    """Split and parse a note; an unreadable frontmatter is reported, never raised."""
    yaml_text, body, newline = split_frontmatter(text)
    if yaml_text is None:
        return Document(frontmatter={}, body=body, raw_frontmatter=None, newline=newline, _pristine={})
    try:
        data = parse_yaml_mapping(yaml_text)
        error = None
    except FrontmatterError as exc:
        data, error = {}, str(exc)
    opening_match = _OPEN_RE.match(text)  # split_frontmatter found it, so it is there
    opening = opening_match.group(0) if opening_match else f"---{newline}"
    closing = text[len(opening) + len(yaml_text) : len(text) - len(body)]
    return Document(
        frontmatter=data,
        body=body,
        raw_frontmatter=yaml_text,
        newline=newline,
        frontmatter_error=error,
        _pristine=copy.deepcopy(data),
        _delimiters=(opening, closing),
    )


class _BrainDumper(_Dumper):  # type: ignore[misc, valid-type]
    pass


def _represent_datetime(dumper: Any, value: datetime) -> Any:
    if value.tzinfo is not None:
        value = value.astimezone(UTC).replace(tzinfo=None)
        text = value.isoformat(timespec="seconds") + "Z"
    else:
        text = value.isoformat(timespec="seconds")
    return dumper.represent_scalar("tag:yaml.org,2002:timestamp", text)


_BrainDumper.add_representer(datetime, _represent_datetime)


def _ordered(data: dict[str, Any], previous_order: list[str]) -> dict[str, Any]:
    keys = [k for k in previous_order if k in data]
    rank = {k: i for i, k in enumerate(KEY_ORDER)}
    # New known keys follow in canonical order; unknown keys keep their insertion order after them.
    known_rest = sorted((k for k in data if k not in keys and k in rank), key=rank.__getitem__)
    unknown_rest = [k for k in data if k not in keys and k not in rank]
    return {k: data[k] for k in keys + known_rest + unknown_rest}


def dump_yaml(data: dict[str, Any]) -> str:
    return yaml.dump(
        data,
        Dumper=_BrainDumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=10_000,
    )


def render_document(doc: Document) -> str:
    """Text of the note; identical to what was read when nothing changed."""
    nl = doc.newline
    if doc.raw_frontmatter is not None and doc._pristine is not None and doc.frontmatter == doc._pristine:
        yaml_text = doc.raw_frontmatter
        if doc._delimiters is not None:
            opening, closing = doc._delimiters
            if doc.body and not closing.endswith("\n"):  # the block ended the file and a body was added
                closing += nl
            return f"{opening}{yaml_text}{closing}{doc.body}"
    elif not doc.frontmatter and doc.raw_frontmatter is None:
        return doc.body
    else:
        order = list(doc._pristine.keys()) if doc._pristine else []
        yaml_text = dump_yaml(_ordered(doc.frontmatter, order))
        if nl != "\n":
            yaml_text = yaml_text.replace("\n", nl)
    if yaml_text and not yaml_text.endswith(("\n", "\r\n")):
        yaml_text += nl
    return f"---{nl}{yaml_text}---{nl}{doc.body}"


def new_document(frontmatter: dict[str, Any], body: str) -> Document:
    """A document Cabeção builds itself: keys in the canonical order, body with one trailing newline."""
    if body and not body.endswith("\n"):
        body += "\n"
    ordered = _ordered(frontmatter, [])
    return Document(frontmatter=ordered, body=body, raw_frontmatter=None, _pristine=None)
