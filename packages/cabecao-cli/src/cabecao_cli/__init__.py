"""cabecao-cli: the `cabecao` command. It parses, calls the library and translates errors; nothing more."""

from importlib.metadata import version as _version

from .brain import resolve_brain
from .entry import main

__version__ = _version("cabecao-cli")

__all__ = ["__version__", "main", "resolve_brain"]
