"""pydantic's validation errors said the way the product speaks (pt-BR): pydantic's own messages are English.

One place for every model the brain validates (frontmatter, `.cabecao.json`, tool arguments), so a bad value
reads the same wherever it is caught.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from . import messages

#: The names pydantic gives a union's members in an error's location (`confirmed.bool`): not a place the
#: user wrote, so they are left out and the members' expected types are listed together.
_UNION_MEMBERS = frozenset({"str", "int", "float", "bool", "date", "datetime", "list", "dict", "none"})


def describe_validation(exc: ValidationError, *, root: str, renames: dict[str, str] | None = None) -> tuple[str, str]:
    """(where, problem) for the first invalid field: `where` is its dotted location (`root` for the whole
    object), `problem` says in Portuguese what is wrong. `renames` maps model field names to what the user
    wrote (`object_` → `object`)."""
    errors = exc.errors(include_url=False)
    renames = renames or {}
    first = errors[0]
    place = _place(first, renames)
    problem = _describe_error(first)
    if _is_member(first):
        # A value no member of a union took: one error per member, all at the same place. A member of the
        # value's own type says what is wrong with it (too long, say); otherwise every member's type is listed.
        members = [error for error in errors if _is_member(error) and _place(error, renames) == place]
        wrong_value = [error for error in members if not _is_type_error(error)]
        if wrong_value:
            problem = _describe_error(wrong_value[0])
        else:
            names = dict.fromkeys(_type_name(str(error["type"])) for error in members)
            if None not in names:
                problem = messages.problem_type(expected=" ou ".join(name for name in names if name))
    return ".".join(place) or root, problem


def foreign_validation_problem(exc: BaseException) -> str | None:
    """What is wrong, in pt-BR, when another library validated a value with pydantic (typer converts command-line
    values so): None when `exc` is not a ValidationError, or when it carries a validator's own message, which is
    that library's English rather than ours."""
    if not isinstance(exc, ValidationError):
        return None
    errors = exc.errors(include_url=False)
    if not errors or errors[0]["type"] in ("value_error", "assertion_error"):
        return None
    return describe_validation(exc, root="valor")[1]


def _describe_error(error: Mapping[str, Any]) -> str:
    """What is wrong with one value, for "<field>: <problem>"."""
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return messages.problem_missing()
    if kind == "extra_forbidden":
        return messages.problem_unknown_field()
    if kind == "string_too_long":
        return messages.problem_too_long(limit=ctx.get("max_length"))
    if kind == "string_too_short":
        limit = ctx.get("min_length", 1)
        return messages.problem_empty() if limit == 1 else messages.problem_too_short(limit=limit)
    if kind == "too_long":
        return messages.problem_too_many(limit=ctx.get("max_length"))
    if kind == "too_short":
        return messages.problem_too_few(limit=ctx.get("min_length"))
    if kind in ("greater_than_equal", "greater_than"):
        return messages.problem_at_least(limit=ctx.get("ge", ctx.get("gt")))
    if kind in ("less_than_equal", "less_than"):
        return messages.problem_at_most(limit=ctx.get("le", ctx.get("lt")))
    if kind in ("literal_error", "enum"):
        return messages.problem_one_of(options=_expected_values(str(ctx.get("expected", ""))))
    if kind == "string_pattern_mismatch":
        return messages.problem_pattern(pattern=str(ctx.get("pattern", "")))
    if kind in ("value_error", "assertion_error"):  # our validators' own text, already in Portuguese
        return str(ctx.get("error", "")) or messages.problem_not_accepted(kind=kind)
    name = _type_name(kind)
    if name is not None:
        return messages.problem_type(expected=name)
    return messages.problem_not_accepted(kind=kind)


def _expected_values(expected: str) -> list[str]:
    """pydantic lists a literal's values as `'a', 'b' or 'c'`: the values, to be listed in Portuguese."""
    head, _, last = expected.rpartition(" or ")
    return [*head.split(", "), last] if head else [expected]


def _type_name(kind: str) -> str | None:
    """`deve ser <name>` for a type error (`bool_parsing`, `date_from_datetime_inexact`, ...)."""
    prefix = kind.split("_", 1)[0]
    return messages.TYPE_NAMES.get(prefix)


def _is_type_error(error: Mapping[str, Any]) -> bool:
    kind = str(error["type"])
    return kind.endswith(("_type", "_parsing")) or "_from_" in kind


def _is_member(error: Mapping[str, Any]) -> bool:
    return any(isinstance(part, str) and _member_name(part) for part in error.get("loc", ()))


def _member_name(part: str) -> bool:
    return part in _UNION_MEMBERS or part.startswith(
        ("list[", "dict[", "function-", "constrained-", "nullable[", "lax-or-strict[")
    )


def _place(error: Mapping[str, Any], renames: dict[str, str]) -> tuple[str, ...]:
    return tuple(
        renames.get(str(part), str(part))
        for part in error.get("loc", ())
        if not (isinstance(part, str) and _member_name(part))
    )
