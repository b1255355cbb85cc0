"""The generated corpus: every credential kind found, with its rule, in every field; no look-alike ever flagged.

The corpus (tests/schema/secret_recall.py) draws fake credentials from a seeded RNG at test time, so nothing that
looks like a real token is committed. `uv run python tests/schema/secret_recall.py` prints the same figures as
tables (docs/secrets.md).
"""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from cabecao_schema import CabecaoError, ErrorCode, check_secrets
from cabecao_schema.secrets import SECRET_RULES, SecretFinding, scan_secrets

from .secret_recall import (
    FORMATS,
    KINDS,
    PLACEMENTS,
    Kind,
    Placed,
    Sample,
    lookalikes,
    place,
    placed,
    samples,
    secret_of,
)

LOOKALIKES = lookalikes()


RULE_NAMES = " ".join(SECRET_RULES)


def _pieces(secret: str) -> set[str]:
    """Every 8-character window of the secret: none may appear in anything shown to an agent or a log.

    Windows that are part of a rule's name (the `rubygems` of `rubygems_…`) are the prefix, not the secret.
    """
    windows = {secret[index : index + 8] for index in range(max(1, len(secret) - 7))}
    return {window for window in windows if window not in RULE_NAMES}


def _leaks(rendering: str, secret: str) -> bool:
    return any(piece in rendering for piece in _pieces(secret))


# --- the corpus itself ------------------------------------------------------------------------------------------------


def test_corpus_covers_at_least_sixty_provider_rules() -> None:
    generic = {"password_assignment", "secret_assignment", "password_in_prose", "url_credentials", "bearer_token"}
    provider_rules = {kind.rule for kind in KINDS} - generic
    assert len(provider_rules) >= 60, sorted(provider_rules)
    assert {kind.rule for kind in KINDS} <= set(SECRET_RULES)
    assert len({kind.name for kind in KINDS}) == len(KINDS), "duplicate kind name"


def test_every_rule_has_a_generated_kind_and_a_description() -> None:
    assert set(SECRET_RULES) - {kind.rule for kind in KINDS} == set()
    assert set(FORMATS) == set(SECRET_RULES), "docs/secrets.md's table comes from FORMATS"


def test_generation_is_deterministic_and_fake() -> None:
    kind = KINDS[0]
    assert samples(kind) == samples(kind), "seeded: the same corpus on every run"
    assert all(len({sample.text for sample in samples(kind)}) == len(samples(kind)) for kind in KINDS), "random"


# --- recall: every kind, every placement ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_kind_is_found_with_its_rule_in_every_placement(kind: Kind) -> None:
    for sample in samples(kind):
        for item in placed(sample):
            findings = scan_secrets(item.text)
            assert [(f.rule, f.line, f.column) for f in findings] == [(kind.rule, item.line, item.column)], (
                item.placement,
                item.text,
            )


@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_finding_never_holds_the_secret(kind: Kind) -> None:
    sample = samples(kind)[0]
    secret = secret_of(sample)
    assert len(secret) >= 8
    for item in placed(sample):
        for finding in scan_secrets(item.text):
            assert [field.name for field in dataclasses.fields(finding)] == ["rule", "line", "column"]
            for rendering in (repr(finding), str(finding), repr(dataclasses.asdict(finding))):
                assert not _leaks(rendering, secret)


# --- check_secrets with several named texts ---------------------------------------------------------------------------

CLEAN = {
    "caminho 1": "memory/decisoes/migracao-das-filas.md",
    "texto 1": "---\ntitle: Migração das filas\ntype: decision\n---\n\nMigramos para SQS em 2024-05-02.\n",
    "título": "Migração das filas",
    "reason": "a nota foi substituída pela decisão nova",
}


@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_check_secrets_names_the_field_and_never_shows_the_value(kind: Kind) -> None:
    rng = random.Random(kind.name)
    sample = samples(kind)[1]
    secret = secret_of(sample)
    # The secret goes in one of the named texts (a different field for each kind); the others stay clean.
    field = rng.choice(sorted(CLEAN))
    placement = {"caminho 1": "path", "texto 1": "frontmatter", "título": "title", "reason": "reason"}[field]
    template = dict(PLACEMENTS)[placement]
    item = place(placement, template, sample)
    texts = dict(CLEAN)
    texts[field] = item.text
    with pytest.raises(CabecaoError) as raised:
        check_secrets(texts)
    error = raised.value
    assert error.code is ErrorCode.SECRET_DETECTED
    assert error.details["findings"][0] == {
        "file": field,
        "line": item.line,
        "column": item.column,
        "rule": kind.rule,
    }
    assert field in error.message and kind.rule in error.message
    for rendering in (str(error), repr(error), error.message, error.next_step or "", repr(error.to_payload())):
        assert not _leaks(rendering, secret), rendering


def test_check_secrets_passes_clean_texts_and_reports_the_first_field_with_a_secret() -> None:
    check_secrets(CLEAN)
    check_secrets({f"{name} {index}": text for name, texts in LOOKALIKES.items() for index, text in enumerate(texts)})
    twilio = samples(next(kind for kind in KINDS if kind.rule == "twilio_api_key"))[0]
    shopify = samples(next(kind for kind in KINDS if kind.rule == "shopify_token"))[0]
    texts = {**CLEAN, "reason": f"removida: tinha {twilio.text}", "texto 2": f"chave {shopify.text}\n"}
    with pytest.raises(CabecaoError) as raised:
        check_secrets(texts)
    assert [finding["rule"] for finding in raised.value.details["findings"]] == ["twilio_api_key"]
    assert raised.value.details["findings"][0]["file"] == "reason"


# --- look-alikes: nothing flagged -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(LOOKALIKES))
def test_lookalikes_are_never_flagged(name: str) -> None:
    flagged: list[tuple[str, str, list[SecretFinding]]] = []
    for text in LOOKALIKES[name]:
        for item in placed(Sample(text)):
            findings = scan_secrets(item.text)
            if findings:
                flagged.append((item.placement, item.text, findings))
    assert flagged == []


def test_lookalike_classes_are_big_enough() -> None:
    assert {"md5", "sha1_git", "sha256", "uuid", "ulid", "data_uri", "placeholders", "markdown_urls", "prose"} <= set(
        LOOKALIKES
    )
    assert sum(len(texts) for texts in LOOKALIKES.values()) >= 400


# --- the figures ------------------------------------------------------------------------------------------------------


def test_recall_and_false_positive_rate() -> None:
    """`-s` prints the totals; docs/secrets.md has them by kind and by class (from secret_recall.py)."""
    found = total = 0
    for kind in KINDS:
        for sample in samples(kind):
            for item in placed(sample):
                total += 1
                found += [(f.rule, f.line, f.column) for f in scan_secrets(item.text)] == [
                    (kind.rule, item.line, item.column)
                ]
    checked = flagged = 0
    for texts in LOOKALIKES.values():
        for text in texts:
            for item in placed(Sample(text)):
                checked += 1
                flagged += bool(scan_secrets(item.text))
    rules = len({kind.rule for kind in KINDS})
    print(
        f"\ngenerated corpus: {len(KINDS)} kinds ({rules} rules) x {len(PLACEMENTS)} placements: recall "
        f"{found}/{total} = {found / total:.1%}; look-alikes: {flagged}/{checked} flagged = {flagged / checked:.1%}"
    )
    assert found == total
    assert flagged == 0


def _one_megabyte_of_every_kind() -> tuple[str, int]:
    """~1 MB of notes: prose, look-alikes and one generated secret of each kind in turn, every ~3 KB."""
    paragraph = (
        "## Decisão\n\nMigramos as filas do [[Projeto Atlas]] de RabbitMQ para SQS em 2024-05-02. O consumidor usa "
        "backoff exponencial (base 2 s, teto 5 min) e uma DLQ por fila; ver `docs/filas.md`.\n\n"
    )
    flat = [text for texts in LOOKALIKES.values() for text in texts if len(text) < 2000]
    secrets = [sample.text for kind in KINDS for sample in samples(kind)]
    parts: list[str] = []
    size = planted = 0
    while size < 1_000_000:
        chunk = paragraph * 12 + "\n".join(flat[(planted * 7 + i) % len(flat)] for i in range(7)) + "\n"
        chunk += f"- credencial: {secrets[planted % len(secrets)]}\n"
        parts.append(chunk)
        size += len(chunk)
        planted += 1
    return "".join(parts), planted


def test_one_megabyte_of_every_kind_finds_every_planted_secret() -> None:
    text, planted = _one_megabyte_of_every_kind()
    assert len(scan_secrets(text)) == planted


@pytest.mark.benchmark_suite
def test_bench_scan_one_megabyte_every_kind(benchmark) -> None:  # type: ignore[no-untyped-def]
    text, planted = _one_megabyte_of_every_kind()
    assert len(benchmark(scan_secrets, text)) == planted


def test_placements_cover_every_field() -> None:
    assert {name for name, _template in PLACEMENTS} >= {"body", "title", "path", "frontmatter", "reason"}
    item = place("frontmatter", dict(PLACEMENTS)["frontmatter"], Sample('x "y"', 2))
    assert isinstance(item, Placed) and item.text.count("'") == 2 and item.column == len("credencial: '") + 3
    assert re.fullmatch(r"memory/credenciais/.+\.md", place("path", dict(PLACEMENTS)["path"], Sample("abc")).text)
