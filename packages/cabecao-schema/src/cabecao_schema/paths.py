"""Path safety: what leaves the brain (`unsafe_path`) versus what is inside but not a note (`invalid_path`).

Checks work on path components, never on substrings, and a path is checked against the disk for symbolic links
before anything is written through it.
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path, PurePosixPath

from . import messages
from .characters import bad_name_char, describe
from .errors import CabecaoError, ErrorCode
from .limits import MAX_NAME_BYTES, MAX_PATH_CHARS

CONFIG_FILE = ".cabecao.json"
GIT_CONTROL_FILES = (".gitignore", ".gitattributes")
#: Files at the brain root that a write may change only with confirmation (and only if the result is valid).
CONFIG_FILES = (CONFIG_FILE, *GIT_CONTROL_FILES)
CATALOG_FILE = "index.md"
LOG_FILE = "log.md"
RESERVED_DIRS = (".git", ".cabecao")

#: Instruction files that AI clients read as orders, in any folder (compared case-insensitively).
AI_INSTRUCTION_FILES = (
    "agents.md",
    "agents.override.md",
    "agent.md",
    "claude.md",
    "claude.local.md",
    "gemini.md",
    "copilot-instructions.md",
    "conventions.md",
    "codex.md",
    ".cursorrules",
    ".windsurfrules",
    ".clinerules",
    ".goosehints",
)
#: Plain-text control files of the brain (no frontmatter); writing them needs confirmation.
CONTROL_FILES = ("log.md", "readme.md", *AI_INSTRUCTION_FILES)

_CONFLICT_RE = re.compile(r"\.conflict-[^/]*$")
_DRIVE_RE = re.compile(r"^[A-Za-z]:")


def _normalise(path: str) -> str:
    if not path or not path.strip():
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT, messages.path_empty(), next_step=messages.next_step_relative_path()
        )
    char = bad_name_char(path)
    if char is not None:
        raise CabecaoError(
            ErrorCode.INVALID_PATH,
            messages.path_bad_characters(path=path, char=describe(char)),
            next_step=messages.next_step_other_path(),
        )
    if len(path) > MAX_PATH_CHARS:
        raise CabecaoError(
            ErrorCode.INVALID_PATH,
            messages.path_too_long(path=path[:80] + "…", limit=MAX_PATH_CHARS),
            next_step=messages.next_step_other_path(),
        )
    # One spelling for every path: `Idempote\u0301ncia.md` (NFD, as macOS writes names) and `Idempot\u00eancia.md`
    # (NFC) are the same note, and on most file systems the same file.
    unix = unicodedata.normalize("NFC", path.replace("\\", "/"))
    if unix.startswith(("/", "~")) or _DRIVE_RE.match(unix):
        raise CabecaoError(
            ErrorCode.UNSAFE_PATH, messages.path_absolute(path=path), next_step=messages.next_step_relative_path()
        )
    parts = [p for p in unix.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise CabecaoError(
            ErrorCode.UNSAFE_PATH, messages.path_parent(path=path), next_step=messages.next_step_relative_path()
        )
    for part in parts:
        if part.lower() in RESERVED_DIRS or part.lower().rstrip(". ") in RESERVED_DIRS:
            raise CabecaoError(
                ErrorCode.UNSAFE_PATH,
                messages.path_reserved(path=path, folder=part),
                next_step=messages.next_step_relative_path(),
            )
    if "\\" in path:
        raise CabecaoError(
            ErrorCode.INVALID_PATH, messages.path_backslash(path=path), next_step=messages.next_step_relative_path()
        )
    for part in parts:
        if len(part.encode("utf-8")) > MAX_NAME_BYTES:
            raise CabecaoError(
                ErrorCode.INVALID_PATH,
                messages.path_too_long(path=part[:80] + "…", limit=MAX_NAME_BYTES),
                next_step=messages.next_step_other_path(),
            )
    if not parts:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT, messages.path_empty(), next_step=messages.next_step_relative_path()
        )
    return "/".join(parts)


def is_conflict_copy(path: str) -> bool:
    stem = path[:-3] if path.lower().endswith(".md") else path
    return bool(_CONFLICT_RE.search(stem))


def is_control_file(path: str) -> bool:
    """AGENTS.md, CLAUDE.md, log.md, README.md and other AI instruction files (`*.instructions.md`, `*.mdc`
    Cursor rules), in any folder."""
    name = path.rsplit("/", 1)[-1]
    if not name or name == ".":  # `a/b/`, `a/b/.`: pathlib knows which part is the last real one
        name = PurePosixPath(path).name
    name = name.lower()
    return name in CONTROL_FILES or name.endswith((".instructions.md", ".mdc"))


def is_config_file(path: str) -> bool:
    return path in CONFIG_FILES


def is_raw(path: str) -> bool:
    return path == "raw" or path.startswith("raw/")


def check_note_path(path: str, *, allow_control: bool = False) -> str:
    """Validate a path an agent gave for a note; return it normalised (POSIX, no `./`).

    With `allow_control`, the root config files and control files are accepted too (callers then ask for
    confirmation); without it they are `invalid_path`.
    """
    clean = _normalise(path)
    name = PurePosixPath(clean).name
    if is_conflict_copy(clean):
        raise CabecaoError(
            ErrorCode.INVALID_PATH, messages.path_conflict_copy(path=clean), next_step=messages.next_step_other_path()
        )
    if clean.lower() == CATALOG_FILE:
        raise CabecaoError(
            ErrorCode.INVALID_PATH, messages.path_index(path=clean), next_step=messages.next_step_other_path()
        )
    if is_config_file(clean) or is_control_file(clean):
        if allow_control:
            return clean
        raise CabecaoError(
            ErrorCode.INVALID_PATH, messages.path_control(path=clean), next_step=messages.next_step_other_path()
        )
    if any(part.startswith(".") for part in clean.split("/")):
        raise CabecaoError(
            ErrorCode.INVALID_PATH, messages.path_hidden(path=clean), next_step=messages.next_step_other_path()
        )
    if not name.lower().endswith(".md") or name.lower() == ".md":
        raise CabecaoError(
            ErrorCode.INVALID_PATH, messages.path_not_markdown(path=clean), next_step=messages.next_step_other_path()
        )
    return clean


def path_key(relative: str) -> str:
    """What makes two paths the same note: equal after Unicode NFC and case folding, as on macOS and Windows."""
    return unicodedata.normalize("NFC", relative).casefold()


def existing_spelling(root: Path, relative: str) -> str:
    """The path of the file already on disk that `relative` names under another spelling (NFD or NFC, upper or
    lower case), folder by folder; `relative` itself when it exists or nothing matches. Writing to the twin
    instead would make two notes that collide on a case-insensitive or normalising file system."""
    current = Path(root)
    parts: list[str] = []
    for part in PurePosixPath(relative).parts:
        candidate = current / part
        if not candidate.exists():
            wanted = path_key(part)
            try:
                match = next((e.name for e in os.scandir(current) if path_key(e.name) == wanted), None)
            except (FileNotFoundError, NotADirectoryError):
                match = None
            if match is None:
                return "/".join([*parts, *PurePosixPath(relative).parts[len(parts) :]])
            candidate = current / match
            part = match
        parts.append(part)
        current = candidate
    return "/".join(parts)


def check_on_disk(root: Path, relative: str) -> Path:
    """Refuse a relative path that crosses a symbolic link or resolves outside `root`; return the absolute path."""
    root_real = Path(os.path.realpath(root))
    current = root_real
    for part in PurePosixPath(relative).parts:
        current = current / part
        if current.is_symlink():
            raise CabecaoError(
                ErrorCode.UNSAFE_PATH,
                messages.path_symlink(path=relative, link=str(current.relative_to(root_real))),
                next_step=messages.next_step_relative_path(),
            )
    target = root_real / relative
    resolved = Path(os.path.realpath(target))
    if resolved != root_real and root_real not in resolved.parents:
        raise CabecaoError(
            ErrorCode.UNSAFE_PATH, messages.path_outside(path=relative), next_step=messages.next_step_relative_path()
        )
    return target
