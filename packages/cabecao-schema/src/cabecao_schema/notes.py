"""Note types, where each lives, and the frontmatter model with every key of the brain format."""

from __future__ import annotations

import re
from datetime import date, datetime
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from . import messages
from .ids import is_ulid
from .limits import MAX_TITLE_CHARS
from .links import link_target

SCHEMA_VERSION = 1


class NoteType(StrEnum):
    RULE = "rule"
    PREFERENCE = "preference"
    GOTCHA = "gotcha"
    DECISION = "decision"
    FACT = "fact"
    PROCEDURE = "procedure"
    HANDOFF = "handoff"
    EPISODE = "episode"
    CONCEPT = "concept"
    ENTITY = "entity"
    SOURCE = "source"
    SYNTHESIS = "synthesis"


TYPE_FOLDERS: dict[NoteType, str] = {
    NoteType.RULE: "memory/rules",
    NoteType.PREFERENCE: "memory/preferences",
    NoteType.GOTCHA: "memory/gotchas",
    NoteType.DECISION: "memory/decisions",
    NoteType.FACT: "memory/facts",
    NoteType.PROCEDURE: "memory/procedures",
    NoteType.HANDOFF: "memory/handoffs",
    NoteType.EPISODE: "memory/episodes",
    NoteType.CONCEPT: "wiki/concepts",
    NoteType.ENTITY: "wiki/entities",
    NoteType.SOURCE: "wiki/sources",
    NoteType.SYNTHESIS: "wiki/syntheses",
}

#: Top-level folders whose Markdown files are notes. `raw/` holds ingested sources.
NOTE_ROOTS: tuple[str, ...] = ("memory", "wiki", "raw")
RAW_FOLDER = "raw/articles"
ARCHIVE_FOLDER = "memory/_archive"

DEFAULT_RELATION_TYPES: tuple[str, ...] = (
    "uses",
    "part_of",
    "depends_on",
    "decided_by",
    "works_on",
    "related_to",
    "supersedes",
    "superseded_by",
)

#: Keys only Cabeção writes; an agent's values for them are ignored with a warning.
MANAGED_KEYS: tuple[str, ...] = ("id", "created", "updated", "origin", "edited_by", "approved_by", "approved_at")

#: Key order used when Cabeção renders a frontmatter it builds; unknown keys keep their own order after these.
KEY_ORDER: tuple[str, ...] = (
    "id",
    "type",
    "title",
    "scope",
    "trust",
    "origin",
    "edited_by",
    "approved_by",
    "approved_at",
    "created",
    "updated",
    "tags",
    "aliases",
    "sources",
    "uses",
    "part_of",
    "depends_on",
    "decided_by",
    "works_on",
    "related_to",
    "subject",
    "predicate",
    "object",
    "valid_from",
    "valid_until",
    "expires_at",
    "supersedes",
    "superseded_by",
    "confirmed",
    "forget_reason",
)

Trust = Literal["low", "medium", "high"]
Validity = Literal["current", "expired", "not_yet_valid"]

# \Z, not $: "$" also matches before a trailing newline, so "global\n" would pass.
SCOPE_RE = re.compile(r"^(global|project:[a-z0-9][a-z0-9._-]{0,63})\Z")
ORIGIN_RE = re.compile(r"^(human|agent:[a-z0-9][a-z0-9._-]{0,63}|ingest:\S{1,500})\Z")
RELATION_TYPE_RE = re.compile(r"^[a-z][a-z0-9_]{0,39}\Z")


def folder_for(note_type: NoteType | str) -> str:
    return TYPE_FOLDERS[NoteType(note_type)]


def _as_list(value: Any) -> Any:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return value


class Frontmatter(BaseModel):
    """Validated view of a note's YAML frontmatter.

    Unknown keys (typed relations, a person's own fields) are kept as extras, so validation never drops data.
    """

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: str | None = None
    type: NoteType | None = None
    title: str | None = Field(default=None, min_length=1, max_length=MAX_TITLE_CHARS)
    scope: str = "global"
    trust: Trust | None = None
    origin: str | None = None
    edited_by: str | None = None
    approved_by: Literal["user"] | None = None
    approved_at: datetime | date | None = None
    created: datetime | date | None = None
    updated: datetime | date | None = None
    tags: list[str] = Field(default_factory=list)
    aliases: list[str] = Field(default_factory=list)
    sources: list[str] = Field(default_factory=list)
    subject: str | None = None
    predicate: str | None = None
    object_: str | None = Field(default=None, alias="object")
    valid_from: date | None = None
    valid_until: date | None = None
    expires_at: date | None = None
    supersedes: list[str] = Field(default_factory=list)
    superseded_by: list[str] = Field(default_factory=list)
    confirmed: bool | date | None = None
    forget_reason: str | None = None

    @field_validator("tags", "aliases", "sources", "supersedes", "superseded_by", mode="before")
    @classmethod
    def _listify(cls, value: Any) -> Any:
        return _as_list(value)

    @field_validator("subject", "predicate", "object_", "title", mode="before")
    @classmethod
    def _scalar_text(cls, value: Any) -> Any:
        # YAML turns `object: 10` or `object: 2026-05-03` into int/date; a fact's object is text.
        if isinstance(value, (int, float, date)) and not isinstance(value, bool):
            return str(value)
        return value

    @field_validator("valid_from", "valid_until", "expires_at", mode="before")
    @classmethod
    def _date_only(cls, value: Any) -> Any:
        if isinstance(value, datetime):
            return value.date()
        return value

    @field_validator("id")
    @classmethod
    def _check_id(cls, value: str | None) -> str | None:
        if value is not None and not is_ulid(value):
            raise ValueError(messages.id_not_ulid())
        return value

    @field_validator("scope")
    @classmethod
    def _check_scope(cls, value: str) -> str:
        if not SCOPE_RE.match(value):
            raise ValueError(messages.scope_not_valid())
        return value

    @field_validator("origin", "edited_by")
    @classmethod
    def _check_origin(cls, value: str | None) -> str | None:
        if value is not None and not ORIGIN_RE.match(value):
            raise ValueError(messages.origin_not_valid())
        return value

    @model_validator(mode="after")
    def _fact_has_its_parts(self) -> Frontmatter:
        problem = fact_problem(self.subject, self.predicate, self.object_) if self.type == NoteType.FACT else None
        if problem is not None:
            raise ValueError(problem)
        return self

    def relations(self, relation_types: tuple[str, ...] | list[str] = DEFAULT_RELATION_TYPES) -> dict[str, list[str]]:
        """Typed relations found in the frontmatter, each as a list of link texts."""
        found: dict[str, list[str]] = {}
        extra = self.model_extra or {}
        for name in relation_types:
            if name == "supersedes" or name == "superseded_by":
                values = getattr(self, name)
            else:
                values = _as_list(extra.get(name))
            if values and isinstance(values, list):
                texts = [str(v) for v in values if isinstance(v, (str, int, float))]
                if texts:
                    found[name] = texts
        return found


def fact_problem(subject: str | None, predicate: str | None, object_: str | None) -> str | None:
    """Why these are not the three parts of a fact, or None. The one rule for what a fact is: a subject and an
    object (a note or a value, as a link or as text) and a predicate, none of them empty."""
    if not (subject and link_target(subject) and predicate and predicate.strip() and object_ and link_target(object_)):
        return messages.fact_fields_required()
    return None


def parse_scope(text: str) -> str:
    """Return the scope if valid, raising ValueError otherwise (callers map it to their error code)."""
    if not SCOPE_RE.match(text):
        raise ValueError(text)
    return text


def scope_project(scope: str) -> str | None:
    return scope.split(":", 1)[1] if scope.startswith("project:") else None
