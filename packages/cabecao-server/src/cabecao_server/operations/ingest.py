"""`ingest`: register an outside source in raw/articles/ (origin ingest:<source>, trust low) and return the plan.

The server has no LLM: the agent reads the source and writes the notes. The source's own frontmatter never
becomes the note's: only title, source and author are kept, anything else (an outside `type: rule`,
`trust: high`...) is dropped with a warning. Only files inside the brain are read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from cabecao_schema import (
    MAX_CONTENT_CHARS,
    RAW_FOLDER,
    TYPE_FOLDERS,
    CabecaoError,
    ErrorCode,
    Notice,
    WarningCode,
    check_body,
    check_name,
    check_note_path,
    check_on_disk,
    existing_spelling,
    find_wikilinks,
    is_raw,
    new_document,
    new_ulid,
    parse_document,
    render_document,
    slugify,
)
from pydantic import Field

from .. import messages
from ..confirmation import Confirmation
from ..fields import Name, Ref, Scope, Session, ToolInput
from ..results import Result
from .writing import Planned, apply_provenance, commit_changes, free_path, session_of, store_notices

if TYPE_CHECKING:
    from cabecao_index import BrainIndex

    from ..brain import Brain

KEPT_KEYS = ("title", "source", "author")


class IngestIn(ToolInput):
    path: Ref | None = None
    content: Annotated[str, Field(min_length=1, max_length=MAX_CONTENT_CHARS)] | None = None
    title: Name | None = None
    source: Annotated[str, Field(min_length=1, max_length=500)] | None = None
    scope: Scope | None = None
    session_handle: Session | None = None


class IngestSource(Result):
    """The source as registered in raw/ (`registered` false: it already was a raw/ file, nothing written)."""

    path: str
    title: str
    origin: str
    trust: Literal["low"]
    chars: int
    registered: bool


class PlanRead(Result):
    """The file the agent reads first: the source in raw/."""

    path: str


class SourceNoteFrontmatter(Result):
    """The frontmatter the plan tells the agent to give the source's note."""

    type: Literal["source"]
    title: str
    sources: list[str]
    scope: str


class PlanCreate(Result):
    """The note the agent creates for the source, named by the server (by slug, never by the source's text)."""

    path: str
    frontmatter: SourceNoteFrontmatter


class PlanUpdate(Result):
    """A note the source may add to: one it links to, an entity or concept it names, or one a search finds."""

    path: str
    title: str
    type: str | None
    why: Literal["link", "mention", "search"]


class IngestPlan(Result):
    """What the agent does next, in order: read the source, create its note, update the related ones."""

    read: PlanRead
    create: PlanCreate
    update: list[PlanUpdate]
    steps: list[str]


class IngestResult(Result):
    """The source registered (one commit, or none when it already was in raw/) and the plan for the agent."""

    source: IngestSource
    plan: IngestPlan
    op: str | None
    commit: str | None
    warnings: list[Notice]
    next_step: str


def ingest(brain: Brain, args: IngestIn, confirmation: Confirmation) -> IngestResult:
    if (args.path is None) == (args.content is None) or (args.content is not None and not args.title):
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT, messages.ingest_needs_source(), next_step=messages.next_step_ingest()
        )
    index = brain.fresh()
    warnings: list[Notice] = []
    existing_raw: str | None = None
    if args.path is not None:
        clean = existing_spelling(brain.root, check_note_path(args.path))
        target = check_on_disk(brain.root, clean)
        try:
            text = target.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise CabecaoError(
                ErrorCode.NOT_FOUND, messages.note_not_found(what=clean), next_step=messages.next_step_ingest()
            ) from None
        except UnicodeDecodeError:
            raise CabecaoError(
                ErrorCode.INVALID_ARGUMENT, messages.ingest_not_text(path=clean), next_step=messages.next_step_ingest()
            ) from None
        if is_raw(clean):
            existing_raw = clean
    else:
        text = args.content or ""  # checked above: without a path, the content is there
    doc = parse_document(text)
    outside = dict(doc.frontmatter)
    for key in outside:
        if key not in KEPT_KEYS:
            warnings.append(
                Notice(code=WarningCode.IGNORED_FIELD, message=messages.ingest_ignored_field(field=key), field=key)
            )
    body = check_body(doc.body.lstrip("\n"), field="content")
    title = check_name(str(args.title or outside.get("title") or _first_line(body) or "Fonte"), field="title")
    source = check_name(args.source or str(outside.get("source") or (args.path or title)), field="source", limit=500)
    today = brain.today()
    op = new_ulid()
    if existing_raw is not None:
        raw_path, record = existing_raw, None
        registered = False
    else:
        raw_path = free_path(brain, RAW_FOLDER, f"{today:%Y-%m-%d}-{slugify(title, limit=70)}")
        frontmatter: dict[str, Any] = {"id": new_ulid(), "title": title, "source": source}
        if outside.get("author"):
            frontmatter["author"] = str(outside["author"])
        frontmatter["trust"] = "low"
        frontmatter["created"] = today
        apply_provenance(frontmatter, client=brain.client, now=brain.now(), approved=False, editing=False)
        frontmatter["origin"] = f"ingest:{' '.join(source.split())[:500]}"
        rendered = render_document(new_document(frontmatter, body if body.endswith("\n") else body + "\n"))
        record = commit_changes(
            brain,
            [Planned(raw_path, rendered, None, f"add source: {title}")],
            summary=f"ingest source: {title}",
            session=session_of(args),
            approved=False,
            op=op,
        )
        registered = True
    raw_link = f"[[{raw_path[:-3]}]]"
    # Steps and paths are instructions the server writes: they name files by slug, never by the source's own text.
    source_note = f"wiki/sources/{slugify(title, limit=70)}.md"
    related = _related(index, body, title)
    return IngestResult(
        source=IngestSource(
            path=raw_path, title=title, origin=f"ingest:{source}", trust="low", chars=len(body), registered=registered
        ),
        plan=IngestPlan(
            read=PlanRead(path=raw_path),
            create=PlanCreate(
                path=source_note,
                frontmatter=SourceNoteFrontmatter(
                    type="source", title=title, sources=[raw_link], scope=args.scope or "global"
                ),
            ),
            update=related,
            steps=messages.ingest_steps(raw_link=raw_link, raw_path=raw_path, source_note=source_note),
        ),
        op=op if record else None,
        commit=record.commit if record else None,
        warnings=[*warnings, *(store_notices(record) if record else [])],
        next_step=messages.ingest_done(path=raw_path),
    )


def _first_line(body: str) -> str:
    line = next((x for x in body.splitlines() if x.strip()), "")
    return line.strip().lstrip("#").strip()[:120]


#: How many notes the plan lists to update, and how many of them may come from a search on the source's title.
PLAN_UPDATES = 10
PLAN_SEARCH_HITS = 4


def _related(index: BrainIndex, body: str, title: str) -> list[PlanUpdate]:
    """The notes a source is about, most certain first: the ones it links to, the entities and concepts it names
    (by title or alias, the most named first), then the best keyword matches of its title among typed notes
    (raw sources, this one included, are left out)."""
    found: dict[str, PlanUpdate] = {}
    for link in find_wikilinks(body):
        note = index.resolve(link.target)
        if note is not None and not note.archived and not is_raw(note.path):
            found.setdefault(note.path, PlanUpdate(path=note.path, title=note.title, type=note.type, why="link"))
    for named in index.mentioned_in(f"{title}\n{body}", types=MENTIONED_TYPES, limit=PLAN_UPDATES):
        found.setdefault(named.path, PlanUpdate(path=named.path, title=named.title, type=named.type, why="mention"))
    typed = [t.value for t in TYPE_FOLDERS]
    for hit in index.search(title, types=typed, limit=PLAN_SEARCH_HITS, related=False).hits:
        found.setdefault(hit.path, PlanUpdate(path=hit.path, title=hit.title, type=hit.type, why="search"))
    return list(found.values())[:PLAN_UPDATES]


#: What a source can be about by name: the things (entities) and ideas (concepts) of the wiki.
MENTIONED_TYPES = ("entity", "concept")
