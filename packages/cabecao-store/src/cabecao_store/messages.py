"""Every pt-BR text that cabecao-store shows to a person or an agent."""

from __future__ import annotations


def not_a_repository(*, root: str) -> str:
    return f"{root} tem .cabecao.json mas não é um repositório git"


def next_step_git_init(*, root: str) -> str:
    return f"Rode `git init -b main` em {root} e faça um primeiro commit, ou crie um cérebro novo com `cabecao init`."


def git_failed(*, action: str, problem: str) -> str:
    return f"o git falhou ao {action}: {problem}"


def next_step_git_failed() -> str:
    return "Confira o repositório com `git status` e `git fsck`; nada foi gravado pelo Cabeção nesta operação."


def locked(*, seconds: float) -> str:
    return f"outro processo está gravando neste cérebro há mais de {seconds:g} s; nada foi alterado"


def next_step_locked() -> str:
    return "Espere alguns segundos e repita a mesma chamada."


def git_index_locked() -> str:
    return "o git está com .git/index.lock aberto por outro processo (um git em andamento); nada foi alterado"


def stale_index_lock_removed() -> str:
    return "havia um .git/index.lock abandonado (de um git que terminou sem limpar); foi removido"


def conflict_changed(*, path: str) -> str:
    return f"{path} mudou durante a operação (outra sessão ou uma edição fora do Cabeção); nada foi alterado"


def next_step_reread(*, path: str) -> str:
    return f"Leia {path} de novo com read e refaça a operação sobre o conteúdo atual."


def write_failed(*, problem: str) -> str:
    return f"a gravação falhou e foi desfeita; nada foi alterado ({problem})"


def folder_not_empty(*, root: str) -> str:
    return f"{root} não está vazia e não é um cérebro do Cabeção; o init não mistura um cérebro com outros arquivos"


def next_step_empty_folder() -> str:
    return "Escolha uma pasta nova ou vazia para o cérebro (por exemplo, ~/cabecao)."


def init_commit(*, sample: bool) -> str:
    return "init: cérebro de exemplo" if sample else "init: cérebro novo"


def op_not_found(*, op: str) -> str:
    return f"não há operação {op} neste cérebro"


def session_not_found(*, session: str) -> str:
    return f"não há operações da sessão {session} neste cérebro"


def next_step_log() -> str:
    return "Veja as operações com `cabecao log` (ou passe o id completo que a gravação devolveu em op)."


def ambiguous_op_prefix(*, prefix: str, count: int) -> str:
    return f"{count} operações começam com {prefix}; passe mais caracteres do id"


def nothing_to_undo() -> str:
    return "não há operação de agente para desfazer"


def nothing_to_undo_session(*, session: str) -> str:
    return f"todas as operações da sessão {session} já foram desfeitas"


def next_step_nothing_to_undo() -> str:
    return "Nada a fazer. Veja o histórico com `cabecao log` se esperava outra coisa."


def already_undone(*, op: str, by: str) -> str:
    return f"a operação {op} já foi desfeita pela operação {by}"


def next_step_redo(*, op: str) -> str:
    return f'Para refazê-la, desfaça o undo: undo({{ op: "{op}" }}).'


def undo_conflict(*, op: str, paths: str) -> str:
    return f"desfazer {op} entra em conflito com mudanças posteriores em {paths}; nada foi alterado"


def next_step_undo_conflict() -> str:
    return "Desfaça antes as operações mais novas que mexeram nesses arquivos, ou edite a nota à mão."


def undo_summary(*, count: int) -> str:
    return "undo: 1 operação" if count == 1 else f"undo: {count} operações"


def token_malformed() -> str:
    return "confirm_token não tem o formato de um token do Cabeção (cbc_ct_...)"


def token_expired(*, expired_at: str) -> str:
    return f"o confirm_token expirou em {expired_at}; os tokens valem 5 minutos"


def token_mismatch() -> str:
    return (
        "o confirm_token não corresponde a esta ação: os argumentos, o conteúdo do alvo ou a sessão mudaram "
        "desde a primeira chamada (ou o token foi alterado)"
    )


def next_step_new_token() -> str:
    return (
        "Faça a primeira chamada de novo sem confirm_token, mostre o novo resumo ao usuário e só repita com o "
        "novo token se ele disser sim."
    )


def archive_summary(*, note_type: str, title: str) -> str:
    return f"archive {note_type}: {title}"


def key_unreadable(*, path: str, problem: str) -> str:
    return f"a chave de confirmação {path} não pôde ser lida: {problem}"


def next_step_key() -> str:
    return "Apague .cabecao/confirm.key para o Cabeção criar outra (tokens pendentes deixam de valer)."


def restore_point_exists(*, tag: str) -> str:
    return f"o ponto de restauração {tag} já existe"


def reason_undo_user_op(*, op: str) -> str:
    return f"desfazer uma operação do usuário ({op}): mexe no que a pessoa gravou, não no que um agente gravou"


def reason_undo_prefix(*, prefix: str, op: str) -> str:
    return f"o id foi dado só pelo começo ({prefix}); a operação escolhida é {op}"


def log_header() -> str:
    return (
        "# Registro de operações\n\nUma linha por operação: data, operação, cliente e resumo. "
        "O Cabeção acrescenta as linhas; não edite à mão.\n\n"
    )


def log_archive_header(*, month: str) -> str:
    return (
        f"# Registro de operações — {month}\n\nAs linhas de {month} que saíram de `log.md` na virada do mês. "
        "O Cabeção acrescenta as linhas; não edite à mão.\n\n"
    )


def note_not_found(*, path: str) -> str:
    return f"não há nota em {path}"


def note_already_archived(*, path: str) -> str:
    return f"{path} já está no arquivo (memory/_archive/)"


def path_is_folder(*, path: str) -> str:
    return f"{path} é uma pasta, não uma nota"


def not_utf8(*, path: str) -> str:
    return f"{path} não é texto UTF-8; o Cabeção não lê nem edita esse arquivo"


def next_step_not_utf8() -> str:
    return "Converta o arquivo para UTF-8 num editor (ou peça ao usuário) e repita."
