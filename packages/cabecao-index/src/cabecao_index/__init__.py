"""cabecao-index: keyword search, graph, facts and lint over a folder of Cabeção notes, in SQLite.

Usable on its own (no git, no MCP): `BrainIndex(folder)` keeps `<folder>/.cabecao/index.sqlite` in step with
the Markdown notes under memory/, wiki/ and raw/, and answers `search`, `graph`, `facts`, `lint`, duplicate
candidates, note lookups, backlinks, the `index.md` catalogue and status figures.
"""

from importlib.metadata import version as _version

from ._dedup import DEDUP_THRESHOLDS, Comparison, DedupThresholds, compare_texts
from ._index import INDEX_DIR, INDEX_FILE, BrainIndex
from ._lint import RULES as LINT_RULES
from ._lint import ApprovedChange
from ._migrations import INDEX_SCHEMA_VERSION
from ._models import (
    Backlink,
    DuplicateCandidate,
    Fact,
    FactQuery,
    FactsResult,
    GraphLink,
    GraphNeighbor,
    GraphResult,
    IndexStatus,
    LintFinding,
    LintReport,
    MentionedNote,
    NoteRecord,
    NoteRef,
    OutgoingLink,
    RelatedNote,
    Resolution,
    ResolvedBy,
    SearchHit,
    SearchMode,
    SearchResult,
    Validity,
)
from ._scan import ScanReport

__version__ = _version("cabecao-index")

__all__ = [
    "__version__",
    # the index
    "BrainIndex",
    "INDEX_DIR",
    "INDEX_FILE",
    "INDEX_SCHEMA_VERSION",
    "ScanReport",
    # results
    "SearchResult",
    "SearchHit",
    "RelatedNote",
    "GraphResult",
    "GraphNeighbor",
    "GraphLink",
    "NoteRef",
    "Resolution",
    "FactsResult",
    "Fact",
    "FactQuery",
    "LintReport",
    "LintFinding",
    "MentionedNote",
    "NoteRecord",
    "Backlink",
    "OutgoingLink",
    "DuplicateCandidate",
    "IndexStatus",
    # the results' value types
    "Validity",
    "SearchMode",
    "ResolvedBy",
    # lint
    "LINT_RULES",
    "ApprovedChange",
    # duplicates
    "DEDUP_THRESHOLDS",
    "DedupThresholds",
    "Comparison",
    "compare_texts",
]
