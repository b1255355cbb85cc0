"""The root `cabecao` command and its error boundary: no traceback ever reaches the person."""

from __future__ import annotations

import functools
import os
import sys
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

import typer
from cabecao_schema import CabecaoError, ErrorCode

from . import messages
from .output import print_error

F = TypeVar("F", bound=Callable[..., Any])

app = typer.Typer(
    name="cabecao",
    help="Cabeção: a memória durável dos seus agentes de IA, num repositório git de notas Markdown.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def command(func: F) -> F:
    """Map every failure of a command to a pt-BR message, its next step and exit code 1."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        as_json = bool(kwargs.get("as_json"))
        try:
            result = func(*args, **kwargs)
            sys.stdout.flush()  # here, so a closed pipe is caught below rather than at exit
            return result
        except BrokenPipeError:
            # The reader went away (`cabecao search x | head -3`): nothing is wrong with the brain, and there is
            # no one left to tell. Python's own advice: point stdout at /dev/null so the exit flush stays quiet.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(1) from None
        except CabecaoError as error:
            print_error(error, as_json=as_json)
            raise typer.Exit(1) from None
        except (typer.Exit, typer.Abort, KeyboardInterrupt, typer.BadParameter):
            raise  # usage errors (a bad option) are click's to show, with exit code 2
        except Exception as exc:  # the boundary: anything unexpected still gets a clean message
            if os.environ.get("CABECAO_DEBUG"):
                traceback.print_exc(file=sys.stderr)
            unexpected = CabecaoError(
                ErrorCode.INTERNAL_ERROR,
                messages.unexpected_error(problem=type(exc).__name__),
                next_step=messages.next_step_report(),
            )
            print_error(unexpected, as_json=as_json)
            raise typer.Exit(1) from None

    return wrapper  # type: ignore[return-value]


def register() -> None:
    from .commands import call, demo, ingest, init, install_client, knowledge, log, mcp, status, undo

    for module in (init, status, log, undo, knowledge, ingest, call, mcp, install_client, demo):
        module.register(app)


def main() -> None:
    register()
    app()
