"""Printing results: JSON on stdout for --json, readable text otherwise; errors always with their next step.

Colour only for a person at a terminal: never into a pipe or a file, never with `NO_COLOR` set (no-color.org)
or on a `TERM=dumb` terminal. The one colour is the `Erro` label.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, TextIO

from cabecao_schema import CabecaoError, is_raw, withhold_secrets

from . import messages

_RED_BOLD, _BOLD, _RESET = "\033[1;31m", "\033[1m", "\033[0m"


def use_color(stream: TextIO) -> bool:
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty())


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n")


def print_error(error: CabecaoError, *, as_json: bool) -> None:
    error = withhold_secrets(error)
    if as_json:
        print_json(error.to_payload())
        return
    stream = sys.stderr
    color = use_color(stream)
    label = f"{_RED_BOLD}{messages.error_prefix()}{_RESET}" if color else messages.error_prefix()
    stream.write(f"{label}: {error.message}\n")
    if error.next_step:
        label = f"{_BOLD}{messages.next_step_prefix()}{_RESET}" if color else messages.next_step_prefix()
        stream.write(f"{label}: {error.next_step}\n")


def score_text(score: float, *, best: float) -> str:
    """A hit's score as a share of the best hit's (`100%`, `87%`): bm25's own numbers mean nothing to a person,
    and on a small brain they are millionths (terms found in most notes weigh almost nothing), which print as
    `3.36e-06`. The raw score stays in --json."""
    if best <= 0:
        return "—"
    return f"{round(100 * score / best)}%"


def type_text(note_type: str | None, path: str) -> str:
    """A note's type for people; raw sources (and notes without a valid type) have none."""
    if note_type:
        return note_type
    return messages.raw_source() if is_raw(path) else messages.no_type()
