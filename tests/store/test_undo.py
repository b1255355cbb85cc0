from __future__ import annotations

import pytest
from cabecao_schema import CabecaoError, ErrorCode
from cabecao_store import FileChange, Store, apply_undo, plan_undo

from . import gitcli

SESSION_A = "01M79D4AFWB93BEMF0A5SXPNQA"
SESSION_B = "01M79D4AFWB93BEMF0A5SXPNQB"


def put(store: Store, path: str, text: str, *, session: str = SESSION_A, client: str = "claude-code"):
    current = store.read_text(path)
    return store.write(
        [FileChange(path, text, expected=current)],
        summary=f"write {path}",
        lines=[f"write {path}"],
        session=session,
        client=client,
    )


def test_undo_one_operation(brain: Store, clock) -> None:  # type: ignore[no-untyped-def]
    first = put(brain, "wiki/concepts/a.md", "# A\n\nv1\n")
    clock.advance(seconds=1)
    second = put(brain, "wiki/concepts/a.md", "# A\n\nv2\n")
    clock.advance(seconds=1)
    plan = plan_undo(brain, op=second.op)
    assert plan.reasons == []
    record = apply_undo(brain, plan, session=SESSION_B, client="claude-code")
    assert (brain.root / "wiki/concepts/a.md").read_text(encoding="utf-8") == "# A\n\nv1\n"
    trailers = gitcli.trailers(brain.root)
    assert trailers["Cabecao-Undoes"] == second.op
    assert trailers["Cabecao-Op"] == record.op
    assert record.paths == ["log.md", "wiki/concepts/a.md"]
    assert gitcli.status(brain.root) == ""
    statuses = {s.record.op: s for s in brain.operations()}
    assert statuses[second.op].undone_by == record.op
    assert statuses[first.op].undone_by is None
    # The log keeps every line: the undone operation's and the undo's.
    log = (brain.root / "log.md").read_text(encoding="utf-8")
    assert second.op in log and record.op in log

    with pytest.raises(CabecaoError) as info:
        plan_undo(brain, op=second.op)
    assert info.value.code == ErrorCode.ALREADY_UNDONE

    # Undoing the undo redoes the operation.
    clock.advance(seconds=1)
    apply_undo(brain, plan_undo(brain, op=record.op), session=SESSION_B, client="claude-code")
    assert (brain.root / "wiki/concepts/a.md").read_text(encoding="utf-8") == "# A\n\nv2\n"
    statuses = {s.record.op: s for s in brain.operations()}
    assert statuses[second.op].undone_by is None


def test_undo_a_whole_session_in_one_commit(brain: Store, clock) -> None:  # type: ignore[no-untyped-def]
    put(brain, "wiki/concepts/fora.md", "# Fora\n", session=SESSION_B)
    clock.advance(seconds=1)
    put(brain, "wiki/concepts/a.md", "# A\n")
    clock.advance(seconds=1)
    put(brain, "wiki/concepts/b.md", "# B\n")
    clock.advance(seconds=1)
    put(brain, "wiki/concepts/a.md", "# A2\n")
    clock.advance(seconds=1)
    commits_before = gitcli.commit_count(brain.root)
    plan = plan_undo(brain, session=SESSION_A)
    assert len(plan.targets) == 3
    record = apply_undo(brain, plan, session=SESSION_B, client="claude-code")
    assert gitcli.commit_count(brain.root) == commits_before + 1
    assert not (brain.root / "wiki/concepts/a.md").exists()
    assert not (brain.root / "wiki/concepts/b.md").exists()
    assert (brain.root / "wiki/concepts/fora.md").exists()
    assert len(gitcli.trailers(brain.root)["Cabecao-Undoes"].split(",")) == 3
    assert gitcli.status(brain.root) == ""
    with pytest.raises(CabecaoError) as info:
        plan_undo(brain, session=SESSION_A)
    assert info.value.code == ErrorCode.NOTHING_TO_UNDO
    assert record.kind == "undo"


def test_session_undo_skips_undos_of_its_own_work(brain: Store, clock) -> None:  # type: ignore[no-untyped-def]
    put(brain, "wiki/concepts/a.md", "# A\n")
    clock.advance(seconds=1)
    wrong = put(brain, "wiki/concepts/b.md", "# B\n")
    clock.advance(seconds=1)
    apply_undo(brain, plan_undo(brain, op=wrong.op), session=SESSION_A, client="claude-code")
    clock.advance(seconds=1)
    apply_undo(brain, plan_undo(brain, session=SESSION_A), session=SESSION_B, client="claude-code")
    assert not (brain.root / "wiki/concepts/a.md").exists()
    assert not (brain.root / "wiki/concepts/b.md").exists()


def test_last_agent_operation_skips_human_ones(brain: Store, clock) -> None:  # type: ignore[no-untyped-def]
    agent = put(brain, "wiki/concepts/a.md", "# A\n")
    clock.advance(seconds=1)
    put(brain, "wiki/concepts/h.md", "# H\n", client="cli")
    plan = plan_undo(brain)
    assert [t.op for t in plan.targets] == [agent.op]
    assert plan.reasons == []


def test_undoing_a_user_operation_or_by_prefix_needs_confirmation(brain: Store, clock) -> None:  # type: ignore[no-untyped-def]
    human = put(brain, "wiki/concepts/h.md", "# H\n", client="cli")
    clock.advance(seconds=1)
    agent = put(brain, "wiki/concepts/a.md", "# A\n")
    assert plan_undo(brain, op=human.op).reasons
    prefix_plan = plan_undo(brain, op=agent.op[:12])
    assert [t.op for t in prefix_plan.targets] == [agent.op]
    assert prefix_plan.by_prefix and prefix_plan.reasons


def test_errors_for_unknown_operations_and_sessions(brain: Store) -> None:
    with pytest.raises(CabecaoError) as info:
        plan_undo(brain)
    assert info.value.code == ErrorCode.NOTHING_TO_UNDO
    with pytest.raises(CabecaoError) as info:
        plan_undo(brain, op="01M79D4AFWB93BEMF0A5SXPNQZ")
    assert info.value.code == ErrorCode.NOT_FOUND
    with pytest.raises(CabecaoError) as info:
        plan_undo(brain, session="01M79D4AFWB93BEMF0A5SXPNQZ")
    assert info.value.code == ErrorCode.NOT_FOUND


def test_undo_that_cannot_apply_is_a_conflict_and_changes_nothing(brain: Store, clock) -> None:  # type: ignore[no-untyped-def]
    first = put(brain, "wiki/concepts/a.md", "# A\n\nlinha\n")
    clock.advance(seconds=1)
    put(brain, "wiki/concepts/a.md", "# A\n\nlinha mudada depois\n", session=SESSION_B)
    head = gitcli.head(brain.root)
    with pytest.raises(CabecaoError) as info:
        apply_undo(brain, plan_undo(brain, op=first.op), session=SESSION_B, client="claude-code")
    assert info.value.code == ErrorCode.CONFLICT
    assert gitcli.head(brain.root) == head
    assert gitcli.status(brain.root) == ""


def test_undo_refuses_to_overwrite_an_uncommitted_edit(brain: Store, clock) -> None:  # type: ignore[no-untyped-def]
    op = put(brain, "wiki/concepts/a.md", "# A\n")
    (brain.root / "wiki/concepts/a.md").write_text("# A\n\nminha edição\n", encoding="utf-8")
    with pytest.raises(CabecaoError) as info:
        apply_undo(brain, plan_undo(brain, op=op.op), session=SESSION_B, client="claude-code")
    assert info.value.code == ErrorCode.CONFLICT
    assert (brain.root / "wiki/concepts/a.md").read_text(encoding="utf-8") == "# A\n\nminha edição\n"
