"""cabecao-server (placeholder until its issue lands)."""

from importlib.metadata import version as _version

__version__ = _version("cabecao-server")
__all__ = ["__version__"]
