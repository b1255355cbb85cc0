"""ULIDs for notes, operations and sessions."""

from __future__ import annotations

import pytest
from cabecao_schema import is_ulid, looks_like_ulid_prefix, new_ulid


def test_new_ulid_strictly_increasing() -> None:
    ids = [new_ulid() for _ in range(10_000)]
    assert all(is_ulid(i) for i in ids)
    assert all(a < b for a, b in zip(ids, ids[1:], strict=False))
    assert len(set(ids)) == 10_000


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("01KEYENCNWK4TSJG4FGWW5ZJNX", True),
        ("01M79D4AFWB93BEMF0A5SXPNQB", True),
        ("00000000000000000000000000", True),
        ("7ZZZZZZZZZZZZZZZZZZZZZZZZZ", True),
        ("8ZZZZZZZZZZZZZZZZZZZZZZZZZ", False),  # beyond 2^128
        ("01keyencnwk4tsjg4fgww5zjnx", False),
        ("01KEYENCNWK4TSJG4FGWW5ZJN", False),
        ("01KEYENCNWK4TSJG4FGWW5ZJNXX", False),
        ("01KEYENCNWK4TSJG4FGWW5ZJNI", False),
        ("01KEYENCNWK4TSJG4FGWW5ZJNL", False),
        ("01KEYENCNWK4TSJG4FGWW5ZJNO", False),
        ("01KEYENCNWK4TSJG4FGWW5ZJNU", False),
        ("01KEYENCNWK4TSJG4FGWW5ZJNX\n", False),
        (" 01KEYENCNWK4TSJG4FGWW5ZJNX", False),
        ("01KEYENCNWK4TSJG4FGWW5ZJN-", False),
        ("", False),
    ],
)
def test_is_ulid(text: str, expected: bool) -> None:
    assert is_ulid(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("01KEY", True),
        ("01key", True),
        ("0", True),
        ("01KEYENCNWK4TSJG4FGWW5ZJN", True),  # 25 characters
        ("01KEYENCNWK4TSJG4FGWW5ZJNX", False),  # a whole ULID is not a prefix
        ("", False),
        ("01KEY-", False),
        ("01KEYI", False),
        (" 01", False),
        ("01\n", False),
    ],
)
def test_looks_like_ulid_prefix(text: str, expected: bool) -> None:
    assert looks_like_ulid_prefix(text) is expected
