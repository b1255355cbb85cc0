"""Search, graph, lint and scans on a generated brain, checked against the notes themselves.

The sample brain pins exact answers; a generated brain (`generate_corpus`: hub notes, typed relations, aliases,
facts with supersedes chains, archived and raw notes, pt and en prose) checks the same rules at a scale where
hand-picked cases run out. The expectations here come from reading the files with `cabecao_schema`, never from
the index.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest
from cabecao_index import BrainIndex
from cabecao_index._terms import STOPWORDS
from cabecao_schema import ARCHIVE_FOLDER, NOTE_ROOTS, fold, parse_document, validity_on

from ..corpus import CorpusInfo, generate_corpus

NOTES = 400
DAYS = [date(2025, 6, 1), date(2026, 3, 1), date(2027, 1, 1)]


@dataclass(frozen=True)
class FileNote:
    """A note as the file says, read without the index."""

    path: str
    frontmatter: dict[str, object]
    words: frozenset[str]  # folded words of title, aliases, tags and body

    @property
    def archived(self) -> bool:
        return self.path.startswith(ARCHIVE_FOLDER + "/")

    @property
    def scope(self) -> str:
        return str(self.frontmatter.get("scope", "global"))


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", fold(text)))


def read_files(root: Path) -> dict[str, FileNote]:
    notes: dict[str, FileNote] = {}
    for file in sorted(root.rglob("*.md")):
        relative = file.relative_to(root).as_posix()
        if relative.split("/", 1)[0] not in NOTE_ROOTS:
            continue
        document = parse_document(file.read_text(encoding="utf-8"))
        fm = document.frontmatter
        texts = [
            str(fm.get("title", "")),
            document.body,
            *map(str, _listed(fm.get("aliases"))),
            *map(str, _listed(fm.get("tags"))),
        ]
        notes[relative] = FileNote(relative, fm, frozenset(_words(" ".join(texts))))
    return notes


def _listed(value: object) -> list[object]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> CorpusInfo:
    return generate_corpus(tmp_path_factory.mktemp("generated") / "brain", NOTES, seed=13)


@pytest.fixture(scope="module")
def files(corpus: CorpusInfo) -> dict[str, FileNote]:
    return read_files(corpus.root)


@pytest.fixture(scope="module")
def index(corpus: CorpusInfo) -> Iterator[BrainIndex]:
    with BrainIndex(corpus.root) as built:
        built.scan()
        yield built


def _terms_in_some_notes(files: dict[str, FileNote], low: int, high: int) -> list[str]:
    """Content words (4+ letters, no digits, not a function word a query drops) found in between `low` and
    `high` live notes, most common first."""
    counts: dict[str, int] = {}
    for note in files.values():
        if not note.archived:
            for word in note.words:
                if len(word) >= 4 and word.isalpha() and word not in STOPWORDS:
                    counts[word] = counts.get(word, 0) + 1
    return sorted((w for w, n in counts.items() if low <= n <= high), key=lambda w: (-counts[w], w))


def test_all_terms_then_any_term_then_none(index: BrainIndex, files: dict[str, FileNote]) -> None:
    live = [n for n in files.values() if not n.archived]
    checked = 0
    for first in _terms_in_some_notes(files, 5, 60)[:15]:
        for second in _terms_in_some_notes(files, 5, 60)[15:30]:
            both = {n.path for n in live if {first, second} <= n.words}
            if not both or len(both) > 50:
                continue
            result = index.search(f"{first} {second}", limit=100, related=False)
            assert result.mode == "and"
            hits = {hit.path for hit in result.hits}
            assert both <= hits  # every note with both words, as written
            for path in hits:  # and nothing without them (the stemmer may match a longer form)
                text = " ".join(sorted(files[path].words))
                assert first[:-1] in text and second[:-1] in text, (first, second, path)
            checked += 1
    assert checked >= 5
    rare = _terms_in_some_notes(files, 1, 40)[::-1]  # rarest first
    pair = next((a, b) for a in rare for b in rare if a != b and not any({a, b} <= n.words for n in files.values()))
    either = index.search(" ".join(pair), limit=100, related=False)
    assert either.mode == "or" and {h.path for h in either.hits} >= {n.path for n in live if n.words & set(pair)}
    assert index.search("xyzzyquux plughwomble", limit=10).mode == "none"


def test_accents_and_case_fold_on_real_words(index: BrainIndex) -> None:
    # Accented words as the generator writes them, upper-cased, find what their plain forms find.
    for written in ("cobrança", "índice", "decisão", "migração", "memória"):
        plain = fold(written)
        folded = {h.path for h in index.search(written.upper(), limit=100, related=False).hits}
        assert folded == {h.path for h in index.search(plain, limit=100, related=False).hits}
        assert folded, written


def test_filters_and_validity_match_the_files(index: BrainIndex, files: dict[str, FileNote]) -> None:
    queries = _terms_in_some_notes(files, 20, 400)[:8]
    types = sorted({str(n.frontmatter["type"]) for n in files.values() if n.frontmatter.get("type")})
    projects = sorted({n.scope for n in files.values() if n.scope.startswith("project:")})
    assert len(types) >= 8 and projects
    for query in queries:
        for as_of in DAYS:
            for hit in index.search(query, limit=50, as_of=as_of, related=False).hits:
                note = files[hit.path]
                assert not note.archived
                fm = note.frontmatter
                expected = validity_on(
                    as_of,
                    valid_from=_day(fm.get("valid_from")),
                    valid_until=_day(fm.get("valid_until")),
                    expires_at=_day(fm.get("expires_at")),
                )
                assert hit.validity == expected, (hit.path, as_of)
        for kind in types[:6]:
            assert all(
                files[h.path].frontmatter.get("type") == kind for h in index.search(query, types=[kind], limit=50).hits
            )
        only_global = index.search(query, scope="global", limit=50, related=False).hits
        assert all(files[h.path].scope == "global" for h in only_global)
        for project in projects:
            hits = index.search(query, scope=project, limit=50, related=False).hits
            assert all(files[h.path].scope in ("global", project) for h in hits)


def _day(value: object) -> date | None:
    if value is None:
        return None
    return value if isinstance(value, date) else date.fromisoformat(str(value)[:10])


def test_graph_depth_two_reaches_every_kind_of_link(
    index: BrainIndex, corpus: CorpusInfo, files: dict[str, FileNote]
) -> None:
    kinds: set[str] = set()
    for hub in corpus.hubs[:10] + corpus.fact_subjects[:10]:
        result = index.graph(hub, depth=2, limit=200, budget_tokens=None)
        assert result.total >= len(result.neighbors)
        for neighbor in result.neighbors:
            assert not files[neighbor.path].archived
            assert neighbor.distance in (1, 2)
            for link in neighbor.links:
                kinds.add(link.type)
                if link.origin == "body" and link.type == "wikilink" and link.line is not None:
                    source = corpus.root / link.from_
                    line = source.read_text(encoding="utf-8").split("\n")[link.line - 1]
                    assert "[[" in line, (source, link.line)
    assert {"wikilink", "mention", "fact", "supersedes"} <= kinds, kinds
    assert kinds & {"related_to", "depends_on"}, kinds


def test_lint_counts_agree_with_findings(index: BrainIndex, files: dict[str, FileNote]) -> None:
    report = index.lint(limit=1000)
    assert sum(report.counts.values()) == len(report.findings)
    fired = {finding.rule for finding in report.findings}
    assert {"expired_note", "unlinked_mention", "unconfirmed_memory"} <= fired, fired
    for finding in report.findings:
        assert not files[finding.path].archived
        if finding.rule == "unlinked_mention":
            assert not finding.path.startswith("raw/")


def test_edits_renames_deletes_and_archives_outside_are_picked_up(corpus: CorpusInfo, tmp_path: Path) -> None:
    root = tmp_path / "copy"
    shutil.copytree(corpus.root, root, ignore=shutil.ignore_patterns(".cabecao"))
    entities = sorted(p for p in (root / "wiki/entities").glob("*.md"))
    edited, renamed, deleted, archived = entities[:4]
    with BrainIndex(root) as index:
        index.scan()
        edited.write_text(edited.read_text(encoding="utf-8") + "\nPalavra única zimbrotaxia.\n", encoding="utf-8")
        renamed_to = renamed.with_name("renomeada-" + renamed.name)
        renamed.rename(renamed_to)
        deleted.unlink()
        (root / ARCHIVE_FOLDER).mkdir(parents=True, exist_ok=True)
        archived_to = root / ARCHIVE_FOLDER / archived.name
        archived.rename(archived_to)
        report = index.scan()
        rel = lambda p: p.relative_to(root).as_posix()  # noqa: E731
        assert rel(edited) in report.updated
        assert rel(renamed_to) in report.added and rel(renamed) in report.removed
        assert rel(deleted) in report.removed and rel(archived) in report.removed
        assert [h.path for h in index.search("zimbrotaxia").hits] == [rel(edited)]
        paths = {r["path"] for r in index._db.query("SELECT path FROM notes")}
        assert rel(renamed) not in paths and rel(deleted) not in paths and rel(renamed_to) in paths
        title = str(parse_document(archived_to.read_text(encoding="utf-8")).frontmatter["title"])
        assert all(h.path != rel(archived_to) for h in index.search(title, limit=100).hits)
