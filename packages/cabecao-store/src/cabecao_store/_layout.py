"""What a new brain holds: its folders and the AGENTS.md that explains them (resource cabecao://schema)."""

from __future__ import annotations

from cabecao_schema import ARCHIVE_FOLDER, RAW_FOLDER, TYPE_FOLDERS

from . import _messages as messages

FOLDERS: tuple[str, ...] = (*sorted(set(TYPE_FOLDERS.values())), ARCHIVE_FOLDER, RAW_FOLDER)

GITIGNORE = messages.gitignore()

GITATTRIBUTES = """*.md text eol=lf
.cabecao.json text eol=lf
"""

AGENTS_MD = messages.agents_md()
