"""Three real servers append to one note at once: an append does not depend on what was read, so none fails
with `conflict`, none is lost, and each is one commit (8 of 120 failed before)."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest
from mcp import Client

from ..store import gitcli
from .conftest import server_params

pytestmark = pytest.mark.anyio

NOTE = "wiki/concepts/Idempotência.md"
SERVERS = 3
APPENDS = 12  # each


async def test_appends_from_three_servers_to_one_note_all_land(sample_brain: Path) -> None:
    head = gitcli.head(sample_brain)
    outcomes: list[tuple[str, bool, str]] = []

    async def writer(n: int) -> None:
        async with Client(server_params(sample_brain, "--client", f"escritor-{n}"), mode="legacy") as client:
            async with anyio.create_task_group() as group:
                for i in range(APPENDS):
                    line = f"Linha {n}-{i} do escritor {n}."

                    async def one(text: str = line) -> None:
                        result = await client.call_tool("write_page", {"path": NOTE, "content": text, "mode": "append"})
                        outcomes.append((text, bool(result.is_error), result.content[0].text))  # type: ignore[union-attr]

                    group.start_soon(one)

    async with anyio.create_task_group() as group:
        for n in range(SERVERS):
            group.start_soon(writer, n)

    failed = [(text, body) for text, error, body in outcomes if error]
    assert failed == [], failed[:3]
    assert len(outcomes) == SERVERS * APPENDS
    text = (sample_brain / NOTE).read_text(encoding="utf-8")
    for line, _, _ in outcomes:
        assert text.count(line) == 1, line
    commits = gitcli.git(sample_brain, "rev-list", f"{head}..HEAD").split()
    assert len(commits) == SERVERS * APPENDS
    assert gitcli.status(sample_brain) == ""
