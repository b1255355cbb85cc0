"""`cabecao mcp`: serve the brain over stdio, or fail at start-up when there is no usable brain.

A server whose brain is missing or broken must not look healthy to the AI client: it exits with the reference's
error code and message on stderr before answering anything, so the client's health check shows it failed. A
brain that breaks later is reported by each tool call, as before.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cabecao_schema import CabecaoError, withhold_secrets

from . import messages


def serve_mcp(root: Path, *, client: str | None) -> int:
    """Serve until the client closes stdin (0), or 1 when the brain cannot be used."""
    from cabecao_server import __version__, check_brain, run_stdio

    try:
        check_brain(root)
    except CabecaoError as error:
        shown = withhold_secrets(error)
        sys.stderr.write(messages.mcp_start_failed(code=shown.code.value, message=shown.message) + "\n")
        if shown.next_step:
            sys.stderr.write(f"{messages.next_step_prefix()}: {shown.next_step}\n")
        return 1
    run_stdio(root, client=client, version=__version__)
    return 0
