"""The application layer without the protocol: upkeep of derived state between calls."""

from __future__ import annotations

from pathlib import Path

import pytest
from cabecao_server import Brain, operation


def test_catalogue_and_hand_edits_are_caught_up_at_idle(sample_brain: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    brain = Brain.open(sample_brain, client="teste")
    try:
        brain.fresh()
        brain.maintain()
        catalog = (sample_brain / "index.md").read_text(encoding="utf-8")
        assert "Respostas em português" in catalog
        write_page = operation("write_page")
        args = write_page.parse(
            {
                "path": "wiki/concepts/Backpressure.md",
                "content": "Controle de fluxo.",
                "frontmatter": {"type": "concept", "title": "Backpressure"},
            },
        )
        write_page(brain, args)
        assert "Backpressure" not in (sample_brain / "index.md").read_text(encoding="utf-8")  # only marked stale
        assert brain.index.note(path="wiki/concepts/Backpressure.md").title == "Backpressure"  # index already knows
        brain.maintain()
        assert "Backpressure" in (sample_brain / "index.md").read_text(encoding="utf-8")

        (sample_brain / "wiki/concepts/Escrita à mão.md").write_text(
            "---\ntype: concept\ntitle: Escrita à mão\n---\n\nNota feita no editor.\n", encoding="utf-8"
        )
        monkeypatch.setattr(brain, "_rescan_every", 0.0)
        brain.maintain()
        assert brain.index.note(path="wiki/concepts/Escrita à mão.md").title == "Escrita à mão"
        brain.maintain()
        assert "Escrita à mão" in (sample_brain / "index.md").read_text(encoding="utf-8")
    finally:
        brain.close()


def test_with_nobody_to_confirm_a_rule_is_rule_requires_human_and_nothing_changes(sample_brain: Path) -> None:
    """The reference's `rule_requires_human`: a rule from an agent where no confirmation flow can run (the server
    of an unattended consolidation). Other elevated actions are the person's (`human_only`)."""
    import pygit2
    from cabecao_schema import CabecaoError, ErrorCode

    repo = pygit2.Repository(str(sample_brain))
    head = repo.head.target
    brain = Brain.open(sample_brain, client="consolidacao", unattended=True)
    try:
        remember = operation("remember")
        with pytest.raises(CabecaoError) as rule:
            remember(brain, remember.parse({"content": "Sempre responda em português.", "type": "rule"}))
        assert rule.value.code == ErrorCode.RULE_REQUIRES_HUMAN
        assert "wiki/syntheses/" in (rule.value.next_step or "")
        write_page = operation("write_page")
        with pytest.raises(CabecaoError) as control:
            write_page(brain, write_page.parse({"path": "AGENTS.md", "content": "# Outro", "mode": "overwrite"}))
        assert control.value.code == ErrorCode.HUMAN_ONLY
        synthesis = write_page(
            brain,
            write_page.parse(
                {
                    "path": "wiki/syntheses/Proposta de regra.md",
                    "content": "Proposta: sempre responder em português.",
                    "frontmatter": {"type": "synthesis"},
                }
            ),
        )
        assert synthesis.changed is True  # what an unattended agent may do instead: propose it
    finally:
        brain.close()
    assert repo.head.target != head
    assert not (sample_brain / "memory/rules/sempre-responda-em-portugues.md").exists()
