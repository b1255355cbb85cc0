"""Which writes need the user's explicit confirmation, and why (the reference's table, as data).

The reasons are pt-BR sentences shown to the user in `summary` and `reasons`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import messages
from .paths import is_config_file, is_control_file, is_raw

RULES_FOLDER = "memory/rules/"
#: Sections of .cabecao.json that are machine administration: never through an agent, not even confirmed.
PROTECTED_CONFIG_SECTIONS = ("embedding", "llm_policy")


def is_rule(path: str, frontmatter: Mapping[str, Any] | None) -> bool:
    return path.startswith(RULES_FOLDER) or (frontmatter or {}).get("type") == "rule"


def confirmation_reasons(
    path: str,
    *,
    new_frontmatter: Mapping[str, Any] | None,
    old_frontmatter: Mapping[str, Any] | None,
    exists: bool,
) -> list[str]:
    """Why writing `path` needs the user's yes; empty when it does not."""
    reasons: list[str] = []
    if is_rule(path, new_frontmatter) or (exists and is_rule(path, old_frontmatter)):
        reasons.append(messages.reason_rule())
    if is_control_file(path):
        reasons.append(messages.reason_control_file(path=path))
    if is_config_file(path):
        reasons.append(messages.reason_config_file(path=path))
    if is_raw(path) and exists:
        reasons.append(messages.reason_raw())
    if (new_frontmatter or {}).get("trust") == "high" and (old_frontmatter or {}).get("trust") != "high":
        reasons.append(messages.reason_trust_high())
    return reasons


def protected_config_change(before: Mapping[str, Any], after: Mapping[str, Any]) -> str | None:
    """The protected `.cabecao.json` section an edit would change, if any."""
    for section in PROTECTED_CONFIG_SECTIONS:
        if before.get(section) != after.get(section):
            return section
    return None
