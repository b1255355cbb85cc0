"""`cabecao install-client` on a temporary home: every client's config is valid, merged, backed up. The command
runs in this process (conftest.py); `demo`, which spawns the real server, runs as a real process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from cabecao_store import init_brain

from .conftest import Cabecao, Ran

CLIENTS = {
    # client: (config path under the temporary home, key holding the servers, format)
    "claude-code": (".claude.json", "mcpServers", "json"),
    "claude-desktop": (".config/Claude/claude_desktop_config.json", "mcpServers", "json"),
    "cursor": (".cursor/mcp.json", "mcpServers", "json"),
    "vscode": (".config/Code/User/mcp.json", "servers", "json"),
    "codex": (".codex/config.toml", "mcp_servers", "toml"),
    "gemini": (".gemini/settings.json", "mcpServers", "json"),
    "windsurf": (".codeium/windsurf/mcp_config.json", "mcpServers", "json"),
}


AtHome = Callable[..., Ran]


@pytest.fixture
def at_home(cabecao: Cabecao) -> AtHome:
    """`at_home(home, *args, cwd=)`: `cabecao *args` with HOME (and XDG_CONFIG_HOME) at `home`."""

    def run(home: Path, *args: str, cwd: Path | None = None) -> Ran:
        return cabecao(*args, cwd=cwd, env={"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")})

    return run


def load(path: Path, fmt: str) -> dict:
    text = path.read_text(encoding="utf-8")
    return tomllib.loads(text) if fmt == "toml" else json.loads(text)


@pytest.fixture
def brain(tmp_path: Path) -> Path:
    root = tmp_path / "cerebro"
    init_brain(root)
    return root


@pytest.mark.parametrize("client", sorted(CLIENTS))
def test_dry_run_then_install_then_merge(at_home: AtHome, tmp_path: Path, brain: Path, client: str) -> None:
    home = tmp_path / "home"
    home.mkdir()
    relative, key, fmt = CLIENTS[client]
    config = home / relative

    dry = at_home(home, "install-client", client, "--brain", str(brain), "--dry-run", "--json")
    assert dry.returncode == 0, dry.stderr
    planned = json.loads(dry.stdout)
    assert planned["path"] == str(config) and planned["changed"] and planned["dry_run"]
    assert "cabecao" in planned["diff"]
    assert not config.exists()

    # An existing config with another server and settings of the user's.
    config.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "toml":
        original = '# my codex settings\nmodel = "o3"\n\n[mcp_servers.other]\ncommand = "other-server"\nargs = []\n'
    else:
        original = json.dumps({"theme": "dark", key: {"other": {"command": "other-server", "args": []}}}, indent=2)
    config.write_text(original, encoding="utf-8")

    done = at_home(home, "install-client", client, "--brain", str(brain))
    assert done.returncode == 0, done.stderr
    data = load(config, fmt)
    assert data[key]["other"] == {"command": "other-server", "args": []}
    entry = data[key]["cabecao"]
    assert entry["args"][-3:] == ["mcp", "--brain", str(brain.resolve())]
    assert Path(entry["command"]).exists()
    if fmt == "toml":
        assert data["model"] == "o3" and "# my codex settings" in config.read_text(encoding="utf-8")
    else:
        assert data["theme"] == "dark"
    backups = list(config.parent.glob(f"{config.name}.bak-*"))
    assert len(backups) == 1 and backups[0].read_text(encoding="utf-8") == original

    again = at_home(home, "install-client", client, "--brain", str(brain))
    assert again.returncode == 0
    assert len(list(config.parent.glob(f"{config.name}.bak-*"))) == 1  # unchanged: no new backup


def test_project_scope_and_a_broken_config_is_left_alone(at_home: AtHome, tmp_path: Path, brain: Path) -> None:
    home = tmp_path / "home"
    project = tmp_path / "projeto"
    home.mkdir()
    project.mkdir()
    done = at_home(home, "install-client", "claude-code", "--brain", str(brain), "--scope", "project", cwd=project)
    assert done.returncode == 0, done.stderr
    assert "cabecao" in json.loads((project / ".mcp.json").read_text(encoding="utf-8"))["mcpServers"]

    broken = home / ".cursor" / "mcp.json"
    broken.parent.mkdir(parents=True)
    broken.write_text("{ not json", encoding="utf-8")
    refused = at_home(home, "install-client", "cursor", "--brain", str(brain))
    assert refused.returncode == 1
    assert "Erro:" in refused.stderr and "Traceback" not in refused.stderr
    assert broken.read_text(encoding="utf-8") == "{ not json"

    # A client or scope that does not exist is a usage error (2); the unreadable config above is a failure (1).
    unknown = at_home(home, "install-client", "notepad", "--brain", str(brain))
    assert unknown.returncode == 2 and "claude-code" in unknown.stderr
    no_project_scope = at_home(home, "install-client", "windsurf", "--brain", str(brain), "--scope", "project")
    assert no_project_scope.returncode == 2 and "--scope user" in no_project_scope.stderr


def test_demo_plays_a_session_through_the_real_server(tmp_path: Path) -> None:
    """A real process: the demo spawns `cabecao mcp` with its own stderr as the server's, which needs a file
    descriptor (CliRunner's stderr has none)."""
    done = subprocess.run(
        [sys.executable, "-m", "cabecao_cli", "demo"],
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / ".config")},
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    for tool in ("recall", "search", "read", "graph", "facts"):
        assert f"→ {tool}(" in done.stdout
    assert "regra: Nunca commitar segredos" in done.stdout
    assert "Respostas em português" in done.stdout
    assert "uses_queue SQS: not_yet_valid em 2026-03-01" in done.stdout
    assert "decision: needs_resolution" in done.stdout and "parecida: Leitura em lote (ambiguous" in done.stdout
    assert "substitui: memory/facts/fato-atlas-usa-sqs.md" in done.stdout
    assert "desfeito: " in done.stdout and "add fact: Projeto Atlas uses_queue Kafka" in done.stdout
