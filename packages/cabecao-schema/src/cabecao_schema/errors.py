"""The one error type of Cabeção, and the warnings that ride along with results.

Every failure a client or a person sees carries one code from the reference's error table:

| code                | when                                                                  |
|---------------------|-----------------------------------------------------------------------|
| not_a_brain         | the folder has no `.cabecao.json`                                     |
| invalid_config      | `.cabecao.json` is broken or from a newer schema                      |
| not_a_repository    | the brain folder is not a git repository                              |
| not_found           | a note, section, operation or session that does not exist             |
| unsafe_path         | absolute, `..`, inside `.git`/`.cabecao`, a symlink, leaves the brain |
| invalid_path        | inside the brain but not valid for a note                             |
| invalid_argument    | missing argument or wrong format                                      |
| invalid_note        | the note does not pass the schema                                     |
| already_exists      | create on a path that exists                                          |
| secret_detected     | possible secret; nothing was written                                  |
| rule_requires_human | a rule from an agent outside the confirmation flow                    |
| patch_not_found     | the patch passage does not appear                                     |
| ambiguous_patch     | the patch passage appears more than once                              |
| conflict            | the note changed during the operation, or a revert cannot apply       |
| locked              | another process held the lock for too long                            |
| nothing_to_undo     | nothing to undo                                                       |
| already_undone      | the operation was already undone                                      |
| human_only          | only the user, through the CLI                                        |
| git_failed          | unexpected git failure                                                |
| index_failed        | the local database did not open                                       |
| internal_error      | unexpected error                                                      |

Expected outcomes (`confirmation_required`, `needs_resolution`, `declined`...) are result values, not errors.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict


class ErrorCode(StrEnum):
    NOT_A_BRAIN = "not_a_brain"
    INVALID_CONFIG = "invalid_config"
    NOT_A_REPOSITORY = "not_a_repository"
    NOT_FOUND = "not_found"
    UNSAFE_PATH = "unsafe_path"
    INVALID_PATH = "invalid_path"
    INVALID_ARGUMENT = "invalid_argument"
    INVALID_NOTE = "invalid_note"
    ALREADY_EXISTS = "already_exists"
    SECRET_DETECTED = "secret_detected"
    RULE_REQUIRES_HUMAN = "rule_requires_human"
    PATCH_NOT_FOUND = "patch_not_found"
    AMBIGUOUS_PATCH = "ambiguous_patch"
    CONFLICT = "conflict"
    LOCKED = "locked"
    NOTHING_TO_UNDO = "nothing_to_undo"
    ALREADY_UNDONE = "already_undone"
    HUMAN_ONLY = "human_only"
    GIT_FAILED = "git_failed"
    INDEX_FAILED = "index_failed"
    INTERNAL_ERROR = "internal_error"


class CabecaoError(Exception):
    """A failure with a code from the reference, a pt-BR message and what to do next.

    `details` holds structured extras (a secret finding's file, line, column and rule, never the value).
    """

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        *,
        next_step: str | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = ErrorCode(code)
        self.message = message
        self.next_step = next_step
        self.details = details or {}

    def to_payload(self) -> dict[str, Any]:
        """The reference's error envelope; the only place that builds it."""
        error: dict[str, Any] = {"code": self.code.value, "message": self.message, "next_step": self.next_step}
        if self.details:
            error["details"] = self.details
        return {"error": error}

    def __repr__(self) -> str:
        return f"CabecaoError({self.code.value!r}, {self.message!r})"


class WarningCode(StrEnum):
    IGNORED_FIELD = "ignored_field"
    PROVENANCE_CHANGED = "provenance_changed"
    IGNORED_ALLOW_MARKER = "ignored_allow_marker"
    STALE_LOCK_REMOVED = "stale_lock_removed"
    #: The store settled what a dead process or git left (a stale lock, an interrupted write) before writing.
    RECOVERED = "recovered"


class Notice(BaseModel):
    """One entry of a result's `warnings` list."""

    model_config = ConfigDict(frozen=True)

    code: WarningCode
    message: str
    field: str | None = None
