from __future__ import annotations

import pytest
from cabecao_schema import CabecaoError, ErrorCode, parse_document
from cabecao_store import (
    Store,
    apply_archive,
    apply_undo,
    create_restore_point,
    plan_archive,
    plan_undo,
    restore_points,
)

from . import gitcli

PREF = "memory/preferences/respostas-em-portugues.md"


def test_archive_moves_the_note_in_one_commit_and_undo_brings_it_back(make_brain, clock) -> None:  # type: ignore[no-untyped-def]
    store: Store = make_brain(sample=True)
    original = (store.root / PREF).read_text(encoding="utf-8")
    plan = plan_archive(store, PREF, reason="duplicada")
    assert plan.archived_path == "memory/_archive/respostas-em-portugues.md"
    assert gitcli.status(store.root) == ""  # planning writes nothing
    record = apply_archive(store, plan, session="01M79D4AFWB93BEMF0A5SXPNQB", client="claude-code", approved=True)
    assert not (store.root / PREF).exists()
    archived = parse_document((store.root / plan.archived_path).read_text(encoding="utf-8"))
    assert archived.frontmatter["forget_reason"] == "duplicada"
    assert archived.frontmatter["archived_from"] == PREF
    assert archived.frontmatter["id"] == "01KR2K2ER8WSC66YEXP487Q72D"
    assert gitcli.trailers(store.root)["Cabecao-Approved"] == "user"
    assert gitcli.status(store.root) == ""
    clock.advance(seconds=1)
    apply_undo(store, plan_undo(store, op=record.op), session="01M79D4AFWB93BEMF0A5SXPNQB", client="claude-code")
    assert (store.root / PREF).read_text(encoding="utf-8") == original
    assert not (store.root / plan.archived_path).exists()


def test_archive_of_a_missing_note_is_not_found(brain: Store) -> None:
    with pytest.raises(CabecaoError) as info:
        plan_archive(brain, "memory/gotchas/nao-existe.md", reason="x")
    assert info.value.code == ErrorCode.NOT_FOUND


def test_restore_point_is_a_local_tag_on_head(brain: Store) -> None:
    point = create_restore_point(brain, "01M7AF0W8QRBQNQEDZ0MTWYZX6")
    assert point.tag == "cabecao/restore/2026-11-13-120000-000-01M7AF0W8QRBQNQEDZ0MTWYZX6"
    assert gitcli.git(brain.root, "rev-parse", point.tag).strip() == gitcli.head(brain.root)
    assert restore_points(brain) == [point]
