"""Crash safety and concurrency with real processes: a person's git beside writers, kill -9 mid-write, and the
real server over stdio afterwards. Each test failed on the code before the crash-safety work (docs/safety.md).

The long measurements (hundreds of kill -9 rounds, lost-commit runs) are in test_rounds.py, marked
`benchmark_suite`.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from cabecao_schema import CabecaoError, ErrorCode, new_ulid
from cabecao_store import FileChange, Store

from ..server.conftest import call, connect
from . import harness

ISSUE_HANDOFF = "memory/handoffs/2026-11-10-atlas-consumidores.md"


@pytest.fixture
def brain(sample_brain: Path) -> Path:
    return sample_brain


def _crash(root: Path, tool: str, arguments: dict[str, Any], seam: str) -> None:
    """Run TOOL in a server worker process that kills itself (SIGKILL) at SEAM; check it really died so."""
    done = subprocess.run(
        [sys.executable, harness.__file__, "crash", str(root), tool, json.dumps(arguments), seam],
        capture_output=True,
        text=True,
    )
    assert done.returncode == -signal.SIGKILL, (done.returncode, done.stderr[-3000:])


def _status(root: Path) -> str:
    return harness.git(root, "status", "--porcelain", "--untracked-files=all")


def _snapshot(root: Path) -> dict[str, bytes]:
    found = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in (".git", ".cabecao")]
        for name in filenames:
            path = Path(dirpath, name)
            rel = path.relative_to(root).as_posix()
            if rel != "index.md":  # the catalogue, derived and ignored by git
                found[rel] = path.read_bytes()
    return found


# 1. a person's commit is never lost ------------------------------------------------------------------------


def test_a_persons_commits_survive_writers_committing_at_the_same_time(brain: Path, tmp_path: Path) -> None:
    """Two writer processes commit notes while a person loops `git add f && git commit -- f`. Before, a writer
    whose git index write hit the person's `index.lock` took its landed commit back with `set_target(base)` and
    dropped the person's commit made on top of it (reflog: ours -> person's -> base), and writers failed with
    `git_failed` or crashed. Now every commit git reported is in HEAD's history, and a writer only waits."""
    go = tmp_path / "go"
    person = harness.spawn("person", str(brain), str(go), "60", env=harness.person_env())
    writers = [harness.spawn("writer", str(brain), str(go), "60", name, "create") for name in ("agente-a", "agente-b")]
    time.sleep(0.5)
    go.touch()
    made = harness.outcomes(person)
    writes = [w for process in writers for w in harness.outcomes(process)]

    history = set(harness.git(brain, "rev-list", "HEAD").split())
    committed = [p for p in made if p["ok"]]
    assert len(committed) == 60, [p for p in made if not p["ok"]]
    lost = [p["n"] for p in committed if p["sha"] not in history]
    assert lost == [], f"person's commits missing from HEAD: {lost}"
    assert Counter(w["status"] for w in writes) <= Counter(ok=120, locked=120), Counter(w["status"] for w in writes)
    ops = Counter(
        line.strip()
        for line in harness.git(brain, "log", "--format=%(trailers:key=Cabecao-Op,valueonly)").splitlines()
        if line.strip()
    )
    for write in writes:
        assert ops[write["op"]] == (1 if write["status"] == "ok" else 0), write
    fsck = subprocess.run(["git", "fsck", "--no-progress"], cwd=brain, capture_output=True, text=True)
    assert fsck.returncode == 0, fsck.stderr
    assert _status(brain) == ""
    assert harness.leftovers(brain) == []


# 2. a stale ref lock ------------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_a_write_killed_while_moving_the_branch_leaves_no_lock_that_blocks_later_writes(brain: Path) -> None:
    """kill -9 while the branch's ref lock is held (libgit2 has written the new commit id into
    `refs/heads/main.lock`, not yet renamed): before, every later write failed with `git_failed` ("failed to
    lock file"). Now the next start sees the dead write's journal, removes the lock and rolls the files back."""
    before = harness.git(brain, "rev-parse", "HEAD").strip()
    path = "wiki/concepts/queda-no-ref.md"
    _crash(brain, "write_page", {"path": path, "content": "Quase.\n", "frontmatter": {"type": "concept"}}, "ref")
    assert (brain / ".git/refs/heads/main.lock").exists()
    async with connect(brain) as client:
        status = await call(client, "status", {})
        assert status["healthy"], status["problems"]
        later = await call(
            client,
            "write_page",
            {"path": "wiki/concepts/depois.md", "content": "Depois.\n", "frontmatter": {"type": "concept"}},
        )
        assert later["op"]
        found = await call(client, "search", {"query": "queda no ref"})
    assert path not in json.dumps(found, ensure_ascii=False)
    assert not (brain / path).exists()
    assert harness.git(brain, "rev-parse", "HEAD~1").strip() == before
    assert _status(brain) == "" and harness.leftovers(brain) == []


@pytest.mark.anyio
async def test_status_reports_a_ref_lock_a_dead_process_left_and_the_next_write_removes_it(brain: Path) -> None:
    """A `main.lock` nobody holds (a process that died; older than any git holds one): before, status said
    healthy and every write failed with `git_failed`. Now status names it, and the next write removes it (with
    a warning in the store's record, see test_a_stale_ref_lock_is_removed_with_a_warning) and lands."""
    lock = brain / ".git/refs/heads/main.lock"
    lock.write_text("", encoding="utf-8")
    old = time.time() - 60
    os.utime(lock, (old, old))
    async with connect(brain) as client:
        status = await call(client, "status", {})
        assert not status["healthy"]
        assert any("main.lock" in problem for problem in status["problems"]), status["problems"]
        done = await call(
            client,
            "write_page",
            {"path": "wiki/concepts/apos-trava.md", "content": "Passou.\n", "frontmatter": {"type": "concept"}},
        )
        assert done["op"]
        after = await call(client, "status", {})
        assert after["healthy"], after["problems"]
    assert not lock.exists()
    assert _status(brain) == ""


def test_a_stale_ref_lock_is_removed_with_a_warning(brain: Path) -> None:
    lock = brain / ".git/refs/heads/main.lock"
    lock.write_text("", encoding="utf-8")
    old = time.time() - 60
    os.utime(lock, (old, old))
    store = Store.open(brain)
    assert any("main.lock" in p for p in store.stale_git_locks())
    record = store.write(
        [FileChange("wiki/concepts/apos-trava.md", "# Passou\n", expected=None)],
        summary="add concept: Passou",
        session=new_ulid(),
        client="claude-code",
    )
    assert any("main.lock" in w for w in record.warnings), record.warnings
    assert not lock.exists() and store.stale_git_locks() == []
    assert harness.git(brain, "rev-parse", "HEAD").strip() == record.commit


def test_a_ref_lock_a_running_git_holds_is_waited_for_then_locked(brain: Path) -> None:
    """A live `git update-ref --stdin` transaction holds `refs/heads/main.lock`: the write waits, then answers
    `locked` with nothing changed; once git lets go, the next write lands."""
    store = Store.open(brain, lock_timeout=0.6)
    head = harness.git(brain, "rev-parse", "HEAD").strip()
    holder = subprocess.Popen(
        ["git", "update-ref", "--stdin"], cwd=brain, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert holder.stdin is not None and holder.stdout is not None
    holder.stdin.write(f"start\nupdate refs/heads/main {head} {head}\nprepare\n")
    holder.stdin.flush()
    assert holder.stdout.readline().strip() == "start: ok"
    assert holder.stdout.readline().strip() == "prepare: ok"
    before = _snapshot(brain)
    try:
        assert (brain / ".git/refs/heads/main.lock").exists()
        with pytest.raises(CabecaoError) as info:
            store.write(
                [FileChange("wiki/concepts/espera.md", "# Espera\n", expected=None)],
                summary="add concept: Espera",
                session=new_ulid(),
                client="claude-code",
            )
        assert info.value.code == ErrorCode.LOCKED
        assert (brain / ".git/refs/heads/main.lock").exists()  # a live git's lock is never taken away
        assert _snapshot(brain) == before
    finally:
        holder.stdin.write("abort\n")
        holder.stdin.close()
        holder.wait()
        holder.stdout.close()
    assert harness.git(brain, "rev-parse", "HEAD").strip() == head
    record = store.write(
        [FileChange("wiki/concepts/espera.md", "# Espera\n", expected=None)],
        summary="add concept: Espera",
        session=new_ulid(),
        client="claude-code",
    )
    assert harness.git(brain, "rev-parse", "HEAD").strip() == record.commit
    assert _status(brain) == ""


# 3. a killed write is one commit or nothing, on disk too ---------------------------------------------------------


@pytest.mark.anyio
async def test_a_handoff_save_killed_before_its_commit_is_rolled_back_on_the_next_start(brain: Path) -> None:
    """Before: the previous handoff stayed modified, the new handoff and episode stayed as untracked files,
    the next write left them there and search returned them. Now the next start puts every file back."""
    before_files = _snapshot(brain)
    head = harness.git(brain, "rev-parse", "HEAD").strip()
    _crash(
        brain,
        "handoff_save",
        {
            "session_handle": new_ulid(),
            "scope": "project:atlas",
            "done": ["Ornitorrinco migrado para a fila nova"],
            "next": ["Conferir o ornitorrinco em produção"],
        },
        "files",
    )
    assert _snapshot(brain) != before_files  # the kill really left files half-applied
    async with connect(brain) as client:
        found = await call(client, "search", {"query": "ornitorrinco"})
        assert found["hits"] == [], found
        await call(
            client,
            "write_page",
            {"path": "wiki/concepts/depois.md", "content": "Depois.\n", "frontmatter": {"type": "concept"}},
        )
    after = _snapshot(brain)
    assert after[ISSUE_HANDOFF] == before_files[ISSUE_HANDOFF]
    assert set(after) - set(before_files) == {"wiki/concepts/depois.md"}
    assert {k: v for k, v in after.items() if k in before_files and k != "log.md"} == {
        k: v for k, v in before_files.items() if k != "log.md"
    }
    assert harness.git(brain, "rev-parse", "HEAD~1").strip() == head
    assert _status(brain) == "" and harness.leftovers(brain) == []
    assert harness.broken_state(brain, before=head) == {}


@pytest.mark.anyio
async def test_an_undo_killed_before_its_commit_keeps_the_note_git_has(brain: Path) -> None:
    """Before: after a killed undo the index dropped a note git still had (the file was gone from disk). Now
    the next start restores the file and the index keeps the note."""
    note = "memory/gotchas/pato-de-borracha.md"
    async with connect(brain) as client:
        made = await call(client, "remember", {"type": "gotcha", "title": "Pato de borracha", "content": "Explique."})
    assert made["path"] == note
    head = harness.git(brain, "rev-parse", "HEAD").strip()
    _crash(brain, "undo", {}, "files")
    assert not (brain / note).exists()  # the undo had removed it from disk when it died
    async with connect(brain) as client:
        found = await call(client, "search", {"query": "pato de borracha"})
        assert [r["path"] for r in found["hits"]] == [note], found
    assert (brain / note).exists()
    assert harness.git(brain, "rev-parse", "HEAD").strip() == head
    assert _status(brain) == "" and harness.leftovers(brain) == []
    assert harness.broken_state(brain, before=head) == {}


@pytest.mark.anyio
async def test_a_write_page_killed_before_its_commit_leaves_nothing_after_the_next_write(brain: Path) -> None:
    head = harness.git(brain, "rev-parse", "HEAD").strip()
    before_files = _snapshot(brain)
    _crash(
        brain,
        "write_page",
        {
            "path": "wiki/concepts/pasta-nova/ornitorrinco.md",
            "content": "O ornitorrinco bota ovos.\n",
            "frontmatter": {"type": "concept"},
        },
        "files",
    )
    assert (brain / "wiki/concepts/pasta-nova/ornitorrinco.md").exists()
    async with connect(brain) as client:
        await call(
            client,
            "write_page",
            {"path": "wiki/concepts/depois.md", "content": "Depois.\n", "frontmatter": {"type": "concept"}},
        )
        found = await call(client, "search", {"query": "ornitorrinco"})
    assert found["hits"] == []
    assert not (brain / "wiki/concepts/pasta-nova").exists()  # the folder it created went too
    assert set(_snapshot(brain)) - set(before_files) == {"wiki/concepts/depois.md"}
    assert _status(brain) == "" and harness.broken_state(brain, before=head) == {}


def test_rolling_back_leaves_a_persons_later_edit_alone(brain: Path) -> None:
    """A file the killed write put there but a person changed since is not the write's any more: recovery
    leaves it, says so, and rolls back the rest."""
    mine = "wiki/concepts/pasta-nova/ornitorrinco.md"
    _crash(
        brain,
        "write_page",
        {"path": mine, "content": "O ornitorrinco bota ovos.\n", "frontmatter": {"type": "concept"}},
        "files",
    )
    edited = "# Ornitorrinco\n\nEditado à mão depois da queda.\n"
    (brain / mine).write_text(edited, encoding="utf-8")
    log_before = harness.git(brain, "show", "HEAD:log.md")
    store = Store.open(brain)
    assert any(mine in w for w in store.recovery.warnings), store.recovery.warnings
    assert (brain / mine).read_text(encoding="utf-8") == edited
    assert (brain / "log.md").read_text(encoding="utf-8") == log_before
    assert _status(brain) == f"?? {mine}\n"
    assert harness.leftovers(brain) == []


# 4. appends computed under the lock ------------------------------------------------------------------------


def test_concurrent_appends_through_build_never_fail_and_never_lose_a_line(brain: Path, tmp_path: Path) -> None:
    """Three writer processes append to one note at once with `FileChange(path, build=...)`: before (read,
    then `expected`), about one in fifteen failed with `conflict`. Now none fails, every line is there once, and
    each append is one commit touching the note and log.md."""
    go = tmp_path / "go"
    writers = [harness.spawn("writer", str(brain), str(go), "25", name, "append") for name in ("ana", "bia", "caio")]
    time.sleep(0.5)
    go.touch()
    writes = [w for process in writers for w in harness.outcomes(process)]
    assert Counter(w["status"] for w in writes) == Counter(ok=75), [w for w in writes if w["status"] != "ok"]
    text = (brain / harness.APPEND_NOTE).read_text(encoding="utf-8")
    for write in writes:
        assert text.count(write["line"]) == 1, write["line"]
    history = harness.git(brain, "log", "--format=%x1e%(trailers:key=Cabecao-Op,valueonly)", "--name-only")
    by_op: dict[str, list[str]] = {}
    for chunk in history.split("\x1e")[1:]:
        op, _, names = chunk.strip().partition("\n")
        by_op.setdefault(op.strip(), []).append(names)
    for write in writes:
        [names] = by_op[write["op"]]
        assert sorted(names.split()) == sorted([harness.APPEND_NOTE, "log.md"]), names
    assert _status(brain) == ""
