"""Running an operation of the registry at the terminal: the same validation, the same result as the MCP tool,
recorded as the person's (client `cli`), with the user's yes asked on the terminal itself."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from . import messages
from .brain import resolve_brain
from .usage import CommandLineError

if TYPE_CHECKING:
    from cabecao_server import Brain, ConfirmationNeeded, Operation, ToolInput

#: The client name of a person at the terminal (the store's `HUMAN_CLIENT`): undo treats these as user ops.
CLI_CLIENT = "cli"


def open_brain(option: Path | None) -> Brain:
    from cabecao_server import Brain

    return Brain.open(resolve_brain(option), client=CLI_CLIENT)


def parse(
    name: str,
    arguments: Mapping[str, Any],
    *,
    options: Mapping[str, str] | None = None,
    published: bool = True,
    command: str | None = None,
) -> tuple[Operation, ToolInput]:
    """(operation, input) for `name`; a bad value names the option the person typed (or, for `cabecao call`, the
    tool's field), and the next step is a command to run again, not a tool to call."""
    from cabecao_server import OPERATIONS, TOOLS, InvalidArguments

    command = command or f"cabecao {name}"
    table = TOOLS if published else OPERATIONS
    op = table.get(name)
    if op is None:
        raise CommandLineError(
            messages.unknown_tool(name=name, available=", ".join(table)), next_step=messages.next_step_known_tools()
        )
    try:
        return op, op.parse(arguments)
    except InvalidArguments as error:
        head = error.field.split(".", 1)[0]  # `rules.0` is the option `--rule`, whichever value it was
        message = (
            error.message
            if options is None
            else messages.invalid_option(option=options.get(head, error.field), problem=error.problem)
        )
        # What was typed is wrong, whether typer or the tool's own validation saw it: a usage error.
        raise CommandLineError(message, next_step=messages.next_step_fix_options(command=command)) from None


def run(
    name: str,
    arguments: Mapping[str, Any],
    *,
    brain: Path | None,
    options: Mapping[str, str] | None = None,
    published: bool = True,
    yes: bool = False,
    command: str | None = None,
) -> dict[str, Any]:
    """The operation's result as the MCP tool gives it (with `data_notice` first where the tool has it).

    An elevated action asks on a terminal; `yes` answers for the person. Without a terminal and without `yes`
    the result is the tool's own `confirmation_required`, whose token a second call can bring back.
    """
    from cabecao_server import Confirmation, ConfirmationNeeded

    op, args = parse(name, arguments, options=options, published=published, command=command)
    context = open_brain(brain)
    try:
        outcome = op(context, args, Confirmation(token=getattr(args, "confirm_token", None)))
        if isinstance(outcome, ConfirmationNeeded):
            outcome = _ask(op, context, args, outcome, yes=yes)
    finally:
        context.close()
    return op.payload(outcome)


def _ask(op: Operation, context: Brain, args: ToolInput, need: ConfirmationNeeded, *, yes: bool) -> Any:
    from cabecao_server import Confirmation

    if not yes:
        if not sys.stdin.isatty():
            return need.token_fields(context)
        typer.echo(need.summary)
        if not confirm():
            return need.declined_fields()
    # The yes is for what was shown: a token for that exact subject refuses it if anything changed meanwhile.
    return op(context, args, Confirmation(token=need.question_token(context), by_user=True))


def confirm() -> bool:
    """The person's yes on the terminal, asked in pt-BR (`[s/N]`; click's own prompt is `[y/N]`). No is the
    default, and so is a closed stdin."""
    while True:
        try:
            answer = input(messages.confirm_prompt()).strip().lower()
        except EOFError:
            return False
        if answer in messages.YES_ANSWERS:
            return True
        if answer in messages.NO_ANSWERS:
            return False
        sys.stderr.write(messages.answer_yes_or_no() + "\n")
