"""`log.md` keeps this month's operations; past months move to `log/AAAA-MM.md` in the write that crosses over."""

from __future__ import annotations

from datetime import UTC, datetime

from cabecao_store import Store, apply_undo, is_log_path, plan_undo

from . import gitcli
from .test_undo import SESSION_B, put


def _op_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("- 20")]


def test_first_write_of_a_month_moves_the_past_months_out(brain: Store, clock) -> None:  # type: ignore[no-untyped-def]
    init_lines = _op_lines((brain.root / "log.md").read_text(encoding="utf-8"))  # init's own line, 2026-11
    clock.current = datetime(2026, 11, 30, 23, 58, tzinfo=UTC)
    november = [put(brain, f"wiki/concepts/n{i}.md", f"# N{i}\n") for i in range(3)]
    november_lines = _op_lines((brain.root / "log.md").read_text(encoding="utf-8"))
    assert len(november_lines) == len(init_lines) + 3

    clock.current = datetime(2026, 12, 1, 0, 1, tzinfo=UTC)
    december = put(brain, "wiki/concepts/d.md", "# D\n")

    log = (brain.root / "log.md").read_text(encoding="utf-8")
    assert log.startswith("# Registro de operações\n")
    assert len(_op_lines(log)) == 1 and "2026-12-01" in log and december.op in log
    archive = (brain.root / "log/2026-11.md").read_text(encoding="utf-8")
    assert archive.startswith("# Registro de operações — 2026-11\n")
    assert _op_lines(archive) == november_lines  # every line, in order, nothing lost
    assert all(record.op in archive for record in november)
    # One commit moved the lines and recorded the operation; the tree is clean.
    assert set(gitcli.git(brain.root, "show", "--name-only", "--format=", "HEAD").split()) == {
        "log.md",
        "log/2026-11.md",
        "wiki/concepts/d.md",
    }
    assert gitcli.status(brain.root) == ""
    assert december.paths == ["log.md", "log/2026-11.md", "wiki/concepts/d.md"]
    # The operation history comes from git trailers, not from the log: it still lists everything.
    assert {s.record.op for s in brain.operations()} >= {r.op for r in [*november, december]}


def test_months_append_to_their_own_files_and_a_skipped_month_is_fine(brain: Store, clock) -> None:  # type: ignore[no-untyped-def]
    clock.current = datetime(2026, 12, 5, tzinfo=UTC)
    put(brain, "wiki/concepts/a.md", "# A\n")
    clock.current = datetime(2027, 2, 3, tzinfo=UTC)  # January had no operation
    put(brain, "wiki/concepts/b.md", "# B\n")
    assert sorted(p.name for p in (brain.root / "log").iterdir()) == ["2026-11.md", "2026-12.md"]
    clock.current = datetime(2027, 3, 1, tzinfo=UTC)
    put(brain, "wiki/concepts/c.md", "# C\n")
    assert sorted(p.name for p in (brain.root / "log").iterdir()) == ["2026-11.md", "2026-12.md", "2027-02.md"]
    assert len(_op_lines((brain.root / "log.md").read_text(encoding="utf-8"))) == 1


def test_undo_never_takes_lines_back_nor_deletes_a_month_file(brain: Store, clock) -> None:  # type: ignore[no-untyped-def]
    put(brain, "wiki/concepts/a.md", "# A\n")
    clock.current = datetime(2026, 12, 1, tzinfo=UTC)
    crossing = put(brain, "wiki/concepts/b.md", "# B\n")  # moved November out
    archive_before = (brain.root / "log/2026-11.md").read_text(encoding="utf-8")
    clock.current = datetime(2026, 12, 1, 0, 5, tzinfo=UTC)
    undo = apply_undo(brain, plan_undo(brain, op=crossing.op), session=SESSION_B, client="claude-code")
    assert not (brain.root / "wiki/concepts/b.md").exists()
    assert (brain.root / "log/2026-11.md").read_text(encoding="utf-8") == archive_before
    log = (brain.root / "log.md").read_text(encoding="utf-8")
    assert crossing.op in log and undo.op in log
    assert undo.paths == ["log.md", "wiki/concepts/b.md"]
    assert gitcli.status(brain.root) == ""


def test_log_paths() -> None:
    assert is_log_path("log.md") and is_log_path("log/2026-11.md")
    assert not is_log_path("log/notas.md") and not is_log_path("wiki/log.md") and not is_log_path("memory/log.md")
