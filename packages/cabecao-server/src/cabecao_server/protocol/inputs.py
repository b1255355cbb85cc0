"""Tool inputs as strict pydantic models: their JSON schemas go to tools/list, and a bad call becomes
`invalid_argument` naming the field before any operation runs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from cabecao_schema import (
    MAX_CONTENT_CHARS,
    MAX_HANDOFF_ITEM_CHARS,
    MAX_HANDOFF_ITEMS,
    MAX_QUERY_CHARS,
    MAX_REASON_CHARS,
    MAX_TASK_CHARS,
    TYPE_FOLDERS,
    CabecaoError,
    ErrorCode,
    describe_validation,
    parse_date,
    parse_scope,
)
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from .. import messages


def _scope(value: str) -> str:
    try:
        return parse_scope(value)
    except ValueError:
        raise ValueError(messages.invalid_scope(value=value)) from None


def _date(value: str) -> str:
    try:
        parse_date(value)
    except ValueError:
        raise ValueError(messages.invalid_date(value=value)) from None
    return value


Scope = Annotated[str, Field(max_length=80, description="global ou project:<nome>"), AfterValidator(_scope)]
Day = Annotated[str, Field(max_length=10, description="AAAA-MM-DD (padrão: hoje)"), AfterValidator(_date)]
Ref = Annotated[str, Field(min_length=1, max_length=600)]
TypeName = Literal[tuple(t.value for t in TYPE_FOLDERS)]  # type: ignore[valid-type]


class ToolInput(BaseModel):
    """Unknown fields are refused and nothing is coerced: `"10"` is not an integer."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class RecallIn(ToolInput):
    task: Annotated[str, Field(min_length=1, max_length=MAX_TASK_CHARS, description="O que você vai fazer")]
    scope: Scope | None = None
    budget_tokens: Annotated[int, Field(ge=100, le=50_000)] = 2000


class SearchIn(ToolInput):
    query: Annotated[str, Field(min_length=1, max_length=MAX_QUERY_CHARS)]
    scope: Scope | None = None
    types: Annotated[list[TypeName], Field(max_length=12)] | None = None
    limit: Annotated[int, Field(ge=1, le=100)] = 10
    budget_tokens: Annotated[int, Field(ge=50, le=50_000)] | None = None
    as_of: Day | None = None
    mode: Literal["auto", "keyword", "semantic", "hybrid"] = "auto"


class ReadIn(ToolInput):
    path: Ref | None = None
    id: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    section: Annotated[str, Field(min_length=1, max_length=1000, description="Título ou Pai › Filho")] | None = None


class GraphIn(ToolInput):
    node: Annotated[Ref, Field(description="Título, path, [[wikilink]] ou id")]
    depth: Literal[1, 2] = 1
    relation_types: Annotated[list[Annotated[str, Field(max_length=40)]], Field(max_length=20)] | None = None
    as_of: Day | None = None
    limit: Annotated[int, Field(ge=1, le=200)] = 50
    budget_tokens: Annotated[int, Field(ge=100, le=50_000)] = 3000


class FactsIn(ToolInput):
    subject: Ref | None = None
    predicate: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    object: Ref | None = None
    as_of: Day | None = None
    limit: Annotated[int, Field(ge=1, le=200)] = 50


class StatusIn(ToolInput):
    pass


LintRule = Literal[
    "invalid_frontmatter",
    "fact_contradiction",
    "conflict_copy",
    "broken_link",
    "expired_note",
    "unconfirmed_memory",
    "unlinked_mention",
    "orphan_note",
    "agent_approved",
]


class LintIn(ToolInput):
    rules: Annotated[list[LintRule], Field(max_length=9)] | None = None
    scope: Scope | None = None
    limit: Annotated[int, Field(ge=1, le=1000)] = 200


def compact_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema without titles and with `$defs` inlined: it is paid for in every agent session."""
    schema = model.model_json_schema()
    defs = schema.pop("$defs", {})

    def clean(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return clean(defs[node["$ref"].split("/")[-1]])
            out = {k: clean(v) for k, v in node.items() if k != "title"}
            # `X | None` becomes anyOf [X, null]; an omitted argument already means None.
            options = out.get("anyOf")
            if isinstance(options, list) and len(options) == 2 and {"type": "null"} in options:
                other = next(o for o in options if o != {"type": "null"})
                out.pop("anyOf")
                out = {**other, **out}
            if out.get("default", "missing") is None:
                out.pop("default")
            return out
        if isinstance(node, list):
            return [clean(v) for v in node]
        return node

    cleaned = clean(schema)
    cleaned.pop("description", None)
    cleaned["additionalProperties"] = False
    return cleaned


def parse_input(
    model: type[ToolInput], arguments: dict[str, Any] | None, *, tool: str, options: Mapping[str, str] | None = None
) -> ToolInput:
    """The tool's input, or `invalid_argument` naming the first bad field. The CLI passes `options` (argument →
    the option the person typed), so the error names the option and says to run `cabecao <tool>` again."""
    try:
        return model.model_validate(arguments or {})
    except ValidationError as exc:
        field, problem = describe_validation(exc, root="argumentos")
        if options is None:
            message = messages.invalid_field(field=field, problem=problem)
            next_step = messages.next_step_fix_arguments(tool=tool)
        else:
            head = field.split(".", 1)[0]  # `rules.0` is the option `--rule`, whichever value it was
            message = messages.invalid_option(option=options.get(head, field), problem=problem)
            next_step = messages.next_step_fix_options(command=f"cabecao {tool}")
        raise CabecaoError(ErrorCode.INVALID_ARGUMENT, message, next_step=next_step) from None


Session = Annotated[
    str, Field(min_length=1, max_length=64, pattern=r"^[0-9A-Za-z_-]+$", description="O session_handle do recall")
]
Token = Annotated[str, Field(min_length=1, max_length=200, description="Só depois do sim do usuário")]
Body = Annotated[str, Field(max_length=MAX_CONTENT_CHARS)]


class WritePageIn(ToolInput):
    path: Ref
    content: Body
    mode: Literal["create", "overwrite", "append"] = "create"
    frontmatter: dict[str, Any] | None = None
    confirm_token: Token | None = None
    session_handle: Session | None = None


class PatchPageIn(ToolInput):
    path: Ref
    old: Annotated[str, Field(min_length=1, max_length=MAX_CONTENT_CHARS)]
    new: Body
    confirm_token: Token | None = None
    session_handle: Session | None = None


Name = Annotated[str, Field(min_length=1, max_length=300)]
Names = Annotated[list[Annotated[str, Field(min_length=1, max_length=300)]], Field(max_length=50)]


class RememberIn(ToolInput):
    content: Annotated[str, Field(min_length=1, max_length=MAX_CONTENT_CHARS)]
    type: TypeName
    title: Name | None = None
    scope: Scope | None = None
    tags: Names | None = None
    aliases: Names | None = None
    relations: Annotated[dict[str, Names], Field(max_length=20)] | None = None
    subject: Ref | None = None
    predicate: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    object: Ref | None = None
    valid_from: Day | None = None
    valid_until: Day | None = None
    expires_at: Day | None = None
    sources: Names | None = None
    session_handle: Session | None = None
    resolution: (
        Annotated[str, Field(min_length=1, max_length=60, description="create, skip, update:<id> ou supersede:<id>")]
        | None
    ) = None
    confirm_token: Token | None = None


HandoffItems = Annotated[
    list[Annotated[str, Field(min_length=1, max_length=MAX_HANDOFF_ITEM_CHARS)]], Field(max_length=MAX_HANDOFF_ITEMS)
]


class HandoffSaveIn(ToolInput):
    session_handle: Session
    done: HandoffItems | None = None
    next: HandoffItems | None = None
    decisions: HandoffItems | None = None
    gotchas: HandoffItems | None = None
    scope: Scope | None = None
    title: Name | None = None


class RelateIn(ToolInput):
    from_: Annotated[Ref, Field(alias="from")]
    to: Ref
    type: Annotated[str, Field(min_length=1, max_length=40)]
    session_handle: Session | None = None
    confirm_token: Token | None = None

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=False)


class ForgetIn(ToolInput):
    id: Annotated[Ref, Field(description="O id ou o path da nota")]
    reason: Annotated[str, Field(min_length=1, max_length=MAX_REASON_CHARS)]
    confirm_token: Token | None = None
    session_handle: Session | None = None


class UndoIn(ToolInput):
    op: Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[0-9A-Za-z]+$")] | None = None
    session: Session | None = None
    session_handle: Session | None = None
    confirm_token: Token | None = None


class IngestIn(ToolInput):
    path: Ref | None = None
    content: Annotated[str, Field(min_length=1, max_length=MAX_CONTENT_CHARS)] | None = None
    title: Name | None = None
    source: Annotated[str, Field(min_length=1, max_length=500)] | None = None
    scope: Scope | None = None
    session_handle: Session | None = None
