"""Every pt-BR text the `cabecao` command prints."""

from __future__ import annotations


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


def next_after_init(*, root: str) -> str:
    return f"Veja o estado com `cabecao status --brain {root}` e registre-o num cliente com `cabecao install-client`."


def undo_needs_confirmation() -> str:
    return "Esta desfeita precisa de confirmação:"


def confirm_prompt() -> str:
    return "Confirmar?"


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
