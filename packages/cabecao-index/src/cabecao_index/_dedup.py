"""Is a new memory the same as an old one, a complement of it, or something the rule cannot decide?

`remember` uses this to skip, update or ask, without a language model. The text rules are pure functions over
the terms of both texts (folded words, without function words) and the thresholds are the reference's
`DEDUP_THRESHOLDS`. A number or a negation present on one side only is never "same" nor "complement": "lotes de
10" against "lotes de 25" is a correction for a person to judge.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import _messages as messages
from ._database import Database
from ._facets import facet_match
from ._lookup import PLACE_COLUMNS, PROVENANCE_COLUMNS, body_parts, columns, json_param, notes_by_rowid
from ._migrations import FTS_WEIGHTS
from ._models import DuplicateCandidate, Verdict
from ._terms import NEGATIONS, STOPWORDS, fts_phrase, has_number, words


@dataclass(frozen=True, slots=True)
class DedupThresholds:
    """The reference's thresholds, named."""

    #: Texts with fewer terms than this are the same only when identical.
    min_terms: int = 4
    #: Jaccard similarity at or above which two texts are the same.
    same_jaccard: float = 0.9
    #: A complement has every old term and at least this many times as many terms.
    complement_growth: float = 1.25
    #: Shared terms needed before a pair can be ambiguous.
    ambiguous_min_shared: int = 4
    #: Jaccard similarity at or above which a pair is ambiguous.
    ambiguous_jaccard: float = 0.5
    #: Share of the smaller text's terms inside the larger one at or above which a pair is ambiguous.
    ambiguous_containment: float = 0.8
    #: Cosine (semantic search) at or above which a pair is ambiguous.
    ambiguous_cosine: float = 0.9


DEDUP_THRESHOLDS = DedupThresholds()

#: Candidates read from the keyword index before the rule judges them.
CANDIDATE_POOL = 10
#: Terms of a new memory used to look for candidates.
CANDIDATE_QUERY_TERMS = 12
CONTENT_PREVIEW_CHARS = 300


@dataclass(frozen=True, slots=True)
class Comparison:
    verdict: Verdict
    similarity: float
    reason: str


def _markers(terms: set[str]) -> set[str]:
    return {t for t in terms if t in NEGATIONS or has_number(t)}


@dataclass(frozen=True, slots=True)
class _Side:
    """A text's words, terms and markers, worked out once for comparing it with many others."""

    words: list[str]
    terms: set[str]
    markers: set[str]

    @classmethod
    def of(cls, text: str) -> _Side:
        return cls.of_words(words(text))

    @classmethod
    def of_words(cls, text_words: list[str]) -> _Side:
        terms = {w for w in text_words if w not in STOPWORDS}
        return cls(text_words, terms, _markers(terms))


def compare_texts(
    new: str, old: str, *, cosine: float | None = None, thresholds: DedupThresholds = DEDUP_THRESHOLDS
) -> Comparison:
    """Judge a new memory against an existing one (see the module docstring for the rule)."""
    return _compare(_Side.of(new), _Side.of(old), cosine, thresholds)


def _compare(new: _Side, old: _Side, cosine: float | None, thresholds: DedupThresholds) -> Comparison:
    a, b = new.terms, old.terms
    union = a | b
    shared = a & b
    jaccard = len(shared) / len(union) if union else 1.0
    similarity = round(jaccard, 3)
    if new.words == old.words:
        return Comparison("same", 1.0, messages.dedup_identical())
    one_sided = bool(new.markers ^ old.markers)
    small = min(len(a), len(b)) < thresholds.min_terms
    if not small and not one_sided:
        if jaccard >= thresholds.same_jaccard:
            return Comparison("same", similarity, messages.dedup_almost_identical())
        if a <= b:
            return Comparison("same", similarity, messages.dedup_contained())
    if b and b <= a and len(a) >= thresholds.complement_growth * len(b) and not one_sided:
        return Comparison("complement", similarity, messages.dedup_complement())
    containment = len(shared) / min(len(a), len(b)) if a and b else 0.0
    if len(shared) >= thresholds.ambiguous_min_shared and (
        jaccard >= thresholds.ambiguous_jaccard or containment >= thresholds.ambiguous_containment
    ):
        reason = messages.dedup_correction() if one_sided else messages.dedup_undecided()
        return Comparison("ambiguous", similarity, reason)
    if cosine is not None and cosine >= thresholds.ambiguous_cosine:
        return Comparison("ambiguous", similarity, messages.dedup_semantic(cosine=cosine))
    return Comparison("different", similarity, messages.dedup_different())


_ORDER = {"same": 0, "complement": 1, "ambiguous": 2, "different": 3}


def find_duplicates(
    db: Database,
    content: str,
    *,
    note_type: str,
    scope: str,
    title: str | None,
    limit: int,
    cosines: dict[str, float] | None,
    include_different: bool,
) -> list[DuplicateCandidate]:
    """Live notes of the same type and scope that look like `content`, judged by `compare_texts`.

    `cosines` maps paths to a cosine from semantic search, when the caller has one.
    """
    seen: set[str] = set()
    query_terms: list[str] = []
    for word in words(f"{title or ''} {content}"):
        if word in STOPWORDS or word in seen:
            continue
        seen.add(word)
        query_terms.append(word)
    query_terms.sort(key=lambda w: (-len(w), w))
    query_terms = query_terms[:CANDIDATE_QUERY_TERMS]
    candidates: dict[int, float | None] = {}
    if query_terms:
        # The facet narrows the match to live notes of this type and scope before FTS5 scores anything.
        weights = ", ".join(str(w) for w in FTS_WEIGHTS)
        expression = facet_match(note_type, scope, " OR ".join(fts_phrase(t) for t in query_terms))
        rows = db.query(
            f"SELECT rowid, bm25(notes_fts, {weights}) AS score FROM notes_fts WHERE notes_fts MATCH ? "
            "ORDER BY score LIMIT ?",
            [expression, CANDIDATE_POOL],
        )
        candidates = {r["rowid"]: None for r in rows}
    if cosines:
        for row in db.query(
            "SELECT rowid, path FROM notes WHERE path IN (SELECT value FROM json_each(?)) AND archived = 0 "
            "AND type = ? AND scope = ?",
            [json_param(cosines), note_type, scope],
        ):
            candidates[row["rowid"]] = cosines[row["path"]]
    notes = notes_by_rowid(db, candidates)
    new = _Side.of(content)
    found: list[DuplicateCandidate] = []
    for rowid in candidates:
        row = notes[rowid]
        lead, text = body_parts(db, rowid)
        body = lead + text
        text_words = words(text)
        # A lead ending in white space splits no word: the body's words are the lead's, then the text's.
        body_words = words(lead) + text_words if not lead or lead[-1].isspace() else words(body)
        cosine = (cosines or {}).get(row["path"])
        # The stored body may open with `# Title`; the new content usually does not: judge both ways.
        result = min(
            (
                _compare(new, _Side.of_words(body_words), cosine, DEDUP_THRESHOLDS),
                _compare(new, _Side.of_words(text_words), cosine, DEDUP_THRESHOLDS),
            ),
            key=lambda c: (_ORDER[c.verdict], -c.similarity),
        )
        if result.verdict == "different" and not include_different:
            continue
        preview = " ".join(text.split()) or " ".join(body.split())
        found.append(
            DuplicateCandidate(
                **columns(row, *PLACE_COLUMNS, *PROVENANCE_COLUMNS),
                verdict=result.verdict,
                similarity=result.similarity,
                cosine=cosine,
                reason=result.reason,
                content=preview
                if len(preview) <= CONTENT_PREVIEW_CHARS
                else preview[: CONTENT_PREVIEW_CHARS - 1] + "…",
            )
        )
    found.sort(key=lambda c: (_ORDER[c.verdict], -c.similarity, c.path))
    return found[:limit]
