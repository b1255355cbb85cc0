"""What every operation's input is made of: strict pydantic models whose JSON schemas are the tools' published
schemas, and field types parsed once into what the operations use (`as_of` arrives as a `date`).

A bad call becomes `invalid_argument` naming the field before any operation runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING, Annotated, Any, Literal, Protocol, TypeVar

from cabecao_schema import (
    MAX_CONTENT_CHARS,
    TYPE_FOLDERS,
    CabecaoError,
    ErrorCode,
    check_secrets,
    describe_validation,
    is_ulid,
    parse_date,
    parse_scope,
    strings_in,
)
from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, WithJsonSchema

from . import messages

#: The longest date text accepted (`AAAA-MM-DD`); anything longer is refused before it is parsed.
DATE_CHARS = 10


def _scope(value: str) -> str:
    try:
        return parse_scope(value)
    except ValueError:
        raise ValueError(messages.invalid_scope(value=value)) from None


def _date(value: object) -> date:
    """`AAAA-MM-DD` text becomes a `date` here, once; the operations never parse it again."""
    if isinstance(value, date):  # a caller in Python (the CLI) may pass the date itself
        return value
    if not isinstance(value, str):
        raise ValueError(messages.date_not_text())
    if len(value) > DATE_CHARS:
        raise ValueError(messages.date_too_long(limit=DATE_CHARS))
    try:
        return parse_date(value)
    except ValueError:
        raise ValueError(messages.invalid_date(value=value)) from None


Scope = Annotated[str, Field(max_length=80, description="global ou project:<nome>"), AfterValidator(_scope)]


def _day(description: str) -> WithJsonSchema:
    """A date's published schema: text of the reference's shape, and what that date means for its field."""
    return WithJsonSchema({"type": "string", "maxLength": DATE_CHARS, "description": description})


#: The date a question is asked about (`as_of`).
Day = Annotated[date, BeforeValidator(_date), _day("AAAA-MM-DD (padrão: hoje)")]
# A note's validity (see cabecao_schema.validity): each date says what it means, and none defaults to today.
ValidFrom = Annotated[date, BeforeValidator(_date), _day("AAAA-MM-DD: primeiro dia em que vale")]
ValidUntil = Annotated[date, BeforeValidator(_date), _day("AAAA-MM-DD: dia em que deixa de valer (padrão: sem fim)")]
ExpiresAt = Annotated[
    date, BeforeValidator(_date), _day("AAAA-MM-DD: último dia em que é entregue, inclusive (padrão: não expira)")
]
Ref = Annotated[str, Field(min_length=1, max_length=600)]
if TYPE_CHECKING:
    TypeName = str
else:  # the note types of the schema, published as an enum; a type checker sees text
    TypeName = Literal[tuple(t.value for t in TYPE_FOLDERS)]
SESSION_PATTERN = r"^[0-7][0-9A-HJKMNP-TV-Z]{25}$"


def _session(value: str) -> str:
    if not is_ulid(value):
        raise ValueError(messages.invalid_session_handle())
    return value


#: A session handle is the ULID recall returned (or a consolidation's id): a shape, not free text, because it is
#: written into the commit's `Cabecao-Session` trailer.
Session = Annotated[
    str,
    AfterValidator(_session),
    WithJsonSchema(
        {
            "type": "string",
            "minLength": 26,
            "maxLength": 26,
            "pattern": SESSION_PATTERN,
            "description": "O session_handle do recall",
        }
    ),
]
Token = Annotated[str, Field(min_length=1, max_length=200, description="Só depois do sim do usuário")]
Body = Annotated[str, Field(max_length=MAX_CONTENT_CHARS)]
Name = Annotated[str, Field(min_length=1, max_length=300)]
Names = Annotated[list[Annotated[str, Field(min_length=1, max_length=300)]], Field(max_length=50)]


class ToolInput(BaseModel):
    """Unknown fields are refused and nothing is coerced: `"10"` is not an integer."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


In = TypeVar("In", bound=ToolInput)


class WriteInput(Protocol):
    """What every write's input has (each model declares the field itself, in its published order)."""

    @property
    def session_handle(self) -> str | None: ...


def compact_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The model's JSON schema without titles and with `$defs` inlined: it is paid for in every agent session."""
    schema = model.model_json_schema()
    defs = schema.pop("$defs", {})

    def clean(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return clean(defs[node["$ref"].split("/")[-1]])
            # `title` is dropped as a schema annotation, never as the name of a property (remember's `title`).
            out = {k: clean(v) for k, v in node.items() if k != "title"}
            if isinstance(node.get("properties"), dict):
                out["properties"] = {name: clean(prop) for name, prop in node["properties"].items()}
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

    cleaned: dict[str, Any] = clean(schema)
    cleaned.pop("description", None)
    cleaned["additionalProperties"] = False
    return cleaned


class InvalidArguments(CabecaoError):
    """`invalid_argument` for a tool's input, keeping which field failed and why, so the CLI can name the option
    the person typed instead of the tool's field."""

    def __init__(self, *, tool: str, field: str, problem: str) -> None:
        super().__init__(
            ErrorCode.INVALID_ARGUMENT,
            messages.invalid_field(field=field, problem=problem),
            next_step=messages.next_step_fix_arguments(tool=tool),
        )
        self.tool = tool
        self.field = field
        self.problem = problem


def parse_input(model: type[In], arguments: Mapping[str, Any] | None, *, tool: str) -> In:
    """The tool's input, or `InvalidArguments` naming the first bad field."""
    try:
        parsed = model.model_validate(dict(arguments or {}))
    except ValidationError as exc:
        field, problem = describe_validation(exc, root="argumentos")
        raise InvalidArguments(tool=tool, field=field, problem=problem) from None
    check_secrets(argument_texts(parsed), honour_allow_marker=False)
    return parsed


def argument_texts(args: ToolInput) -> dict[str, str]:
    """Every text of a call, by top-level field (never by a name the agent chose, which could be the secret),
    for the secret scan that runs before anything else: nothing an agent passes that looks like a secret is
    ever echoed, shown in a summary, written or logged. The confirm token is Cabeção's own and is left out."""
    texts: dict[str, str] = {}
    for name, value in args.model_dump(mode="json", exclude={"confirm_token"}).items():
        joined = "\n".join(strings_in(value))
        if joined:
            texts[messages.argument_place(field=name)] = joined
    return texts
