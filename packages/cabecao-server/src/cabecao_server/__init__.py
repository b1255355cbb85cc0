"""cabecao-server: the application layer (`Brain`) and the MCP server built on it."""

from importlib.metadata import version as _version

from .instructions import ASK_SENTENCE, INSTRUCTIONS, server_instructions
from .protocol.app import build_server, run_stdio, serve_stdio
from .protocol.client_name import normalise_client
from .protocol.tools import tool_input

__version__ = _version("cabecao-server")

__all__ = [
    "__version__",
    "Brain",
    "build_server",
    "serve_stdio",
    "run_stdio",
    "normalise_client",
    "tool_input",
    "INSTRUCTIONS",
    "ASK_SENTENCE",
    "server_instructions",
]


def __getattr__(name: str) -> object:
    # `Brain` pulls in git and SQLite; the server process imports it only after answering `initialize`.
    if name == "Brain":
        from .brain import Brain

        return Brain
    raise AttributeError(name)
