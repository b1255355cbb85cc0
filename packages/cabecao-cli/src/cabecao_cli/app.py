"""The root `cabecao` command and its error boundary: no traceback ever reaches the person.

Exit codes: 0 done; 1 the command was understood but could not be done; 2 a usage error (the command line
cannot be run as typed: see `usage`); 130 interrupted. Every message is pt-BR, the framework's included.
"""

from __future__ import annotations

import functools
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from importlib.metadata import version
from typing import Annotated, Any, TypeVar

import typer
import typer.main
from cabecao_schema import CabecaoError, ErrorCode
from typer._click import Command
from typer._click.exceptions import NoArgsIsHelpError, UsageError

from . import messages
from .output import print_error
from .usage import FAILURE_EXIT_CODE, USAGE_EXIT_CODE, exit_code, from_click, wants_json

F = TypeVar("F", bound=Callable[..., Any])

app = typer.Typer(
    name="cabecao",
    help="Cabeção: a memória durável dos seus agentes de IA, num repositório git de notas Markdown.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    suggest_commands=False,  # PtGroup suggests in pt-BR
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(messages.version_line(version=version("cabecao-cli")))
        raise typer.Exit(0)


@app.callback()
def root(
    show_version: Annotated[
        bool,
        typer.Option("--version", help=messages.version_help(), is_eager=True, callback=_show_version),
    ] = False,
) -> None:
    """Options of `cabecao` itself, before the command."""


def command(func: F) -> F:
    """Map every failure of a command to a pt-BR message and its next step: exit 2 for a usage error, else 1."""

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
            raise typer.Exit(FAILURE_EXIT_CODE) from None
        except CabecaoError as error:
            print_error(error, as_json=as_json)
            raise typer.Exit(exit_code(error)) from None
        except (typer.Exit, typer.Abort, KeyboardInterrupt, UsageError):
            raise  # the end of the command, an interruption, or click's usage error: `run` says them
        except Exception as exc:  # the boundary: anything unexpected still gets a clean message
            _unexpected(exc, as_json=as_json)
            raise typer.Exit(FAILURE_EXIT_CODE) from None

    return wrapper  # type: ignore[return-value]


def _unexpected(exc: BaseException, *, as_json: bool) -> None:
    if os.environ.get("CABECAO_DEBUG"):
        traceback.print_exception(exc, file=sys.stderr)
    unexpected = CabecaoError(
        ErrorCode.INTERNAL_ERROR,
        messages.unexpected_error(problem=type(exc).__name__),
        next_step=messages.next_step_report(),
    )
    print_error(unexpected, as_json=as_json)


def register() -> None:
    """Add the commands to `app` (once: the tests run many commands in one process)."""
    if app.registered_commands:
        return
    from .commands import call, demo, ingest, init, install_client, knowledge, log, mcp, status, undo

    for module in (init, status, log, undo, knowledge, ingest, call, mcp, install_client, demo):
        module.register(app)


def build() -> Command:
    """The click command of `app`, in pt-BR throughout: the framework's texts are translated from here on."""
    from . import _framework_pt

    register()
    _framework_pt.install_gettext()
    _framework_pt.use_pt_classes(app)
    root_command = typer.main.get_command(app)
    _framework_pt.localize_completion(root_command)
    return root_command


def run(args: Sequence[str]) -> int:
    """Run `cabecao ARGS` in this process and return its exit code; the framework never prints an error itself.

    Anything unexpected outside a command escapes (a test sees it); `main` turns it into a message.
    """
    as_json = wants_json(args)
    try:
        outcome = build().main(
            list(args),
            prog_name="cabecao",
            standalone_mode=False,
            color=False if os.environ.get("NO_COLOR") else None,
        )
    except NoArgsIsHelpError as shown:  # `cabecao` alone: the help, as the usage error it is
        sys.stderr.write(shown.message + "\n")
        return USAGE_EXIT_CODE
    except UsageError as error:
        print_error(from_click(error), as_json=as_json)
        return USAGE_EXIT_CODE
    except CabecaoError as error:  # from an option's callback (completion), before any command ran
        print_error(error, as_json=as_json)
        return exit_code(error)
    except typer.Abort:
        sys.stderr.write(messages.aborted() + "\n")
        return FAILURE_EXIT_CODE
    except SystemExit as ended:
        return ended.code if isinstance(ended.code, int) else (0 if ended.code is None else FAILURE_EXIT_CODE)
    return outcome if isinstance(outcome, int) else 0


def main() -> None:
    args = sys.argv[1:]
    try:
        status = run(args)
    except Exception as exc:  # outside any command: the framework itself failed
        _unexpected(exc, as_json=wants_json(args))
        status = FAILURE_EXIT_CODE
    raise SystemExit(status)
