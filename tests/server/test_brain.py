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
