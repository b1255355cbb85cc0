"""Each lint rule with a brain that triggers it, and the report's shape."""

from __future__ import annotations

import pytest
from cabecao_index import LINT_RULES, ApprovedChange, BrainIndex
from cabecao_schema import CabecaoError, ErrorCode

from .conftest import WriteNotes

TODAY = "2026-11-13"

NOTES = {
    "wiki/entities/Alvo.md": "---\ntype: entity\ntitle: Alvo\n---\nO alvo, ligado a [[Fonte]].\n",
    "wiki/entities/Fonte.md": "---\ntype: entity\ntitle: Fonte\n---\nLiga para [[Alvo]] e para [[Inexistente]].\n",
    "wiki/entities/Quebrada.md": "---\ntype: entity\ntitle: Quebrada\nuses: ['[[Sumida]]']\n---\ncita Alvo sem link.\n",
    "wiki/concepts/Sozinha.md": "---\ntype: concept\ntitle: Sozinha\n---\nninguém me liga\n",
    "wiki/concepts/ruim.md": "---\ntype: concept\ntitle: Ruim\nscope: projeto errado\n---\nliga [[Alvo]]\n",
    "wiki/concepts/ilegivel.md": "---\ntitle: [sem fim\n---\nliga [[Alvo]]\n",
    "memory/facts/f1.md": "---\ntype: fact\ntitle: f1\nsubject: '[[Alvo]]'\npredicate: usa\nobject: A\n---\n[[Alvo]]\n",
    "memory/facts/f2.md": "---\ntype: fact\ntitle: f2\nsubject: '[[Alvo]]'\npredicate: usa\nobject: B\n---\n[[Alvo]]\n",
    "memory/gotchas/vencida.md": (
        "---\ntype: gotcha\ntitle: Vencida\nvalid_until: 2026-01-01\nconfirmed: true\n---\n[[Alvo]]\n"
    ),
    "memory/gotchas/vencida-substituida.md": (
        "---\ntype: gotcha\ntitle: Substituída\nvalid_until: 2026-01-01\nsuperseded_by: ['[[Alvo]]']\n"
        "confirmed: true\n---\nx\n"
    ),
    "memory/preferences/velha.md": "---\ntype: preference\ntitle: Velha\nupdated: 2026-01-02\n---\n[[Alvo]]\n",
    "memory/preferences/confirmada.md": (
        "---\ntype: preference\ntitle: Confirmada\nupdated: 2026-01-02\nconfirmed: true\n---\n[[Alvo]]\n"
    ),
    "memory/rules/aprovada.md": (
        "---\ntype: rule\ntitle: Aprovada\norigin: agent:claude-code\napproved_by: user\n"
        "approved_at: 2026-11-01\n---\nx\n"
    ),
    "memory/handoffs/h.md": "---\ntype: handoff\ntitle: H\nexpires_at: 2026-12-01\n---\nsem links e tudo bem\n",
    "wiki/entities/Alvo.conflict-maq-20261112-100000.md": "cópia\n",
    "raw/articles/a.md": "---\ntitle: Artigo\n---\nCita Alvo e [[Nada]] sem problema.\n",
    "memory/_archive/memory/gotchas/x.md": "---\ntype: gotcha\ntitle: X\nvalid_until: 2020-01-01\n---\n[[Nada]]\n",
}


@pytest.fixture
def index(brain: WriteNotes) -> BrainIndex:
    return BrainIndex(brain(NOTES))


def _by_rule(report) -> dict[str, list[tuple[str, int | None]]]:  # type: ignore[no-untyped-def]
    found: dict[str, list[tuple[str, int | None]]] = {}
    for f in report.findings:
        found.setdefault(f.rule, []).append((f.path, f.line))
    return found


def test_every_rule_fires_where_it_should(index: BrainIndex) -> None:
    report = index.lint(as_of=TODAY, approved=[ApprovedChange("memory/gotchas/vencida.md", "a" * 40, "2026-11-02")])
    found = _by_rule(report)
    assert sorted(p for p, _ in found["invalid_frontmatter"]) == ["wiki/concepts/ilegivel.md", "wiki/concepts/ruim.md"]
    assert dict(found["invalid_frontmatter"])["wiki/concepts/ruim.md"] == 4
    assert sorted(p for p, _ in found["fact_contradiction"]) == ["memory/facts/f1.md", "memory/facts/f2.md"]
    assert found["conflict_copy"] == [("wiki/entities/Alvo.conflict-maq-20261112-100000.md", None)]
    assert sorted(found["broken_link"]) == [("wiki/entities/Fonte.md", 5), ("wiki/entities/Quebrada.md", 4)]
    assert found["expired_note"] == [("memory/gotchas/vencida.md", None)]
    assert found["unconfirmed_memory"] == [("memory/preferences/velha.md", None)]
    assert found["unlinked_mention"] == [("wiki/entities/Quebrada.md", 6)]
    # a broken link leads nowhere, so Quebrada is an orphan too
    assert found["orphan_note"] == [("wiki/concepts/Sozinha.md", None), ("wiki/entities/Quebrada.md", None)]
    assert sorted(p for p, _ in found["agent_approved"]) == ["memory/gotchas/vencida.md", "memory/rules/aprovada.md"]
    assert report.by_rule == {rule: len(found.get(rule, [])) for rule in LINT_RULES}
    assert report.counts == {"error": 2, "warning": 5, "info": 7}
    assert report.total == len(report.findings) == 14
    assert report.checked_notes == 15  # archived note and conflict copy are not notes to check
    severities = [f.severity for f in report.findings]
    assert severities == sorted(severities, key=["error", "warning", "info"].index)
    mention = next(f for f in report.findings if f.rule == "unlinked_mention")
    assert mention.related == ["wiki/entities/Alvo.md"]
    assert mention.message and mention.fix


def test_rules_filter_and_limit(index: BrainIndex) -> None:
    report = index.lint(rules=["broken_link"], limit=1, as_of=TODAY)
    assert report.by_rule == {"broken_link": 2}
    assert (len(report.findings), report.total, report.truncated) == (1, 2, True)
    with pytest.raises(CabecaoError) as caught:
        index.lint(rules=["spelling"])
    assert caught.value.code == ErrorCode.INVALID_ARGUMENT


def test_sample_brain_is_mostly_healthy(sample_index: BrainIndex) -> None:
    report = sample_index.lint(as_of=TODAY)
    assert report.counts["error"] == 0
    assert report.by_rule["broken_link"] == 0
    assert report.by_rule["fact_contradiction"] == 0
