"""Two real `cabecao mcp` servers and one CLI-like process write to the same brain at once: 300 writes.

Afterwards every write is either committed (its file holds exactly its content and exactly one commit carries
its op with session and client) or was refused with `locked` (and left nothing behind); `git fsck` is clean,
the work tree is clean, the commit count adds up, and the SQLite index agrees with the files.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
import pytest
from cabecao_index import BrainIndex
from cabecao_index._scan import walk
from cabecao_schema import CabecaoError, ErrorCode, new_ulid, parse_document
from mcp import Client

from . import writers
from .conftest import server_params

pytestmark = pytest.mark.anyio

SERVER_WRITES = 120
CLI_WRITES = 60
IN_FLIGHT = 6  # calls each client keeps outstanding, so its server always has a queue
CLI_LOCK_TIMEOUT = 3.0  # the servers keep the store's default bounded wait (10 s)
WARM_UP = {
    "path": "memory/preferences/respostas-em-portugues.md",  # a sample note: create is refused, nothing written
    "content": "x",
    "mode": "create",
    "frontmatter": {"type": "preference"},
}


@dataclass
class Write:
    """One attempted write and what came of it."""

    writer: str
    client: str
    session: str
    path: str
    expected_text: str | None = None  # CLI writes: the whole file; server writes: the body
    title: str = ""
    note_type: str = ""
    status: str = ""  # "ok" or the error code
    op: str | None = None
    note_id: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ServerWriter:
    name: str  # also the client name given with --client, so it lands in Cabecao-Client
    mode: str  # protocol era of this client
    folder: str
    note_type: str


SERVERS = (
    ServerWriter("agente-a", "legacy", "memory/gotchas", "gotcha"),
    ServerWriter("agente-b", "auto", "memory/decisions", "decision"),
)


def _server_write(spec: ServerWriter, session: str, n: int) -> Write:
    title = f"Concorrência {spec.name} {n}"
    body = f"Gravação {n} de {spec.name}, feita em paralelo com o outro servidor e com a linha de comando.\n"
    return Write(
        writer=spec.name,
        client=spec.name,
        session=session,
        path=f"{spec.folder}/concorrencia-{spec.name}-{n:03d}.md",
        expected_text=body,
        title=title,
        note_type=spec.note_type,
    )


async def _drive_server(client: Client, spec: ServerWriter, writes: list[Write]) -> None:
    limiter = anyio.CapacityLimiter(IN_FLIGHT)

    async def one(write: Write) -> None:
        async with limiter:
            result = await client.call_tool(
                "write_page",
                {
                    "path": write.path,
                    "content": write.expected_text,
                    "mode": "create",
                    "frontmatter": {"type": write.note_type, "title": write.title},
                    "session_handle": write.session,
                },
            )
        payload = json.loads(result.content[0].text)
        if result.is_error:
            write.status = payload["error"]["code"]
            write.detail = payload["error"]
        else:
            write.status = "ok"
            write.op = payload["op"]
            write.note_id = payload["id"]
            write.detail = payload

    async with anyio.create_task_group() as group:
        for write in writes:
            group.start_soon(one, write)


def _run_cli_writer(root: Path, go_file: Path, session: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, writers.__file__, str(root), str(go_file), str(CLI_WRITES), session, str(CLI_LOCK_TIMEOUT)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )


def _cli_writes(process: subprocess.Popen[str], session: str) -> list[Write]:
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    found: list[Write] = []
    for n, line in enumerate(out.splitlines()):
        outcome = json.loads(line)
        assert outcome["path"] == writers.cli_path(n)
        found.append(
            Write(
                writer="cli",
                client="cli",
                session=session,
                path=outcome["path"],
                expected_text=writers.cli_text(n),
                status="ok" if outcome["status"] == "ok" else outcome["code"],
                op=outcome["op"],  # the CLI chose its op up front, so even a refused one can be looked for
                detail=outcome,
            )
        )
    assert len(found) == CLI_WRITES, out
    return found


async def test_two_servers_and_the_cli_write_at_once(sample_brain: Path, tmp_path: Path) -> None:
    root = sample_brain
    go_file = tmp_path / "go"
    commits_before = writers.commits(root)
    assert len(commits_before) == 1  # init

    sessions = {spec.name: new_ulid() for spec in SERVERS}
    cli_session = new_ulid()
    planned = {
        spec.name: [_server_write(spec, sessions[spec.name], n) for n in range(SERVER_WRITES)] for spec in SERVERS
    }

    cli = _run_cli_writer(root, go_file, cli_session)
    try:
        a, b = SERVERS
        async with (
            Client(server_params(root, "--client", a.name), mode=a.mode) as client_a,  # type: ignore[arg-type]
            Client(server_params(root, "--client", b.name), mode=b.mode) as client_b,  # type: ignore[arg-type]
        ):
            # Both servers open the brain, finish their start-up scan and load the write code before anyone
            # writes (a refused create writes nothing), so the three writers really start together.
            for client in (client_a, client_b):
                warm = await client.call_tool("write_page", {**WARM_UP, "session_handle": new_ulid()})
                assert json.loads(warm.content[0].text)["error"]["code"] == ErrorCode.ALREADY_EXISTS
            go_file.touch()  # the CLI process starts writing now, while both servers do
            started = time.perf_counter()
            async with anyio.create_task_group() as group:
                group.start_soon(_drive_server, client_a, a, planned[a.name])
                group.start_soon(_drive_server, client_b, b, planned[b.name])
    except BaseException:
        cli.kill()
        cli.communicate()
        raise
    cli_writes = await anyio.to_thread.run_sync(_cli_writes, cli, cli_session)
    elapsed = time.perf_counter() - started

    writes = [*planned[a.name], *planned[b.name], *cli_writes]
    assert len(writes) == 300
    ok = [w for w in writes if w.status == "ok"]
    locked = [w for w in writes if w.status == ErrorCode.LOCKED]
    by_writer = {
        name: (
            sum(w.status == "ok" for w in writes if w.writer == name),
            sum(w.status == ErrorCode.LOCKED for w in writes if w.writer == name),
        )
        for name in [a.name, b.name, "cli"]
    }
    print(
        f"\nconcurrency: {len(ok)} committed, {len(locked)} refused with locked, of {len(writes)} in {elapsed:.1f} s; "
        + ", ".join(f"{name}: {done} ok / {refused} locked" for name, (done, refused) in by_writer.items())
    )
    unexpected = [(w.writer, w.path, w.status, w.detail) for w in writes if w.status not in ("ok", ErrorCode.LOCKED)]
    assert not unexpected, unexpected

    # every committed write: its file holds exactly what was written ----------------------------------------
    for w in ok:
        text = (root / w.path).read_text(encoding="utf-8")
        if w.writer == "cli":
            assert text == w.expected_text, w.path
        else:
            doc = parse_document(text)
            assert doc.frontmatter_error is None, w.path
            assert doc.body == w.expected_text, w.path
            fm = doc.frontmatter
            assert (fm["type"], fm["title"], fm["id"]) == (w.note_type, w.title, w.note_id), w.path
            assert fm["origin"] == f"agent:{w.client}", w.path
            assert w.detail["path"] == w.path and w.detail["session_handle"] == w.session

    # ... and exactly one commit on main carries its op, with its session and client, touching just its file
    history = writers.commits(root)
    assert history[-1].sha == commits_before[0].sha
    assert len(history) == 1 + len(ok)
    by_op: dict[str, list[writers.CommitInfo]] = {}
    for commit in history[:-1]:
        by_op.setdefault(commit.trailers.get("Cabecao-Op", ""), []).append(commit)
    assert set(by_op) == {w.op for w in ok}
    for w in ok:
        [commit] = by_op[w.op]  # type: ignore[index]
        assert commit.trailers["Cabecao-Session"] == w.session, (w.path, commit)
        assert commit.trailers["Cabecao-Client"] == w.client, (w.path, commit)
        assert sorted(commit.paths) == sorted([w.path, "log.md"]), (w.path, commit)
    # the writers really overlapped: every writer's first commit comes before every other writer's last one
    order = [c.trailers["Cabecao-Client"] for c in reversed(history[:-1])]
    runs = 1 + sum(x != y for x, y in zip(order, order[1:], strict=False))
    print(f"commit order: {runs} runs of consecutive commits by the same writer")
    for one in by_writer:
        for other in by_writer:
            if one != other and by_writer[one][0] and by_writer[other][0]:
                assert order.index(one) < len(order) - 1 - order[::-1].index(other), (one, other, order)
    log_lines = (root / "log.md").read_text(encoding="utf-8").splitlines()
    for w in ok:
        assert sum(f" · {w.op} · " in line for line in log_lines) == 1, w.op

    # every refused write left nothing behind ----------------------------------------------------------------
    touched = {path for commit in history for path in commit.paths}
    for w in locked:
        assert not (root / w.path).exists(), w.path
        assert w.path not in touched, w.path
        assert w.op is None or w.op not in by_op

    # git itself is sound and the work tree is clean ------------------------------------------------------
    fsck = subprocess.run(["git", "fsck", "--no-progress"], cwd=root, capture_output=True, text=True)
    assert fsck.returncode == 0, fsck.stderr
    assert fsck.stdout == "" and fsck.stderr == "", (fsck.stdout, fsck.stderr)
    assert writers.git(root, "status", "--porcelain", "--untracked-files=all") == ""

    # the SQLite index agrees with the files -------------------------------------------------------------
    server_ok = [w for w in ok if w.writer != "cli"]
    cli_ok = {w.path for w in ok if w.writer == "cli"}
    index = BrainIndex(root)
    try:
        # Before any scan of ours: the servers already indexed what they wrote.
        for w in server_ok:
            assert index.note(path=w.path, content=False).id == w.note_id, w.path
        first = index.scan()
        assert first.removed == [] and first.updated == [], first
        assert set(first.added) <= cli_ok, first  # only the CLI's notes were unknown to the index
        on_disk, _ = walk(root)
        for w in ok:
            record = index.note(path=w.path)
            assert record.title == (w.title or parse_document(w.expected_text or "").frontmatter["title"]), w.path
            if w.writer != "cli":
                assert record.id == w.note_id
        for w in locked:
            with pytest.raises(CabecaoError) as missing:
                index.note(path=w.path)
            assert missing.value.code == ErrorCode.NOT_FOUND
        for path in on_disk:
            index.note(path=path, content=False)  # every note file on disk is in the index
        second = index.scan()
        assert not second.changed, second
        assert second.unchanged == len(on_disk)
    finally:
        index.close()
