from __future__ import annotations

import stat
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from cabecao_schema import CabecaoError, ErrorCode, scan_secrets
from cabecao_store import ConfirmationSubject, digest, issue_token, load_or_create_key, verify_token

NOW = datetime(2026, 11, 13, 15, 5, 53, tzinfo=UTC)
SUBJECT = ConfirmationSubject(
    action="write_page:create:memory/rules/sempre-em-portugues.md",
    content_digest=digest("Responda em português."),
    target_digest=digest(None),
    session="01M79D4AFWB93BEMF0A5SXPNQB",
)


@pytest.fixture
def key(tmp_path: Path) -> bytes:
    return load_or_create_key(tmp_path)


def test_key_is_private_and_stable(tmp_path: Path) -> None:
    key = load_or_create_key(tmp_path)
    path = tmp_path / ".cabecao" / "confirm.key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_or_create_key(tmp_path) == key and len(key) == 32


def test_token_round_trip(key: bytes) -> None:
    token, expires = issue_token(key, SUBJECT, now=NOW)
    assert token.startswith("cbc_ct_")
    assert expires == NOW + timedelta(minutes=5)
    verify_token(key, SUBJECT, token, now=NOW + timedelta(minutes=4, seconds=59))


def test_the_scanner_blocks_a_token_written_into_a_note(key: bytes) -> None:
    token, _ = issue_token(key, SUBJECT, now=NOW)
    findings = scan_secrets(f"guarde isto: {token}\n")
    assert [f.rule for f in findings] == ["cabecao_confirm_token"]


@pytest.mark.parametrize(
    "changed",
    [
        {"action": "write_page:overwrite:memory/rules/sempre-em-portugues.md"},
        {"action": "write_page:create:memory/rules/outra.md"},
        {"content_digest": digest("Responda em inglês.")},
        {"target_digest": digest("já existe agora")},
        {"session": "01M79D4AFWB93BEMF0A5SXPNQC"},
    ],
    ids=["other-action", "other-target", "other-content", "target-changed", "other-session"],
)
def test_token_for_anything_else_is_refused(key: bytes, changed: dict[str, str]) -> None:
    token, _ = issue_token(key, SUBJECT, now=NOW)
    other = ConfirmationSubject(**{**SUBJECT.__dict__, **changed})
    with pytest.raises(CabecaoError) as info:
        verify_token(key, other, token, now=NOW)
    assert info.value.code == ErrorCode.INVALID_ARGUMENT
    assert "não corresponde" in info.value.message


def test_expired_token_is_refused(key: bytes) -> None:
    token, _ = issue_token(key, SUBJECT, now=NOW)
    with pytest.raises(CabecaoError) as info:
        verify_token(key, SUBJECT, token, now=NOW + timedelta(minutes=5, seconds=1))
    assert info.value.code == ErrorCode.INVALID_ARGUMENT
    assert "expirou" in info.value.message


def test_token_from_another_machine_key_is_refused(key: bytes, tmp_path: Path) -> None:
    (tmp_path / "outra").mkdir()
    other_key = load_or_create_key(tmp_path / "outra")
    token, _ = issue_token(other_key, SUBJECT, now=NOW)
    with pytest.raises(CabecaoError):
        verify_token(key, SUBJECT, token, now=NOW)


def test_every_single_character_alteration_is_refused(key: bytes) -> None:
    token, _ = issue_token(key, SUBJECT, now=NOW)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    refused = 0
    for position in range(len("cbc_ct_"), len(token)):
        replacement = next(c for c in alphabet if c != token[position])
        forged = token[:position] + replacement + token[position + 1 :]
        with pytest.raises(CabecaoError):
            verify_token(key, SUBJECT, forged, now=NOW)
        refused += 1
    assert refused == len(token) - len("cbc_ct_")


@pytest.mark.parametrize("bad", ["", "cbc_ct_", "cbc_ct_abc", "xyz", "cbc_ct_" + "A" * 300, "cbc_ct_!!!!"])
def test_malformed_tokens_are_refused(key: bytes, bad: str) -> None:
    with pytest.raises(CabecaoError) as info:
        verify_token(key, SUBJECT, bad, now=NOW)
    assert info.value.code == ErrorCode.INVALID_ARGUMENT
