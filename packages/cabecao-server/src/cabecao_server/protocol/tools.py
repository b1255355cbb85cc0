"""The tool registry: name, description for the model, input model, MCP annotations and the Brain operation.

Descriptions are pt-BR like the instructions and short: tools/list is paid for in every agent session.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mcp.types import Tool, ToolAnnotations

from . import inputs
from .inputs import ToolInput, compact_schema

if TYPE_CHECKING:
    from ..brain import Brain

Operation = Callable[["Brain", Any], dict[str, Any]]


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    input_model: type[ToolInput]
    annotations: ToolAnnotations
    run: Operation
    reads: bool

    def to_tool(self) -> Tool:
        return Tool(
            name=self.name,
            description=self.description,
            input_schema=compact_schema(self.input_model),
            annotations=self.annotations,
        )


READ = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)


def read_tools() -> list[ToolSpec]:
    return [
        ToolSpec(
            "recall",
            "Briefing no início da tarefa: regras, último handoff, preferências, armadilhas e memórias ligadas à "
            "tarefa, cortado no orçamento (budget_tokens) nessa ordem. Devolve o session_handle a passar nas "
            "gravações desta tarefa.",
            inputs.RecallIn,
            READ,
            lambda brain, args: brain.recall(args),
            True,
        ),
        ToolSpec(
            "search",
            "Busca por palavra-chave: primeiro notas com todos os termos (mode and), senão com qualquer um (or). "
            "Cada resultado traz validade em as_of, trust e origem; related lista vizinhos no grafo. Use antes de "
            "afirmar algo sobre o histórico do usuário.",
            inputs.SearchIn,
            READ,
            lambda brain, args: brain.search(args),
            True,
        ),
        ToolSpec(
            "read",
            "Lê uma nota por path ou id, inteira ou uma seção (título ou Pai › Filho), com frontmatter, links de "
            "saída e backlinks.",
            inputs.ReadIn,
            READ,
            lambda brain, args: brain.read(args),
            True,
        ),
        ToolSpec(
            "graph",
            "Vizinhos de uma nota a 1 ou 2 passos: relações tipadas, wikilinks, fatos, cadeias supersedes e "
            "menções sem link, com tipo, direção e validade em as_of.",
            inputs.GraphIn,
            READ,
            lambda brain, args: brain.graph(args),
            True,
        ),
        ToolSpec(
            "facts",
            "Fatos (subject, predicate, object) e se valem em as_of, com a cadeia supersedes/superseded_by. "
            "Fatos expirados aparecem marcados. Para perguntas sobre o passado, passe as_of.",
            inputs.FactsIn,
            READ,
            lambda brain, args: brain.facts(args),
            True,
        ),
        ToolSpec(
            "status",
            "Saúde do cérebro: problemas, notas por tipo, índice, links quebrados, sync e conflitos.",
            inputs.StatusIn,
            READ,
            lambda brain, args: brain.status(),
            True,
        ),
        ToolSpec(
            "lint",
            "Relatório de problemas por regra (erros, avisos, informações), só leitura, cada um com a correção "
            "sugerida.",
            inputs.LintIn,
            READ,
            lambda brain, args: brain.lint(args),
            True,
        ),
    ]


def registry() -> dict[str, ToolSpec]:
    return {spec.name: spec for spec in read_tools()}
