"""cabecao-cli: the `cabecao` command. It parses, calls the library and translates errors; nothing more."""

from importlib.metadata import version as _version

from .app import app, main, register
from .brain import resolve_brain

__version__ = _version("cabecao-cli")

__all__ = ["__version__", "app", "main", "register", "resolve_brain"]
