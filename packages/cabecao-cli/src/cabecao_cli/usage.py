"""Usage errors: the command line cannot be run as typed. One exit code for all of them, whoever noticed.

An unknown command or option, a missing or extra argument, a value an option or argument does not take: the
parser (click, vendored in typer), typer's type conversion, the tool's input validation or a command's own check
may be the one to notice, and the person gets the same thing from each: a pt-BR `Erro:` and `Próximo passo:` on
stderr (the reference's JSON envelope on stdout under `--json`), exit code 2, nothing done. A command that was
understood but could not be done (no brain, a conflict, a missing file) exits 1.
"""

from __future__ import annotations

from collections.abc import Sequence

from cabecao_schema import CabecaoError, ErrorCode, foreign_validation_problem
from typer._click import exceptions as click_errors
from typer.core import TyperArgument, TyperOption

from . import messages

#: The exit code of every usage error (click's own, kept so scripts that know click read it the same way).
USAGE_EXIT_CODE = 2
#: The exit code of a command that was understood but failed.
FAILURE_EXIT_CODE = 1


class CommandLineError(CabecaoError):
    """`invalid_argument` about what was typed: exits with USAGE_EXIT_CODE, not as a failed command."""

    def __init__(self, message: str, *, next_step: str) -> None:
        super().__init__(ErrorCode.INVALID_ARGUMENT, message, next_step=next_step)


def exit_code(error: CabecaoError) -> int:
    return USAGE_EXIT_CODE if isinstance(error, CommandLineError) else FAILURE_EXIT_CODE


def wants_json(args: Sequence[str]) -> bool:
    """`--json` anywhere among the options (not after `--`): a usage error is then JSON too, since the parser
    may fail before the command ever sees its own --json."""
    options = args[: list(args).index("--")] if "--" in args else args
    return "--json" in options


def from_click(error: click_errors.UsageError) -> CommandLineError:
    """click's usage error said in pt-BR, from what it carries (its own English message is never shown)."""
    command = error.ctx.command_path if error.ctx is not None else "cabecao"
    return CommandLineError(_message(error), next_step=_next_step(error, command))


def _message(error: click_errors.UsageError) -> str:
    if isinstance(error, click_errors.NoSuchOption):
        text = messages.unknown_option(option=error.option_name)
        if error.possibilities:
            text += "; " + messages.did_you_mean(options=sorted(error.possibilities))
        return text
    if isinstance(error, click_errors.MissingParameter):
        if isinstance(error.param, TyperOption):
            return messages.missing_option(option=_option_name(error.param))
        return messages.missing_argument(name=error.param.display_name_raw if error.param else "")
    if isinstance(error, click_errors.BadParameter):
        return messages.invalid_option(option=_hint(error), problem=_problem(error))
    if isinstance(error, click_errors.BadOptionUsage):
        # The parser's two cases: a flag given a value (`--json=x`), or an option left without one.
        if "does not take a value" in error.message:
            return messages.option_takes_no_value(option=error.option_name)
        return messages.option_needs_value(option=error.option_name)
    if isinstance(error, click_errors.BadArgumentUsage):
        return messages.wrong_argument_count()
    # Raised through ctx.fail: its text is already pt-BR (typer's gettext catalogue, or our own command classes).
    return error.message


def _next_step(error: click_errors.UsageError, command: str) -> str:
    if isinstance(error, click_errors.BadParameter) and not isinstance(error, click_errors.MissingParameter):
        return messages.next_step_fix_options(command=command)
    return messages.next_step_help(command=command)


def _option_name(param: TyperOption) -> str:
    return max(param.opts, key=len) if param.opts else param.display_name_raw


def _hint(error: click_errors.BadParameter) -> str:
    if isinstance(error.param_hint, str):
        return error.param_hint
    if error.param_hint:
        return " / ".join(error.param_hint)
    if isinstance(error.param, TyperOption):
        return _option_name(error.param)
    if isinstance(error.param, TyperArgument):
        return error.param.display_name_raw
    return "?"


def _problem(error: click_errors.BadParameter) -> str:
    """typer converts values with pydantic, whose messages are English: said again from the validation error,
    as the tools' own input errors are. typer's own checks (a choice, a path) speak English too, and are said
    from the parameter instead, or not at all."""
    param = error.param
    if param is not None and param.type_descriptor.is_choice and param.type_descriptor.choices is not None:
        return messages.one_of(options=[str(getattr(c, "value", c)) for c in param.type_descriptor.choices])
    problem = foreign_validation_problem(error.__cause__) if error.__cause__ is not None else None
    return problem or messages.value_not_accepted()
