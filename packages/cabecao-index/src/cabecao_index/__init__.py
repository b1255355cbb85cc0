"""cabecao-index (placeholder until its issue lands)."""

from importlib.metadata import version as _version

__version__ = _version("cabecao-index")
__all__ = ["__version__"]
