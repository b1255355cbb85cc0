"""Every pt-BR text that cabecao-index shows to a person or an agent: one small function per situation.

Lint messages and fixes, duplicate reasons, related-note reasons, the catalogue's headings and the errors of
the index all live here, so wording changes are one reviewed diff.
"""

from __future__ import annotations

# -- errors of the index file ------------------------------------------------------------------------------


def index_damaged(*, path: str, problem: str) -> str:
    return f"o índice {path} está danificado ({problem})"


def index_busy(*, path: str) -> str:
    return f"outro processo está atualizando o índice {path} há tempo demais"


def index_failed(*, path: str, problem: str) -> str:
    return f"o banco de dados local do índice ({path}) falhou: {problem}"


def next_step_rebuild() -> str:
    return "Reconstrua o índice com `cabecao index rebuild`; as notas não são afetadas (o índice é derivado delas)."


def next_step_retry() -> str:
    return "Tente de novo em alguns segundos; nada foi alterado."


def frontmatter_unreadable(*, problem: str, line: int | None) -> str:
    where = f" (linha {line})" if line else ""
    return f"o frontmatter não pôde ser lido como YAML: {problem}{where}"


def frontmatter_not_mapping() -> str:
    return "o frontmatter não é um mapa de chaves YAML (chave: valor)"


# -- arguments ---------------------------------------------------------------------------------------------


def next_step_fix_argument() -> str:
    return "Corrija o argumento indicado e repita a chamada."


def unknown_types(*, values: list[str], allowed: list[str]) -> str:
    return f"tipo de nota desconhecido: {', '.join(values)}; use um destes: {', '.join(allowed)}"


def unknown_relation_types(*, values: list[str], allowed: list[str]) -> str:
    return f"tipo de ligação desconhecido: {', '.join(values)}; use um destes: {', '.join(allowed)}"


def unknown_lint_rules(*, values: list[str], allowed: list[str]) -> str:
    return f"regra de lint desconhecida: {', '.join(values)}; use uma destas: {', '.join(allowed)}"


def out_of_range(*, field: str, value: object, low: int, high: int) -> str:
    return f"{field} = {value!r} está fora do intervalo permitido ({low} a {high})"


def content_kind_unknown(*, value: str) -> str:
    return f"content = {value!r} não existe; use snippet, section ou full"


def path_or_id_required() -> str:
    return "passe path ou id da nota, um dos dois (não os dois)"


# -- lookups -----------------------------------------------------------------------------------------------


def node_not_found(*, node: str) -> str:
    return f"nenhuma nota responde por {node!r} (título, caminho, [[link]], id ou alias)"


def next_step_node() -> str:
    return "Procure a nota com search e repita com o caminho (path) ou o id de um dos resultados."


def note_not_found(*, reference: str) -> str:
    return f"a nota {reference} não existe no índice"


def next_step_note() -> str:
    return (
        "Confira o caminho ou o id com search; se a nota acabou de ser criada fora do Cabeção, "
        "rode `cabecao index rebuild`."
    )


# -- search ------------------------------------------------------------------------------------------------


def related_reason(*, hit: str, kind: str, outgoing: bool, predicate: str | None) -> str:
    """Why a note is in `related`: the hit it is linked to and how."""
    if kind == "fact" and predicate:
        return f"fato {predicate} ligado a «{hit}»"
    if kind == "wikilink":
        return f"«{hit}» tem um link para esta nota" if outgoing else f"esta nota tem um link para «{hit}»"
    if kind == "sources":
        return f"fonte de «{hit}»" if outgoing else f"cita «{hit}» como fonte"
    if outgoing:
        return f"«{hit}» → {kind} → esta nota"
    return f"esta nota → {kind} → «{hit}»"


# -- duplicates --------------------------------------------------------------------------------------------


def dedup_identical() -> str:
    return "mesmo texto"


def dedup_almost_identical() -> str:
    return "quase o mesmo texto, sem número nem negação diferente"


def dedup_contained() -> str:
    return "o texto novo já está contido na nota existente"


def dedup_complement() -> str:
    return "a nova tem tudo o que a existente tem, e mais"


def dedup_correction() -> str:
    return "parecidas, com um número ou uma negação diferente (pode ser uma correção)"


def dedup_undecided() -> str:
    return "parecidas, mas a regra não decide se é a mesma memória, um complemento ou outra"


def dedup_semantic(*, cosine: float) -> str:
    number = f"{cosine:.2f}".replace(".", ",")
    return f"parecidas no significado (cosseno {number}), mas a regra não decide"


def dedup_different() -> str:
    return "diferentes"


# -- lint --------------------------------------------------------------------------------------------------


def fix_invalid_frontmatter() -> str:
    return "Corrija o campo indicado no frontmatter (veja cabecao://schema para os campos e valores aceitos)."


def lint_fact_contradiction(*, subject: str, predicate: str, obj: str, others: list[str]) -> str:
    return f"{subject} {predicate} {obj} é atual, mas outros fatos atuais dizem {', '.join(others)}"


def fix_fact_contradiction() -> str:
    return (
        "Decida qual fato vale e marque o antigo com valid_until e superseded_by (o remember com "
        'resolution: "supersede:<id>" faz isso), ou corrija o que estiver errado.'
    )


def lint_conflict_copy(*, original: str) -> str:
    return f"cópia de conflito do sync, ainda não resolvida, de {original}"


def fix_conflict_copy(*, original: str) -> str:
    return f"Compare com {original}, leve para a nota original o que valer e apague a cópia."


def lint_broken_link(*, target: str, kind: str) -> str:
    where = "" if kind == "wikilink" else f" (em {kind})"
    return f"o link [[{target}]]{where} não leva a nenhuma nota"


def fix_broken_link(*, target: str) -> str:
    return f"Crie a nota «{target}» ou corrija o link para o título, caminho ou alias de uma nota que existe."


def lint_expired_note(*, title: str, until: str) -> str:
    return f"«{title}» expirou ({until}) e nenhuma nota a substitui"


def fix_expired_note() -> str:
    return (
        "Se ainda vale, atualize valid_until ou expires_at; se não, arquive com forget ou aponte a substituta "
        "com superseded_by."
    )


def lint_unconfirmed_memory(*, title: str, note_type: str, days: int) -> str:
    return f"{note_type} «{title}» sem confirmed e sem alteração há {days} dias"


def fix_unconfirmed_memory() -> str:
    return "Pergunte ao usuário se ainda vale: se sim, marque confirmed: true; se não, corrija ou arquive com forget."


def lint_unlinked_mention(*, title: str, path: str) -> str:
    return f"menciona «{title}» ({path}) sem link"


def fix_unlinked_mention(*, title: str) -> str:
    return f"Troque a menção por [[{title}]] se for a mesma coisa; se não for, ignore."


def lint_orphan_note(*, title: str) -> str:
    return f"«{title}» não tem links de entrada nem de saída"


def fix_orphan_note() -> str:
    return "Ligue a nota às notas relacionadas (relate, ou um [[link]] no texto) ou arquive-a se não serve mais."


def lint_agent_approved(*, title: str, author: str, when: str) -> str:
    who = f" por {author}" if author else ""
    date_text = f" em {when}" if when else ""
    return f"«{title}» foi escrita ou alterada{who} com a confirmação do usuário{date_text}"


def lint_agent_approved_commit(*, title: str, commit: str, when: str) -> str:
    date_text = f" em {when}" if when else ""
    return f"«{title}» mudou no commit {commit} com a confirmação do usuário (Cabecao-Approved){date_text}"


def fix_agent_approved() -> str:
    return "Revise a mudança; se não era o que você queria, desfaça com undo ou corrija a nota."


# -- catalogue ---------------------------------------------------------------------------------------------

_TYPE_LABELS = {
    "rule": "Regras",
    "preference": "Preferências",
    "gotcha": "Armadilhas",
    "decision": "Decisões",
    "fact": "Fatos",
    "procedure": "Procedimentos",
    "handoff": "Passagens de bastão",
    "episode": "Episódios",
    "concept": "Conceitos",
    "entity": "Entidades",
    "source": "Fontes",
    "synthesis": "Sínteses",
}


def catalog_title() -> str:
    return "Índice do cérebro"


def catalog_intro(*, notes: int, archived: int) -> str:
    archived_text = f" ({archived} arquivadas ficam de fora)" if archived else ""
    return (
        f"Catálogo gerado pelo Cabeção a partir das notas; não edite à mão. {notes} notas{archived_text}, "
        "agrupadas por pasta, com título e resumo de uma linha."
    )


def catalog_group(*, folder: str, note_type: str | None) -> str:
    label = _TYPE_LABELS.get(note_type or "")
    return f"{label} ({folder}/)" if label else f"{folder}/"
