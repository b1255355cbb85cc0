"""`cabecao ingest FILE`: a person registers a file from anywhere on the machine as a source in raw/articles/.

The MCP tool never reads outside the brain; this command does, for the person, and then runs the same `ingest`
operation on the text (same checks: size, characters, secret scan, trust low), recorded as the person's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from cabecao_schema import MAX_CONTENT_CHARS, CabecaoError, ErrorCode, parse_document

from .. import messages
from ..app import command
from ..options import BrainOption, JsonOption
from ..output import print_json
from ..running import run


def _read(file: Path) -> str:
    try:
        if file.stat().st_size > MAX_CONTENT_CHARS * 4:  # UTF-8 takes at most 4 bytes a character
            raise CabecaoError(
                ErrorCode.INVALID_ARGUMENT,
                messages.ingest_file_too_big(path=str(file), limit=MAX_CONTENT_CHARS),
                next_step=messages.next_step_ingest_file(),
            )
        return file.read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        raise CabecaoError(
            ErrorCode.NOT_FOUND,
            messages.ingest_file_missing(path=str(file)),
            next_step=messages.next_step_ingest_file(),
        ) from None
    except UnicodeDecodeError:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            messages.ingest_file_not_text(path=str(file)),
            next_step=messages.next_step_ingest_file(),
        ) from None


def _title(text: str, file: Path) -> str:
    """The source's own title (its frontmatter's, or its first line), else the file's name."""
    doc = parse_document(text)
    given = doc.frontmatter.get("title") if not doc.frontmatter_error else None
    if isinstance(given, str) and given.strip():
        return given.strip()
    first = next((line for line in doc.body.splitlines() if line.strip()), "")
    return first.strip().lstrip("#").strip()[:120] or file.stem


def register(app: typer.Typer) -> None:
    @app.command("ingest")
    @command
    def ingest(
        file: Annotated[
            Path, typer.Argument(metavar="ARQUIVO", help="O arquivo de texto a registrar (pode estar fora do cérebro).")
        ],
        brain: BrainOption = None,
        title: Annotated[str | None, typer.Option("--title", help="Título (padrão: o da fonte).")] = None,
        source: Annotated[
            str | None, typer.Option("--source", help="Endereço ou nome original (padrão: o nome do arquivo).")
        ] = None,
        scope: Annotated[str | None, typer.Option("--scope", help="global ou project:<nome>.")] = None,
        as_json: JsonOption = False,
    ) -> None:
        """Registra um arquivo como fonte em raw/articles/ (trust low) e mostra o plano de ingestão."""
        file = file.expanduser()
        text = _read(file)
        data = run(
            "ingest",
            {"content": text, "title": title or _title(text, file), "source": source or file.name, "scope": scope},
            brain=brain,
            options={"content": str(file), "title": "--title", "source": "--source", "scope": "--scope"},
        )
        if as_json:
            print_json(data)
            return
        typer.echo(data["next_step"])
        for number, step in enumerate(data["plan"]["steps"], start=1):
            typer.echo(f"{number}. {step}")
