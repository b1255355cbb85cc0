"""Printing results: JSON on stdout for --json, readable text otherwise; errors always with their next step."""

from __future__ import annotations

import json
import sys
from typing import Any

from cabecao_schema import CabecaoError, is_raw, withhold_secrets

from . import messages


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n")


def print_error(error: CabecaoError, *, as_json: bool) -> None:
    error = withhold_secrets(error)
    if as_json:
        print_json(error.to_payload())
        return
    sys.stderr.write(f"{messages.error_prefix()}: {error.message}\n")
    if error.next_step:
        sys.stderr.write(f"{messages.next_step_prefix()}: {error.next_step}\n")


def score_text(score: float) -> str:
    """Three significant digits: a keyword score can be tiny (bm25 gives terms found in most notes almost no
    weight), and two decimals would print every hit as 0.00."""
    return f"{score:.3g}"


def type_text(note_type: str | None, path: str) -> str:
    """A note's type for people; raw sources (and notes without a valid type) have none."""
    if note_type:
        return note_type
    return messages.raw_source() if is_raw(path) else messages.no_type()
