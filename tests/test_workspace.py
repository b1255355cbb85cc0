"""Contracts of the workspace itself: versions in lockstep, import direction, public surfaces, message sources."""

from __future__ import annotations

import ast
import importlib
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["cabecao-schema", "cabecao-store", "cabecao-index", "cabecao-server", "cabecao-cli"]
STDLIB = set(sys.stdlib_module_names)

#: Third-party and sibling imports each package may use (besides the standard library).
ALLOWED = {
    "cabecao_schema": {"pydantic", "yaml", "ulid"},
    "cabecao_store": {"cabecao_schema", "pygit2", "filelock"},
    "cabecao_index": {"cabecao_schema", "sqlite_utils", "pydantic", "yaml"},
    "cabecao_server": {
        "cabecao_schema",
        "cabecao_store",
        "cabecao_index",
        "mcp",
        "mcp_types",
        "pydantic",
        "anyio",
        "httpx",
    },
    # The CLI runs operations of the server's registry; it never reaches the store or the index itself.
    "cabecao_cli": {
        "cabecao_schema",
        "cabecao_server",
        "typer",
        "click",
        "tomlkit",
        "mcp",
        "anyio",
    },
}


def _pyproject(dist: str) -> dict:
    return tomllib.loads((ROOT / "packages" / dist / "pyproject.toml").read_text(encoding="utf-8"))


def _sources(dist: str) -> list[Path]:
    package = dist.replace("-", "_")
    return sorted((ROOT / "packages" / dist / "src" / package).rglob("*.py"))


def test_versions_are_in_lockstep_and_pins_match() -> None:
    versions = {dist: _pyproject(dist)["project"]["version"] for dist in PACKAGES}
    assert len(set(versions.values())) == 1, versions
    version = versions["cabecao-schema"]
    for dist in PACKAGES:
        for requirement in _pyproject(dist)["project"].get("dependencies", []):
            if requirement.startswith("cabecao-"):
                assert requirement.endswith(f"=={version}"), (dist, requirement)


@pytest.mark.parametrize("dist", PACKAGES)
def test_imports_respect_the_package_graph(dist: str) -> None:
    package = dist.replace("-", "_")
    allowed = ALLOWED[package] | {package}
    problems = []
    for path in _sources(dist):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top not in STDLIB and top not in allowed:
                    problems.append(f"{path.name}: import {name}")
    assert problems == []


@pytest.mark.parametrize("dist", PACKAGES)
def test_sibling_packages_are_used_only_through_their_public_surface(dist: str) -> None:
    """Another cabecao package is imported only as `from cabecao_x import name`, with `name` in its `__all__`:
    never a module of it (`cabecao_x.sub`, `from cabecao_x import sub`) nor a name it keeps to itself."""
    package = dist.replace("-", "_")
    problems = []
    for path in _sources(dist):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    top = alias.name.split(".")[0]
                    if top.startswith("cabecao_") and top != package and alias.name != top:
                        problems.append(f"{path.name}: import {alias.name} (use the top-level package)")
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                top = node.module.split(".")[0]
                if not top.startswith("cabecao_") or top == package:
                    continue
                if node.module != top:
                    problems.append(f"{path.name}: from {node.module} import ... (use the top-level package)")
                    continue
                public = set(importlib.import_module(top).__all__)
                problems += [
                    f"{path.name}: from {top} import {alias.name} (not in {top}.__all__)"
                    for alias in node.names
                    if alias.name not in public
                ]
    assert problems == []


@pytest.mark.parametrize("dist", PACKAGES)
def test_public_surface_is_declared_and_importable(dist: str) -> None:
    module = importlib.import_module(dist.replace("-", "_"))
    assert module.__version__ == _pyproject(dist)["project"]["version"]
    exported = module.__all__
    assert len(exported) == len(set(exported))
    missing = [name for name in exported if not hasattr(module, name)]
    assert missing == []


def test_only_git_module_imports_pygit2() -> None:
    users = [
        p.name
        for p in _sources("cabecao-store")
        if any(
            isinstance(n, (ast.Import, ast.ImportFrom))
            and any(a.name.split(".")[0] == "pygit2" for a in getattr(n, "names", []))
            or (isinstance(n, ast.ImportFrom) and (n.module or "").startswith("pygit2"))
            for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        )
    ]
    assert users == ["_git.py"]


@pytest.mark.parametrize("dist", PACKAGES)
def test_error_messages_come_from_the_messages_module(dist: str) -> None:
    """A CabecaoError or Notice gets its text from a `messages.*` call, never a literal written in place."""
    problems = []
    for path in _sources(dist):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name not in ("CabecaoError", "Notice"):
                continue
            texts = list(node.args[1:2]) + [k.value for k in node.keywords if k.arg in ("message", "next_step")]
            for text in texts:
                if isinstance(text, (ast.Constant, ast.JoinedStr)) and not (
                    isinstance(text, ast.Constant) and text.value is None
                ):
                    problems.append(f"{path.name}:{node.lineno}")
    assert problems == []
