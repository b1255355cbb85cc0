"""The committed brain configuration, `.cabecao.json`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from . import messages
from .errors import CabecaoError, ErrorCode
from .notes import RELATION_TYPE_RE, SCHEMA_VERSION
from .paths import CONFIG_FILE
from .problems import describe_validation


class BrainConfig(BaseModel):
    """Unknown keys are kept so that an older Cabeção never drops a newer one's settings when it rewrites the file."""

    model_config = ConfigDict(extra="allow")

    # strict: "2" or 2.0 must not slip past the newer-schema check as a coerced 2.
    schema_version: int = Field(ge=1, strict=True)
    relation_types: list[str] = Field(default_factory=list)
    embedding: dict[str, Any] | None = None
    llm_policy: dict[str, Any] | None = None

    @field_validator("relation_types")
    @classmethod
    def _check_relation_types(cls, values: list[str]) -> list[str]:
        for value in values:
            if not RELATION_TYPE_RE.match(value):
                raise ValueError(messages.relation_type_not_valid(value=value))
        return values


def default_config() -> BrainConfig:
    return BrainConfig(schema_version=SCHEMA_VERSION, relation_types=[], embedding=None, llm_policy=None)


def render_config(config: BrainConfig) -> str:
    return json.dumps(config.model_dump(mode="json"), ensure_ascii=False, indent=2) + "\n"


def parse_config(text: str) -> BrainConfig:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CabecaoError(
            ErrorCode.INVALID_CONFIG,
            messages.config_broken(problem=f"JSON inválido na linha {exc.lineno}, coluna {exc.colno}"),
            next_step=messages.next_step_fix_config(),
        ) from None
    if not isinstance(raw, dict):
        raise CabecaoError(
            ErrorCode.INVALID_CONFIG,
            messages.config_broken(problem="o conteúdo não é um objeto JSON"),
            next_step=messages.next_step_fix_config(),
        )
    version = raw.get("schema_version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
        raise CabecaoError(
            ErrorCode.INVALID_CONFIG,
            messages.config_too_new(found=version, supported=SCHEMA_VERSION),
            next_step=messages.next_step_upgrade(),
        )
    try:
        return BrainConfig.model_validate(raw)
    except ValidationError as exc:
        where, problem = describe_validation(exc, root="raiz")
        raise CabecaoError(
            ErrorCode.INVALID_CONFIG,
            messages.config_broken(problem=f"{where}: {problem}"),
            next_step=messages.next_step_fix_config(),
        ) from None


def load_config(root: Path) -> BrainConfig:
    """Read `.cabecao.json` of a brain folder: `not_a_brain` when missing, `invalid_config` when unusable."""
    path = root / CONFIG_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CabecaoError(
            ErrorCode.NOT_A_BRAIN,
            messages.config_missing(root=str(root)),
            next_step=messages.next_step_init(root=str(root)),
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CabecaoError(
            ErrorCode.INVALID_CONFIG,
            messages.config_broken(problem=str(exc)),
            next_step=messages.next_step_fix_config(),
        ) from None
    return parse_config(text)
