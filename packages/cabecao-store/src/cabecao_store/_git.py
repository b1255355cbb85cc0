"""The only module that imports pygit2: every GitError becomes `git_failed` here, once."""

from __future__ import annotations

import hashlib
import os
import shutil
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import cast

import pygit2
from cabecao_schema import CabecaoError, ErrorCode
from pygit2.errors import check_error
from pygit2.ffi import C, ffi

from . import _messages as messages
from ._trailers import OP

Repository = pygit2.Repository
Commit = pygit2.Commit
Oid = pygit2.Oid
Index = pygit2.Index
GitError = pygit2.GitError

#: Cabeção signs every commit itself, so writes never depend on the machine's git identity.
SIGNATURE_NAME = "Cabeção"
SIGNATURE_EMAIL = "cabecao@localhost"


def signature() -> pygit2.Signature:
    return pygit2.Signature(SIGNATURE_NAME, SIGNATURE_EMAIL)


@contextmanager
def git_errors(action: str) -> Iterator[None]:
    try:
        yield
    except CabecaoError:
        raise
    except (pygit2.GitError, KeyError, ValueError, OSError) as exc:
        raise CabecaoError(
            ErrorCode.GIT_FAILED,
            messages.git_failed(action=action, problem=str(exc) or type(exc).__name__),
            next_step=messages.next_step_git_failed(),
        ) from exc


def open_repository(root: Path) -> pygit2.Repository | None:
    """The repository whose work tree is exactly `root`, or None."""
    try:
        repo = pygit2.Repository(str(root), pygit2.enums.RepositoryOpenFlag.NO_SEARCH)
    except pygit2.GitError:
        return None
    if repo.is_bare or repo.workdir is None or Path(repo.workdir).resolve() != root.resolve():
        return None
    return repo


# refs: moved only by compare-and-swap -------------------------------------------------------------------------


class RefLocked(Exception):
    """The ref's lock file exists: another process is updating it (or died doing so)."""


class RefMoved(Exception):
    """The ref no longer holds the value it was read with: someone else moved it."""


def git_dir(repo: pygit2.Repository) -> Path:
    return Path(repo.path)


def branch_name(repo: pygit2.Repository) -> str:
    """The ref a commit on HEAD moves: `refs/heads/main` (also before the first commit), or HEAD when detached."""
    head = repo.references.get("HEAD")
    target = head.target if head is not None else None
    return target if isinstance(target, str) else "HEAD"


def ref_lock_path(repo: pygit2.Repository, name: str) -> Path:
    return git_dir(repo) / f"{name}.lock"


def ref_target(repo: pygit2.Repository, name: str) -> pygit2.Oid | None:
    ref = repo.references.get(name)
    if ref is None:
        return None
    target = ref.resolve().target
    return target if isinstance(target, pygit2.Oid) else None


def move_ref(repo: pygit2.Repository, name: str, new: pygit2.Oid, expected: pygit2.Oid | None, message: str) -> None:
    """Point `name` at `new` only if it still points at `expected` (None: only if it does not exist yet).

    libgit2's `git_reference_set_target` is a compare-and-swap against the value the Reference object was read
    with, checked under the ref's lock file (`GIT_EMODIFIED` otherwise), like `git update-ref <ref> <new> <old>`;
    `references.create(..., force=False)` refuses an existing ref. Raises `RefMoved` or `RefLocked`.
    """
    try:
        if expected is None:
            repo.references.create(name, new, force=False)
            return
        ref = repo.references.get(name)
        if ref is None or ref.target != expected:
            raise RefMoved(name)
        ref.set_target(new, message)
    except (pygit2.GitError, OSError) as exc:
        if ref_target(repo, name) != expected:
            raise RefMoved(name) from exc
        if ref_lock_path(repo, name).exists() or "lock" in str(exc).lower():
            raise RefLocked(name) from exc
        raise


def commit_op(repo: pygit2.Repository, hex_id: str) -> str | None:
    """The `Cabecao-Op` of the commit `hex_id` names, or None (no such commit, or not one of ours)."""
    try:
        obj = repo.get(hex_id.strip())
    except (KeyError, ValueError):
        return None
    if obj is None or obj.type_str != "commit":
        return None
    op = cast(pygit2.Commit, obj).message_trailers.get(OP)
    return op.strip() if op else None


def commit_subject(repo: pygit2.Repository, commit: pygit2.Oid) -> str:
    return cast(pygit2.Commit, repo[commit]).message.split("\n", 1)[0]


def has_op(repo: pygit2.Repository, op: str, *, since: str | None, limit: int = 1000) -> bool:
    """Whether a commit carrying `Cabecao-Op: op` is on HEAD's first-parent line, looking back to `since`."""
    for count, commit in enumerate(walk_first_parent(repo)):
        if (commit.message_trailers.get(OP) or "").strip() == op:
            return True
        if str(commit.id) == since or count >= limit:
            return False
    return False


def hash_blob(data: bytes) -> pygit2.Oid:
    """The id git gives these bytes as a blob (nothing is written)."""
    return pygit2.hash(data)


def blob_bytes(repo: pygit2.Repository, hex_id: str) -> bytes:
    obj = repo[hex_id]
    if not isinstance(obj, pygit2.Blob):
        raise KeyError(hex_id)
    return obj.data


def tree_entry_id(tree: pygit2.Tree | None, path: str) -> pygit2.Oid | None:
    if tree is None:
        return None
    try:
        entry = tree[path]
    except KeyError:
        return None
    return entry.id if entry.type_str == "blob" else None


# git's index, written while Cabeção holds .git/index.lock --------------------------------------------------


def open_index_copy(git_dir: Path, tmp: Path) -> pygit2.Index:
    """A standalone Index on `tmp`, a copy of `.git/index` (a hard link: libgit2 writes `tmp.lock` and renames it
    over `tmp`, so `.git/index` itself is never written here). Its `write()` never touches `.git/index.lock`."""
    source = git_dir / "index"
    tmp.unlink(missing_ok=True)
    try:
        os.link(source, tmp)
    except FileNotFoundError:
        pass  # no index yet: start from an empty one
    except OSError:
        shutil.copyfile(source, tmp)
    return pygit2.Index(str(tmp))


def index_entry_id(index: pygit2.Index, path: str) -> pygit2.Oid | None:
    try:
        return index[path].id
    except KeyError:
        return None


def set_index_entry(index: pygit2.Index, path: str, blob: pygit2.Oid, stat: os.stat_result | None) -> None:
    """Stage `blob` at `path` with the file's stat data, as `git add` records it (so `git status` trusts it
    without hashing the file). pygit2's IndexEntry carries no stat data, hence libgit2's own struct; without
    `stat` (the file on disk differs) the entry has none, and git compares content."""
    entry = ffi.new("git_index_entry *")
    if stat is not None:
        entry.ctime.seconds = stat.st_ctime_ns // 1_000_000_000
        entry.ctime.nanoseconds = stat.st_ctime_ns % 1_000_000_000
        entry.mtime.seconds = stat.st_mtime_ns // 1_000_000_000
        entry.mtime.nanoseconds = stat.st_mtime_ns % 1_000_000_000
        entry.dev = stat.st_dev & 0xFFFFFFFF
        entry.ino = stat.st_ino & 0xFFFFFFFF
        entry.uid = stat.st_uid & 0xFFFFFFFF
        entry.gid = stat.st_gid & 0xFFFFFFFF
        entry.file_size = stat.st_size & 0xFFFFFFFF
    entry.mode = int(pygit2.enums.FileMode.BLOB)  # what the commit's tree records
    ffi.buffer(ffi.addressof(entry, "id"))[:] = blob.raw
    c_path = ffi.new("char[]", path.encode("utf-8"))
    entry.path = c_path
    check_error(C.git_index_add(index._index, entry))


def remove_index_entry(index: pygit2.Index, path: str) -> None:
    if path in index:
        index.remove(path)


def write_index(index: pygit2.Index) -> None:
    index.write()


#: Version of the git index a new brain starts with. Version 4 stores each path as a suffix of the one before
#: it, so the file is about a third smaller; every write rehashes and rewrites the whole file (≈ 40% less time
#: per write at 10,000 notes). libgit2 keeps the version of the index it read, and git has read version 4
#: since 1.8.
INDEX_VERSION = 4


def init_repository(root: Path) -> pygit2.Repository:
    with git_errors(messages.action_init_repository()):
        repo = pygit2.init_repository(str(root), bare=False, initial_head="main")
        _start_index(Path(repo.path))
        return repo


def _start_index(git_dir: Path) -> None:
    """Give a new repository an empty index of `INDEX_VERSION`: pygit2 cannot set the version, but libgit2 keeps
    the one it reads. `index.version` makes git use it too should it ever create the index again."""
    index_file = git_dir / "index"
    if index_file.exists():
        return
    header = b"DIRC" + struct.pack(">II", INDEX_VERSION, 0)  # signature, version, no entries
    index_file.write_bytes(header + hashlib.sha1(header, usedforsecurity=False).digest())  # git's checksum
    config = pygit2.Config(str(git_dir / "config"))
    config["index.version"] = INDEX_VERSION


def blob_text(repo: pygit2.Repository, tree: pygit2.Tree, path: str) -> str | None:
    """Text of `path` in `tree`, or None when absent."""
    try:
        entry = tree[path]
    except KeyError:
        return None
    obj = repo[entry.id]
    if not isinstance(obj, pygit2.Blob):
        return None
    return obj.data.decode("utf-8", errors="replace")


def changed_paths(repo: pygit2.Repository, old: pygit2.Tree | None, new: pygit2.Tree) -> list[str]:
    if old is None:
        diff = new.diff_to_tree(swap=True)
    else:
        diff = old.diff_to_tree(new)
    paths: list[str] = []
    for delta in diff.deltas:
        for path in (delta.old_file.path, delta.new_file.path):
            if path and path not in paths:
                paths.append(path)
    return sorted(paths)


def walk_first_parent(repo: pygit2.Repository) -> Iterator[pygit2.Commit]:
    if repo.head_is_unborn:
        return
    commit = cast(pygit2.Commit, repo[repo.head.target])  # a branch always points at a commit
    while True:
        yield commit
        if not commit.parents:
            return
        commit = commit.parents[0]


def revert_index(repo: pygit2.Repository, commit: pygit2.Commit, onto: pygit2.Commit) -> pygit2.Index:
    mainline = 1 if len(commit.parents) > 1 else 0
    return repo.revert_commit(commit, onto, mainline)


def conflict_paths(index: pygit2.Index) -> list[str]:
    if index.conflicts is None:
        return []
    paths: set[str] = set()
    for ancestor, ours, theirs in index.conflicts:
        for entry in (ancestor, ours, theirs):
            if entry is not None:
                paths.add(entry.path)
    return sorted(paths)


def tree_of_index(repo: pygit2.Repository, index: pygit2.Index) -> pygit2.Oid:
    return index.write_tree(repo)


def create_commit(
    repo: pygit2.Repository, tree: pygit2.Oid, message: str, parents: list[pygit2.Oid], ref: str | None = None
) -> pygit2.Oid:
    sig = signature()
    return repo.create_commit(ref, sig, sig, message, tree, parents)


def update_tree(repo: pygit2.Repository, base: pygit2.Tree | None, files: dict[str, pygit2.Oid | None]) -> pygit2.Oid:
    """Write a tree equal to `base` with `files` set (None deletes), rebuilding only the touched folders."""
    tree = _update_tree(repo, base, files)
    return tree if tree is not None else repo.TreeBuilder().write()


def _update_tree(
    repo: pygit2.Repository, base: pygit2.Tree | None, files: dict[str, pygit2.Oid | None]
) -> pygit2.Oid | None:
    """`update_tree`, or None when the folder ends up empty (git has no empty folders: the parent drops it)."""
    here: dict[str, pygit2.Oid | None] = {}
    below: dict[str, dict[str, pygit2.Oid | None]] = {}
    for path, blob in files.items():
        head, _, rest = path.partition("/")
        if rest:
            below.setdefault(head, {})[rest] = blob
        else:
            here[head] = blob
    builder = repo.TreeBuilder(base) if base is not None else repo.TreeBuilder()
    for name, blob in here.items():
        if blob is None:
            if builder.get(name) is not None:
                builder.remove(name)
        else:
            builder.insert(name, blob, pygit2.enums.FileMode.BLOB)
    for name, sub in below.items():
        existing = base[name] if base is not None and name in base else None
        sub_base = repo[existing.id] if existing is not None and existing.type_str == "tree" else None
        sub_id = _update_tree(repo, sub_base, sub)  # type: ignore[arg-type]
        if sub_id is None:
            if builder.get(name) is not None:
                builder.remove(name)
        else:
            builder.insert(name, sub_id, pygit2.enums.FileMode.TREE)
    return builder.write() if len(builder) else None


def index_entry(path: str, blob: pygit2.Oid) -> pygit2.IndexEntry:
    return pygit2.IndexEntry(path, blob, pygit2.enums.FileMode.BLOB)


def create_tag(repo: pygit2.Repository, name: str, target: pygit2.Oid) -> None:
    repo.references.create(f"refs/tags/{name}", target)


def list_tags(repo: pygit2.Repository, prefix: str) -> list[tuple[str, str]]:
    found = []
    for ref in repo.references:
        if ref.startswith(f"refs/tags/{prefix}"):
            found.append((ref[len("refs/tags/") :], str(repo.references[ref].peel(pygit2.Commit).id)))
    return sorted(found)


def sync_state(repo: pygit2.Repository) -> dict[str, object]:
    """Branch, remote and how far the branch is from its upstream, plus uncommitted changes in the work tree."""
    state: dict[str, object] = {
        "branch": None,
        "remote_configured": bool(list(repo.remotes)),
        "remote": None,
        "unpushed": None,
        "unpulled": None,
        "pending_changes": 0,
    }
    if not repo.head_is_unborn:
        branch = repo.branches.local.get(repo.head.shorthand)
        state["branch"] = repo.head.shorthand
        upstream = branch.upstream if branch is not None else None
        if upstream is not None:
            state["remote"] = upstream.remote_name
            ahead, behind = repo.ahead_behind(repo.head.target, upstream.target)
            state["unpushed"], state["unpulled"] = ahead, behind
        elif state["remote_configured"]:
            state["remote"] = next(iter(repo.remotes)).name
    flags = pygit2.enums.FileStatus
    ignored = flags.IGNORED
    state["pending_changes"] = sum(1 for _, status in repo.status().items() if not status & ignored)
    return state


def approved_commits(repo: pygit2.Repository, limit: int = 2000) -> list[tuple[str, str, int, list[str]]]:
    """(commit, op, time, paths) of recent commits carrying `Cabecao-Approved: user`."""
    found = []
    for count, commit in enumerate(walk_first_parent(repo)):
        if count >= limit:
            break
        if commit.message_trailers.get("Cabecao-Approved", "").strip().lower() != "user":
            continue
        parent = commit.parents[0].tree if commit.parents else None
        found.append(
            (
                str(commit.id),
                commit.message_trailers.get("Cabecao-Op", ""),
                commit.commit_time,
                changed_paths(repo, parent, commit.tree),
            )
        )
    return found
