"""The frontmatter checks give what their plain versions give, on random frontmatters built to hit every rule.

`_name_problem` and `Frontmatter.relations` take shortcuts for the common case (one pass over all names, nothing
to do for an absent relation); the plain versions below are the specification they must match, problem for
problem, message for message.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, timedelta, timezone
from typing import Any

from cabecao_schema import DEFAULT_RELATION_TYPES, Frontmatter, messages
from cabecao_schema.characters import bad_name_char, describe, names_are_clean
from cabecao_schema.limits import MAX_FRONTMATTER_CHARS, MAX_LIST_ITEMS, MAX_TAG_CHARS
from cabecao_schema.notes import _as_list
from cabecao_schema.validation import _name_problem
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError


def plain_relations(model: Frontmatter, relation_types: tuple[str, ...]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    extra = model.model_extra or {}
    for name in relation_types:
        if name in ("supersedes", "superseded_by"):
            values = getattr(model, name)
        else:
            values = _as_list(extra.get(name))
        if isinstance(values, list):
            texts = [str(v) for v in values if isinstance(v, (str, int, float))]
            if texts:
                found[name] = texts
    return found


def plain_name_problem(model: Frontmatter, data: Mapping[str, Any]) -> str | None:
    names: list[tuple[str, str]] = []
    if model.title is not None:
        names.append(("title", model.title))
    for field in ("subject", "predicate", "object_"):
        value = getattr(model, field)
        if value is not None:
            names.append((field.rstrip("_"), value))
    names.extend(("sources", v) for v in model.sources)
    for relation, values in plain_relations(model, DEFAULT_RELATION_TYPES).items():
        names.extend((relation, v) for v in values)
    for relation in DEFAULT_RELATION_TYPES:
        raw = data.get(relation)
        raw_values = raw if isinstance(raw, list) else [raw] if raw is not None else []
        if any(not isinstance(v, str) for v in raw_values):
            return messages.relation_not_text(field=relation)
    for field in ("tags", "aliases"):
        values = getattr(model, field)
        if len(values) > MAX_LIST_ITEMS:
            return messages.list_too_long(field=field, size=len(values), limit=MAX_LIST_ITEMS)
        names.extend((field, v) for v in values)
    for field, value in names:
        char = bad_name_char(value)
        if char is not None:
            return messages.text_control_characters(field=field, char=describe(char), line=1)
        if field in ("tags", "aliases") and len(value) > MAX_TAG_CHARS:
            return messages.text_too_long(field=field, size=len(value), limit=MAX_TAG_CHARS)
    if len(repr(dict(data))) > MAX_FRONTMATTER_CHARS:
        return messages.text_too_long(field="frontmatter", size=len(repr(dict(data))), limit=MAX_FRONTMATTER_CHARS)
    return None


# Names: clean text, controls, invisible characters (printable to Python or not), spaces Python calls
# unprintable but that are no bad character (NBSP), and lengths around the tag limit.
NAME_CHARS = st.sampled_from(["a", "é", " ", "\u00a0", "\u200b", "\u202e", "\u00ad", "\t", "\x7f", "\x85", "\ufeff"])
NAME = st.one_of(
    st.text(alphabet=st.sampled_from("abc xyzé"), max_size=8),
    st.lists(NAME_CHARS, max_size=6).map("".join),
    st.integers(95, 110).map(lambda n: "t" * n),
    st.text(max_size=6),
)
TIMEZONES = st.sampled_from([None, UTC, timezone(timedelta(hours=-3)), timezone(timedelta(hours=2), "X" * 30)])
SCALAR = st.one_of(
    NAME,
    st.integers(-(10**25), 10**25),
    st.floats(),
    st.booleans(),
    st.none(),
    st.dates(),
    st.datetimes(timezones=TIMEZONES),
)
NAME_LIST = st.one_of(
    st.lists(NAME, max_size=4),
    st.lists(st.one_of(NAME, st.integers(0, 9), st.none()), max_size=3),
    st.integers(98, 103).map(lambda n: [f"t{i}" for i in range(n)]),
)
VALUE = st.recursive(
    SCALAR, lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(NAME, inner, max_size=3))
)
FIELDS = {
    "title": st.one_of(NAME, st.integers(0, 9)),
    "subject": NAME,
    "predicate": NAME,
    "object": st.one_of(NAME, st.integers(0, 9), st.dates()),
    "sources": st.one_of(NAME, NAME_LIST),
    "tags": st.one_of(NAME, NAME_LIST),
    "aliases": st.one_of(NAME, NAME_LIST),
    "supersedes": st.one_of(NAME, NAME_LIST),
    "superseded_by": NAME_LIST,
    **{relation: st.one_of(NAME, NAME_LIST, SCALAR) for relation in DEFAULT_RELATION_TYPES[:6]},
    "custom": VALUE,
    "long": st.integers(1500, 2100).map(lambda n: "\u200b" * n),
}
FRONTMATTER = st.fixed_dictionaries({}, optional=FIELDS)


@settings(max_examples=1500, deadline=None)
@given(data=FRONTMATTER)
def test_name_problem_is_the_plain_check(data: dict[str, Any]) -> None:
    try:
        model = Frontmatter.model_validate(dict(data))
    except ValidationError:
        return
    assert _name_problem(model, data) == plain_name_problem(model, data)


@settings(max_examples=500, deadline=None)
@given(data=FRONTMATTER, relation_types=st.lists(st.sampled_from([*DEFAULT_RELATION_TYPES, "custom", "title"])))
def test_relations_are_the_plain_ones(data: dict[str, Any], relation_types: list[str]) -> None:
    try:
        model = Frontmatter.model_validate(dict(data))
    except ValidationError:
        return
    types = tuple(relation_types)
    assert model.relations(types) == plain_relations(model, types)
    assert model.relations() == plain_relations(model, DEFAULT_RELATION_TYPES)


def test_a_value_that_holds_itself_is_measured_by_its_repr() -> None:
    """YAML aliases can make a mapping or list hold itself: `repr` writes the inner one as `{...}`/`[...]`."""
    mapping: dict[str, Any] = {"a": "b"}
    mapping["self"] = mapping
    model = Frontmatter.model_validate({"x": "y"})
    assert _name_problem(model, mapping) == plain_name_problem(model, mapping) is None


@given(texts=st.lists(st.one_of(st.text(max_size=5), NAME), max_size=5))
def test_clean_names_have_no_bad_character(texts: list[str]) -> None:
    """`names_are_clean` may say no for names `bad_name_char` accepts (NBSP); a yes must hold for each name."""
    if names_are_clean(texts):
        assert all(bad_name_char(text) is None for text in texts)
    if any(bad_name_char(text) is not None for text in texts):
        assert not names_are_clean(texts)


def test_a_frontmatter_just_over_the_size_limit_is_reported_with_its_size() -> None:
    data = {"title": "T", "note": "x" * (MAX_FRONTMATTER_CHARS - 25)}
    model = Frontmatter.model_validate(dict(data))
    size = len(repr(data))
    assert size > MAX_FRONTMATTER_CHARS
    assert _name_problem(model, data) == plain_name_problem(model, data)
    assert str(size) in (_name_problem(model, data) or "")
    data["note"] = "x" * (MAX_FRONTMATTER_CHARS - 40)
    assert len(repr(data)) <= MAX_FRONTMATTER_CHARS
    assert _name_problem(model, data) is None
