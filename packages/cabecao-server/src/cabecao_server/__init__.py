"""cabecao-server: the application layer (`Brain`) and the MCP server built on it."""

from importlib.metadata import version as _version
from typing import TYPE_CHECKING

from .confirmation import Confirmation, ConfirmationNeeded
from .fields import InvalidArguments, ToolInput
from .instructions import ASK_SENTENCE, INSTRUCTIONS, server_instructions
from .operations.setup import Created, check_brain, create_brain
from .protocol.app import build_server, run_stdio, serve_stdio
from .protocol.client_name import normalise_client
from .registry import OPERATIONS, TOOLS, Operation, operation

if TYPE_CHECKING:
    from .brain import Brain

__version__ = _version("cabecao-server")

__all__ = [
    "__version__",
    # the application layer: the context and the one table of operations
    "Brain",
    "OPERATIONS",
    "TOOLS",
    "Operation",
    "operation",
    "ToolInput",
    "Confirmation",
    "ConfirmationNeeded",
    # brains as a whole
    "create_brain",
    "check_brain",
    "Created",
    # the MCP server
    "build_server",
    "serve_stdio",
    "run_stdio",
    "normalise_client",
    "INSTRUCTIONS",
    "ASK_SENTENCE",
    "server_instructions",
    # errors
    "InvalidArguments",
]


def __getattr__(name: str) -> object:
    # `Brain` pulls in git and SQLite; the server process imports it only after answering `initialize`.
    if name == "Brain":
        from .brain import Brain

        return Brain
    raise AttributeError(name)
