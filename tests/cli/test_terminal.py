"""One language at the terminal: every text `cabecao` prints is pt-BR, the framework's own included (help pages,
usage errors, completion); one exit code for every usage error, and JSON for it under --json; `--version`;
colour only on a terminal and never with NO_COLOR; the index's progress bar knows its total from the start;
the hint after `init` names a command that works where the person is."""

from __future__ import annotations

import json
import re
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
import typer.core
from cabecao_cli import messages
from cabecao_store import FileChange, Store

from .conftest import Cabecao, Ran

#: The framework's English, as typer and click print it: none of it may reach the person.
ENGLISH = [
    "Usage",
    "Options",
    "Arguments",
    "Commands",
    "Show this message",
    "[default",
    "[required]",
    "Try ",
    "Error",
    "Invalid value",
    "No such",
    "Missing",
    "Input should",
    "Did you mean",
    "unexpected extra",
    "requires an argument",
    "COMMAND",
    "[OPTIONS]",
    "<str>",
    "<int>",
    "<path>",
    "completion for",
    "Aborted",
]
COMMANDS = [
    [],
    ["init"],
    ["status"],
    ["log"],
    ["undo"],
    ["search"],
    ["lint"],
    ["ingest"],
    ["call"],
    ["mcp"],
    ["install-client"],
    ["demo"],
    ["index"],
    ["index", "rebuild"],
]
SGR = re.compile(r"\x1b\[[0-9;]*m")  # a colour or style


def assert_no_english(text: str) -> None:
    found = [word for word in ENGLISH if word in text]
    assert not found, (found, text)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "cabecao")
def test_every_help_page_is_pt_br(cabecao: Cabecao, command: list[str]) -> None:
    done = cabecao(*command, "--help")
    assert (done.returncode, done.stderr) == (0, ""), done
    assert_no_english(done.stdout)
    assert done.stdout.startswith(f"Uso: {' '.join(['cabecao', *command])} [OPÇÕES]")
    assert "\nOpções:\n" in done.stdout
    assert "--help" in done.stdout and "Mostra esta ajuda e sai." in done.stdout


def test_help_pages_say_defaults_kinds_and_completion_in_pt_br(cabecao: Cabecao) -> None:
    root = cabecao("--help").stdout
    assert "Uso: cabecao [OPÇÕES] COMANDO [ARGUMENTOS]..." in root and "\nComandos:\n" in root
    assert "--version" in root and "Mostra a versão do cabecao e sai." in root
    assert "--install-completion" in root and "Instala o autocompletar de comandos no shell atual." in root
    assert "--show-completion" in root and "Mostra o script de autocompletar do shell atual" in root
    search = cabecao("search", "--help").stdout
    assert "Uso: cabecao search [OPÇÕES] TERMOS\n" in search and "\nArgumentos:\n" in search
    assert re.search(r"TERMOS +Os termos a buscar\.  \[obrigatório\]", search)
    assert re.search(r"--limit <inteiro> +Quantos resultados \(1 a 100\)\.  \[padrão: 10\]", search)
    assert "--brain <caminho>" in search and "--type <texto>" in search
    log = cabecao("log", "--help").stdout
    assert "[padrão: 50; no mínimo 1]" in log
    init = cabecao("init", "--help").stdout
    assert "Uso: cabecao init [OPÇÕES] [PASTA]" in init and "[padrão: ~/cabecao]" in init


def test_every_gettext_text_of_typer_has_a_pt_br_entry() -> None:
    """typer.core looks its texts up through gettext: each must be in the catalogue (a typer upgrade that adds one
    fails here, not at a person's terminal), and the catalogue keeps each template's placeholders."""
    source = Path(typer.core.__file__).read_text(encoding="utf-8")
    msgids = set(re.findall(r'\b_\("((?:[^"\\]|\\.)*)"\)', source))
    catalogue = messages.framework_catalogue()
    assert msgids and msgids <= set(catalogue), msgids - set(catalogue)
    for msgid, text in catalogue.items():
        assert re.findall(r"\{[^}]*\}", msgid) == re.findall(r"\{[^}]*\}", text), msgid


# -- usage errors ------------------------------------------------------------------------------------------------

USAGE_ERRORS = [
    pytest.param(
        ["search", "x", "--limit", "abc"],
        "valor inválido em --limit: deve ser um número inteiro",
        "rode cabecao search de novo",
        id="bad-value",
    ),
    pytest.param(
        ["search", "x", "--limit", "0"],
        "valor inválido em --limit: deve ser no mínimo 1",
        "rode cabecao search de novo",
        id="value-the-tool-refuses",
    ),
    pytest.param(
        ["search", "x", "--bogus"], "a opção --bogus não existe", "`cabecao search --help`", id="unknown-option"
    ),
    pytest.param(
        ["search", "x", "--limt", "3"],
        "a opção --limt não existe; você quis dizer --limit?",
        "`cabecao search --help`",
        id="unknown-option-close-to-one",
    ),
    pytest.param(
        ["search", "x", "--limit"], "a opção --limit precisa de um valor", "`cabecao search --help`", id="no-value"
    ),
    pytest.param(["search"], "falta o argumento TERMOS", "`cabecao search --help`", id="missing-argument"),
    pytest.param(["status", "a", "b"], "argumentos a mais: a b", "`cabecao status --help`", id="extra-arguments"),
    pytest.param(["buscar", "x"], "o comando 'buscar' não existe", "`cabecao --help`", id="unknown-command"),
    pytest.param(
        ["serch", "x"], "o comando 'serch' não existe; você quis dizer search?", "`cabecao --help`", id="typo"
    ),
    pytest.param(["index", "refazer"], "o comando 'refazer' não existe", "`cabecao index --help`", id="subcommand"),
]


@pytest.mark.parametrize(("args", "message", "next_step"), USAGE_ERRORS)
def test_a_usage_error_is_pt_br_with_a_next_step_and_exit_2(
    cabecao: Cabecao, tmp_path: Path, args: list[str], message: str, next_step: str
) -> None:
    done = cabecao(*args, cwd=tmp_path)
    assert done.returncode == 2, done
    assert done.stdout == ""
    error, _, step = done.stderr.partition("\nPróximo passo: ")
    assert error == f"Erro: {message}", done.stderr
    assert next_step in step and "nada foi alterado" in step, step
    assert_no_english(done.stderr)


@pytest.mark.parametrize(("args", "message", "next_step"), USAGE_ERRORS)
def test_under_json_a_usage_error_is_the_reference_envelope_on_stdout(
    cabecao: Cabecao, tmp_path: Path, args: list[str], message: str, next_step: str
) -> None:
    # Not after an option that wants a value: `--limit --json` is --limit with the value "--json".
    with_json = [*args, "--json"] if args[-1] != "--limit" else [args[0], "--json", *args[1:]]
    done = cabecao(*with_json, cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, ""), done
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "invalid_argument"
    assert error["message"] == message
    assert next_step in error["next_step"]


def test_a_command_that_cannot_be_done_exits_1_not_2(cabecao: Cabecao, tmp_path: Path) -> None:
    """The line between the two codes: the command was understood, the brain is what is missing."""
    done = cabecao("status", "--brain", str(tmp_path))
    assert done.returncode == 1 and done.stderr.startswith("Erro: ")
    assert json.loads(cabecao("status", "--brain", str(tmp_path), "--json").stdout)["error"]["code"] == "not_a_brain"


def test_cabecao_alone_shows_the_help_as_a_usage_error(cabecao: Cabecao) -> None:
    done = cabecao()
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("Uso: cabecao [OPÇÕES] COMANDO")
    assert_no_english(done.stderr)


# -- version, completion --------------------------------------------------------------------------------------------


def test_version_is_the_installed_package_version(cabecao: Cabecao) -> None:
    done = cabecao("--version")
    assert (done.returncode, done.stdout, done.stderr) == (0, f"cabecao {version('cabecao-cli')}\n", "")


def test_shell_completion_completes_commands_and_options_in_pt_br(cabecao: Cabecao) -> None:
    words = cabecao(env={"_CABECAO_COMPLETE": "complete_bash", "COMP_WORDS": "cabecao sea", "COMP_CWORD": "1"})
    assert (words.returncode, words.stdout) == (0, "search\n"), words
    zsh = cabecao(env={"_CABECAO_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "cabecao search --li"})
    assert zsh.returncode == 0 and '"--limit":"Quantos resultados (1 a 100)."' in zsh.stdout, zsh
    broken = cabecao(env={"_CABECAO_COMPLETE": "qualquer"})
    assert broken.returncode == 1 and broken.stderr == "Erro: instrução de autocompletar desconhecida: qualquer\n"


def test_completion_script_and_its_installation(cabecao: Cabecao, tmp_path: Path) -> None:
    named = {"_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1", "HOME": str(tmp_path)}  # the shell is an argument
    script = cabecao("--show-completion", "bash", env=named)
    assert script.returncode == 0 and "_CABECAO_COMPLETE=complete_bash" in script.stdout
    assert "complete -o default -F _cabecao_completion cabecao" in script.stdout
    installed = cabecao("--install-completion", "bash", env=named)
    target = tmp_path / ".bash_completions" / "cabecao.sh"
    assert installed.returncode == 0, installed
    assert installed.stdout == (
        f"Autocompletar do bash instalado em {target}.\nEle passa a valer no próximo terminal que você abrir.\n"
    )
    assert "_CABECAO_COMPLETE=complete_bash" in target.read_text(encoding="utf-8")
    assert f"source '{target}'" in (tmp_path / ".bashrc").read_text(encoding="utf-8")
    unknown = cabecao("--show-completion", "tcsh", env=named)
    assert unknown.returncode == 2
    assert unknown.stderr.startswith(
        "Erro: valor inválido em --show-completion: deve ser um destes valores: bash, zsh, fish, powershell ou pwsh\n"
    )


# -- colour, progress ---------------------------------------------------------------------------------------------


@pytest.fixture
def sample(cabecao: Cabecao, tmp_path: Path) -> Path:
    root = tmp_path / "exemplo"
    assert cabecao("init", "--sample", str(root)).returncode == 0
    return root


def outputs(cabecao: Cabecao, sample: Path, missing: Path, **how: object) -> list[Ran]:
    """What the person sees most: help, a usage error, a failed command, results, the progress bar."""
    return [
        cabecao("search", "--help", **how),  # type: ignore[arg-type]
        cabecao("search", "x", "--limit", "abc", **how),  # type: ignore[arg-type]
        cabecao("status", "--brain", str(missing), **how),  # type: ignore[arg-type]
        cabecao("search", "fila", "--brain", str(sample), **how),  # type: ignore[arg-type]
        cabecao("index", "rebuild", "--brain", str(sample), **how),  # type: ignore[arg-type]
    ]


def test_colour_only_on_a_terminal_and_never_with_no_color(cabecao: Cabecao, sample: Path, tmp_path: Path) -> None:
    on_a_terminal = cabecao("status", "--brain", str(tmp_path / "nada"), tty=True)
    assert on_a_terminal.stderr.startswith("\x1b[1;31mErro\x1b[0m: ")  # the one colour, so the checks below bite
    for done in outputs(cabecao, sample, tmp_path / "nada"):  # into a pipe or a file: plain text
        assert "\x1b" not in done.stdout + done.stderr, done
    for done in outputs(cabecao, sample, tmp_path / "nada", tty=True, env={"NO_COLOR": "1"}):
        assert not SGR.search(done.stdout + done.stderr), done


def test_the_rebuild_bar_shows_the_real_total_from_the_start(cabecao: Cabecao, sample: Path) -> None:
    done = cabecao("index", "rebuild", "--brain", str(sample), tty=True)
    assert done.returncode == 0, done
    counts = re.findall(r"Indexando notas +\[[#-]*\] +(\d+)/(\d+)", done.stdout)
    assert counts[0] == ("0", "29") and counts[-1] == ("29", "29"), done.stdout
    assert {total for _, total in counts} == {"29"}


def test_a_yes_is_asked_in_pt_br_on_a_terminal(cabecao: Cabecao, sample: Path) -> None:
    mine = Store.open(sample).write(
        [FileChange("wiki/concepts/minha.md", "# minha\n", expected=None)],
        summary="add concept: minha",
        session="01M79D4AFWB93BEMF0A5SXPNQC",
        client="cli",
    )
    kept = cabecao("undo", "--brain", str(sample), "--op", mine.op, tty=True, input="talvez\nn\n")
    assert kept.returncode == 1 and "Confirmar? [s/N]: " in kept.stdout and "[y/N]" not in kept.stdout
    assert "Responda s (sim) ou n (não)." in kept.stderr and "Nada foi desfeito." in kept.stdout
    assert (sample / "wiki/concepts/minha.md").exists()
    undone = cabecao("undo", "--brain", str(sample), "--op", mine.op, tty=True, input="s\n")
    assert undone.returncode == 0, undone
    assert not (sample / "wiki/concepts/minha.md").exists()


# -- the hint after init -----------------------------------------------------------------------------------------------


def hint(done: Ran) -> str:
    assert done.returncode == 0, done
    return done.stdout.splitlines()[-1]


def test_after_uv_run_the_hint_says_uv_run(cabecao: Cabecao, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`uv run cabecao` puts the project's .venv/bin on the PATH of cabecao, not of the shell: a hint saying
    `cabecao status` would fail there."""
    project = tmp_path / "projeto"
    (project / ".venv").mkdir(parents=True)
    (project / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    monkeypatch.setattr(sys, "prefix", str(project / ".venv"))
    uv = {"UV": "/usr/bin/uv", "VIRTUAL_ENV": str(project / ".venv")}
    root = tmp_path / "b"
    inside = hint(cabecao("init", str(root), cwd=project, env=uv))
    assert inside == (
        f"Veja o estado com `uv run cabecao status --brain {root}` e registre-o num cliente com "
        "`uv run cabecao install-client`."
    )
    elsewhere = hint(cabecao("init", str(root), cwd=tmp_path, env=uv))
    assert f"`uv run --project {project} cabecao status --brain {root}`" in elsewhere


def test_an_installed_command_is_named_by_name_only_when_the_shell_finds_it(
    cabecao: Cabecao, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "cabecao"
    script.write_text("#!/bin/sh\n", encoding="utf-8")
    script.chmod(0o755)
    monkeypatch.setattr(sys, "argv", [str(script)])
    root = tmp_path / "b"
    on_path = hint(cabecao("init", str(root), env={"UV": None, "PATH": str(bin_dir)}))
    assert f"`cabecao status --brain {root}`" in on_path and "`cabecao install-client`" in on_path
    off_path = hint(cabecao("init", str(root), env={"UV": None, "PATH": str(tmp_path)}))
    assert f"`{script} status --brain {root}`" in off_path
    monkeypatch.setattr(sys, "argv", [str(Path(messages.__file__).parent / "__main__.py")])
    as_module = hint(cabecao("init", str(root), env={"UV": None}))
    assert f"`{sys.executable} -m cabecao_cli status --brain {root}`" in as_module
