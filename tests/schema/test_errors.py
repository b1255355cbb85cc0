"""The one error type: codes exactly as the reference's table, and the envelope shape."""

from __future__ import annotations

import json

import pytest
from cabecao_schema import CabecaoError, ErrorCode, Notice, WarningCode, check_note_path

# The "Error codes" table of the reference, one code per name (patch_not_found / ambiguous_patch,
# nothing_to_undo / already_undone and git_failed / index_failed share a row there).
REFERENCE_CODES = [
    "not_a_brain",
    "invalid_config",
    "not_a_repository",
    "not_found",
    "unsafe_path",
    "invalid_path",
    "invalid_argument",
    "invalid_note",
    "already_exists",
    "secret_detected",
    "rule_requires_human",
    "patch_not_found",
    "ambiguous_patch",
    "conflict",
    "locked",
    "nothing_to_undo",
    "already_undone",
    "human_only",
    "git_failed",
    "index_failed",
    "internal_error",
]


def test_error_codes_are_exactly_the_reference_table() -> None:
    assert len(REFERENCE_CODES) == 21
    assert sorted(code.value for code in ErrorCode) == sorted(REFERENCE_CODES)
    assert [code.value for code in ErrorCode] == REFERENCE_CODES  # same order as the reference, too


@pytest.mark.parametrize("code", REFERENCE_CODES)
def test_each_code_builds_an_error(code: str) -> None:
    error = CabecaoError(code, "mensagem", next_step="próximo passo")  # type: ignore[arg-type]
    assert error.code is ErrorCode(code)
    assert error.to_payload() == {"error": {"code": code, "message": "mensagem", "next_step": "próximo passo"}}


def test_unknown_code_is_refused() -> None:
    with pytest.raises(ValueError):
        CabecaoError("confirmation_required", "não é erro")  # type: ignore[arg-type]


def test_payload_shape() -> None:
    error = CabecaoError(ErrorCode.LOCKED, "outro processo segurou a trava", next_step="Tente de novo.")
    payload = error.to_payload()
    assert payload == {
        "error": {"code": "locked", "message": "outro processo segurou a trava", "next_step": "Tente de novo."}
    }
    assert list(payload) == ["error"]
    assert list(payload["error"]) == ["code", "message", "next_step"]
    assert json.loads(json.dumps(payload, ensure_ascii=False)) == payload
    assert str(error) == "outro processo segurou a trava"
    assert repr(error) == "CabecaoError('locked', 'outro processo segurou a trava')"


def test_payload_without_next_step_still_has_the_key() -> None:
    assert CabecaoError(ErrorCode.INTERNAL_ERROR, "falhou").to_payload() == {
        "error": {"code": "internal_error", "message": "falhou", "next_step": None}
    }


def test_payload_with_details() -> None:
    finding = {"file": "memory/x.md", "line": 3, "column": 7, "rule": "aws_access_key"}
    error = CabecaoError(ErrorCode.SECRET_DETECTED, "segredo", next_step="remova", details={"findings": [finding]})
    assert error.to_payload() == {
        "error": {
            "code": "secret_detected",
            "message": "segredo",
            "next_step": "remova",
            "details": {"findings": [finding]},
        }
    }


def test_reference_example_error() -> None:
    """The reference's own error example, produced by the real path check."""
    with pytest.raises(CabecaoError) as info:
        check_note_path("wiki/concepts/x.conflict-maq-20261112-100000.md")
    payload = info.value.to_payload()
    assert payload["error"]["code"] == "invalid_path"
    assert payload["error"]["message"] == (
        "wiki/concepts/x.conflict-maq-20261112-100000.md tem o formato de uma cópia de conflito do sync "
        "(nota.conflict-<máquina>-<data>.md); só o sync cria essas cópias, e um agente não cria nem altera uma"
    )
    assert payload["error"]["next_step"]


def test_notice() -> None:
    notice = Notice(code=WarningCode.PROVENANCE_CHANGED, message="trust caiu para medium", field="trust")
    assert notice.model_dump(mode="json") == {
        "code": "provenance_changed",
        "message": "trust caiu para medium",
        "field": "trust",
    }
    assert [code.value for code in WarningCode] == [
        "ignored_field",
        "provenance_changed",
        "ignored_allow_marker",
        "stale_lock_removed",
        "recovered",
    ]
