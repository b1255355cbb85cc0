from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from cabecao_schema import CabecaoError, ErrorCode, new_ulid
from cabecao_store import FileChange, OperationRecord, Store

from . import gitcli

NOTE = "---\ntype: gotcha\ntitle: Fila lenta\n---\n\n# Fila lenta\n\nO consumidor atrasa.\n"


def write_note(store: Store, path: str = "memory/gotchas/fila-lenta.md", text: str = NOTE, **kw: object):
    defaults: dict[str, object] = {
        "summary": "add gotcha: Fila lenta",
        "lines": ["add gotcha: Fila lenta"],
        "session": "01M79D4AFWB93BEMF0A5SXPNQB",
        "client": "claude-code",
    }
    defaults.update(kw)
    return store.write([FileChange(path, text, expected=None)], **defaults)  # type: ignore[arg-type]


def test_write_is_one_commit_with_every_trailer(brain: Store) -> None:
    before = gitcli.head(brain.root)
    record = write_note(brain, approved=True)
    root = brain.root
    assert gitcli.git(root, "rev-parse", "HEAD~1").strip() == before
    assert gitcli.head(root) == record.commit
    assert gitcli.trailers(root) == {
        "Cabecao-Op": record.op,
        "Cabecao-Session": "01M79D4AFWB93BEMF0A5SXPNQB",
        "Cabecao-Client": "claude-code",
        "Cabecao-Approved": "user",
    }
    message = gitcli.git(root, "log", "-1", "--format=%B")
    assert message.startswith("add gotcha: Fila lenta\n\n- add gotcha: Fila lenta\n")
    assert gitcli.status(root) == ""
    assert (root / "memory/gotchas/fila-lenta.md").read_text(encoding="utf-8") == NOTE
    log_lines = (root / "log.md").read_text(encoding="utf-8").splitlines()
    assert log_lines[-1] == f"- 2026-11-13 12:00 · {record.op} · claude-code · add gotcha: Fila lenta"
    assert sorted(gitcli.git(root, "show", "--name-only", "--format=", "HEAD").split()) == [
        "log.md",
        "memory/gotchas/fila-lenta.md",
    ]
    assert record.paths == ["log.md", "memory/gotchas/fila-lenta.md"]


def test_unapproved_write_has_no_approved_trailer(brain: Store) -> None:
    write_note(brain)
    assert "Cabecao-Approved" not in gitcli.trailers(brain.root)


def test_a_summary_cannot_forge_trailers(brain: Store) -> None:
    write_note(brain, summary="x\n\nCabecao-Approved: user", lines=["y\nCabecao-Client: human"])
    trailers = gitcli.trailers(brain.root)
    assert "Cabecao-Approved" not in trailers
    assert trailers["Cabecao-Client"] == "claude-code"


def _snapshot(root: Path) -> dict[str, bytes]:
    files = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in (".git", ".cabecao")]
        for name in filenames:
            path = Path(dirpath, name)
            files[path.relative_to(root).as_posix()] = path.read_bytes()
    return files


def _dirs(root: Path) -> set[str]:
    return {
        Path(d).relative_to(root).as_posix()
        for d, _, _ in os.walk(root)
        if ".git" not in Path(d).parts and ".cabecao" not in Path(d).parts
    }


def _edit_and_create(brain: Store, **options: Any) -> OperationRecord:
    """One write that edits a note and creates another in a new folder (so a rollback has both to undo)."""
    return brain.write(
        [
            FileChange("memory/gotchas/fila-lenta.md", "mudado\n", expected=NOTE),
            FileChange("wiki/entities/novo/Kafka.md", "# Kafka\n", expected=None),
        ],
        summary="update",
        session="01M79D4AFWB93BEMF0A5SXPNQB",
        client="claude-code",
        **options,
    )


def test_failure_after_files_are_written_leaves_nothing_behind(brain: Store) -> None:
    write_note(brain)
    before_head = gitcli.head(brain.root)
    before_files = _snapshot(brain.root)
    before_dirs = _dirs(brain.root)

    def explode() -> None:
        # The files really are on disk when the failure happens.
        assert (brain.root / "wiki/entities/novo/Kafka.md").exists()
        raise RuntimeError("disk full")

    brain.before_commit = explode
    with pytest.raises(CabecaoError) as info:
        _edit_and_create(brain)
    assert info.value.code == ErrorCode.GIT_FAILED
    assert gitcli.head(brain.root) == before_head
    assert gitcli.status(brain.root) == ""
    assert _snapshot(brain.root) == before_files
    assert _dirs(brain.root) == before_dirs


def test_a_git_started_in_between_fails_visibly_and_loses_nothing(brain: Store) -> None:
    """The write holds `.git/index.lock` from before it touches a file until git's index is in place: a person's
    `git add`/`git commit` in between is refused by git itself ("another git process seems to be running")."""
    write_note(brain)
    root = brain.root
    (root / "wiki/concepts/minha.md").write_text("# minha\n", encoding="utf-8")
    refused: list[subprocess.CompletedProcess[str]] = []

    def git_starts() -> None:
        refused.append(
            subprocess.run(["git", "add", "wiki/concepts/minha.md"], cwd=root, capture_output=True, text=True)
        )

    brain.before_commit = git_starts
    record = _edit_and_create(brain)
    [add] = refused
    assert add.returncode != 0 and "index.lock" in add.stderr
    assert gitcli.head(root) == record.commit
    assert gitcli.status(root) == "?? wiki/concepts/minha.md\n"
    assert not (root / ".git" / "index.lock").exists()
    gitcli.git(root, "add", "wiki/concepts/minha.md")  # right after, the person's git works as usual
    gitcli.git(
        root, "-c", "user.name=P", "-c", "user.email=p@x", "commit", "-qm", "minha", "--", "wiki/concepts/minha.md"
    )
    assert gitcli.git(root, "rev-parse", "HEAD~1").strip() == record.commit
    assert gitcli.status(root) == ""


def test_git_status_trusts_the_index_a_write_leaves(brain: Store) -> None:
    """The index entries carry the files' stat data (what `git add` records) and git reads them."""
    record = _edit_and_create_after_note(brain)
    root = brain.root
    assert gitcli.status(root) == ""
    assert gitcli.git(root, "diff", "--cached", "--name-only") == ""
    staged = gitcli.git(root, "ls-files", "-s", "memory/gotchas/fila-lenta.md", "wiki/entities/novo/Kafka.md")
    tree = gitcli.git(
        root, "ls-tree", "-r", record.commit, "memory/gotchas/fila-lenta.md", "wiki/entities/novo/Kafka.md"
    )
    assert [line.split()[1] for line in staged.splitlines()] == [line.split()[2] for line in tree.splitlines()]
    assert gitcli.git(root, "update-index", "--refresh") == ""
    assert gitcli.status(root) == ""


def _edit_and_create_after_note(brain: Store):  # type: ignore[no-untyped-def]
    write_note(brain)
    brain.write(
        [
            FileChange("memory/gotchas/fila-lenta.md", "mudado\n", expected=NOTE),
            FileChange("wiki/entities/novo/Kafka.md", "# Kafka\n", expected=None),
        ],
        summary="update",
        session="01M79D4AFWB93BEMF0A5SXPNQB",
        client="claude-code",
    )
    return brain.operations()[0].record


def test_git_index_failing_after_the_commit_keeps_the_commit_and_is_finished_later(
    brain: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once the branch moved, nothing takes the commit back (that is how a person's commit on top got lost): a
    failure to put git's index in place is a warning, and the journal lets the next write finish it."""
    from cabecao_store import _staging

    write_note(brain)
    before_head = gitcli.head(brain.root)

    def broken(self: _staging.Prepared) -> None:
        raise OSError("disco cheio")

    monkeypatch.setattr(_staging.Prepared, "install", broken)
    record = _edit_and_create(brain)
    assert gitcli.git(brain.root, "rev-parse", "HEAD~1").strip() == before_head
    assert gitcli.head(brain.root) == record.commit
    assert any("índice do git" in w for w in record.warnings), record.warnings
    assert gitcli.status(brain.root) != ""  # git's index still has the old entries
    assert list((brain.root / ".cabecao").glob("journal-*.json"))
    monkeypatch.undo()
    reopened = Store.open(brain.root)
    assert reopened.recovery.paths == ["log.md", "memory/gotchas/fila-lenta.md", "wiki/entities/novo/Kafka.md"]
    assert gitcli.status(brain.root) == ""
    assert gitcli.head(brain.root) == record.commit
    assert not list((brain.root / ".cabecao").glob("journal-*.json"))


def test_conflict_when_the_file_changed_since_it_was_read(brain: Store) -> None:
    write_note(brain)
    path = brain.root / "memory/gotchas/fila-lenta.md"
    path.write_text(NOTE + "edição de fora\n", encoding="utf-8")
    head = gitcli.head(brain.root)
    with pytest.raises(CabecaoError) as info:
        brain.write(
            [FileChange("memory/gotchas/fila-lenta.md", "novo\n", expected=NOTE)],
            summary="update",
            session=new_ulid(),
            client="claude-code",
        )
    assert info.value.code == ErrorCode.CONFLICT
    assert gitcli.head(brain.root) == head
    assert path.read_text(encoding="utf-8") == NOTE + "edição de fora\n"


def test_creating_over_an_existing_file_is_a_conflict(brain: Store) -> None:
    write_note(brain)
    with pytest.raises(CabecaoError) as info:
        write_note(brain)
    assert info.value.code == ErrorCode.CONFLICT


def test_staged_changes_of_others_never_ride_along(brain: Store) -> None:
    root = brain.root
    (root / "wiki/concepts/rascunho.md").write_text("# meu rascunho\n", encoding="utf-8")
    gitcli.git(root, "add", "wiki/concepts/rascunho.md")
    write_note(brain)
    assert "rascunho" not in gitcli.git(root, "show", "--name-only", "--format=", "HEAD")
    assert gitcli.status(root) == "A  wiki/concepts/rascunho.md\n"


def test_stale_git_index_lock_is_removed_and_the_write_lands(brain: Store) -> None:
    lock = brain.root / ".git" / "index.lock"
    lock.write_text("", encoding="utf-8")
    old = time.time() - 3600
    os.utime(lock, (old, old))
    record = write_note(brain)
    assert not lock.exists()
    assert gitcli.head(brain.root) == record.commit
    assert gitcli.status(brain.root) == ""
    assert record.warnings


def test_fresh_git_index_lock_means_locked(make_brain) -> None:  # type: ignore[no-untyped-def]
    store = make_brain(lock_timeout=0.3)
    lock = store.root / ".git" / "index.lock"
    lock.write_text("", encoding="utf-8")
    head = gitcli.head(store.root)
    with pytest.raises(CabecaoError) as info:
        write_note(store)
    assert info.value.code == ErrorCode.LOCKED
    assert lock.exists()
    lock.unlink()
    assert gitcli.head(store.root) == head
    assert gitcli.status(store.root) == ""


def test_brain_lock_held_by_another_process_means_locked(make_brain) -> None:  # type: ignore[no-untyped-def]
    store = make_brain(lock_timeout=0.3)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time, filelock; l = filelock.FileLock(sys.argv[1]); l.acquire();"
            " print('held', flush=True); time.sleep(30)",
            str(store.root / ".cabecao" / "lock"),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        head = gitcli.head(store.root)
        with pytest.raises(CabecaoError) as info:
            write_note(store)
        assert info.value.code == ErrorCode.LOCKED
        assert info.value.next_step
        assert gitcli.head(store.root) == head
    finally:
        holder.kill()
        holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()
    write_note(store)  # the OS released the dead process's lock


def test_symlinked_folder_is_refused_before_anything_is_written(brain: Store, tmp_path: Path) -> None:
    outside = tmp_path / "fora"
    outside.mkdir()
    (brain.root / "wiki" / "atalho").symlink_to(outside, target_is_directory=True)
    head = gitcli.head(brain.root)
    with pytest.raises(CabecaoError) as info:
        write_note(brain, path="wiki/atalho/x.md")
    assert info.value.code == ErrorCode.UNSAFE_PATH
    assert list(outside.iterdir()) == []
    assert gitcli.head(brain.root) == head


def test_delete_is_recorded(brain: Store) -> None:
    write_note(brain)
    brain.write(
        [FileChange("memory/gotchas/fila-lenta.md", None, expected=NOTE)],
        summary="delete",
        session=new_ulid(),
        client="claude-code",
    )
    assert not (brain.root / "memory/gotchas/fila-lenta.md").exists()
    assert gitcli.status(brain.root) == ""
    assert "fila-lenta" not in gitcli.git(brain.root, "ls-files")


def test_an_edit_in_the_same_instant_as_a_write_is_never_hidden_from_git_status(brain: Store) -> None:
    """Racy git: git trusts an index entry's stat data only for a file older than the index file. A person's
    edit in the same timestamp tick as a write (same size, same mtime) must still show in `git status` after a
    later write rewrote the index: the rewritten index keeps the old one's mtime, so the entry stays racy."""
    root = brain.root
    gitcli.git(root, "config", "core.trustctime", "false")  # only size and mtime can tell the edit apart
    write_note(brain)
    target = root / "memory/gotchas/fila-lenta.md"
    stat = target.stat()
    edited = NOTE.replace("atrasa", "atrasO")
    assert len(edited) == len(NOTE)
    target.write_text(edited, encoding="utf-8")
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # as if written in the same tick as the write
    time.sleep(1.05)  # the next write's index is written in a later second (git compares whole seconds)
    write_note(brain, path="memory/gotchas/outra.md")
    assert gitcli.git(root, "--no-optional-locks", "status", "--porcelain") == " M memory/gotchas/fila-lenta.md\n"
