"""What `Store.write` refuses before touching anything, `FileChange.build`, and how git's lock files are judged."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from cabecao_schema import CabecaoError, ErrorCode, new_ulid
from cabecao_store import FileChange, Store

from . import gitcli

SESSION = "01M79D4AFWB93BEMF0A5SXPNQB"
KEY = "AKIA" + "Z3QX7RLK2WPN5VTB"


def _write(store: Store, **overrides: object):  # type: ignore[no-untyped-def]
    options: dict[str, object] = {"summary": "add concept: X", "session": SESSION, "client": "claude-code"}
    options.update(overrides)
    return store.write([FileChange("wiki/concepts/x.md", "# X\n", expected=None)], **options)  # type: ignore[arg-type]


def _untouched(store: Store, head: str) -> None:
    assert gitcli.head(store.root) == head
    assert gitcli.status(store.root) == ""
    assert not (store.root / "wiki/concepts/x.md").exists()
    assert not list((store.root / ".cabecao").glob("journal-*"))


@pytest.mark.parametrize(
    ("overrides", "code"),
    [
        ({"session": "s"}, ErrorCode.INVALID_ARGUMENT),
        ({"session": SESSION.lower()}, ErrorCode.INVALID_ARGUMENT),
        ({"session": SESSION + "\nCabecao-Approved: user"}, ErrorCode.INVALID_ARGUMENT),
        ({"session": KEY}, ErrorCode.INVALID_ARGUMENT),
        ({"client": "Claude Code"}, ErrorCode.INVALID_ARGUMENT),
        ({"client": "-x"}, ErrorCode.INVALID_ARGUMENT),
        ({"client": "a" * 65}, ErrorCode.INVALID_ARGUMENT),
        ({"client": "x\nCabecao-Client: cli"}, ErrorCode.INVALID_ARGUMENT),
        ({"op": "op-1"}, ErrorCode.INVALID_ARGUMENT),
        ({"summary": f"add concept: {KEY}"}, ErrorCode.SECRET_DETECTED),
        ({"lines": ["ok", f"chave {KEY}"]}, ErrorCode.SECRET_DETECTED),
        ({"undoes": [KEY]}, ErrorCode.SECRET_DETECTED),
    ],
)
def test_provenance_and_message_are_checked_before_anything_is_written(
    brain: Store, overrides: dict[str, object], code: ErrorCode
) -> None:
    head = gitcli.head(brain.root)
    with pytest.raises(CabecaoError) as info:
        _write(brain, **overrides)
    assert info.value.code == code
    assert KEY not in info.value.message and KEY not in (info.value.next_step or "")
    _untouched(brain, head)


def test_accepted_tokens(brain: Store) -> None:
    for client in ("cli", "claude-code", "codex.mcp_client-2", "a" * 64):
        record = brain.write(
            [FileChange(f"wiki/concepts/{client[:10]}.md", "# X\n")], summary="x", session=new_ulid(), client=client
        )
        assert gitcli.trailers(brain.root)["Cabecao-Client"] == client == record.client


def test_build_computes_the_change_from_the_file_under_the_lock(brain: Store) -> None:
    path = "wiki/concepts/diario.md"
    seen: list[str | None] = []

    def append(line: str):  # type: ignore[no-untyped-def]
        def build(current: str | None) -> str:
            seen.append(current)
            return (current or "# Diário\n") + line

        return build

    brain.write([FileChange(path, build=append("- um\n"))], summary="append", session=SESSION, client="cli")
    (brain.root / path).write_text("# Diário\n- um\n- editado à mão\n", encoding="utf-8")  # changed meanwhile
    brain.write([FileChange(path, build=append("- dois\n"))], summary="append", session=SESSION, client="cli")
    assert seen == [None, "# Diário\n- um\n- editado à mão\n"]
    assert (brain.root / path).read_text(encoding="utf-8") == "# Diário\n- um\n- editado à mão\n- dois\n"
    assert gitcli.status(brain.root) == ""


def test_build_that_refuses_changes_nothing(brain: Store) -> None:
    head = gitcli.head(brain.root)

    def refuse(current: str | None) -> str:
        raise CabecaoError(ErrorCode.SECRET_DETECTED, "segredo")

    with pytest.raises(CabecaoError) as info:
        brain.write(
            [FileChange("wiki/concepts/y.md", "# Y\n"), FileChange("wiki/concepts/x.md", build=refuse)],
            summary="x",
            session=SESSION,
            client="cli",
        )
    assert info.value.code == ErrorCode.SECRET_DETECTED
    _untouched(brain, head)
    assert not (brain.root / "wiki/concepts/y.md").exists()


def test_build_replaces_content_and_expected() -> None:
    with pytest.raises(ValueError):
        FileChange("a.md", "x", build=lambda current: "y")
    with pytest.raises(ValueError):
        FileChange("a.md", expected=None, build=lambda current: "y")


# git's lock files ----------------------------------------------------------------------------------------------


def _ref_lock(store: Store, content: str, age: float) -> Path:
    lock = store.root / ".git/refs/heads/main.lock"
    lock.write_text(content, encoding="utf-8")
    then = time.time() - age
    os.utime(lock, (then, then))
    return lock


@pytest.mark.parametrize(
    ("content", "age", "stale"),
    [
        ("", 0.0, False),  # a git that just made it and is about to write the new id
        ("", 5.0, True),  # empty a second later: its git died before writing
        ("{head}\n", 5.0, False),  # a git between writing the id and renaming (or a live update-ref --stdin)
        ("{head}\n", 40.0, True),  # older than any git holds one
    ],
)
def test_a_ref_lock_is_stale_only_when_its_owner_is_gone(make_brain, content: str, age: float, stale: bool) -> None:  # type: ignore[no-untyped-def]
    store = make_brain(lock_timeout=0.3)
    head = gitcli.head(store.root)
    lock = _ref_lock(store, content.format(head=head), age)
    assert bool(store.stale_git_locks()) == stale
    if stale:
        record = _write(store)
        assert any("main.lock" in w for w in record.warnings)
        assert not lock.exists()
    else:
        with pytest.raises(CabecaoError) as info:
            _write(store)
        assert info.value.code == ErrorCode.LOCKED
        assert lock.exists()
        _untouched(store, head)


def test_cabecaos_own_index_lock_left_by_a_dead_writer_is_removed_at_once(brain: Store) -> None:
    lock = brain.root / ".git/index.lock"
    lock.write_bytes(b"cabecao-lock pid=999999 op=01M79D4AFWB93BEMF0A5SXPNQB\n")
    assert brain.stale_git_locks()  # nobody holds the brain lock, so its owner is gone
    record = _write(brain)
    assert not lock.exists()
    assert record.warnings and gitcli.status(brain.root) == ""
