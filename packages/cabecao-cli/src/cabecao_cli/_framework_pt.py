"""The command-line framework's own texts in pt-BR: help pages, usage lines, completion, typer's messages.

typer 0.29 vendors click (`typer._click`) with its texts written in place (`"Usage: "`, `"Show this message and
exit."`), so gettext cannot reach them; typer's own module (`typer.core`) still looks its texts up through
`gettext`. Two mechanisms, then, both installed when the CLI is built (never at import, never on the
`cabecao mcp` fast path):

- typer.core's `_` is replaced by a lookup in `messages.framework_catalogue()` (placeholders kept);
- the commands are built with `PtCommand` / `PtGroup`, which write the usage line, the help of the options and
  arguments and the `--help` option themselves, and say unknown commands and extra arguments in pt-BR.

Usage errors are not printed here: `usage.from_click` says them from the exception's fields.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager
from datetime import date, datetime
from difflib import get_close_matches
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

import typer
import typer.core
from typer import _click
from typer._click.shell_completion import get_completion_class
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption, _TyperParameter
from typer.models import DefaultPlaceholder

from . import messages
from .usage import CommandLineError

_installed = False


def install_gettext() -> None:
    """typer.core's texts from the pt-BR catalogue. `_` is a module global there, read at each call."""
    global _installed
    if _installed:
        return
    catalogue = messages.framework_catalogue()

    def translate(message: str) -> str:
        return catalogue.get(message, message)

    setattr(typer.core, "_", translate)  # noqa: B010 (not a public attribute: no type to check it against)
    _installed = True


def use_pt_classes(app: typer.Typer) -> None:
    """Every command and group of `app` (and of its sub-apps) built with the pt-BR classes."""
    app.info.cls = PtGroup
    for command in app.registered_commands:
        if command.cls is None or command.cls is TyperCommand:  # typer fills in its own class
            command.cls = PtCommand
    for group in app.registered_groups:
        if group.cls is None or isinstance(group.cls, DefaultPlaceholder):
            group.cls = PtGroup
        if group.typer_instance is not None:
            use_pt_classes(group.typer_instance)


def localize_completion(root: _click.Command) -> None:
    """typer's `--install-completion` / `--show-completion`: pt-BR help and messages."""
    for param in root.params:
        if not isinstance(param, TyperOption):
            continue
        if param.name == "install_completion":
            param.help = messages.completion_install_help()
            param.callback = _install_completion
        elif param.name == "show_completion":
            param.help = messages.completion_show_help()
            param.callback = _show_completion


# -- completion ------------------------------------------------------------------------------------------------

_SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def _shell(value: Any) -> str:
    """The shell named on the command line, else the one this process runs under (typer's detection)."""
    from typer._completion_shared import _get_shell_name

    shell = value if isinstance(value, str) else _get_shell_name()
    if shell not in _SHELLS:
        raise CommandLineError(
            messages.completion_shell_unknown(shell=shell, supported=", ".join(_SHELLS)),
            next_step=messages.next_step_completion_shell(command="cabecao --install-completion"),
        )
    return shell


def _install_completion(ctx: _click.Context, param: _click.Parameter, value: Any) -> Any:
    if not value or ctx.resilient_parsing:
        return value
    from typer._completion_shared import install

    shell, path = install(shell=_shell(value))
    typer.echo(messages.completion_installed(shell=shell, path=str(path)))
    typer.echo(messages.completion_restart())
    raise typer.Exit(0)


def _show_completion(ctx: _click.Context, param: _click.Parameter, value: Any) -> Any:
    if not value or ctx.resilient_parsing:
        return value
    from typer._completion_shared import get_completion_script

    prog_name = ctx.find_root().info_name or "cabecao"
    complete_var = "_{}_COMPLETE".format(prog_name.replace("-", "_").upper())
    typer.echo(get_completion_script(prog_name=prog_name, complete_var=complete_var, shell=_shell(value)))
    raise typer.Exit(0)


# -- help pages ------------------------------------------------------------------------------------------------


def _value_label(param: _TyperParameter) -> str:
    """`<inteiro>`, `<caminho>`, `<a|b>`: the kind of value, named in pt-BR (typer names the Python type)."""
    descriptor = param.type_descriptor
    if descriptor.is_choice and descriptor.choices is not None:
        label = "|".join(str(c.value if isinstance(c, Enum) else c) for c in descriptor.choices)
    elif descriptor.is_path:
        label = messages.VALUE_LABELS["path"]
    else:
        annotation: Any = descriptor.annotation
        if get_origin(annotation) is list:
            annotation = get_args(annotation)[0]
        label = _TYPE_LABELS.get(annotation, messages.value_label_fallback())
    return f"<{label}>"


_TYPE_LABELS: dict[Any, str] = {
    str: messages.VALUE_LABELS["str"],
    int: messages.VALUE_LABELS["int"],
    float: messages.VALUE_LABELS["float"],
    bool: messages.VALUE_LABELS["bool"],
    date: messages.VALUE_LABELS["date"],
    datetime: messages.VALUE_LABELS["datetime"],
    Path: messages.VALUE_LABELS["path"],
}


def _argument_name(param: TyperArgument) -> str:
    return param.metavar or param.name.upper()


def _record(param: _click.Parameter, ctx: _click.Context) -> tuple[str, str] | None:
    """(name column, help column) of one option or argument, in pt-BR."""
    if not isinstance(param, TyperOption | TyperArgument) or param.hidden:
        return None
    if isinstance(param, TyperArgument):
        name = _argument_name(param)
    else:
        name = _click.formatting.join_options(param.opts)[0]
        if param.secondary_opts:
            name += " / " + _click.formatting.join_options(param.secondary_opts)[0]
        if not param.is_flag and not param.count:
            name += " " + (param.metavar or _value_label(param))
    extra: list[str] = []
    default = param._extract_default_help_str(ctx=ctx)
    shown_as_text = isinstance(param.show_default, str)
    if shown_as_text or (default is not None and (param.show_default or ctx.show_default)):
        text = param._get_default_string(ctx=ctx, show_default_is_str=shown_as_text, default_value=default)
        if text:
            extra.append(messages.help_default(value=text))
    low, high = param.min, param.max
    if (low is not None or high is not None) and not (isinstance(param, TyperOption) and param.count):
        extra.append(messages.help_range(low=low, high=high))
    if param.required:
        extra.append(messages.help_required())
    help_text = param.help or ""
    if extra:
        marks = f"[{'; '.join(extra)}]"
        help_text = f"{help_text}  {marks}" if help_text else marks
    return name, help_text


def _format_usage(command: _click.Command, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
    formatter.write_usage(ctx.command_path, " ".join(command.collect_usage_pieces(ctx)), messages.usage_prefix())


def _usage_pieces(command: _click.Command, ctx: _click.Context) -> list[str]:
    pieces = [messages.options_metavar()] if command.options_metavar else []
    for param in command.get_params(ctx):
        if isinstance(param, TyperArgument):
            name = _argument_name(param) if param.required else f"[{_argument_name(param)}]"
            pieces.append(name + ("..." if param.nargs != 1 else ""))
    return pieces


def _format_params(command: _click.Command, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
    arguments: list[tuple[str, str]] = []
    options: list[tuple[str, str]] = []
    for param in command.get_params(ctx):
        record = _record(param, ctx)
        if record is not None:
            (arguments if isinstance(param, TyperArgument) else options).append(record)
    for heading, rows in ((messages.heading_arguments(), arguments), (messages.heading_options(), options)):
        if rows:
            with formatter.section(heading):
                formatter.write_dl(rows)


def _help_option(option: TyperOption | None) -> TyperOption | None:
    if option is not None:
        option.help = messages.help_option_help()
    return option


@contextmanager
def _in_context(ctx: _click.Context) -> Iterator[None]:
    """The option parser raises its errors without the context (`--limit` with no value): attach it, so the
    next step names the command the person ran."""
    try:
        yield
    except _click.exceptions.UsageError as error:
        if error.ctx is None:
            error.ctx = ctx
        raise


class PtCommand(TyperCommand):
    """A command whose help page, usage line and own parse errors are pt-BR."""

    def format_usage(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        _format_usage(self, ctx, formatter)

    def collect_usage_pieces(self, ctx: _click.Context) -> list[str]:
        return _usage_pieces(self, ctx)

    def format_options(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        _format_params(self, ctx, formatter)

    def get_help_option(self, ctx: _click.Context) -> TyperOption | None:
        return _help_option(super().get_help_option(ctx))

    def parse_args(self, ctx: _click.Context, args: list[str]) -> list[str]:
        """click's check for arguments left over says it in English: done here instead."""
        allowed = ctx.allow_extra_args
        ctx.allow_extra_args = True
        try:
            with _in_context(ctx):
                rest = super().parse_args(ctx, args)
        finally:
            ctx.allow_extra_args = allowed
        if rest and not allowed and not ctx.resilient_parsing:
            ctx.fail(messages.extra_arguments(arguments=" ".join(rest)))
        return rest


class PtGroup(TyperGroup):
    """A group of commands whose help page, usage line, unknown command and completion errors are pt-BR."""

    def format_usage(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        _format_usage(self, ctx, formatter)

    def collect_usage_pieces(self, ctx: _click.Context) -> list[str]:
        return [*_usage_pieces(self, ctx), messages.subcommand_metavar()]

    def format_options(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        _format_params(self, ctx, formatter)
        self.format_commands(ctx, formatter)

    def get_help_option(self, ctx: _click.Context) -> TyperOption | None:
        return _help_option(super().get_help_option(ctx))

    def parse_args(self, ctx: _click.Context, args: list[str]) -> list[str]:
        with _in_context(ctx):
            return super().parse_args(ctx, args)

    def resolve_command(
        self, ctx: _click.Context, args: list[str]
    ) -> tuple[str | None, _click.Command | None, list[str]]:
        """An unknown command, with the close ones suggested in pt-BR (typer's suggestion is English)."""
        try:
            return self._click_resolve_command(ctx, args)
        except _click.exceptions.NoSuchOption:
            raise
        except _click.exceptions.UsageError as error:
            close = get_close_matches(args[0], list(self.commands)) if args else []
            if close:
                error.message = f"{error.message}; {messages.did_you_mean(options=close)}"
            raise

    def _main_shell_completion(
        self, ctx_args: MutableMapping[str, Any], prog_name: str, complete_var: str | None = None
    ) -> None:
        """A broken completion instruction said in pt-BR; a good one is typer's to answer."""
        variable = complete_var or f"_{prog_name}_COMPLETE".replace("-", "_").upper()
        instruction = os.environ.get(variable)
        if instruction:
            # typer's order: `complete_bash`, `source_zsh`.
            kind, _, shell = instruction.partition("_")
            if kind not in ("source", "complete") or get_completion_class(shell) is None:
                problem = messages.completion_instruction_unknown(instruction=instruction)
                sys.stderr.write(f"{messages.error_prefix()}: {problem}\n")
                sys.exit(1)
        super()._main_shell_completion(ctx_args, prog_name, complete_var)
