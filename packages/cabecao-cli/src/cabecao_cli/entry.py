"""The console entry point. `cabecao mcp` skips the CLI framework: AI clients pay its start-up on every spawn."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _mcp_fast_path(argv: list[str]) -> bool:
    """Serve MCP without importing typer and the other commands; False when typer must handle the call."""
    if not argv or argv[0] != "mcp" or any(a in ("-h", "--help") for a in argv[1:]):
        return False
    parser = argparse.ArgumentParser(prog="cabecao mcp", add_help=False)
    parser.add_argument("--brain", type=Path, default=None)
    parser.add_argument("--client", default=None)
    known, unknown = parser.parse_known_args(argv[1:])
    if unknown:
        return False  # let typer report the unknown option properly
    from .brain import resolve_brain
    from .serving import serve_mcp

    status = serve_mcp(resolve_brain(known.brain), client=known.client)
    if status:
        raise SystemExit(status)
    return True


def main() -> None:
    if _mcp_fast_path(sys.argv[1:]):
        return
    from .app import main as typer_main

    typer_main()
