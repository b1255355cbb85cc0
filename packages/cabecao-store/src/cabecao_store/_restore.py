"""Restore points: local tags a person can always go back to (`git reset --hard <tag>`)."""

from __future__ import annotations

from dataclasses import dataclass

from cabecao_schema import CabecaoError, ErrorCode

from . import _git
from . import _messages as messages
from ._store import Store

RESTORE_PREFIX = "cabecao/restore/"


@dataclass(frozen=True)
class RestorePoint:
    tag: str
    commit: str


def create_restore_point(store: Store, ident: str) -> RestorePoint:
    head = store._head()
    if head is None:
        raise CabecaoError(
            ErrorCode.NOTHING_TO_UNDO, messages.nothing_to_undo(), next_step=messages.next_step_nothing_to_undo()
        )
    now = store.now()
    tag = f"{RESTORE_PREFIX}{now.strftime('%Y-%m-%d-%H%M%S')}-{now.microsecond // 1000:03d}-{ident}"
    with _git.git_errors(messages.action_restore_point()):
        if f"refs/tags/{tag}" in store._repo.references:
            raise CabecaoError(ErrorCode.CONFLICT, messages.restore_point_exists(tag=tag))
        _git.create_tag(store._repo, tag, head.id)
    return RestorePoint(tag=tag, commit=str(head.id))


def restore_points(store: Store) -> list[RestorePoint]:
    return [RestorePoint(tag=t, commit=c) for t, c in _git.list_tags(store._repo, RESTORE_PREFIX)]
