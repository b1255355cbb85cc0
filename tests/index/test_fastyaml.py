"""The fast frontmatter reader must give exactly what PyYAML's safe loader gives, or hand over to it."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
import yaml
from cabecao_index.fastyaml import YamlProblem, _fast, _GiveUp, load_mapping
from hypothesis import given, settings
from hypothesis import strategies as st

CASES = [
    "id: 01KEYENCNWK4TSJG4FGWW5ZJNX\ntype: fact\ntitle: Projeto Atlas uses_queue RabbitMQ\n",
    'title: "Respostas em português"\nscope: project:atlas\ntags: [filas, aws]\n',
    "created: 2026-01-14\nupdated: 2026-05-03T10:00:00Z\nvalid_until: 2026-05-03\n",
    "when: 2026-05-03T10:00:00.5+03:00\nother: 2026-05-03T10:00:00-0300\n",
    'uses: ["[[SQS]]", "[[Projeto Atlas|Atlas]]"]\nsources: []\n',
    "aliases:\n  - Atlas\n  - 'O Atlas'\nconfirmed: true\n",
    "aliases:\n- Atlas\n- Outro\n",
    "confirmed: yes\nflag: off\nempty:\nnull_value: null\ntilde: ~\n",
    "object: 10\nneg: -3\noctal: 012\nfloat: 1.5\nsexagesimal: 1:30\nbig: 1_000\n",
    "title: Node.js e C# no Atlas\nurl: https://exemplo.com.br/a?b=c#frag\n",
    "title: 'It''s fine'\nquote: \"a \\\"b\\\" c\"\n",
    "text: |\n  várias\n  linhas\n",
    "nested:\n  key: value\n",
    "title: a: b\n",
    "title: valor # comentário\n",
    "# comentário\ntitle: x\n",
    "on: x\n",
    "title: x\ntitle: y\n",
    "tags: [a, [b]]\n",
    "tags: [a, b,]\n",
    "anchor: &a x\nalias: *a\n",
    "title: !!str 10\n",
    "- a\n- b\n",
    "date: 2026-13-45\n",
    'title: "sem fim\n',
    "title: plain\n  continued\n",
    "yes_key: 'x'\nversion: 1.0\n",
    "items:\n  - a\n - b\n",
    "tab:\tx\n",
    "title: ok\r\ntype: fact\r\n",
]


def _yaml(text: str) -> object:
    return yaml.load(text, Loader=yaml.CSafeLoader)


@pytest.mark.parametrize("text", CASES)
def test_fast_reader_agrees_with_pyyaml_or_gives_up(text: str) -> None:
    try:
        fast = _fast(text)
    except (_GiveUp, ValueError):
        return
    assert fast == _yaml(text)


@pytest.mark.parametrize("text", CASES)
def test_load_mapping_always_matches_pyyaml(text: str) -> None:
    try:
        expected = _yaml(text)
    except (yaml.YAMLError, ValueError):
        with pytest.raises(YamlProblem):
            load_mapping(text)
        return
    if expected is not None and not isinstance(expected, dict):
        with pytest.raises(YamlProblem):
            load_mapping(text)
        return
    assert load_mapping(text) == ({} if expected is None else {str(k): v for k, v in expected.items()})


def test_common_frontmatter_takes_the_fast_path_with_typed_values() -> None:
    data = _fast(
        'id: 01KEYENCNWK4TSJG4FGWW5ZJNX\ncreated: 2026-01-14\nupdated: 2026-05-03T10:00:00Z\ntags: [filas, "aws"]\n'
        "confirmed: true\nobject: 10\n"
    )
    assert data == {
        "id": "01KEYENCNWK4TSJG4FGWW5ZJNX",
        "created": date(2026, 1, 14),
        "updated": datetime(2026, 5, 3, 10, 0, 0, tzinfo=UTC),
        "tags": ["filas", "aws"],
        "confirmed": True,
        "object": 10,
    }


_scalar = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12),
    st.sampled_from(["yes", "No", "null", "~", "2026-01-14", "2026-01-14T10:00:00Z", "012", "0x1f", "1.5", "[[SQS]]"]),
    st.integers(-1000, 1000).map(str),
)
_key = st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True)


@st.composite
def _frontmatter(draw: st.DrawFn) -> str:
    lines = []
    for key in draw(st.lists(_key, min_size=1, max_size=6, unique=True)):
        form = draw(st.integers(0, 3))
        if form == 0:
            lines.append(f"{key}: {draw(_scalar)}")
        elif form == 1:
            value = draw(_scalar).replace('"', "'")
            lines.append(f'{key}: "{value}"')
        elif form == 2:
            lines.append(f"{key}: [{', '.join(draw(st.lists(_scalar, max_size=3)))}]")
        else:
            lines.append(f"{key}:")
            lines += [f"  - {item}" for item in draw(st.lists(_scalar, max_size=3))]
    return "\n".join(lines) + "\n"


@settings(max_examples=400, deadline=None)
@given(_frontmatter())
def test_generated_frontmatter_agrees_with_pyyaml(text: str) -> None:
    try:
        fast = _fast(text)
    except (_GiveUp, ValueError):
        return
    assert fast == _yaml(text)
