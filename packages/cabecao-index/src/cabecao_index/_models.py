"""What the index answers, with the reference's field names, ready for `model_dump(mode="json")`.

Dates are `YYYY-MM-DD` strings. Every model is frozen: results are values, not handles into the database.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Validity = Literal["current", "expired", "not_yet_valid"]
SearchMode = Literal["and", "or", "none"]
ContentKind = Literal["snippet", "full", "section"]
Severity = Literal["error", "warning", "info"]
Direction = Literal["out", "in"]
Verdict = Literal["same", "complement", "ambiguous", "different"]
ResolvedBy = Literal["id", "path", "link", "title", "alias"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, populate_by_name=True, serialize_by_alias=True)


class NoteRef(_Model):
    """A note named in a result."""

    path: str
    title: str
    type: str | None
    id: str | None


class Resolution(_Model):
    """How a name given by a person or an agent was matched to a note."""

    path: str
    title: str
    type: str | None
    id: str | None
    archived: bool
    resolved_by: ResolvedBy


class MentionedNote(_Model):
    """A note whose title or alias a text names, and how often the text names it."""

    path: str
    title: str
    type: str | None
    id: str | None
    name: str
    count: int


class NoteRecord(_Model):
    """A note as indexed: frontmatter, body and provenance, with its validity on `as_of`."""

    id: str | None
    path: str
    type: str | None
    title: str
    scope: str
    validity: Validity
    trust: str | None
    origin: str | None
    edited_by: str | None
    approved_by: str | None
    approved_at: str | None
    created: str | None
    updated: str | None
    valid_from: str | None
    valid_until: str | None
    expires_at: str | None
    sources: list[str]
    aliases: list[str]
    tags: list[str]
    archived: bool
    summary: str
    headings: list[list[str]]
    frontmatter: dict[str, Any]
    frontmatter_error: str | None
    content: str | None


class SearchHit(_Model):
    path: str
    type: str | None
    title: str
    scope: str
    validity: Validity
    trust: str | None
    origin: str | None
    edited_by: str | None
    content_kind: ContentKind
    content: str
    score: float
    heading_path: list[str]
    id: str | None
    sources: list[str]


class RelatedNote(_Model):
    """A graph neighbour of the top hits that is not a hit itself, with why it is related."""

    path: str
    title: str
    type: str | None
    id: str | None
    scope: str
    validity: Validity
    score: float
    reasons: list[str]


class SearchResult(_Model):
    query: str
    mode: SearchMode
    terms: list[str]
    as_of: str
    hits: list[SearchHit]
    related: list[RelatedNote]
    truncated: bool
    omitted: int = 0


class GraphLink(_Model):
    """One link between two notes; `direction` is seen from the note nearer the centre of the graph."""

    from_: str = Field(alias="from")
    to: str
    type: str
    origin: Literal["frontmatter", "body", "fact", "mention"]
    direction: Direction
    validity: Validity
    line: int | None = None
    predicate: str | None = None
    via: str | None = None


class GraphNeighbor(_Model):
    path: str
    title: str
    type: str | None
    id: str | None
    scope: str
    validity: Validity
    distance: int
    links: list[GraphLink]


class GraphResult(_Model):
    node: NoteRef
    resolved_by: ResolvedBy
    as_of: str
    depth: int
    relation_types: list[str] | None
    neighbors: list[GraphNeighbor]
    total: int
    truncated: bool
    omitted: int


class OutgoingLink(_Model):
    """A link written in a note; `broken` when no note answers to its target."""

    origin: Literal["frontmatter", "body"]
    type: str
    target: str
    heading: str | None
    path: str | None
    title: str | None
    note_type: str | None
    broken: bool
    line: int | None


class Backlink(_Model):
    """A note that links to this one, and the line of the link."""

    origin: Literal["frontmatter", "body"]
    type: str
    path: str
    title: str
    note_type: str | None
    archived: bool
    line: int | None


class FactQuery(_Model):
    query: str
    path: str | None


class Fact(_Model):
    subject: str
    subject_path: str | None
    predicate: str
    object: str
    object_path: str | None
    path: str
    title: str
    id: str | None
    validity: Validity
    valid_from: str | None
    valid_until: str | None
    superseded_on: str | None
    supersedes: list[str]
    superseded_by: list[str]


class FactsResult(_Model):
    as_of: str
    subject: FactQuery | None
    predicate: str | None
    object: FactQuery | None
    facts: list[Fact]
    total: int
    truncated: bool


class LintFinding(_Model):
    rule: str
    severity: Severity
    path: str
    line: int | None
    message: str
    fix: str
    related: list[str]


class LintReport(_Model):
    findings: list[LintFinding]
    counts: dict[str, int]
    by_rule: dict[str, int]
    checked_notes: int
    total: int
    truncated: bool


class DuplicateCandidate(_Model):
    """An existing note that looks like a new memory, and what the rule decided about the pair."""

    id: str | None
    path: str
    title: str
    type: str | None
    scope: str
    trust: str | None
    origin: str | None
    edited_by: str | None
    verdict: Verdict
    similarity: float
    cosine: float | None
    reason: str
    content: str


class IndexStatus(_Model):
    """Figures for `status`: what is indexed and when the folder was last scanned."""

    schema_version: int
    path: str
    size_bytes: int
    notes: int
    by_type: dict[str, int]
    untyped: int
    archived: int
    unmanaged: int
    raw: int
    chunks: int
    edges: int
    facts: int
    conflicts: int
    broken_links: int
    invalid_frontmatter: int
    last_scan: str | None
