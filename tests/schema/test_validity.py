"""Validity on a date: valid_from inclusive, valid_until exclusive, expires_at inclusive."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from cabecao_schema import parse_date, parse_document, validate_frontmatter, validity_on

SAMPLE_BRAIN = Path(__file__).resolve().parents[2] / "packages/cabecao-store/src/cabecao_store/sample_brain"

D = date
RABBITMQ = {"valid_from": D(2026, 1, 14), "valid_until": D(2026, 5, 3)}
SQS = {"valid_from": D(2026, 5, 3)}
HANDOFF = {"expires_at": D(2026, 12, 13)}


@pytest.mark.parametrize(
    ("as_of", "fields", "expected"),
    [
        # the reference's facts example, as_of 2026-03-01
        pytest.param(D(2026, 3, 1), RABBITMQ, "current", id="reference-rabbitmq-2026-03-01"),
        pytest.param(D(2026, 3, 1), SQS, "not_yet_valid", id="reference-sqs-2026-03-01"),
        # the day SQS took over: the old one stops holding that day, the new one starts
        pytest.param(D(2026, 5, 3), RABBITMQ, "expired", id="rabbitmq-on-switch-day"),
        pytest.param(D(2026, 5, 3), SQS, "current", id="sqs-on-switch-day"),
        pytest.param(D(2026, 5, 2), RABBITMQ, "current", id="rabbitmq-day-before"),
        pytest.param(D(2026, 5, 2), SQS, "not_yet_valid", id="sqs-day-before"),
        pytest.param(D(2026, 1, 14), RABBITMQ, "current", id="rabbitmq-first-day"),
        pytest.param(D(2026, 1, 13), RABBITMQ, "not_yet_valid", id="rabbitmq-day-before-start"),
        pytest.param(D(2026, 11, 13), RABBITMQ, "expired", id="rabbitmq-later"),
        pytest.param(D(2030, 1, 1), SQS, "current", id="sqs-open-ended"),
        # expires_at is the last day it is delivered
        pytest.param(D(2026, 11, 13), HANDOFF, "current", id="handoff-before"),
        pytest.param(D(2026, 12, 13), HANDOFF, "current", id="handoff-on-expiry-day"),
        pytest.param(D(2026, 12, 14), HANDOFF, "expired", id="handoff-day-after"),
        # no dates at all
        pytest.param(D(2026, 3, 1), {}, "current", id="no-dates"),
        pytest.param(D(1, 1, 1), {}, "current", id="no-dates-year-1"),
        # combinations
        pytest.param(
            D(2026, 1, 1),
            {"valid_from": D(2026, 2, 1), "expires_at": D(2026, 1, 15)},
            "not_yet_valid",
            id="from-wins-before",
        ),
        pytest.param(
            D(2026, 3, 1), {"valid_until": D(2026, 6, 1), "expires_at": D(2026, 2, 28)}, "expired", id="expires-first"
        ),
        pytest.param(
            D(2026, 3, 1), {"valid_until": D(2026, 3, 1), "expires_at": D(2026, 12, 31)}, "expired", id="until-first"
        ),
        pytest.param(
            D(2026, 3, 1), {"valid_from": D(2026, 3, 1), "valid_until": D(2026, 3, 1)}, "expired", id="empty-interval"
        ),
        pytest.param(
            D(2026, 3, 1), {"valid_from": D(2026, 3, 1), "expires_at": D(2026, 3, 1)}, "current", id="one-day"
        ),
    ],
)
def test_validity_on(as_of: date, fields: dict[str, date], expected: str) -> None:
    assert validity_on(as_of, **fields) == expected


@pytest.mark.parametrize(
    ("as_of", "rabbitmq", "sqs"),
    [
        (D(2026, 3, 1), "current", "not_yet_valid"),
        (D(2026, 5, 3), "expired", "current"),
        (D(2026, 1, 1), "not_yet_valid", "not_yet_valid"),
    ],
)
def test_validity_of_the_sample_brain_facts(as_of: date, rabbitmq: str, sqs: str) -> None:
    found = {}
    for name in ("fato-atlas-usa-rabbitmq", "fato-atlas-usa-sqs"):
        path = f"memory/facts/{name}.md"
        model = validate_frontmatter(
            parse_document((SAMPLE_BRAIN / path).read_text(encoding="utf-8")).frontmatter, path=path
        )
        found[name] = validity_on(
            as_of, valid_from=model.valid_from, valid_until=model.valid_until, expires_at=model.expires_at
        )
    assert found == {"fato-atlas-usa-rabbitmq": rabbitmq, "fato-atlas-usa-sqs": sqs}


@pytest.mark.parametrize(("text", "expected"), [("2026-03-01", D(2026, 3, 1)), ("2024-02-29", D(2024, 2, 29))])
def test_parse_date(text: str, expected: date) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize("text", ["2026-3-1", "2026-02-30", "20260301", "2026-03-01T00:00:00", "2026/03/01", ""])
def test_parse_date_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        parse_date(text)
