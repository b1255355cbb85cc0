"""Every pt-BR text the `cabecao` command prints."""

from __future__ import annotations

from typing import Any


def error_prefix() -> str:
    return "Erro"


def next_step_prefix() -> str:
    return "Próximo passo"


def unexpected_error(*, problem: str) -> str:
    return f"erro inesperado: {problem}"


def next_step_report() -> str:
    return "Rode de novo com CABECAO_DEBUG=1 para ver o detalhe e abra um issue com ele."


def brain_created(*, root: str, sample: bool) -> str:
    kind = "Cérebro de exemplo criado" if sample else "Cérebro criado"
    return f"{kind} em {root}"


def brain_exists(*, root: str) -> str:
    return f"{root} já é um cérebro do Cabeção; nada foi alterado"


def next_after_init(*, root: str, program: str) -> str:
    return (
        f"Veja o estado com `{program} status --brain {root}` e registre-o num cliente com `{program} install-client`."
    )


def confirm_prompt() -> str:
    return "Confirmar? [s/N]: "


def answer_yes_or_no() -> str:
    return "Responda s (sim) ou n (não)."


#: What a person may answer to a yes/no question (English too: `y` is what terminals have taught everyone).
YES_ANSWERS = frozenset({"s", "sim", "y", "yes"})
NO_ANSWERS = frozenset({"", "n", "não", "nao", "no"})


def undo_cancelled() -> str:
    return "Nada foi desfeito."


def undo_needs_yes() -> str:
    return "esta desfeita precisa de confirmação e não há terminal para perguntar"


def next_step_yes() -> str:
    return "Repita com --yes se tem certeza."


def undone(*, op: str, count: int) -> str:
    what = "1 operação desfeita" if count == 1 else f"{count} operações desfeitas"
    return f"{what} (operação {op}). Para refazer: cabecao undo --op {op}"


def no_operations() -> str:
    return "Nenhuma operação registrada."


def lock_state(*, locked: bool) -> str:
    return "em uso por outro processo" if locked else "livre"


def client_scope_unsupported(*, client: str, scope: str) -> str:
    return f"{client} não tem configuração de MCP com escopo {scope}"


def next_step_client_scope() -> str:
    return "Use --scope user (ou o outro escopo que o cliente aceita)."


def client_config_unreadable(*, path: str, problem: str) -> str:
    return f"a configuração {path} não pôde ser lida ({problem}); nada foi alterado"


def next_step_client_config(*, path: str) -> str:
    return f"Corrija {path} (ou mova-o de lugar) e rode de novo; o Cabeção não sobrescreve um arquivo que não entende."


def not_an_object() -> str:
    return "o conteúdo não é um objeto JSON"


def key_not_an_object(*, key: str) -> str:
    return f"a chave {key} não é um objeto"


def unknown_client(*, name: str, known: str) -> str:
    return f"cliente desconhecido: {name}; os conhecidos são: {known}"


def next_step_clients() -> str:
    return "Escolha um dos clientes listados; veja docs/clients.md para onde cada um guarda a configuração."


def client_installed(*, label: str, path: str) -> str:
    return f"Cabeção registrado no {label}: {path}"


def client_unchanged(*, label: str, path: str) -> str:
    return f"O {label} já está configurado com este cérebro: {path} (nada mudou)"


def backup_made(*, path: str) -> str:
    return f"Cópia do arquivo anterior: {path}"


def dry_run_header(*, label: str, path: str) -> str:
    return f"Simulação (--dry-run): mudança que seria feita no {label} em {path}"


def restart_client(*, label: str) -> str:
    return f"Reinicie o {label} para ele carregar o servidor."


def demo_intro(*, root: str) -> str:
    return (
        f"Cérebro de exemplo criado em {root} (apagado no fim).\n"
        "Um agente conecta ao servidor MCP pelo stdio e faz uma sessão curta:"
    )


def demo_connected(*, protocol: str, tools: str) -> str:
    return f"Conectado (protocolo {protocol}). Ferramentas: {tools}"


def demo_outro() -> str:
    return (
        "Fim da demonstração. Para usar de verdade: `cabecao init` cria o seu cérebro e "
        "`cabecao install-client claude-code` (ou cursor, codex, gemini...) registra o servidor no seu cliente."
    )


def raw_source() -> str:
    return "fonte bruta"


def no_type() -> str:
    return "sem tipo"


def search_header(*, mode: str, count: int, as_of: str) -> str:
    if mode == "none":
        return f"Nada encontrado (validade em {as_of})."
    how = "todos os termos" if mode == "and" else "qualquer termo"
    return f"{count} resultados ({how}; validade em {as_of}):"


def lint_totals(*, counts: dict[str, int], checked: int) -> str:
    parts = ", ".join(f"{n} {k}" for k, n in counts.items() if n) or "nenhum problema"
    return f"{checked} notas verificadas: {parts}."


def rebuild_label() -> str:
    return "Indexando notas"


def rebuilt(*, notes: int, chunks: int, edges: int, facts: int) -> str:
    return f"Índice refeito: {notes} notas, {chunks} trechos, {edges} ligações, {facts} fatos."


def invalid_option(*, option: str, problem: str) -> str:
    return f"valor inválido em {option}: {problem}"


def next_step_fix_options(*, command: str) -> str:
    return f"Corrija o valor indicado e rode {command} de novo; nada foi alterado."


def call_arguments_not_json(*, problem: str) -> str:
    return f"os argumentos não são JSON válido: {problem}"


def call_arguments_not_object() -> str:
    return 'os argumentos devem ser um objeto JSON, como {"query": "fila"}'


def next_step_call_arguments() -> str:
    return "Passe os argumentos da ferramenta como um objeto JSON entre aspas simples, ou - para ler da entrada padrão."


def unknown_tool(*, name: str, available: str) -> str:
    return f"a ferramenta {name!r} não existe; as disponíveis são: {available}"


def next_step_known_tools() -> str:
    return "Rode cabecao call de novo com uma das ferramentas listadas."


def undone_by(*, op: str) -> str:
    return f"  [desfeita por {op}]"


def session_line(*, session: str) -> str:
    return f"sessão {session}"


def op_or_session() -> str:
    return "use --op ou --session, não os dois"


def status_lines(data: dict[str, Any], *, supported: int) -> list[str]:
    """`cabecao status` for people, from the fields of the `status` tool."""
    notes, sync = data["notes"], data["sync"]
    lines = [
        f"Cérebro:        {data['root']}",
        f"Schema:         {data['brain_schema_version']} (esta versão entende até {supported})",
        f"Branch:         {sync['branch']}",
        f"Notas:          {notes['total']} ({notes['archived']} arquivadas, {notes['untyped']} sem tipo)",
    ]
    lines += [f"  {name:<14}{count}" for name, count in notes["by_type"].items()]
    if data["conflicts"]:
        lines.append(f"Conflitos:      {data['conflicts']} cópias de conflito pendentes")
    lines.append(f"Trava:          {lock_state(locked=bool(sync['running']))}")
    lines += [f"Problema:       {problem}" for problem in data["problems"]]
    lines.append(data["next_step"])
    return lines


def demo_error(*, code: str, message: str) -> str:
    return f"  erro {code}: {message}"


def ingest_file_missing(*, path: str) -> str:
    return f"o arquivo {path} não existe (ou é uma pasta)"


def ingest_file_not_text(*, path: str) -> str:
    return f"{path} não é um arquivo de texto UTF-8"


def ingest_file_too_big(*, path: str, limit: int) -> str:
    return f"{path} passa do limite de {limit} caracteres de uma fonte"


def next_step_ingest_file() -> str:
    return "Passe um arquivo de texto (Markdown, .txt) que exista, ou converta o documento para texto antes."


def mcp_start_failed(*, code: str, message: str) -> str:
    return f"cabecao mcp não iniciou ({code}): {message}"


def version_line(*, version: str) -> str:
    return f"cabecao {version}"


def version_help() -> str:
    return "Mostra a versão do cabecao e sai."


def aborted() -> str:
    return "Cancelado."


# -- the command-line framework's own texts (typer and the click it vendors) ----------------------------------


def framework_catalogue() -> dict[str, str]:
    """typer's gettext messages (English msgid → pt-BR template). typer formats the template itself, so the
    placeholders (`{default}`, `{name!r}`...) must stay exactly as they are."""
    return {
        "(dynamic)": "(dinâmico)",
        "Aborted!": aborted(),
        "default: {default}": "padrão: {default}",
        "required": help_required(),
        "env var: {var}": "variável de ambiente: {var}",
        "Arguments": heading_arguments(),
        "Options": heading_options(),
        "Commands": heading_commands(),
        "Missing command.": missing_command(),
        "No such command {name!r}.": "o comando {name!r} não existe",
    }


def usage_prefix() -> str:
    return "Uso: "


def options_metavar() -> str:
    return "[OPÇÕES]"


def subcommand_metavar() -> str:
    return "COMANDO [ARGUMENTOS]..."


def heading_arguments() -> str:
    return "Argumentos"


def heading_options() -> str:
    return "Opções"


def heading_commands() -> str:
    return "Comandos"


def help_option_help() -> str:
    return "Mostra esta ajuda e sai."


def help_default(*, value: str) -> str:
    return f"padrão: {value}"


def help_required() -> str:
    return "obrigatório"


def help_range(*, low: object, high: object) -> str:
    if low is not None and high is not None:
        return f"de {low} a {high}"
    return f"no mínimo {low}" if low is not None else f"no máximo {high}"


#: How the help names the kind of value an option takes (`--limit <inteiro>`), by Python type.
VALUE_LABELS = {
    "str": "texto",
    "int": "inteiro",
    "float": "número",
    "bool": "sim|não",
    "date": "data",
    "datetime": "data e hora",
    "path": "caminho",
}


def value_label_fallback() -> str:
    return "valor"


def completion_install_help() -> str:
    return "Instala o autocompletar de comandos no shell atual."


def completion_show_help() -> str:
    return "Mostra o script de autocompletar do shell atual, para copiar ou ajustar a instalação."


def completion_installed(*, shell: str, path: str) -> str:
    return f"Autocompletar do {shell} instalado em {path}."


def completion_restart() -> str:
    return "Ele passa a valer no próximo terminal que você abrir."


def completion_shell_unknown(*, shell: str | None, supported: str) -> str:
    if not shell:
        return f"não foi possível descobrir qual é o seu shell; os aceitos são: {supported}"
    return f"o shell {shell} não tem autocompletar; os aceitos são: {supported}"


def next_step_completion_shell(*, command: str) -> str:
    return f"Rode `{command}` num dos shells aceitos."


def completion_instruction_unknown(*, instruction: str) -> str:
    return f"instrução de autocompletar desconhecida: {instruction}"


# -- usage errors: the command line cannot be run as typed (exit code 2) -------------------------------------


def unknown_option(*, option: str) -> str:
    return f"a opção {option} não existe"


def did_you_mean(*, options: list[str]) -> str:
    listed = options[0] if len(options) == 1 else f"{', '.join(options[:-1])} ou {options[-1]}"
    return f"você quis dizer {listed}?"


def option_needs_value(*, option: str) -> str:
    return f"a opção {option} precisa de um valor"


def option_takes_no_value(*, option: str) -> str:
    return f"a opção {option} não aceita valor"


def missing_argument(*, name: str) -> str:
    return f"falta o argumento {name}"


def missing_option(*, option: str) -> str:
    return f"falta a opção {option}"


def missing_command() -> str:
    return "falta o comando"


def extra_arguments(*, arguments: str) -> str:
    return f"argumentos a mais: {arguments}"


def wrong_argument_count() -> str:
    return "número errado de valores num argumento"


def one_of(*, options: list[str]) -> str:
    listed = options[0] if len(options) == 1 else f"{', '.join(options[:-1])} ou {options[-1]}"
    return f"deve ser um destes valores: {listed}"


def value_not_accepted() -> str:
    return "valor não aceito"


def next_step_help(*, command: str) -> str:
    return f"Veja o uso com `{command} --help` e rode de novo; nada foi alterado."


def scope_user_or_project() -> str:
    return "deve ser user ou project"
