"""Printing results: JSON on stdout for --json, readable text otherwise; errors always with their next step."""

from __future__ import annotations

import json
import sys
from typing import Any

from cabecao_schema import CabecaoError

from . import messages


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n")


def print_error(error: CabecaoError, *, as_json: bool) -> None:
    if as_json:
        print_json(error.to_payload())
        return
    sys.stderr.write(f"{messages.error_prefix()}: {error.message}\n")
    if error.next_step:
        sys.stderr.write(f"{messages.next_step_prefix()}: {error.next_step}\n")
