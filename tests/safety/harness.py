"""Real processes for the crash and concurrency tests, and the checker of what a kill may leave behind.

Imported by the tests; run as a script it is one of these processes (see docs/safety.md):

    python harness.py person ROOT GO COUNT               a person: `git add f && git commit -- f`, COUNT commits
    python harness.py writer ROOT GO COUNT NAME MODE     a writer process: COUNT `Store.write`s, MODE create|append
    python harness.py crash ROOT TOOL ARGS_JSON SEAM      a server worker running TOOL that kills itself (-9) at SEAM
    python harness.py rounds [--rounds N] [--mode fork|stdio] [--tools a,b]   kill -9 rounds, one JSON line each
    python harness.py lost [--runs N] [--commits N]      servers writing while a person commits: lost commits

Everything here uses only what the store and the server had before the crash-safety work too (`Store.write`,
`Store._move_branch`, `Store.before_commit`, `Brain.open`, the registry), so the same script measures the code
as it was: put a checkout of the old packages first on PYTHONPATH (docs/safety.md has the command).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PERSON_ENV = {
    "GIT_AUTHOR_NAME": "Pessoa",
    "GIT_AUTHOR_EMAIL": "pessoa@example.com",
    "GIT_COMMITTER_NAME": "Pessoa",
    "GIT_COMMITTER_EMAIL": "pessoa@example.com",
}
APPEND_NOTE = "wiki/concepts/diario-compartilhado.md"
APPEND_HEADER = "---\ntype: concept\ntitle: Diário compartilhado\n---\n\n# Diário compartilhado\n\n"


def git(root: Path, *args: str, check: bool = True) -> str:
    done = subprocess.run(
        ["git", "-c", "core.quotepath=false", *args], cwd=root, capture_output=True, text=True, check=check
    )
    return done.stdout


def person_env() -> dict[str, str]:
    return {**os.environ, **PERSON_ENV}


def _wait_for(go: Path, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not go.exists():
        if time.monotonic() > deadline:
            raise SystemExit("go file never appeared")
        time.sleep(0.002)


# a person at the terminal ------------------------------------------------------------------------------------


def run_person(root: Path, go: Path, count: int) -> None:
    """`git add f && git commit -- f`, again after a short pause when git refuses (a lock held): one JSON line
    per commit that git reported as made (exit 0), with its id, plus the refusals seen."""
    env = person_env()
    _wait_for(go)
    for n in range(count):
        rel = f"wiki/concepts/pessoa-{n:04d}.md"
        (root / rel).write_text(f"# Pessoa {n}\n\nNota escrita à mão, commit pela linha de comando.\n", "utf-8")
        refusals: list[str] = []
        for _attempt in range(200):
            add = subprocess.run(["git", "add", rel], cwd=root, capture_output=True, text=True, env=env)
            if add.returncode == 0:
                commit = subprocess.run(
                    ["git", "commit", "-m", f"pessoa {n}", "--", rel],
                    cwd=root,
                    capture_output=True,
                    text=True,
                    env=env,
                )
                if commit.returncode == 0:
                    # `[main 1a2b3c4] pessoa N`: the commit git says it made (HEAD may have moved on since)
                    short = commit.stdout.split("]", 1)[0].split()[-1]
                    sha = git(root, "rev-parse", "--verify", f"{short}^{{commit}}").strip()
                    print(json.dumps({"n": n, "ok": True, "sha": sha, "refusals": refusals}), flush=True)
                    break
                refusals.append(commit.stderr.strip().splitlines()[0] if commit.stderr.strip() else "commit failed")
            else:
                refusals.append(add.stderr.strip().splitlines()[0] if add.stderr.strip() else "add failed")
            time.sleep(random.uniform(0.002, 0.02))
        else:
            print(json.dumps({"n": n, "ok": False, "refusals": refusals[-3:]}), flush=True)


# a writer process: the store as the server and the CLI use it --------------------------------------------------


def run_writer(root: Path, go: Path, count: int, name: str, mode: str) -> None:
    """COUNT writes through `Store.write` (client NAME): new notes (`create`) or lines appended to one shared
    note (`append`: with `FileChange.build` where the store has it, else read-then-expected as before)."""
    from cabecao_schema import CabecaoError, new_ulid
    from cabecao_store import FileChange, Store

    store = Store.open(root, lock_timeout=10)
    session = new_ulid()
    has_build = "build" in getattr(FileChange, "__dataclass_fields__", {})
    _wait_for(go)
    for n in range(count):
        op = new_ulid()
        line = f"- {name} {n}\n"
        out: dict[str, Any] = {"n": n, "op": op, "line": line}
        try:
            if mode == "create":
                path = f"memory/gotchas/{name}-{n:04d}.md"
                change = FileChange(path, f"---\ntype: gotcha\ntitle: {name} {n}\n---\n\n# {name} {n}\n", expected=None)
            elif has_build:
                change = FileChange(APPEND_NOTE, build=lambda current, line=line: (current or APPEND_HEADER) + line)
            else:
                current = store.read_text(APPEND_NOTE)
                change = FileChange(APPEND_NOTE, (current or APPEND_HEADER) + line, expected=current)
            record = store.write([change], summary=f"{mode} {name} {n}", session=session, client=name, op=op)
            out.update(status="ok", commit=record.commit)
        except CabecaoError as error:
            out.update(status=str(error.code), message=error.message[:300])
        except Exception as error:  # reported, never hidden: the tests fail on it
            out.update(status="exception", message=repr(error)[:300])
        print(json.dumps(out, ensure_ascii=False), flush=True)


def spawn(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, __file__, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=env,
    )


def outcomes(process: subprocess.Popen[str], timeout: float = 300) -> list[dict[str, Any]]:
    out, err = process.communicate(timeout=timeout)
    if process.returncode != 0:
        raise AssertionError(f"process failed ({process.returncode}): {err[-2000:]}")
    return [json.loads(line) for line in out.splitlines() if line.strip()]


# a server worker that kills itself at a chosen point -------------------------------------------------------


#: Where a `crash` process kills itself: after the files are written, before the commit (`files`); holding the
#: branch's ref lock as libgit2 does, in the middle of moving it (`ref`).
SEAMS = ("files", "ref")


def run_crash(root: Path, tool: str, arguments: dict[str, Any], seam: str) -> None:
    """Run TOOL through the server's own code (registry, Brain, store) and kill -9 this process at SEAM."""
    from cabecao_store import Store

    def die() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    if seam == "files":
        original_open = Store.open

        def open_with_seam(*args: Any, **kwargs: Any) -> Store:
            store = original_open(*args, **kwargs)
            store.before_commit = die
            return store

        Store.open = open_with_seam  # type: ignore[method-assign]
    elif seam == "ref":

        def move_branch(self: Store, commit_id: Any, *args: Any) -> None:
            # Where libgit2 is when it moves a branch, just before the rename: `<ref>.lock` created with O_EXCL
            # and the new commit id written into it.
            branch = git(self.root, "symbolic-ref", "HEAD").strip()
            fd = os.open(self.root / ".git" / f"{branch}.lock", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            os.write(fd, f"{commit_id}\n".encode())
            os.close(fd)
            die()

        Store._move_branch = move_branch  # type: ignore[method-assign,assignment]
    call_tool(root, tool, arguments, client="crash")
    raise SystemExit("the seam was never reached")


def call_tool(root: Path, tool: str, arguments: dict[str, Any], *, client: str) -> Any:
    """A tool call as the MCP adapter makes it, minus the transport; an elevated write is confirmed the way an
    accepted elicitation confirms it."""
    from cabecao_server.brain import Brain
    from cabecao_server.confirmation import Confirmation, ConfirmationNeeded
    from cabecao_server.registry import OPERATIONS

    brain = Brain.open(root, client=client)
    try:
        op = OPERATIONS[tool]
        args = op.parse(arguments)
        outcome = op(brain, args, Confirmation())
        if isinstance(outcome, ConfirmationNeeded):
            outcome = op(brain, args, Confirmation(token=outcome.question_token(brain), by_user=True))
        return op.payload(outcome)
    finally:
        brain.close()


# what a kill may leave behind --------------------------------------------------------------------------------


def index_notes(root: Path) -> dict[str, str]:
    """path -> content hash of every note in the server's SQLite index."""
    import sqlite3

    db = root / ".cabecao" / "index.sqlite"
    if not db.exists():
        return {}
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {path: digest for path, digest in conn.execute("SELECT path, hash FROM notes")}
    finally:
        conn.close()


def head_notes(root: Path) -> dict[str, str]:
    """path -> content hash (the index's blake2b) of every note file in HEAD's tree."""
    from cabecao_index._scan import is_note_file
    from cabecao_schema import is_conflict_copy

    listing = git(root, "ls-tree", "-r", "-z", "HEAD").split("\0")
    wanted = []
    for item in listing:
        if not item:
            continue
        meta, path = item.split("\t", 1)
        kind, blob = meta.split()[1:3]
        if kind == "blob" and is_note_file(path) and not is_conflict_copy(path):
            wanted.append((path, blob))
    batch = subprocess.run(
        ["git", "cat-file", "--batch"],
        cwd=root,
        input="".join(f"{blob}\n" for _, blob in wanted).encode(),
        capture_output=True,
        check=True,
    ).stdout
    found: dict[str, str] = {}
    offset = 0
    for path, _blob in wanted:
        end = batch.index(b"\n", offset)
        size = int(batch[offset:end].split()[2])
        data = batch[end + 1 : end + 1 + size]
        offset = end + 1 + size + 1
        found[path] = hashlib.blake2b(data, digest_size=16).hexdigest()
    return found


def leftovers(root: Path) -> list[str]:
    """Lock files, journals and temporary files nobody should leave behind."""
    found = [p.name for p in (root / ".cabecao").glob("journal-*")]
    branch = git(root, "symbolic-ref", "HEAD").strip()
    for rel in ("index.lock", f"{branch}.lock", "HEAD.lock"):
        if (root / ".git" / rel).exists():
            found.append(f".git/{rel}")
    found += [f".git/{p.name}" for p in (root / ".git").glob("cabecao-index-*")]
    return found


def broken_state(root: Path, *, before: str) -> dict[str, Any]:
    """What is wrong with the brain after a killed write was followed by a start and one more write."""
    problems: dict[str, Any] = {}
    status = git(root, "status", "--porcelain", "--untracked-files=all")
    if status:
        problems["uncommitted"] = status.splitlines()[:10]
    stuck = leftovers(root)
    if stuck:
        problems["stuck_lock"] = stuck
    if subprocess.run(["git", "merge-base", "--is-ancestor", before, "HEAD"], cwd=root).returncode != 0:
        problems["lost_commits"] = before
    indexed, committed = index_notes(root), head_notes(root)
    ahead = sorted(p for p in indexed if indexed[p] != committed.get(p))
    behind = sorted(p for p in committed if p not in indexed)
    if ahead:
        problems["index_ahead_of_git"] = ahead[:10]
    if behind:
        problems["index_behind_git"] = behind[:10]
    ops = Counter(
        line.strip()
        for line in git(root, "log", "--format=%(trailers:key=Cabecao-Op,valueonly)", "HEAD").splitlines()
        if line.strip()
    )
    twice = [op for op, n in ops.items() if n > 1]
    if twice:
        problems["op_committed_twice"] = twice
    return problems


# kill -9 rounds ------------------------------------------------------------------------------------------------


def _ulid() -> str:
    from cabecao_schema import new_ulid

    return new_ulid()


def tool_arguments(tool: str, n: int) -> dict[str, Any]:
    """The call a round kills: each tool on the sample brain, writing something every time."""
    if tool == "write_page":
        if n % 2:
            return {
                "path": "wiki/concepts/Backoff exponencial.md",
                "content": f"# Backoff exponencial\n\nReescrita na rodada {n}.\n",
                "mode": "overwrite",
                "frontmatter": {"type": "concept", "title": "Backoff exponencial"},
            }
        return {
            "path": f"wiki/concepts/queda/rodada-{n}.md",
            "content": f"Nota da rodada {n}.\n",
            "frontmatter": {"type": "concept", "title": f"Rodada {n}"},
        }
    if tool == "patch_page":
        return {"path": "wiki/concepts/Idempotência.md", "old": "deixa de ser detalhe", "new": f"vira regra ({n})"}
    if tool == "remember":
        return {"type": "gotcha", "title": f"Queda na rodada {n}", "content": f"O processo morreu na rodada {n}."}
    if tool == "handoff_save":
        return {
            "session_handle": _ulid(),
            "scope": "project:atlas",
            "done": [f"rodada {n} feita"],
            "next": [f"rodada {n + 1}"],
        }
    if tool == "relate":
        return {"from": "wiki/entities/RabbitMQ.md", "to": "wiki/concepts/Idempotência.md", "type": "related_to"}
    if tool == "ingest":
        return {
            "content": f"Texto da fonte {n}.\n",
            "title": f"Fonte da rodada {n}",
            "source": f"https://example.com/{n}",
        }
    if tool == "forget":
        return {"id": "memory/gotchas/cluster-de-homologacao-limita-conexoes.md", "reason": f"obsoleta ({n})"}
    if tool == "undo":
        return {}
    raise ValueError(tool)


TOOLS = ("write_page", "patch_page", "remember", "handoff_save", "relate", "ingest", "forget", "undo")


def make_template(folder: Path, tool: str) -> Path:
    """A sample brain ready for TOOL (undo gets an agent operation to revert), indexed once."""
    from cabecao_store import init_brain

    root = folder / f"modelo-{tool}"
    init_brain(root, sample=True)
    if tool == "undo":
        _in_child(lambda: call_tool(root, "remember", tool_arguments("remember", 0), client="crash"))
    else:
        _in_child(lambda: call_tool(root, "status", {}, client="crash"))
    return root


def _in_child(work: Callable[[], Any]) -> int:
    """Run `work` in a forked child (so the parent never holds a repository or SQLite open); its exit code."""
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            work()
        except BaseException:
            import traceback

            traceback.print_exc()
            code = 1
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


@dataclass
class Round:
    tool: str
    n: int
    killed: bool  # the process died by the signal (not after finishing)
    delay_ms: float
    next_write: str
    problems: dict[str, Any] = field(default_factory=dict)

    def line(self) -> str:
        return json.dumps(self.__dict__, ensure_ascii=False)


def _kill_child(root: Path, tool: str, arguments: dict[str, Any], delay: float | None) -> tuple[bool, float]:
    """Fork a server worker that runs TOOL; kill -9 it `delay` s after its write started (None: let it finish).
    Returns (killed by the signal, seconds from the write's start to its end or to the kill)."""
    from cabecao_store import Store

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        original = Store.write

        def signalled(self: Store, *args: Any, **kwargs: Any) -> Any:
            os.write(write_end, b"w")
            try:
                return original(self, *args, **kwargs)
            finally:
                os.write(write_end, b"d")

        Store.write = signalled  # type: ignore[method-assign]
        code = 0
        try:
            call_tool(root, tool, arguments, client="crash")
        except BaseException:
            import traceback

            traceback.print_exc()
            code = 1
        os._exit(code)
    os.close(write_end)
    started: float | None = None
    ended: float | None = None
    with os.fdopen(read_end, "rb", buffering=0) as pipe:
        while True:
            ready, _, _ = select.select([pipe], [], [], 30)
            if not ready:
                break
            byte = pipe.read(1)
            if not byte:
                break
            if byte == b"w":
                started = time.perf_counter()
                if delay is not None:
                    _sleep_precisely(delay)
                    os.kill(pid, signal.SIGKILL)
                    break
            elif byte == b"d":
                ended = time.perf_counter()
    _, status = os.waitpid(pid, 0)
    killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    if not killed and os.waitstatus_to_exitcode(status) != 0:
        raise AssertionError(f"{tool} failed in the worker (exit {os.waitstatus_to_exitcode(status)})")
    span = (ended - started) if (started is not None and ended is not None) else (delay or 0.0)
    return killed, span


def _sleep_precisely(seconds: float) -> None:
    end = time.perf_counter() + seconds
    if seconds > 0.002:
        time.sleep(seconds - 0.002)
    while time.perf_counter() < end:
        pass


def _next_write(root: Path, n: int) -> str:
    """The next start and write after a kill: a new process opens the brain and writes one note."""
    result: dict[str, str] = {}
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        try:
            call_tool(
                root,
                "write_page",
                {
                    "path": f"wiki/concepts/depois-{n}.md",
                    "content": "Depois da queda.\n",
                    "frontmatter": {"type": "concept"},
                },
                client="crash",
            )
            outcome = "ok"
        except Exception as error:
            outcome = str(getattr(error, "code", type(error).__name__))
        os.write(write_end, outcome.encode())
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        result["outcome"] = pipe.read().decode() or "died"
    os.waitpid(pid, 0)
    return result["outcome"]


def preload() -> None:
    """Import the server's code once, before forking, so each worker starts in milliseconds."""
    import cabecao_server.brain  # noqa: F401
    import cabecao_server.confirmation  # noqa: F401
    import cabecao_server.registry  # noqa: F401


def fork_rounds(tool: str, rounds: int, folder: Path, seed: int) -> Iterator[Round]:
    """`rounds` kill -9 rounds of TOOL through the server's code in forked workers, each on a fresh copy."""
    preload()
    rng = random.Random(seed)
    template = make_template(folder, tool)
    spans = []
    for n in range(7):  # how long the write takes (the first is a warm-up), so the kills fall inside it
        root = folder / f"medida-{tool}-{n}"
        shutil.copytree(template, root, symlinks=True)
        spans.append(_kill_child(root, tool, tool_arguments(tool, 10_000 + n), None)[1])
        shutil.rmtree(root)
    window = 1.2 * statistics.median(spans[1:])
    for n in range(rounds):
        root = folder / f"rodada-{tool}-{n}"
        shutil.copytree(template, root, symlinks=True)
        before = git(root, "rev-parse", "HEAD").strip()
        delay = rng.uniform(0, window)
        killed, _ = _kill_child(root, tool, tool_arguments(tool, n), delay)
        outcome = _next_write(root, n)
        problems = broken_state(root, before=before)
        if outcome != "ok":
            problems["next_write_failed"] = outcome
        yield Round(tool, n, killed, round(delay * 1000, 3), outcome, problems)
        shutil.rmtree(root)


# the same through the real server over stdio ----------------------------------------------------------------


class StdioServer:
    """`cabecao mcp` spawned as an AI client spawns it, spoken to in raw JSON-RPC lines (kill -9 at will)."""

    def __init__(self, root: Path, client: str = "crash") -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("CABECAO_")}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cabecao_cli", "mcp", "--brain", str(root), "--client", client],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        self.next_id = 1
        self.request(
            "initialize",
            {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": client, "version": "1"}},
        )
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict[str, Any], *, send_only: bool = False) -> dict[str, Any]:
        ident = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        if send_only:
            return {}
        return self.reply(ident)

    def reply(self, ident: int) -> dict[str, Any]:
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise EOFError("server closed its output")
            message = json.loads(line)
            if message.get("id") == ident and "method" not in message:
                return message

    def call(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        result = self.request("tools/call", {"name": tool, "arguments": arguments})["result"]
        payload = json.loads(result["content"][0]["text"])
        if result.get("isError"):
            raise RuntimeError(payload["error"]["code"])
        if "confirm_token" in payload and payload.get("confirm_token"):
            return self.call(tool, {**arguments, "confirm_token": payload["confirm_token"]})
        return payload

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


def stdio_rounds(tool: str, rounds: int, folder: Path, seed: int) -> Iterator[Round]:
    """Kill -9 the real server at a random moment of a TOOL call; then start a new one and write once."""
    rng = random.Random(seed)
    template = make_template(folder, tool)
    spans = []
    for n in range(3):
        root = folder / f"medida-{tool}-{n}"
        shutil.copytree(template, root, symlinks=True)
        server = StdioServer(root)
        server.call("status", {})  # the brain is open and indexed before the timed call
        started = time.perf_counter()
        server.call(tool, tool_arguments(tool, 10_000 + n))
        spans.append(time.perf_counter() - started)
        server.close()
        shutil.rmtree(root)
    window = 1.2 * statistics.median(spans)
    for n in range(rounds):
        root = folder / f"rodada-{tool}-{n}"
        shutil.copytree(template, root, symlinks=True)
        before = git(root, "rev-parse", "HEAD").strip()
        server = StdioServer(root)
        server.call("status", {})
        arguments = tool_arguments(tool, n)
        delay = rng.uniform(0, window)
        if tool in ("forget",):  # elevated: the first call hands out the token, the second one writes
            first = server.request("tools/call", {"name": tool, "arguments": arguments})["result"]
            arguments = {**arguments, "confirm_token": json.loads(first["content"][0]["text"])["confirm_token"]}
        server.request("tools/call", {"name": tool, "arguments": arguments}, send_only=True)
        _sleep_precisely(delay)
        alive = server.process.poll() is None
        server.kill()
        after = StdioServer(root)
        try:
            after.call(
                "write_page",
                {"path": f"wiki/concepts/depois-{n}.md", "content": "Depois.\n", "frontmatter": {"type": "concept"}},
            )
            outcome = "ok"
        except RuntimeError as error:
            outcome = str(error)
        after.close()
        problems = broken_state(root, before=before)
        if outcome != "ok":
            problems["next_write_failed"] = outcome
        yield Round(tool, n, alive, round(delay * 1000, 3), outcome, problems)
        shutil.rmtree(root)


def summarize(results: list[Round]) -> dict[str, Any]:
    by_tool: dict[str, Any] = {}
    for tool in dict.fromkeys(r.tool for r in results):
        mine = [r for r in results if r.tool == tool]
        by_tool[tool] = {
            "rounds": len(mine),
            "killed": sum(r.killed for r in mine),
            "broken": sum(bool(r.problems) for r in mine),
            "kinds": dict(Counter(k for r in mine for k in r.problems)),
        }
    return {
        "rounds": len(results),
        "killed": sum(r.killed for r in results),
        "broken": sum(bool(r.problems) for r in results),
        "kinds": dict(Counter(k for r in results for k in r.problems)),
        "by_tool": by_tool,
    }


# lost commits: servers writing while a person commits ------------------------------------------------------


def lost_commit_run(folder: Path, *, commits: int, server_writes: int, servers: int = 2) -> dict[str, Any]:
    """`servers` real `cabecao mcp` servers write notes while a person commits `commits` files with git; count
    the person's commits (git said exit 0) that are not in HEAD's history at the end."""
    from cabecao_store import init_brain

    root = folder / "perdidos"
    init_brain(root, sample=True)
    go = folder / "go"
    person = spawn("person", str(root), str(go), str(commits), env=person_env())
    clients = [StdioServer(root, client=f"agente-{c}") for c in "abcdefgh"[:servers]]
    for client in clients:
        client.call("status", {})
    statuses: Counter[str] = Counter()
    go.touch()
    pending: list[tuple[StdioServer, int]] = []
    for n in range(server_writes):
        for k, client in enumerate(clients):
            ident = client.next_id
            client.request(
                "tools/call",
                {
                    "name": "write_page",
                    "arguments": {
                        "path": f"memory/gotchas/servidor-{k}-{n:04d}.md",
                        "content": f"Gravação {n} do servidor {k}.\n",
                        "frontmatter": {"type": "gotcha", "title": f"Servidor {k} {n}"},
                    },
                },
                send_only=True,
            )
            pending.append((client, ident))
        if len(pending) >= 4 * len(clients):
            for client, ident in pending:
                statuses[_status_of(client.reply(ident))] += 1
            pending.clear()
    for client, ident in pending:
        statuses[_status_of(client.reply(ident))] += 1
    made = outcomes(person)
    for client in clients:
        client.close()
    history = set(git(root, "rev-list", "HEAD").split())
    committed = [p for p in made if p["ok"]]
    lost = [p for p in committed if p["sha"] not in history]
    refusals = Counter(r.split(":")[0][:60] for p in made for r in p.get("refusals", []))
    return {
        "person_commits": len(committed),
        "person_gave_up": len(made) - len(committed),
        "lost": len(lost),
        "server_writes": dict(statuses),
        "person_refusals": sum(refusals.values()),
        "fsck_ok": subprocess.run(["git", "fsck", "--no-progress"], cwd=root, capture_output=True).returncode == 0,
        "status_lines": len(git(root, "status", "--porcelain", "--untracked-files=all").splitlines()),
    }


def _status_of(reply: dict[str, Any]) -> str:
    result = reply.get("result", {})
    if not result.get("isError"):
        return "ok"
    return str(json.loads(result["content"][0]["text"])["error"]["code"])


@contextmanager
def scratch() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="cabecao-safety-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def isolate_git(home: Path) -> None:
    """No user or system git config, for this process and its children (as the tests' conftest does)."""
    os.environ.update(
        HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="harness.py")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("person")
    p.add_argument("root", type=Path)
    p.add_argument("go", type=Path)
    p.add_argument("count", type=int)
    w = sub.add_parser("writer")
    w.add_argument("root", type=Path)
    w.add_argument("go", type=Path)
    w.add_argument("count", type=int)
    w.add_argument("name")
    w.add_argument("mode", choices=["create", "append"])
    c = sub.add_parser("crash")
    c.add_argument("root", type=Path)
    c.add_argument("tool")
    c.add_argument("arguments")
    c.add_argument("seam", choices=SEAMS)
    r = sub.add_parser("rounds")
    r.add_argument("--rounds", type=int, default=200, help="kill -9 rounds per tool")
    r.add_argument("--mode", choices=["fork", "stdio"], default="fork")
    r.add_argument("--tools", default=",".join(TOOLS))
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--quiet", action="store_true", help="only the summary")
    lo = sub.add_parser("lost")
    lo.add_argument("--runs", type=int, default=1)
    lo.add_argument("--commits", type=int, default=150)
    lo.add_argument("--server-writes", type=int, default=150, help="writes per server")
    args = parser.parse_args(argv)
    if args.command == "person":
        run_person(args.root, args.go, args.count)
    elif args.command == "writer":
        run_writer(args.root, args.go, args.count, args.name, args.mode)
    elif args.command == "crash":
        run_crash(args.root, args.tool, json.loads(args.arguments), args.seam)
    elif args.command == "rounds":
        with scratch() as folder:
            isolate_git(folder / "home")
            results: list[Round] = []
            for number, tool in enumerate(args.tools.split(",")):
                rounds = fork_rounds if args.mode == "fork" else stdio_rounds
                for result in rounds(tool, args.rounds, folder, args.seed + number):
                    results.append(result)
                    if not args.quiet:
                        print(result.line(), flush=True)
            print(json.dumps({"summary": summarize(results)}, ensure_ascii=False), flush=True)
    elif args.command == "lost":
        with scratch() as folder:
            isolate_git(folder / "home")
            runs = []
            for number in range(args.runs):
                run_folder = folder / f"run{number}"
                run_folder.mkdir()
                runs.append(lost_commit_run(run_folder, commits=args.commits, server_writes=args.server_writes))
                print(json.dumps(runs[-1]), flush=True)
            total = {k: sum(r[k] for r in runs) for k in ("person_commits", "lost", "person_gave_up")}
            print(json.dumps({"summary": total}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
