"""Note types, the type → folder map and scopes."""

from __future__ import annotations

import pytest
from cabecao_schema import (
    DEFAULT_RELATION_TYPES,
    MANAGED_KEYS,
    NoteType,
    folder_for,
    parse_scope,
    scope_project,
)


@pytest.mark.parametrize(
    ("note_type", "folder"),
    [
        ("rule", "memory/rules"),
        ("preference", "memory/preferences"),
        ("gotcha", "memory/gotchas"),
        ("decision", "memory/decisions"),
        ("fact", "memory/facts"),
        ("procedure", "memory/procedures"),
        ("handoff", "memory/handoffs"),
        ("episode", "memory/episodes"),
        ("concept", "wiki/concepts"),
        ("entity", "wiki/entities"),
        ("source", "wiki/sources"),
        ("synthesis", "wiki/syntheses"),
    ],
)
def test_folder_for(note_type: str, folder: str) -> None:
    assert folder_for(note_type) == folder
    assert folder_for(NoteType(note_type)) == folder


def test_note_types_are_the_twelve_of_the_architecture() -> None:
    assert len(NoteType) == 12
    with pytest.raises(ValueError):
        folder_for("nota")


def test_managed_keys_are_the_reference_ones() -> None:
    # "Choose origin, id, created, updated, edited_by, approved_by, or approved_at | Ignored, with a warning"
    assert sorted(MANAGED_KEYS) == sorted(
        ["origin", "id", "created", "updated", "edited_by", "approved_by", "approved_at"]
    )


def test_default_relation_types_are_the_reference_ones() -> None:
    assert DEFAULT_RELATION_TYPES == (
        "uses",
        "part_of",
        "depends_on",
        "decided_by",
        "works_on",
        "related_to",
        "supersedes",
        "superseded_by",
    )


@pytest.mark.parametrize(
    ("scope", "project"),
    [("global", None), ("project:atlas", "atlas"), ("project:a.b_c-1", "a.b_c-1"), ("project:" + "a" * 64, "a" * 64)],
)
def test_good_scopes(scope: str, project: str | None) -> None:
    assert parse_scope(scope) == scope
    assert scope_project(scope) == project


@pytest.mark.parametrize(
    "scope",
    [
        "",
        "Global",
        "projeto:atlas",
        "project:",
        "project:Atlas",
        "project:-x",
        "project:a b",
        "global\n",
        "project:atlas\n",
        "project:" + "a" * 65,
        " global",
    ],
)
def test_bad_scopes(scope: str) -> None:
    with pytest.raises(ValueError):
        parse_scope(scope)
