"""Markdown + YAML frontmatter, read and written so that an untouched note round-trips byte for byte.

A document keeps the exact frontmatter text it was read from; only when the frontmatter mapping changes is it
rendered again (keys in their existing order, new keys after them in `KEY_ORDER`).
"""

from __future__ import annotations

import copy
import functools
import operator
import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

import yaml

from . import messages
from .notes import KEY_ORDER

try:  # libyaml ships in the PyYAML wheel; the pure-Python loader is the fallback.
    _SafeLoader: type = yaml.CSafeLoader
    _Dumper: type = yaml.CSafeDumper
except AttributeError:  # pragma: no cover
    _SafeLoader = yaml.SafeLoader
    _Dumper = yaml.SafeDumper

_STR_TAG = "tag:yaml.org,2002:str"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_MAP_TAG = "tag:yaml.org,2002:map"
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"
#: The two timestamp forms notes use (a date; a UTC time to the second), read as PyYAML reads them.
_COMMON_TIMESTAMP_RE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})(?:T([0-9]{2}):([0-9]{2}):([0-9]{2})Z)?\Z")
#: Scalar tags whose SafeConstructor functions read only `node.value` (no state, no change to the node).
_PURE_SCALAR_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}" for name in ("str", "null", "bool", "int", "float", "timestamp")
)


class _Unusual(Exception):
    """A document the direct construction does not take on; PyYAML's own construction builds it instead."""


class _FrontmatterLoader(_SafeLoader):  # type: ignore[misc]
    """The safe loader (libyaml parses and composes) with a cheaper construction of plain trees.

    PyYAML builds every object through generic, generator-based machinery meant for recursive documents; a
    frontmatter is a small tree of strings, lists and mappings. `construct_document` walks such a tree
    directly, calling PyYAML's own constructors for the other scalar tags (null, bool, int, float,
    timestamp), and hands anything else (aliases, merge keys, other or unknown tags, non-scalar keys, an
    error) to the standard construction of the whole document, so every result and error is PyYAML's.
    """

    #: Whether the text may hold an alias; `_load` sets it, anything else gets PyYAML's construction.
    _has_alias = True

    def construct_document(self, node: yaml.Node) -> Any:
        if self._has_alias:  # a node reached twice must stay one object: PyYAML keeps track of that
            return super().construct_document(node)
        try:
            return self._build(node)
        except Exception:  # PyYAML raises its own error, in its own order, or builds what this did not take
            return super().construct_document(node)

    def _build(self, node: yaml.Node) -> Any:
        kind = type(node)
        tag = node.tag
        if kind is yaml.ScalarNode:
            if tag == _STR_TAG:
                return node.value
            if tag == _TIMESTAMP_TAG:
                return self._timestamp(node)  # type: ignore[arg-type]  # kind is ScalarNode
            if tag in _PURE_SCALAR_TAGS:
                return self.yaml_constructors[tag](self, node)
        elif kind is yaml.SequenceNode:
            if tag == _SEQ_TAG:
                build = self._build
                # Strings (most items) are taken in place, without a call each.
                return [
                    child.value if type(child) is yaml.ScalarNode and child.tag == _STR_TAG else build(child)
                    for child in node.value
                ]
        elif kind is yaml.MappingNode and tag == _MAP_TAG:
            mapping: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if type(key_node) is not yaml.ScalarNode:
                    raise _Unusual  # a collection as a key is unhashable: PyYAML says so
                key_tag = key_node.tag
                if key_tag == _STR_TAG:
                    key = key_node.value
                elif key_tag in _PURE_SCALAR_TAGS:
                    key = self.yaml_constructors[key_tag](self, key_node)
                else:
                    raise _Unusual  # merge (`<<`) and value (`=`) keys change the node tree as PyYAML builds it
                if type(value_node) is yaml.ScalarNode and value_node.tag == _STR_TAG:
                    mapping[key] = value_node.value
                else:
                    mapping[key] = self._build(value_node)
            return mapping
        raise _Unusual

    def _timestamp(self, node: yaml.ScalarNode) -> date | datetime:
        """`construct_yaml_timestamp` without its general regex and dict of groups for the common forms."""
        m = _COMMON_TIMESTAMP_RE.match(node.value)
        if m is None:
            return self.construct_yaml_timestamp(node)  # type: ignore[no-any-return]
        year, month, day, hour, minute, second = m.groups()
        if hour is None:
            return date(int(year), int(month), int(day))
        return datetime(int(year), int(month), int(day), int(hour), int(minute), int(second), tzinfo=UTC)


if not _FrontmatterLoader.yaml_path_resolvers:
    # With no path resolvers, a node's implicit tag depends only on (kind, value, implicit): libyaml's composer
    # asks for it once a node, and keys, types and list items repeat from note to note while the regex
    # matching behind an answer does not come cheap. A bounded C cache answers repeats without Python code,
    # and the path bookkeeping calls around each node have nothing to do (C builtins, ignored results).
    _resolve = functools.lru_cache(maxsize=4096)(yaml.resolver.Resolver().resolve)
    _FrontmatterLoader.resolve = staticmethod(_resolve)
    _FrontmatterLoader.descend_resolver = staticmethod(operator.is_)
    _FrontmatterLoader.ascend_resolver = staticmethod(tuple)


def _load(yaml_text: str) -> Any:
    """`yaml.load(yaml_text, Loader=CSafeLoader)`, built by `_FrontmatterLoader`."""
    loader = _FrontmatterLoader(yaml_text)
    # Without a `*` in the text there is no alias, so no node is reached twice (nor recursively).
    loader._has_alias = "*" in yaml_text
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


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
        data = _load(yaml_text) if yaml_text.strip() else {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else None
        where = f" (linha {line})" if line is not None else ""
        problem = getattr(exc, "problem", None) or "YAML inválido"
        raise FrontmatterError(f"{problem}{where}", problem=problem, line=line) from exc
    except (ValueError, TypeError, AttributeError, ArithmeticError, RecursionError) as exc:
        # libyaml read the text, but PyYAML could not build a value from it: a date that does not exist
        # (`2025-13-45`), a tagged value that is not what its tag says (`!!int 0x_`), nesting too deep.
        problem = messages.yaml_value_unbuildable()
        raise FrontmatterError(problem, problem=problem) from exc
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise FrontmatterError("o frontmatter não é um mapa de chaves YAML", line=1)
    if "*" in yaml_text and _contains_itself(data, set()):  # only an alias can make a value hold itself
        problem = messages.yaml_value_contains_itself()
        raise FrontmatterError(problem, problem=problem)
    return {str(k): v for k, v in data.items()}


def _contains_itself(value: Any, ancestors: set[int]) -> bool:
    """Whether a list or mapping holds itself somewhere inside: no note, JSON or YAML writer can take that."""
    if not isinstance(value, (list, dict)):
        return False
    if id(value) in ancestors:
        return True
    ancestors.add(id(value))
    children = value.values() if isinstance(value, dict) else value
    found = any(_contains_itself(child, ancestors) for child in children)
    ancestors.discard(id(value))
    return found


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


class _BrainDumper(_Dumper):  # type: ignore[misc]
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
