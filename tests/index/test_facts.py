"""Facts with validity on a date and the supersedes chain, on the sample brain."""

from __future__ import annotations

import pytest
from cabecao_index import BrainIndex

from .conftest import WriteNotes


def test_reference_example_on_a_past_date(sample_index: BrainIndex) -> None:
    result = sample_index.facts(subject="Projeto Atlas", predicate="uses_queue", as_of="2026-03-01")
    assert result.subject is not None and result.subject.path == "wiki/entities/Projeto Atlas.md"
    assert (result.total, result.truncated) == (2, False)
    rabbit, sqs = result.facts
    assert (rabbit.path, rabbit.object, rabbit.validity) == (
        "memory/facts/fato-atlas-usa-rabbitmq.md",
        "RabbitMQ",
        "current",
    )
    assert (rabbit.valid_from, rabbit.valid_until, rabbit.superseded_on) == ("2026-01-14", "2026-05-03", "2026-05-03")
    assert rabbit.superseded_by == ["memory/facts/fato-atlas-usa-sqs.md"]
    assert (sqs.path, sqs.object, sqs.validity, sqs.valid_until) == (
        "memory/facts/fato-atlas-usa-sqs.md",
        "SQS",
        "not_yet_valid",
        None,
    )
    assert sqs.supersedes == ["memory/facts/fato-atlas-usa-rabbitmq.md"]
    assert (sqs.subject_path, sqs.object_path) == ("wiki/entities/Projeto Atlas.md", "wiki/entities/SQS.md")


def test_expired_facts_are_returned_today(sample_index: BrainIndex) -> None:
    result = sample_index.facts(subject="[[Projeto Atlas]]", predicate="uses_queue", as_of="2026-11-13")
    assert [(f.object, f.validity) for f in result.facts] == [("RabbitMQ", "expired"), ("SQS", "current")]


@pytest.mark.parametrize(
    ("kwargs", "objects"),
    [
        ({"predicate": "led_by"}, ["Bruno Tavares"]),
        ({"object": "SQS"}, ["SQS"]),
        ({"object": "wiki/entities/RabbitMQ.md"}, ["RabbitMQ"]),
        ({"subject": "Atlas"}, ["Bruno Tavares", "RabbitMQ", "SQS"]),
        ({"subject": "01KEKKQ9Y6YS3DNT2X14M3K3WZ", "predicate": "led_by"}, ["Bruno Tavares"]),
    ],
)
def test_query_by_any_part(sample_index: BrainIndex, kwargs: dict[str, str], objects: list[str]) -> None:
    result = sample_index.facts(as_of="2026-11-13", **kwargs)
    assert sorted(f.object for f in result.facts) == objects


def test_limit_truncates(sample_index: BrainIndex) -> None:
    result = sample_index.facts(limit=1, as_of="2026-11-13")
    assert (len(result.facts), result.total, result.truncated) == (1, 3, True)


def test_chain_written_on_one_side_shows_on_both(brain: WriteNotes) -> None:
    root = brain(
        {
            "memory/facts/velho.md": (
                "---\ntype: fact\ntitle: velho\nsubject: X\npredicate: usa\nobject: '10'\n"
                "valid_until: 2026-02-01\n---\n"
            ),
            "memory/facts/novo.md": (
                "---\ntype: fact\ntitle: novo\nsubject: X\npredicate: usa\nobject: '20'\nvalid_from: 2026-02-01\n"
                "supersedes: ['[[memory/facts/velho]]']\n---\n"
            ),
        }
    )
    with BrainIndex(root) as index:
        old, new = index.facts(subject="X", as_of="2026-03-01").facts
        assert (old.object, old.validity, old.superseded_by, old.superseded_on) == (
            "10",
            "expired",
            ["memory/facts/novo.md"],
            "2026-02-01",
        )
        assert (new.object, new.validity, new.supersedes) == ("20", "current", ["memory/facts/velho.md"])
        assert old.subject_path is None  # a plain-text subject with no note
