"""The frontmatter loader builds exactly what `yaml.load(text, Loader=CSafeLoader)` builds, or raises what it raises.

Its direct construction of plain trees is only a shortcut, so every document (random ones dumped by PyYAML in
several styles, random near-YAML text, hand-written corner cases) is read by both and compared: the results
pickled (types, values, key order and which objects are shared all count) and the errors by type and message.
"""

from __future__ import annotations

import math
import pickle
from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any

import pytest
import yaml
from cabecao_schema import FrontmatterError, parse_yaml_mapping
from cabecao_schema.frontmatter import _load
from hypothesis import given, settings
from hypothesis import strategies as st


def _outcome(read: Any, text: str) -> tuple[str, Any]:
    """What reading `text` gives: the pickled result, or the error's type and message."""
    try:
        data = read(text)
    except Exception as exc:  # the comparison is the point: any error must be the same error
        return "error", (type(exc), str(exc))
    return "data", pickle.dumps(data)


def _standard(text: str) -> Any:
    return yaml.load(text, Loader=yaml.CSafeLoader)


def assert_same_as_pyyaml(text: str) -> None:
    assert _outcome(_load, text) == _outcome(_standard, text), text


# --- hand-written corner cases -----------------------------------------------------------------------------------

EDGE_CASES = [
    # plain notes
    'id: 01287NTFPD01E0RZADDCPFF2N1\ntype: concept\ntitle: "Rede 129"\ntags: [a, b]\nrelated_to: ["[[Kafka]]"]\n',
    "title: Idempotência\naliases:\n  - idem\n  - 'idem 2'\nsources: []\n",
    # anchors and aliases: one object reached twice, recursion, an alias to nothing
    "a: &x [1, 2]\nb: *x\n",
    "a: &x {k: v}\nb: *x\nc: *x\n",
    "a: &s texto\nb: *s\n",
    "a: &t 2025-01-01T10:00:00Z\nb: *t\n",
    "&r {a: *r}",
    "&r [*r]",
    "a: &r [1, *r]\n",
    "&r {*r: 1}",
    "a: *nada\n",
    "a: &x 1\n",
    "a: '*negrito*'\n",
    # merge keys, the value key
    "base: &b {x: 1, y: 2}\nd:\n  <<: *b\n  y: 3\n",
    "d:\n  <<: {x: 1}\n  y: 2\n",
    "d:\n  <<: [{a: 1}, {b: 2, a: 3}]\n  c: 4\n",
    "<<: {x: 1}\nx: 2\n",
    "d:\n  <<: 1\n",
    "d:\n  <<: [1]\n",
    "'<<': {x: 1}\n",
    "=: 1\n",
    "a: =\n",
    "!!merge <<: {x: 1}\n",
    # duplicate and equal keys
    "a: 1\na: 2\n",
    "1: a\n1.0: b\ntrue: c\n",
    "0: a\nfalse: b\n~: c\nnull: d\n",
    ".nan: 1\n.NaN: 2\n",
    # explicit tags
    "a: !!set {x, y}\n",
    "a: !!omap [{x: 1}, {y: 2}]\n",
    "a: !!pairs [{x: 1}, {x: 2}]\n",
    "a: !!omap {x: 1}\n",
    "a: !!binary aGVsbG8=\n",
    "a: !!binary '***'\n",
    "a: !!str 1\nb: !!int '12'\nc: !!float '1'\nd: !!bool yes\ne: !!null ''\n",
    "a: !!timestamp 2025-01-01\n",
    "a: !!timestamp nope\n",
    'a: !!timestamp "2025-01-01\\n"\n',
    "a: !foo bar\n",
    "a: !!python/object:os.system x\n",
    "a: !!seq foo\n",
    "a: !!map foo\n",
    "a: !!str {b: 1}\n",
    "a: !!str [1]\n",
    "a: ! 12\n",
    "a: !!int 0x_\n",
    "a: {b: !foo x}\nc: !!int 0x_\n",
    "!!map {a: 1}",
    "!!set {a: 1}",
    # timestamps
    "a: 2025-01-01\nb: 2025-01-01T10:00:00Z\nc: 2025-01-01 10:00:00\n",
    "a: 2025-01-01T10:00:00.123456789+05:30\nb: 2025-01-01t10:00:00-3\nc: 2025-01-01 10:00:00 +01:00\n",
    "a: 2025-1-1\nb: 2025-1-1T1:00:00Z\nc: 2025-01-01T10:00:00.5Z\n",
    "a: 2025-13-45\n",
    "a: 2025-02-30T10:00:00Z\n",
    "a: 2025-01-01T25:00:00Z\n",
    "2025-01-01: data\n2025-01-01T10:00:00Z: hora\n",
    # booleans, nulls
    "a: yes\nb: no\nc: on\nd: off\ne: Yes\nf: NO\ng: True\nh: false\ni: y\nj: n\nk: Off\n",
    "a: ~\nb: null\nc: Null\nd: NULL\ne:\nf: ''\ng: nul\n",
    # numbers
    "a: 017\nb: 0x1F\nc: 0b101\nd: 1_000\ne: 1:30\nf: -1:30:00\ng: 190:20:30.15\nh: 0o17\n",
    "a: .inf\nb: -.Inf\nc: +.INF\nd: .NaN\ne: 1e3\nf: 1.5e+3\ng: 0.\nh: ._\ni: +0\nj: -0\nk: 1.0\n",
    "a: 09\nb: 0_1\nc: -0x_\n",
    "a: 12345678901234567890123\nb: -0b\n",
    # nested flow collections, empty values
    "a: {b: [1, {c: d}], e: []}\nf: [[], [[]], {}]\n",
    "a:\n  b:\n    c:\n      - d\n      - e: f\n",
    "a: []\nb: {}\nc: ''\nd: \"\"\n",
    "a:\n- \n- x\n",
    # non-string and unhashable keys
    "1: a\nnull: b\n~: c\nyes: d\n1.5: e\n0x10: f\n",
    "? [a, b]\n: c\n",
    "? {a: 1}\n: c\n",
    "[a]: 1\n",
    "{a: 1}: 2\n",
    "? !!set {a}\n: c\n",
    "? !!binary aGVsbG8=\n: c\n",
    # errors and documents that are not mappings
    "a: [",
    "a: b: c\n",
    "- a\nb: c\n",
    "a:\t b\n\tc: d\n",
    "'sem fim",
    'a: "\\q"\n',
    "a: 1\n---\nb: 2\n",
    "- a\n- b\n",
    "só texto",
    "1",
    "",
    "# só um comentário\n",
    "---\n...\n",
    "%YAML 1.1\n---\na: 1\n",
    "%TAG !e! tag:example.com,2000:\n---\na: !e!foo 1\n",
    "a: |\n  bloco\n  literal\nb: >\n  dobrado\n  texto\n",
    "a: \"\\u00e9\\x41\"\nb: 'it''s'\n",
    "a: \ufeffb\n",
]


@pytest.mark.parametrize("text", EDGE_CASES)
def test_edge_cases_read_as_pyyaml_reads_them(text: str) -> None:
    assert_same_as_pyyaml(text)


def test_an_alias_stays_one_object() -> None:
    data = _load("a: &x [1, 2]\nb: *x\n")
    assert data["a"] is data["b"]
    recursive = _load("&r {a: *r}")
    assert recursive["a"] is recursive


def test_edge_cases_take_both_roads() -> None:
    """The corner cases are read by the direct construction and by PyYAML's fallback, not by one of them."""
    direct = [text for text in EDGE_CASES if "*" not in text and _direct(text)]
    assert len(direct) > 20
    assert len(EDGE_CASES) - len(direct) > 20


def _direct(text: str) -> bool:
    """Whether the direct construction builds this document by itself (no fallback to PyYAML's)."""
    loader = yaml.CSafeLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.YAMLError:
        return False
    finally:
        loader.dispose()
    if node is None:
        return False
    from cabecao_schema.frontmatter import _FrontmatterLoader, _Unusual

    fast = _FrontmatterLoader("")
    try:
        fast._build(node)
    except (_Unusual, ValueError, AttributeError):
        return False
    finally:
        fast.dispose()
    return True


# --- random documents dumped by PyYAML ---------------------------------------------------------------------------

TRICKY_TEXT = st.sampled_from(
    [
        "yes", "No", "on", "OFF", "~", "null", "", " ", "0", "017", "0x1F", "0b1", "1_0", "1:30", "-1:30",
        ".inf", "-.inf", ".nan", "1e3", "1.5", "2025-01-01", "2025-01-01T10:00:00Z", "2025-01-01 10:00:00",
        "<<", "=", "*x", "&a", "!tag", "- x", "a: b", "[1]", "{a: 1}", "#", "'", '"', "\\", "\n", "\t", "é",
        "[[Kafka]]", "01287NTFPD01E0RZADDCPFF2N1", "project:x", "a\nb", "  lead", "trail  ",
    ]
)  # fmt: skip
TEXT = st.one_of(TRICKY_TEXT, st.text(max_size=12))
TIMEZONES = st.sampled_from([None, UTC, timezone(timedelta(hours=-3)), timezone(timedelta(hours=5, minutes=30))])
SCALARS = st.one_of(
    TEXT,
    st.integers(),
    st.floats(),
    st.booleans(),
    st.none(),
    st.dates(),
    st.datetimes(timezones=TIMEZONES),
)
KEYS = st.one_of(
    TEXT,
    st.integers(-1000, 1000),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False),
    st.dates(),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4)),
    max_leaves=12,
)
DUMP_STYLES = st.fixed_dictionaries(
    {
        "default_flow_style": st.sampled_from([False, True, None]),
        "default_style": st.sampled_from([None, '"', "'", "|", ">"]),
        "allow_unicode": st.booleans(),
        "sort_keys": st.booleans(),
        "width": st.sampled_from([10, 80, 10_000]),
        "explicit_start": st.booleans(),
    }
)


@settings(max_examples=400, deadline=None)
@given(data=st.dictionaries(KEYS, VALUES, max_size=8), style=DUMP_STYLES)
def test_dumped_mappings_read_as_pyyaml_reads_them(data: dict[Any, Any], style: dict[str, Any]) -> None:
    try:
        text = yaml.safe_dump(data, **style)
    except yaml.YAMLError:
        return  # a style that cannot hold these values: nothing to read
    assert_same_as_pyyaml(text)


@settings(max_examples=400, deadline=None)
@given(data=st.dictionaries(st.sampled_from(["id", "title", "tags", "created", "x"]), VALUES, max_size=5))
def test_dumped_mappings_round_trip(data: dict[Any, Any]) -> None:
    """What PyYAML dumps, the loader reads back (NaN aside, which equals nothing)."""
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    assert_same_as_pyyaml(text)
    if "nan" not in text.lower():
        assert _load(text) == _standard(text)


# --- random near-YAML text ---------------------------------------------------------------------------------------

FRAGMENTS = st.sampled_from(
    [
        "a", "b", "1", "0x1", "yes", "~", "2025-01-01", "2025-01-01T10:00:00Z", ".inf", "é", "<<", "=",
        ": ", ":", "- ", "? ", "[", "]", "{", "}", ", ", "&x ", "*x", "!!set ", "!!str ", "!!int ", "!!binary ",
        "!!timestamp ", "!!omap ", "!foo ", "'", '"', "#", "|", ">", "\n", "\n  ", "\n    ", "\n- ", " ", "\t",
        "---\n", "...\n",
    ]
)  # fmt: skip


@settings(max_examples=1500, deadline=None)
@given(parts=st.lists(FRAGMENTS, max_size=30))
def test_near_yaml_text_reads_or_fails_as_pyyaml(parts: list[str]) -> None:
    assert_same_as_pyyaml("".join(parts))


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=60))
def test_any_text_reads_or_fails_as_pyyaml(text: str) -> None:
    assert_same_as_pyyaml(text)


# --- parse_yaml_mapping on top of it -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "problem", "line"),
    [
        ("a: [", "did not find expected node content", 3),
        ("a: b: c\n", "mapping values are not allowed in this context", 2),
        ("a: 1\n---\nb: 2\n", "but found another document", 3),
        ("? [a]\n: 1\n", "found unhashable key", 2),
    ],
)
def test_bad_yaml_is_a_frontmatter_error_with_problem_and_line(text: str, problem: str, line: int) -> None:
    with pytest.raises(FrontmatterError) as caught:
        parse_yaml_mapping(text)
    assert caught.value.problem == problem
    assert caught.value.line == line
    assert str(caught.value) == f"{problem} (linha {line})"


def test_parse_yaml_mapping_keys_are_text() -> None:
    data = parse_yaml_mapping("2: a\nnull: b\ntrue: c\n2025-01-01: d\nx: .nan\n")
    assert list(data)[:4] == ["2", "None", "True", "2025-01-01"]
    assert math.isnan(data["x"])
    assert parse_yaml_mapping("a: 2025-01-01T10:00:00Z\n") == {"a": datetime(2025, 1, 1, 10, tzinfo=UTC)}
    assert parse_yaml_mapping("a: 2025-01-01\n") == {"a": date(2025, 1, 1)}
