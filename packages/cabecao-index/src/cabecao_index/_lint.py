"""The brain's health report, read-only, with exactly the reference's rules and severities.

| rule                | severity | finds                                                                      |
|---------------------|----------|----------------------------------------------------------------------------|
| invalid_frontmatter | error    | unreadable frontmatter or an invalid field                                 |
| fact_contradiction  | warning  | current facts, same subject and predicate, different objects               |
| conflict_copy       | warning  | sync conflict copies waiting to be merged                                  |
| broken_link         | warning  | links to notes that do not exist (from notes outside raw/)                 |
| expired_note        | info     | notes expired by valid_until or expires_at that nobody superseded          |
| unconfirmed_memory  | info     | preferences, gotchas, procedures without `confirmed`, untouched 180+ days  |
| unlinked_mention    | info     | another note's title or alias in the text without a link (outside raw/)    |
| orphan_note         | info     | notes with no incoming or outgoing link (handoffs, episodes, rules apart)  |
| agent_approved      | info     | what an agent wrote with the user's confirmation, to review                |

Archived notes are out of every rule: they left circulation on purpose.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

from cabecao_schema import CabecaoError, ErrorCode

from . import _messages as messages
from ._database import Database, Row
from ._extract import NAME_ALIAS, NAME_TITLE
from ._facts import fact_rows_current
from ._graph import mention_line, mention_name_ok, name_phrase_query
from ._lookup import day, note_body, validity_of
from ._models import LintFinding, LintReport, Severity
from ._search import scope_filter

RULES: dict[str, Severity] = {
    "invalid_frontmatter": "error",
    "fact_contradiction": "warning",
    "conflict_copy": "warning",
    "broken_link": "warning",
    "expired_note": "info",
    "unconfirmed_memory": "info",
    "unlinked_mention": "info",
    "orphan_note": "info",
    "agent_approved": "info",
}
UNCONFIRMED_DAYS = 180
UNCONFIRMED_TYPES = ("preference", "gotcha", "procedure")
#: Notes that stand without links: recall delivers rules, and handoffs and episodes are dated records.
ORPHAN_EXEMPT_TYPES = ("rule", "handoff", "episode")
_SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}
_RULE_ORDER = {rule: i for i, rule in enumerate(RULES)}


@dataclass(frozen=True, slots=True)
class ApprovedChange:
    """A commit with the `Cabecao-Approved` trailer that touched a note (from the store, which reads git)."""

    path: str
    commit: str
    when: str | None = None


def check_rules(rules: Iterable[str] | None) -> list[str]:
    if rules is None:
        return list(RULES)
    wanted = list(dict.fromkeys(rules))
    if not wanted:
        return list(RULES)
    unknown = [r for r in wanted if r not in RULES]
    if unknown:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            messages.unknown_lint_rules(values=unknown, allowed=list(RULES)),
            next_step=messages.next_step_fix_argument(),
        )
    return [r for r in RULES if r in wanted]


def _finding(rule: str, path: str, line: int | None, message: str, fix: str, related: list[str]) -> LintFinding:
    return LintFinding(rule=rule, severity=RULES[rule], path=path, line=line, message=message, fix=fix, related=related)


class _Context:
    """What several rules share, loaded once."""

    def __init__(self, db: Database, root: Path, scope: str | None, as_of: date) -> None:
        self.db = db
        self.root = root
        self.as_of = as_of
        scope_sql, params = scope_filter(scope)
        self.notes: dict[int, Row] = {
            row["rowid"]: row
            for row in db.query(
                "SELECT n.rowid AS rowid, n.path AS path, n.title AS title, n.type AS type, n.scope AS scope, "
                "n.origin AS origin, n.edited_by AS edited_by, n.approved_by AS approved_by, "
                "n.approved_at AS approved_at, n.created AS created, n.updated AS updated, n.confirmed AS confirmed, "
                "n.valid_from AS valid_from, n.valid_until AS valid_until, n.expires_at AS expires_at, "
                "n.has_superseded_by AS has_superseded_by, n.raw AS raw, n.body_line AS body_line, "
                "n.frontmatter_error AS frontmatter_error, n.frontmatter_error_line AS frontmatter_error_line "
                f"FROM notes n WHERE n.archived = 0{scope_sql}",
                params,
            )
        }
        self._pairs: set[tuple[int, int]] | None = None

    def link_pairs(self) -> set[tuple[int, int]]:
        """(source, target) for every link that resolves, between any two notes."""
        if self._pairs is None:  # `links.dst`: the note each link resolves to, stored when it was written
            self._pairs = set(self.db.tuples("SELECT note, dst FROM links WHERE dst IS NOT NULL AND dst != note"))
        return self._pairs


def run_lint(
    db: Database,
    root: Path,
    *,
    rules: Iterable[str] | None,
    scope: str | None,
    limit: int,
    as_of: date,
    approved: Sequence[ApprovedChange],
) -> LintReport:
    chosen = check_rules(rules)
    ctx = _Context(db, root, scope, as_of)
    findings: list[LintFinding] = []
    for rule in chosen:
        findings.extend(_RUNNERS[rule](ctx, approved))
    findings.sort(key=lambda f: (_SEVERITY_ORDER[f.severity], _RULE_ORDER[f.rule], f.path, f.line or 0, f.message))
    counts = {"error": 0, "warning": 0, "info": 0}
    by_rule = {rule: 0 for rule in chosen}
    for f in findings:
        counts[f.severity] += 1
        by_rule[f.rule] += 1
    return LintReport(
        findings=findings[:limit],
        counts=counts,
        by_rule=by_rule,
        checked_notes=len(ctx.notes),
        total=len(findings),
        truncated=len(findings) > limit,
    )


def _invalid_frontmatter(ctx: _Context, _approved: Sequence[ApprovedChange]) -> list[LintFinding]:
    return [
        _finding(
            "invalid_frontmatter",
            row["path"],
            row["frontmatter_error_line"],
            row["frontmatter_error"],
            messages.fix_invalid_frontmatter(),
            [],
        )
        for row in ctx.notes.values()
        if row["frontmatter_error"]
    ]


def _fact_contradiction(ctx: _Context, _approved: Sequence[ApprovedChange]) -> list[LintFinding]:
    rows = fact_rows_current(ctx.db, ctx.as_of)
    groups: dict[tuple[object, str], list[Row]] = defaultdict(list)
    for r in rows:
        groups[(_fact_side(r, "subject"), r["predicate_key"])].append(r)
    findings: list[LintFinding] = []
    for members in groups.values():
        objects = {_fact_side(m, "object") for m in members}
        if len(objects) < 2:
            continue
        for m in members:
            if m["note"] not in ctx.notes:
                continue
            mine = _fact_side(m, "object")
            others = [o for o in members if _fact_side(o, "object") != mine]
            findings.append(
                _finding(
                    "fact_contradiction",
                    m["path"],
                    None,
                    messages.lint_fact_contradiction(
                        subject=m["subject"],
                        predicate=m["predicate"],
                        obj=m["object"],
                        others=[f"{o['object']} ({o['path']})" for o in others],
                    ),
                    messages.fix_fact_contradiction(),
                    sorted(o["path"] for o in others),
                )
            )
    return findings


def _fact_side(row: Row, side: str) -> object:
    """The note a fact's subject or object resolves to (stored when the fact was written), else its name."""
    dst = row[f"{side}_dst"]
    return dst if dst is not None else row[f"{side}_key"]


def _conflict_copy(ctx: _Context, _approved: Sequence[ApprovedChange]) -> list[LintFinding]:
    return [
        _finding(
            "conflict_copy",
            row["path"],
            None,
            messages.lint_conflict_copy(original=row["original"]),
            messages.fix_conflict_copy(original=row["original"]),
            [row["original"]],
        )
        for row in ctx.db.query("SELECT path, original FROM conflicts ORDER BY path")
    ]


def _broken_link(ctx: _Context, _approved: Sequence[ApprovedChange]) -> list[LintFinding]:
    rows = ctx.db.query(
        "SELECT l.note AS note, l.target AS target, l.type AS type, l.line AS line FROM links l "
        "WHERE l.dst IS NULL AND l.explicit = 1"  # no note answers to the name
    )
    findings: list[LintFinding] = []
    for r in rows:
        note = ctx.notes.get(r["note"])
        if note is None or note["raw"]:
            continue
        findings.append(
            _finding(
                "broken_link",
                note["path"],
                r["line"],
                messages.lint_broken_link(target=r["target"], kind=r["type"]),
                messages.fix_broken_link(target=r["target"]),
                [],
            )
        )
    return findings


def _superseded(ctx: _Context) -> set[int]:
    return {
        dst for (dst,) in ctx.db.tuples("SELECT DISTINCT dst FROM links WHERE type = 'supersedes' AND dst IS NOT NULL")
    }


def _expired_note(ctx: _Context, _approved: Sequence[ApprovedChange]) -> list[LintFinding]:
    superseded = _superseded(ctx)
    findings: list[LintFinding] = []
    for rowid, row in ctx.notes.items():
        if validity_of(row, ctx.as_of) != "expired" or row["has_superseded_by"] or rowid in superseded:
            continue
        until = row["valid_until"] or row["expires_at"]
        findings.append(
            _finding(
                "expired_note",
                row["path"],
                None,
                messages.lint_expired_note(title=row["title"], until=until or ""),
                messages.fix_expired_note(),
                [],
            )
        )
    return findings


def _last_touched(ctx: _Context, row: Row) -> date | None:
    for key in ("updated", "created"):
        value = day(row[key])
        if value is not None:
            return value
    try:
        return datetime.fromtimestamp(os.stat(ctx.root / row["path"]).st_mtime, tz=UTC).date()
    except OSError:
        return None


def _unconfirmed_memory(ctx: _Context, _approved: Sequence[ApprovedChange]) -> list[LintFinding]:
    findings: list[LintFinding] = []
    for row in ctx.notes.values():
        if row["type"] not in UNCONFIRMED_TYPES or row["confirmed"]:
            continue
        last = _last_touched(ctx, row)
        if last is None or (ctx.as_of - last).days < UNCONFIRMED_DAYS:
            continue
        findings.append(
            _finding(
                "unconfirmed_memory",
                row["path"],
                None,
                messages.lint_unconfirmed_memory(
                    title=row["title"], note_type=row["type"], days=(ctx.as_of - last).days
                ),
                messages.fix_unconfirmed_memory(),
                [],
            )
        )
    return findings


def _unlinked_mention(ctx: _Context, _approved: Sequence[ApprovedChange]) -> list[LintFinding]:
    names = ctx.db.query(
        "SELECT nm.key AS key, nm.note AS note FROM names nm JOIN notes n ON n.rowid = nm.note "
        "WHERE nm.kind IN (?, ?) AND n.archived = 0 ORDER BY nm.key",
        [NAME_TITLE, NAME_ALIAS],
    )
    pairs = ctx.link_pairs()
    seen: set[tuple[int, int]] = set()
    bodies: dict[int, str] = {}
    findings: list[LintFinding] = []
    all_notes = {r["rowid"]: r for r in ctx.db.query("SELECT rowid, path, title FROM notes WHERE archived = 0")}
    for name in names:
        key, target = name["key"], name["note"]
        if not mention_name_ok(key):
            continue
        expression = name_phrase_query(key)
        if expression is None:
            continue
        for hit in ctx.db.query("SELECT rowid FROM notes_fts WHERE notes_fts MATCH ?", [expression]):
            src = hit["rowid"]
            note = ctx.notes.get(src)
            if src == target or note is None or note["raw"] or (src, target) in pairs or (src, target) in seen:
                continue
            if src not in bodies:
                bodies[src] = note_body(ctx.db, src)
            line = mention_line(bodies[src], key, note["body_line"])
            if line is None:  # the stemmer matched a different word
                continue
            seen.add((src, target))
            target_row = all_notes[target]
            findings.append(
                _finding(
                    "unlinked_mention",
                    note["path"],
                    line,
                    messages.lint_unlinked_mention(title=target_row["title"], path=target_row["path"]),
                    messages.fix_unlinked_mention(title=target_row["title"]),
                    [target_row["path"]],
                )
            )
    return findings


def _orphan_note(ctx: _Context, _approved: Sequence[ApprovedChange]) -> list[LintFinding]:
    linked: set[int] = set()
    for src, dst in ctx.link_pairs():
        linked.add(src)
        linked.add(dst)
    return [
        _finding(
            "orphan_note",
            row["path"],
            None,
            messages.lint_orphan_note(title=row["title"]),
            messages.fix_orphan_note(),
            [],
        )
        for rowid, row in ctx.notes.items()
        if rowid not in linked and row["type"] not in ORPHAN_EXEMPT_TYPES
    ]


def _agent_approved(ctx: _Context, approved: Sequence[ApprovedChange]) -> list[LintFinding]:
    by_path: dict[str, LintFinding] = {}
    for row in ctx.notes.values():
        if row["approved_by"] != "user":
            continue
        by_path[row["path"]] = _finding(
            "agent_approved",
            row["path"],
            None,
            messages.lint_agent_approved(
                title=row["title"], author=row["edited_by"] or row["origin"] or "", when=(row["approved_at"] or "")[:10]
            ),
            messages.fix_agent_approved(),
            [],
        )
    paths = {row["path"]: row for row in ctx.notes.values()}
    for change in approved:
        existing = by_path.get(change.path)
        if existing is not None:
            if change.commit not in existing.related:
                by_path[change.path] = existing.model_copy(update={"related": [*existing.related, change.commit]})
            continue
        note_row = paths.get(change.path)
        if note_row is None:
            continue
        by_path[change.path] = _finding(
            "agent_approved",
            change.path,
            None,
            messages.lint_agent_approved_commit(
                title=note_row["title"], commit=change.commit[:12], when=(change.when or "")[:10]
            ),
            messages.fix_agent_approved(),
            [change.commit],
        )
    return list(by_path.values())


_RUNNERS = {
    "invalid_frontmatter": _invalid_frontmatter,
    "fact_contradiction": _fact_contradiction,
    "conflict_copy": _conflict_copy,
    "broken_link": _broken_link,
    "expired_note": _expired_note,
    "unconfirmed_memory": _unconfirmed_memory,
    "unlinked_mention": _unlinked_mention,
    "orphan_note": _orphan_note,
    "agent_approved": _agent_approved,
}
