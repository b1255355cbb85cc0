"""Path safety, as the reference's "What an agent never does" table fixes it.

`unsafe_path`: leaves the brain (absolute, `..`), inside `.git/` or `.cabecao/`, or through a symbolic link.
`invalid_path`: inside the brain but not a note (index.md, conflict copies, not .md, hidden, bad characters, too long).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cabecao_schema import (
    CabecaoError,
    ErrorCode,
    check_note_path,
    check_on_disk,
    is_config_file,
    is_conflict_copy,
    is_control_file,
    is_raw,
)

UNSAFE = ErrorCode.UNSAFE_PATH
INVALID = ErrorCode.INVALID_PATH
ARGUMENT = ErrorCode.INVALID_ARGUMENT

ABSOLUTE = "{} é um caminho absoluto; use um caminho relativo à raiz do cérebro, como wiki/entities/SQS.md"
PARENT = "{} usa '..' e sairia da pasta do cérebro"
RESERVED = "{} fica dentro de {}/, que pertence ao git ou à máquina e não é escrito por ferramentas"
HIDDEN = "{} tem uma pasta ou arquivo oculto (começa com '.'); notas não ficam em arquivos ocultos"
NOT_MD = "{} não termina em .md; notas são arquivos Markdown"
INDEX = "{} é o catálogo derivado das notas; o Cabeção o gera e ninguém o escreve"
CONFLICT = (
    "{} tem o formato de uma cópia de conflito do sync (nota.conflict-<máquina>-<data>.md); só o sync cria essas "
    "cópias, e um agente não cria nem altera uma"
)
CONTROL = (
    "{} é um arquivo de controle do cérebro (instruções para agentes ou configuração), não uma nota; só muda com "
    "pedido explícito do usuário"
)
BAD_CHAR = "o caminho {!r} tem um caractere de controle ou invisível ({}); use só caracteres visíveis"
EMPTY = "o caminho está vazio"

REFUSED = [
    # --- absolute: unsafe_path
    pytest.param("/x.md", UNSAFE, ABSOLUTE.format("/x.md"), id="posix-absolute"),
    pytest.param("/etc/passwd", UNSAFE, ABSOLUTE.format("/etc/passwd"), id="etc-passwd"),
    pytest.param("C:\\x.md", UNSAFE, ABSOLUTE.format("C:\\x.md"), id="windows-drive-backslash"),
    pytest.param("c:/x.md", UNSAFE, ABSOLUTE.format("c:/x.md"), id="windows-drive-slash"),
    pytest.param("C:x.md", UNSAFE, ABSOLUTE.format("C:x.md"), id="windows-drive-relative"),
    pytest.param("\\\\srv\\share\\x.md", UNSAFE, ABSOLUTE.format("\\\\srv\\share\\x.md"), id="unc"),
    pytest.param("\\x.md", UNSAFE, ABSOLUTE.format("\\x.md"), id="backslash-root"),
    pytest.param("~/x.md", UNSAFE, ABSOLUTE.format("~/x.md"), id="home"),
    pytest.param("~root/x.md", UNSAFE, ABSOLUTE.format("~root/x.md"), id="other-home"),
    # --- `..` anywhere, also with backslashes: unsafe_path
    pytest.param("../x.md", UNSAFE, PARENT.format("../x.md"), id="parent-start"),
    pytest.param("memory/../x.md", UNSAFE, PARENT.format("memory/../x.md"), id="parent-middle"),
    pytest.param("memory/../../x.md", UNSAFE, PARENT.format("memory/../../x.md"), id="parent-twice"),
    pytest.param("memory/..", UNSAFE, PARENT.format("memory/.."), id="parent-end"),
    pytest.param("..", UNSAFE, PARENT.format(".."), id="parent-alone"),
    pytest.param("..\\x.md", UNSAFE, PARENT.format("..\\x.md"), id="parent-backslash-start"),
    pytest.param("memory\\..\\..\\x.md", UNSAFE, PARENT.format("memory\\..\\..\\x.md"), id="parent-backslash-middle"),
    pytest.param("memory/..\\x.md", UNSAFE, PARENT.format("memory/..\\x.md"), id="parent-mixed-separators"),
    pytest.param("./memory/./../../x.md", UNSAFE, PARENT.format("./memory/./../../x.md"), id="parent-after-dots"),
    # --- .git/ and .cabecao/ anywhere, any case: unsafe_path
    pytest.param(".git/config", UNSAFE, RESERVED.format(".git/config", ".git"), id="git-root"),
    pytest.param(".git/x.md", UNSAFE, RESERVED.format(".git/x.md", ".git"), id="git-note"),
    pytest.param("memory/.git/x.md", UNSAFE, RESERVED.format("memory/.git/x.md", ".git"), id="git-nested"),
    pytest.param(".GIT/x.md", UNSAFE, RESERVED.format(".GIT/x.md", ".GIT"), id="git-upper"),
    pytest.param("wiki/.Git/hooks/x.md", UNSAFE, RESERVED.format("wiki/.Git/hooks/x.md", ".Git"), id="git-mixed"),
    pytest.param(".git./x.md", UNSAFE, RESERVED.format(".git./x.md", ".git."), id="git-trailing-dot"),
    pytest.param(".git /x.md", UNSAFE, RESERVED.format(".git /x.md", ".git "), id="git-trailing-space"),
    pytest.param(".git\\x.md", UNSAFE, RESERVED.format(".git\\x.md", ".git"), id="git-backslash"),
    pytest.param(".git", UNSAFE, RESERVED.format(".git", ".git"), id="git-itself"),
    pytest.param(".cabecao/confirm.key", UNSAFE, RESERVED.format(".cabecao/confirm.key", ".cabecao"), id="cabecao"),
    pytest.param(".cabecao/x.md", UNSAFE, RESERVED.format(".cabecao/x.md", ".cabecao"), id="cabecao-note"),
    pytest.param("raw/.cabecao/x.md", UNSAFE, RESERVED.format("raw/.cabecao/x.md", ".cabecao"), id="cabecao-nested"),
    pytest.param(".CABECAO/x.md", UNSAFE, RESERVED.format(".CABECAO/x.md", ".CABECAO"), id="cabecao-upper"),
    pytest.param(".Cabecao/x.md", UNSAFE, RESERVED.format(".Cabecao/x.md", ".Cabecao"), id="cabecao-mixed"),
    # --- the catalog: invalid_path
    pytest.param("index.md", INVALID, INDEX.format("index.md"), id="index"),
    pytest.param("./index.md", INVALID, INDEX.format("index.md"), id="index-dot-slash"),
    pytest.param("INDEX.md", INVALID, INDEX.format("INDEX.md"), id="index-upper"),
    # --- conflict copies: invalid_path (the reference's own example message)
    pytest.param(
        "wiki/concepts/x.conflict-maq-20261112-100000.md",
        INVALID,
        "wiki/concepts/x.conflict-maq-20261112-100000.md tem o formato de uma cópia de conflito do sync "
        "(nota.conflict-<máquina>-<data>.md); só o sync cria essas cópias, e um agente não cria nem altera uma",
        id="conflict-reference-example",
    ),
    pytest.param(
        "memory/facts/fato.conflict-notebook-20260101-000000.md",
        INVALID,
        CONFLICT.format("memory/facts/fato.conflict-notebook-20260101-000000.md"),
        id="conflict-memory",
    ),
    pytest.param("x.conflict-a.md", INVALID, CONFLICT.format("x.conflict-a.md"), id="conflict-root"),
    pytest.param("x.conflict-a.MD", INVALID, CONFLICT.format("x.conflict-a.MD"), id="conflict-upper-ext"),
    pytest.param("x.conflict-a", INVALID, CONFLICT.format("x.conflict-a"), id="conflict-without-md"),
    # --- not Markdown: invalid_path
    pytest.param("memory/x.txt", INVALID, NOT_MD.format("memory/x.txt"), id="txt"),
    pytest.param("memory/x", INVALID, NOT_MD.format("memory/x"), id="no-extension"),
    pytest.param("memory/x.md.bak", INVALID, NOT_MD.format("memory/x.md.bak"), id="md-bak"),
    pytest.param("memory/x.markdown", INVALID, NOT_MD.format("memory/x.markdown"), id="markdown-ext"),
    pytest.param("memory/x.md ", INVALID, NOT_MD.format("memory/x.md "), id="trailing-space"),
    pytest.param("memory", INVALID, NOT_MD.format("memory"), id="folder"),
    # --- hidden: invalid_path
    pytest.param("memory/.x.md", INVALID, HIDDEN.format("memory/.x.md"), id="hidden-file"),
    pytest.param(".hidden/x.md", INVALID, HIDDEN.format(".hidden/x.md"), id="hidden-folder"),
    pytest.param("wiki/.obsidian/x.md", INVALID, HIDDEN.format("wiki/.obsidian/x.md"), id="hidden-nested-folder"),
    pytest.param(".md", INVALID, HIDDEN.format(".md"), id="only-extension"),
    pytest.param("memory/.md", INVALID, HIDDEN.format("memory/.md"), id="only-extension-nested"),
    pytest.param("memory/...md", INVALID, HIDDEN.format("memory/...md"), id="dots-name"),
    pytest.param("memory/..x.md", INVALID, HIDDEN.format("memory/..x.md"), id="two-dots-prefix"),
    # --- config and control files need allow_control: invalid_path without it
    pytest.param(".cabecao.json", INVALID, CONTROL.format(".cabecao.json"), id="cabecao-json"),
    pytest.param(".gitignore", INVALID, CONTROL.format(".gitignore"), id="gitignore"),
    pytest.param(".gitattributes", INVALID, CONTROL.format(".gitattributes"), id="gitattributes"),
    pytest.param("AGENTS.md", INVALID, CONTROL.format("AGENTS.md"), id="agents"),
    pytest.param("CLAUDE.md", INVALID, CONTROL.format("CLAUDE.md"), id="claude"),
    pytest.param("GEMINI.md", INVALID, CONTROL.format("GEMINI.md"), id="gemini"),
    pytest.param("log.md", INVALID, CONTROL.format("log.md"), id="log"),
    pytest.param("README.md", INVALID, CONTROL.format("README.md"), id="readme"),
    pytest.param("wiki/concepts/AGENTS.md", INVALID, CONTROL.format("wiki/concepts/AGENTS.md"), id="agents-nested"),
    pytest.param("memory/claude.md", INVALID, CONTROL.format("memory/claude.md"), id="claude-lower-nested"),
    pytest.param("wiki/Readme.md", INVALID, CONTROL.format("wiki/Readme.md"), id="readme-nested"),
    pytest.param(
        "wiki/copilot-instructions.md", INVALID, CONTROL.format("wiki/copilot-instructions.md"), id="copilot-nested"
    ),
    pytest.param(
        ".github/copilot-instructions.md",
        INVALID,
        CONTROL.format(".github/copilot-instructions.md"),
        id="copilot-github",
    ),
    # --- control and invisible characters in names: invalid_path
    pytest.param("memory/x\x00.md", INVALID, BAD_CHAR.format("memory/x\x00.md", "U+0000"), id="nul"),
    pytest.param("memory/x\x1b.md", INVALID, BAD_CHAR.format("memory/x\x1b.md", "U+001B"), id="escape"),
    pytest.param("memory/x\n.md", INVALID, BAD_CHAR.format("memory/x\n.md", "U+000A"), id="newline"),
    pytest.param("memory/x\t.md", INVALID, BAD_CHAR.format("memory/x\t.md", "U+0009"), id="tab"),
    pytest.param("memory/x\x7f.md", INVALID, BAD_CHAR.format("memory/x\x7f.md", "U+007F"), id="del"),
    pytest.param("memory/x\x85.md", INVALID, BAD_CHAR.format("memory/x\x85.md", "U+0085"), id="c1-nel"),
    pytest.param(
        "memory/x\u200b.md",
        INVALID,
        BAD_CHAR.format("memory/x\u200b.md", "U+200B ZERO WIDTH SPACE"),
        id="zero-width-space",
    ),
    pytest.param(
        "memory/x\u200d.md",
        INVALID,
        BAD_CHAR.format("memory/x\u200d.md", "U+200D ZERO WIDTH JOINER"),
        id="zero-width-joiner",
    ),
    pytest.param(
        "memory/gpj.\u202etxt.md",
        INVALID,
        BAD_CHAR.format("memory/gpj.\u202etxt.md", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        id="rtl-override",
    ),
    pytest.param(
        "memory/x\u2066.md",
        INVALID,
        BAD_CHAR.format("memory/x\u2066.md", "U+2066 LEFT-TO-RIGHT ISOLATE"),
        id="bidi-isolate",
    ),
    pytest.param(
        "\ufeffmemory/x.md",
        INVALID,
        BAD_CHAR.format("\ufeffmemory/x.md", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        id="bom",
    ),
    pytest.param(
        "memory/x\u2028.md",
        INVALID,
        BAD_CHAR.format("memory/x\u2028.md", "U+2028 LINE SEPARATOR"),
        id="line-separator",
    ),
    pytest.param(
        ".g\u200cit/x.md",
        INVALID,
        BAD_CHAR.format(".g\u200cit/x.md", "U+200C ZERO WIDTH NON-JOINER"),
        id="hfs-ignorable-in-git",
    ),
    # characters are checked first: an absolute path with a NUL is still a bad name
    pytest.param("/x\x00.md", INVALID, BAD_CHAR.format("/x\x00.md", "U+0000"), id="nul-in-absolute"),
    # --- backslash as a separator (not leaving the brain): invalid_path
    pytest.param("memory\\x.md", INVALID, "memory\\x.md usa '\\'; separe as pastas com '/'", id="backslash"),
    # --- too long: invalid_path
    pytest.param(
        ("a" * 100 + "/") * 4 + "b" * 106 + ".md",
        INVALID,
        "o caminho tem mais de 512 caracteres (limite: 512)",
        id="path-513",
    ),
    pytest.param(
        "memory/" + "a" * 253 + ".md", INVALID, "o caminho tem mais de 255 caracteres (limite: 255)", id="name-256"
    ),
    pytest.param(
        "memory/" + "é" * 127 + ".md",
        INVALID,
        "o caminho tem mais de 255 caracteres (limite: 255)",
        id="name-257-bytes",
    ),
    # --- empty: invalid_argument
    pytest.param("", ARGUMENT, EMPTY, id="empty"),
    pytest.param("   ", ARGUMENT, EMPTY, id="blank"),
    pytest.param(".", ARGUMENT, EMPTY, id="dot"),
    pytest.param("./", ARGUMENT, EMPTY, id="dot-slash"),
    pytest.param(".//./", ARGUMENT, EMPTY, id="dots-and-slashes"),
]


@pytest.mark.parametrize(("path", "code", "message"), REFUSED)
def test_check_note_path_refuses(path: str, code: ErrorCode, message: str) -> None:
    with pytest.raises(CabecaoError) as info:
        check_note_path(path)
    error = info.value
    assert (error.code, error.message) == (code, message)
    assert error.next_step
    assert error.next_step != error.message
    assert error.to_payload()["error"]["code"] == code.value


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("memory/x.md", "memory/x.md"),
        ("./memory//x.md", "memory/x.md"),
        ("memory/./x.md", "memory/x.md"),
        ("memory/x.md/", "memory/x.md"),
        ("wiki/concepts/Idempotência.md", "wiki/concepts/Idempotência.md"),
        ("wiki/entities/Projeto Atlas.md", "wiki/entities/Projeto Atlas.md"),
        ("memory/episodes/2026/11/2026-11-10-sessao.md", "memory/episodes/2026/11/2026-11-10-sessao.md"),
        ("raw/articles/2026-10-20-custos-de-filas-na-aws.md", "raw/articles/2026-10-20-custos-de-filas-na-aws.md"),
        ("nota.md", "nota.md"),
        ("x.MD", "x.MD"),
        # names that only look like the forbidden ones
        ("memory/x..md", "memory/x..md"),
        ("wiki/index.md", "wiki/index.md"),  # only the root index.md is the catalog
        ("memory/my-index.md", "memory/my-index.md"),
        ("memory/git/x.md", "memory/git/x.md"),
        ("memory/cabecao/x.md", "memory/cabecao/x.md"),
        ("memory/conflict-resolution.md", "memory/conflict-resolution.md"),
        ("memory/x.conflicts.md", "memory/x.conflicts.md"),
        ("memory/agents-notes.md", "memory/agents-notes.md"),
        ("memory/~backup.md", "memory/~backup.md"),
        ("wiki/Café ☕.md", "wiki/Café ☕.md"),
        (("a" * 100 + "/") * 4 + "b" * 105 + ".md", ("a" * 100 + "/") * 4 + "b" * 105 + ".md"),  # 512 characters
        ("memory/" + "a" * 252 + ".md", "memory/" + "a" * 252 + ".md"),  # a 255-byte name
    ],
)
def test_check_note_path_accepts_and_normalises(path: str, expected: str) -> None:
    assert check_note_path(path) == expected


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        (".cabecao.json", ".cabecao.json"),
        (".gitignore", ".gitignore"),
        (".gitattributes", ".gitattributes"),
        ("./.gitignore", ".gitignore"),
        ("AGENTS.md", "AGENTS.md"),
        ("CLAUDE.md", "CLAUDE.md"),
        ("GEMINI.md", "GEMINI.md"),
        ("log.md", "log.md"),
        ("README.md", "README.md"),
        ("memory/CLAUDE.md", "memory/CLAUDE.md"),
        ("./wiki//GEMINI.md", "wiki/GEMINI.md"),
        ("wiki/concepts/readme.md", "wiki/concepts/readme.md"),
        (".github/copilot-instructions.md", ".github/copilot-instructions.md"),
        ("raw/articles/log.md", "raw/articles/log.md"),
        ("CLAUDE.local.md", "CLAUDE.local.md"),
        (".cursorrules", ".cursorrules"),
        # a plain note is still fine with the flag on
        ("memory/x.md", "memory/x.md"),
    ],
)
def test_check_note_path_allow_control(path: str, expected: str) -> None:
    assert check_note_path(path, allow_control=True) == expected


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("memory/.gitignore", INVALID),  # only the root ones are config files
        ("memory/.cabecao.json", INVALID),
        (".CABECAO.JSON", INVALID),
        ("index.md", INVALID),
        ("AGENTS.conflict-maq-20261112-100000.md", INVALID),
        ("memory/x.txt", INVALID),
        (".git/config", UNSAFE),
        (".cabecao/confirm.key", UNSAFE),
        ("../AGENTS.md", UNSAFE),
        ("/AGENTS.md", UNSAFE),
        ("memory/.git/CLAUDE.md", UNSAFE),
        ("AGENTS\u200b.md", INVALID),
    ],
)
def test_allow_control_does_not_open_anything_else(path: str, code: ErrorCode) -> None:
    with pytest.raises(CabecaoError) as info:
        check_note_path(path, allow_control=True)
    assert info.value.code == code


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("AGENTS.md", True),
        ("agents.md", True),
        ("Agents.MD", True),
        ("memory/AGENTS.md", True),
        ("wiki/a/b/CLAUDE.md", True),
        ("GEMINI.md", True),
        ("raw/articles/gemini.md", True),
        ("log.md", True),
        ("memory/log.md", True),
        ("README.md", True),
        ("wiki/concepts/Readme.md", True),
        ("copilot-instructions.md", True),
        (".github/copilot-instructions.md", True),
        ("memory/copilot-instructions.md", True),
        ("CLAUDE.local.md", True),
        ("AGENT.md", True),
        ("CONVENTIONS.md", True),
        (".cursorrules", True),
        ("wiki/.windsurfrules", True),
        ("memory/x.md", False),
        ("memory/agents-notes.md", False),
        ("memory/my-agents.md", False),
        ("AGENTS.md/x.md", False),
        ("README.md.bak", False),
        ("changelog.md", False),
        ("index.md", False),
        (".cabecao.json", False),
        ("", False),
    ],
)
def test_is_control_file(path: str, expected: bool) -> None:
    assert is_control_file(path) is expected


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        (".cabecao.json", True),
        (".gitignore", True),
        (".gitattributes", True),
        ("memory/.gitignore", False),
        ("memory/.cabecao.json", False),
        (".cabecao", False),
        ("cabecao.json", False),
        (".gitmodules", False),
        ("AGENTS.md", False),
    ],
)
def test_is_config_file(path: str, expected: bool) -> None:
    assert is_config_file(path) is expected


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("wiki/concepts/x.conflict-maq-20261112-100000.md", True),
        ("x.conflict-a.md", True),
        ("x.conflict-maq", True),
        ("memory/facts/fato-atlas-usa-sqs.conflict-notebook-20261112-100000.md", True),
        ("x.md", False),
        ("conflict-x.md", False),
        ("memory/conflict.md", False),
        ("memory/x.conflicts.md", False),
        ("memory/x-conflict-a.md", False),
        ("wiki/x.conflict-a/y.md", False),  # the folder, not the note, has the marker
    ],
)
def test_is_conflict_copy(path: str, expected: bool) -> None:
    assert is_conflict_copy(path) is expected


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("raw", True),
        ("raw/articles/x.md", True),
        ("rawfile.md", False),
        ("memory/raw/x.md", False),
        ("wiki/sources/x.md", False),
    ],
)
def test_is_raw(path: str, expected: bool) -> None:
    assert is_raw(path) is expected


# --- symbolic links on disk -----------------------------------------------------------------------------------


@pytest.fixture
def brain(tmp_path: Path) -> Path:
    root = tmp_path / "brain"
    (root / "memory" / "gotchas").mkdir(parents=True)
    (root / "wiki" / "concepts").mkdir(parents=True)
    (root / "memory" / "gotchas" / "real.md").write_text("# Real\n", encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("# fora\n", encoding="utf-8")
    return root


def _real(path: Path) -> Path:
    return Path(os.path.realpath(path))


@pytest.mark.parametrize(
    ("link", "points_to", "relative", "link_shown"),
    [
        # a symlinked folder that points inside the brain
        ("atalho", "brain/memory", "atalho/gotchas/real.md", "atalho"),
        ("atalho", "brain/memory", "atalho/nova.md", "atalho"),
        # a symlinked folder that points outside
        ("fora", "outside", "fora/secret.md", "fora"),
        ("fora", "outside", "fora/nova.md", "fora"),
        # deeper in the tree
        ("wiki/concepts/fora", "outside", "wiki/concepts/fora/nova.md", "wiki/concepts/fora"),
        ("memory/gotchas/sub", "brain/wiki", "memory/gotchas/sub/concepts/x.md", "memory/gotchas/sub"),
        # a symlinked file, inside and outside
        ("memory/gotchas/link.md", "brain/memory/gotchas/real.md", "memory/gotchas/link.md", "memory/gotchas/link.md"),
        ("wiki/concepts/fora.md", "outside/secret.md", "wiki/concepts/fora.md", "wiki/concepts/fora.md"),
        # a dangling symlink (its target does not exist yet)
        ("memory/gotchas/vazio.md", "outside/nao-existe.md", "memory/gotchas/vazio.md", "memory/gotchas/vazio.md"),
        # a symlink to the brain root itself
        ("wiki/raiz", "brain", "wiki/raiz/memory/x.md", "wiki/raiz"),
    ],
)
def test_check_on_disk_refuses_symlinks(
    tmp_path: Path, brain: Path, link: str, points_to: str, relative: str, link_shown: str
) -> None:
    (brain / link).symlink_to(tmp_path / points_to)
    with pytest.raises(CabecaoError) as info:
        check_on_disk(brain, relative)
    assert info.value.code == ErrorCode.UNSAFE_PATH
    assert info.value.message == (
        f"{relative} passa pelo link simbólico {link_shown}; o Cabeção não escreve através de links simbólicos"
    )
    assert info.value.next_step


@pytest.mark.parametrize("relative", ["../outside/secret.md", "memory/../../outside/nova.md", "../brain2/x.md"])
def test_check_on_disk_refuses_leaving_the_root(brain: Path, relative: str) -> None:
    with pytest.raises(CabecaoError) as info:
        check_on_disk(brain, relative)
    assert info.value.code == ErrorCode.UNSAFE_PATH
    assert info.value.message == f"{relative} resolve para fora da pasta do cérebro"


@pytest.mark.parametrize(
    ("relative", "parts"),
    [
        ("memory/gotchas/real.md", ("memory", "gotchas", "real.md")),
        ("memory/gotchas/nova.md", ("memory", "gotchas", "nova.md")),
        ("wiki/nova-pasta/funda/x.md", ("wiki", "nova-pasta", "funda", "x.md")),
        ("AGENTS.md", ("AGENTS.md",)),
    ],
)
def test_check_on_disk_accepts_plain_paths(brain: Path, relative: str, parts: tuple[str, ...]) -> None:
    assert check_on_disk(brain, relative) == _real(brain).joinpath(*parts)


def test_check_on_disk_through_a_symlinked_root(tmp_path: Path, brain: Path) -> None:
    """The brain folder itself may be reached through a link (~/cabecao -> Dropbox/...): that is the user's choice."""
    alias = tmp_path / "alias"
    alias.symlink_to(brain)
    assert check_on_disk(alias, "memory/gotchas/real.md") == _real(brain) / "memory" / "gotchas" / "real.md"


def test_check_on_disk_symlink_inside_unrelated_folder_is_fine(tmp_path: Path, brain: Path) -> None:
    (brain / "wiki" / "atalho").symlink_to(tmp_path / "outside")
    assert check_on_disk(brain, "wiki/concepts/x.md") == _real(brain) / "wiki" / "concepts" / "x.md"
