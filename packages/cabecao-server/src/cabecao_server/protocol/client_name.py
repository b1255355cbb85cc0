"""The client name that goes into trailers and `origin: agent:<client>`."""

from __future__ import annotations

import re

#: Client names that mean a person at the terminal in the store's trailers (`cabecao_store.HUMAN_CLIENT`).
RESERVED = ("cli", "human")

_KNOWN = {
    "claude-code": "claude-code",
    "claude code": "claude-code",
    "claude-ai": "claude-desktop",
    "claude desktop": "claude-desktop",
    "cursor-vscode": "cursor",
    "visual studio code": "vscode",
    "codex-mcp-client": "codex",
    "gemini-cli-mcp-client": "gemini",
    "gemini-cli": "gemini",
}


def normalise_client(name: str | None) -> str:
    """`Claude Code` → `claude-code`; never the name reserved for a person at the terminal."""
    if not name or not name.strip():
        return "unknown"
    lowered = name.strip().lower()
    if lowered in _KNOWN:
        return _KNOWN[lowered]
    slug = re.sub(r"[^a-z0-9._-]+", "-", lowered).strip("-._")[:64] or "unknown"
    if slug in RESERVED:
        slug = f"agent-{slug}"
    return slug
