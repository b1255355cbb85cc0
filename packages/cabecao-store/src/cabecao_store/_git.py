"""The only module that imports pygit2: every GitError becomes `git_failed` here, once."""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import cast

import pygit2
from cabecao_schema import CabecaoError, ErrorCode

from . import _messages as messages

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


def stage_paths(repo: pygit2.Repository, root: Path, paths: list[str]) -> None:
    """Set git's index entries of `paths` to the files as they are on disk (removed when gone), and write it."""
    index = repo.index
    index.read(False)
    for rel in paths:
        if (root / rel).exists():
            index.add(rel)
        elif rel in index:
            index.remove(rel)
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
