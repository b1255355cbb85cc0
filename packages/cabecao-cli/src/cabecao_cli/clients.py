"""Where each AI client keeps its MCP configuration, and how Cabeção's entry is merged into it.

Only the `cabecao` entry is added or replaced; every other server and setting is kept as it was.
"""

from __future__ import annotations

import difflib
import json
import os
import shutil
import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

import tomlkit
from cabecao_schema import CabecaoError, ErrorCode

from . import messages
from .usage import CommandLineError

Scope = Literal["user", "project"]
SERVER_NAME = "cabecao"


@dataclass(frozen=True)
class ClientSpec:
    name: str
    label: str
    format: Literal["json", "toml"]
    #: The key holding the servers: "mcpServers" (most), "servers" (VS Code), "mcp_servers" (Codex TOML).
    key: str
    user_path: str | None
    project_path: str | None
    #: Whether the entry carries `"type": "stdio"` (Claude Code and VS Code want it).
    typed: bool = False


def _app_support(name: str) -> str:
    if sys.platform == "darwin":
        return f"~/Library/Application Support/{name}"
    if sys.platform == "win32":
        return f"{os.environ.get('APPDATA', '~/AppData/Roaming')}/{name}"
    return f"{os.environ.get('XDG_CONFIG_HOME', '~/.config')}/{name}"


def client_specs() -> dict[str, ClientSpec]:
    return {
        "claude-code": ClientSpec(
            "claude-code", "Claude Code", "json", "mcpServers", "~/.claude.json", ".mcp.json", True
        ),
        "claude-desktop": ClientSpec(
            "claude-desktop",
            "Claude Desktop",
            "json",
            "mcpServers",
            f"{_app_support('Claude')}/claude_desktop_config.json",
            None,
        ),
        "cursor": ClientSpec("cursor", "Cursor", "json", "mcpServers", "~/.cursor/mcp.json", ".cursor/mcp.json"),
        "vscode": ClientSpec(
            "vscode", "VS Code", "json", "servers", f"{_app_support('Code')}/User/mcp.json", ".vscode/mcp.json", True
        ),
        "codex": ClientSpec("codex", "Codex", "toml", "mcp_servers", "~/.codex/config.toml", ".codex/config.toml"),
        "gemini": ClientSpec(
            "gemini", "Gemini CLI", "json", "mcpServers", "~/.gemini/settings.json", ".gemini/settings.json"
        ),
        "windsurf": ClientSpec(
            "windsurf", "Windsurf", "json", "mcpServers", "~/.codeium/windsurf/mcp_config.json", None
        ),
    }


def server_command(brain: Path) -> tuple[str, list[str]]:
    """The command a user would run: uvx when Cabeção is installed as a uv tool, else this install's entry point."""
    prefix = Path(sys.prefix).resolve().as_posix()
    if "/uv/tools/" in prefix:
        return "uvx", ["--from", "cabecao-cli", "cabecao", "mcp", "--brain", str(brain)]
    script = Path(sys.prefix) / ("Scripts/cabecao.exe" if sys.platform == "win32" else "bin/cabecao")
    if script.exists():
        return str(script.resolve()), ["mcp", "--brain", str(brain)]
    found = shutil.which("cabecao")
    if found:
        return str(Path(found).resolve()), ["mcp", "--brain", str(brain)]
    return str(Path(sys.executable).resolve()), ["-m", "cabecao_cli", "mcp", "--brain", str(brain)]


def config_path(spec: ClientSpec, scope: Scope, *, project: Path) -> Path:
    raw = spec.user_path if scope == "user" else spec.project_path
    if raw is None:
        raise CommandLineError(
            messages.client_scope_unsupported(client=spec.label, scope=scope),
            next_step=messages.next_step_client_scope(),
        )
    path = Path(raw).expanduser()
    return path if path.is_absolute() else project / path


def entry(spec: ClientSpec, command: str, args: list[str]) -> dict[str, Any]:
    value: dict[str, Any] = {"command": command, "args": args}
    if spec.typed:
        value = {"type": "stdio", **value}
    return value


def merged_text(spec: ClientSpec, before: str | None, command: str, args: list[str], *, path: Path) -> str:
    """The config file's new text with Cabeção's entry set; `invalid_argument` if the file cannot be read."""
    if spec.format == "toml":
        try:
            document = tomlkit.parse(before or "")
        except Exception as exc:  # tomlkit raises its own ParseError subclasses
            raise _unreadable(path, str(exc)) from None
        servers = document.get(spec.key)
        if servers is None:
            servers = tomlkit.table(is_super_table=True)
            document[spec.key] = servers
        table = tomlkit.table()
        table["command"] = command
        table["args"] = args
        servers[SERVER_NAME] = table
        return tomlkit.dumps(document)
    try:
        data = json.loads(before) if before and before.strip() else {}
    except json.JSONDecodeError as exc:
        raise _unreadable(path, f"linha {exc.lineno}, coluna {exc.colno}") from None
    if not isinstance(data, dict):
        raise _unreadable(path, messages.not_an_object())
    servers = data.setdefault(spec.key, {})
    if not isinstance(servers, dict):
        raise _unreadable(path, messages.key_not_an_object(key=spec.key))
    servers[SERVER_NAME] = entry(spec, command, args)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _unreadable(path: Path, problem: str) -> CabecaoError:
    return CabecaoError(
        ErrorCode.INVALID_ARGUMENT,
        messages.client_config_unreadable(path=str(path), problem=problem),
        next_step=messages.next_step_client_config(path=str(path)),
    )


def diff(path: Path, before: str | None, after: str) -> str:
    lines = difflib.unified_diff(
        (before or "").splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile=f"{path} (antes)",
        tofile=f"{path} (depois)",
    )
    return "".join(lines)


@dataclass(frozen=True)
class InstallResult:
    client: str
    path: Path
    changed: bool
    backup: Path | None
    command: str
    args: list[str]
    diff: str


def install(
    spec: ClientSpec, scope: Scope, brain: Path, *, project: Path, dry_run: bool, now: datetime
) -> InstallResult:
    path = config_path(spec, scope, project=project)
    before = path.read_text(encoding="utf-8") if path.exists() else None
    command, args = server_command(brain)
    after = merged_text(spec, before, command, args, path=path)
    changed = after != before
    backup = None
    if changed and not dry_run:
        path.parent.mkdir(parents=True, exist_ok=True)
        if before is not None:
            backup = path.with_name(f"{path.name}.bak-{now.strftime('%Y%m%d-%H%M%S')}")
            shutil.copy2(path, backup)
        tmp = path.with_name(f".{path.name}.cabecao.tmp")
        tmp.write_text(after, encoding="utf-8")
        if path.exists():
            shutil.copymode(path, tmp)
        os.replace(tmp, path)
    return InstallResult(spec.name, path, changed, backup, command, args, diff(path, before, after))
