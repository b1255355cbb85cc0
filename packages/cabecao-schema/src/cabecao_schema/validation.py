"""Checks on what a write brings: body text, names, sizes and the frontmatter schema."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from . import messages
from .characters import bad_body_char, bad_name_char, describe, names_are_clean
from .errors import CabecaoError, ErrorCode, Notice, WarningCode
from .frontmatter import BOM, split_frontmatter
from .limits import MAX_CONTENT_CHARS, MAX_FRONTMATTER_CHARS, MAX_LIST_ITEMS, MAX_TAG_CHARS, MAX_TITLE_CHARS
from .notes import DEFAULT_RELATION_TYPES, MANAGED_KEYS, Frontmatter
from .problems import describe_validation
from .validity import parse_date


def _invalid(message: str) -> CabecaoError:
    return CabecaoError(ErrorCode.INVALID_ARGUMENT, message, next_step=messages.next_step_fix_text())


def check_body(text: str, *, field: str = "content", limit: int = MAX_CONTENT_CHARS) -> str:
    """A Markdown body an agent sends: no BOM, no forged frontmatter, no hidden controls, within the limit."""
    if len(text) > limit:
        raise _invalid(messages.text_too_long(field=field, size=len(text), limit=limit))
    if text.startswith(BOM):
        raise _invalid(messages.text_bom(field=field))
    yaml_text, _, _ = split_frontmatter(text.lstrip("\r\n\t "))
    if yaml_text is not None:
        raise _invalid(messages.text_forged_frontmatter(field=field))
    bad = bad_body_char(text)
    if bad is not None:
        char, line = bad
        raise _invalid(messages.text_control_characters(field=field, char=describe(char), line=line))
    return text


def check_name(text: str, *, field: str, limit: int = MAX_TITLE_CHARS, required: bool = True) -> str:
    """A one-line name (title, tag, alias, reason): visible characters only, within the limit."""
    if required and not text.strip():
        raise _invalid(messages.text_empty(field=field))
    if len(text) > limit:
        raise _invalid(messages.text_too_long(field=field, size=len(text), limit=limit))
    if "\n" in text or "\r" in text:
        raise _invalid(messages.text_multiline(field=field))
    char = bad_name_char(text)
    if char is not None:
        raise _invalid(messages.text_control_characters(field=field, char=describe(char), line=1))
    return text


def check_date(value: str, *, field: str) -> str:
    try:
        parse_date(value)
    except ValueError:
        raise _invalid(messages.invalid_date(field=field, value=value)) from None
    return value


def strip_managed_keys(frontmatter: Mapping[str, Any]) -> tuple[dict[str, Any], list[Notice]]:
    """Drop the keys only Cabeção writes, with one warning per dropped key."""
    kept: dict[str, Any] = {}
    warnings: list[Notice] = []
    for key, value in frontmatter.items():
        if key in MANAGED_KEYS:
            warnings.append(
                Notice(code=WarningCode.IGNORED_FIELD, message=messages.field_managed(field=key), field=key)
            )
        else:
            kept[key] = value
    return kept, warnings


def _describe_validation(exc: ValidationError) -> str:
    where, problem = describe_validation(exc, root="frontmatter", renames={"object_": "object"})
    return f"{where}: {problem}"


def validate_frontmatter(data: Mapping[str, Any], *, path: str) -> Frontmatter:
    """The frontmatter model of a note, or `invalid_note` naming the first bad field."""
    try:
        model = Frontmatter.model_validate(dict(data))
    except ValidationError as exc:
        raise CabecaoError(
            ErrorCode.INVALID_NOTE,
            messages.frontmatter_invalid(path=path, problem=_describe_validation(exc)),
            next_step=messages.next_step_fix_frontmatter(),
        ) from None
    problem = _name_problem(model, data)
    if problem:
        raise CabecaoError(
            ErrorCode.INVALID_NOTE,
            messages.frontmatter_invalid(path=path, problem=problem),
            next_step=messages.next_step_fix_frontmatter(),
        )
    return model


def _name_problem(model: Frontmatter, data: Mapping[str, Any]) -> str | None:
    """The first problem with a note's names (title, fact parts, sources, relations, tags, aliases) or size.

    The checks run in this order and the first failing one is reported: a relation value that is not text,
    too many tags or aliases, a bad character in a name (in the order above) or a tag/alias too long, and
    last the frontmatter's size.
    """
    for relation in DEFAULT_RELATION_TYPES:
        raw = data.get(relation)
        if raw is None:
            continue
        if any(not isinstance(v, str) for v in (raw if isinstance(raw, list) else [raw])):
            return messages.relation_not_text(field=relation)
    tags, aliases = model.tags, model.aliases
    for field, values in (("tags", tags), ("aliases", aliases)):
        if len(values) > MAX_LIST_ITEMS:
            return messages.list_too_long(field=field, size=len(values), limit=MAX_LIST_ITEMS)
    relations = model.relations()
    texts = [text for text in (model.title, model.subject, model.predicate, model.object_) if text is not None]
    texts += model.sources
    for values in relations.values():
        texts += values
    if names_are_clean(texts + tags + aliases):  # the common case: only the lengths are left to check
        for field, values in (("tags", tags), ("aliases", aliases)):
            for value in values:
                if len(value) > MAX_TAG_CHARS:
                    return messages.text_too_long(field=field, size=len(value), limit=MAX_TAG_CHARS)
    else:
        problem = _bad_name(model, relations)
        if problem:
            return problem
    size = len(repr(dict(data)))
    if size > MAX_FRONTMATTER_CHARS:
        return messages.text_too_long(field="frontmatter", size=size, limit=MAX_FRONTMATTER_CHARS)
    return None


def _bad_name(model: Frontmatter, relations: dict[str, list[str]]) -> str | None:
    """The first name with a control or invisible character, or the first tag or alias too long."""
    names: list[tuple[str, str]] = []
    if model.title is not None:
        names.append(("title", model.title))
    for field in ("subject", "predicate", "object_"):
        value = getattr(model, field)
        if value is not None:
            names.append((field.rstrip("_"), value))
    names.extend(("sources", v) for v in model.sources)
    for relation, values in relations.items():
        names.extend((relation, v) for v in values)
    names.extend(("tags", v) for v in model.tags)
    names.extend(("aliases", v) for v in model.aliases)
    for field, value in names:
        char = bad_name_char(value)
        if char is not None:
            return messages.text_control_characters(field=field, char=describe(char), line=1)
        if field in ("tags", "aliases") and len(value) > MAX_TAG_CHARS:
            return messages.text_too_long(field=field, size=len(value), limit=MAX_TAG_CHARS)
    return None


def withhold_secrets(error: CabecaoError) -> CabecaoError:
    """The error as it may leave the program: one whose text would carry something the scanner blocks (a value
    echoed back, say) is replaced by a generic one of the same code. Used at every edge: MCP, terminal, logs."""
    from .secrets import scan_secrets

    texts = [error.message, error.next_step or "", *strings_in(error.details)]
    if not any(scan_secrets(text) for text in texts if text):
        return error
    return CabecaoError(error.code, messages.message_withheld(), next_step=messages.next_step_withheld())


def strings_in(value: object) -> list[str]:
    """Every string in a JSON-like value, keys included (what a secret scan of a structure has to read)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*strings_in(k), *strings_in(v))]
    if isinstance(value, list | tuple):
        return [s for item in value for s in strings_in(item)]
    return []


def check_secrets(texts: Mapping[str, str], *, honour_allow_marker: bool = False) -> None:
    """Refuse with `secret_detected` if any text (path, title, frontmatter, body) looks like a secret.

    `texts` maps where each text is ("memory/x.md", "title", ...) to the text; the error names the place, line,
    column and rule of the first finding, never the value.
    """
    from .secrets import scan_secrets

    for where, text in texts.items():
        findings = scan_secrets(text, honour_allow_marker=honour_allow_marker)
        if findings:
            first = findings[0]
            raise CabecaoError(
                ErrorCode.SECRET_DETECTED,
                messages.secret_found(where=where, line=first.line, column=first.column, rule=first.rule),
                next_step=messages.next_step_secret(),
                details={
                    "findings": [
                        {"file": where, "line": f.line, "column": f.column, "rule": f.rule} for f in findings[:20]
                    ]
                },
            )
