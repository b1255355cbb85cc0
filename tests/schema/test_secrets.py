"""Secret scanner: the corpus (every positive found exactly, no negative flagged), the marker, positions, speed."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from cabecao_schema.secrets import ALLOW_MARKER, SECRET_RULES, SecretFinding, scan_secrets

from .secret_recall import KINDS

DATA = Path(__file__).parent / "data" / "secrets"
START = "\u27e6"  # marks, in positives.txt, where the secret starts; removed before scanning


@dataclasses.dataclass(frozen=True)
class Case:
    label: str  # expected rule (positives) or kind of look-alike (negatives)
    text: str
    column: int  # 1-based expected column (positives only)
    source_line: int


def _load(name: str) -> list[Case]:
    cases: list[Case] = []
    for number, line in enumerate((DATA / name).read_text(encoding="utf-8").splitlines(), start=1):
        if "\t" not in line:
            continue  # comment
        label, text = line.split("\t", 1)
        column = 0
        if START in text:
            column = text.index(START) + 1
            text = text.replace(START, "", 1)
        cases.append(Case(label, text, column, number))
    return cases


POSITIVES = _load("positives.txt")
NEGATIVES = _load("negatives.txt")


def _ids(cases: list[Case]) -> list[str]:
    return [f"L{case.source_line}-{case.label}" for case in cases]


def _triples(findings: list[SecretFinding]) -> list[tuple[str, int, int]]:
    return [(finding.rule, finding.line, finding.column) for finding in findings]


# --- the corpus -----------------------------------------------------------------------------------------------------


def test_corpus_is_big_and_well_formed() -> None:
    assert len(POSITIVES) >= 60
    assert len(NEGATIVES) >= 60
    assert all(case.column >= 1 for case in POSITIVES), "every positive marks where its secret starts"
    assert all(START not in case.text for case in POSITIVES + NEGATIVES)
    assert all(case.column == 0 for case in NEGATIVES), "negatives carry no start mark"
    assert {case.label for case in POSITIVES} <= set(SECRET_RULES), "a positive expects an unknown rule"
    # Every rule needs a positive: a line here, or a generated kind (secret_recall.py, nothing fixed committed).
    assert set(SECRET_RULES) <= {case.label for case in POSITIVES} | {kind.rule for kind in KINDS}
    assert len({case.text for case in POSITIVES + NEGATIVES}) == len(POSITIVES) + len(NEGATIVES), "duplicate line"


@pytest.mark.parametrize("case", POSITIVES, ids=_ids(POSITIVES))
def test_positive_is_found_once_with_rule_and_position(case: Case) -> None:
    assert _triples(scan_secrets(case.text)) == [(case.label, 1, case.column)]


@pytest.mark.parametrize("case", NEGATIVES, ids=_ids(NEGATIVES))
def test_negative_is_not_flagged(case: Case) -> None:
    assert scan_secrets(case.text) == []


def test_whole_corpus_as_one_document_gives_exact_lines() -> None:
    """Positives interleaved with negatives: line numbers must count every line, not only the flagged ones."""
    lines: list[str] = []
    expected: list[tuple[str, int, int]] = []
    for index, case in enumerate(POSITIVES):
        lines.append(NEGATIVES[index % len(NEGATIVES)].text)
        lines.append(case.text)
        expected.append((case.label, len(lines), case.column))
    assert _triples(scan_secrets("\n".join(lines))) == expected


def test_recall_and_false_positive_rate() -> None:
    found = sum(_triples(scan_secrets(case.text)) == [(case.label, 1, case.column)] for case in POSITIVES)
    flagged = sum(bool(scan_secrets(case.text)) for case in NEGATIVES)
    recall = found / len(POSITIVES)
    false_positive_rate = flagged / len(NEGATIVES)
    print(f"recall {recall:.1%} ({found}/{len(POSITIVES)}), false positives {false_positive_rate:.1%} ({flagged})")
    assert recall == 1.0
    assert flagged == 0


# --- the finding never holds the value ------------------------------------------------------------------------------


def test_finding_has_only_rule_line_column() -> None:
    assert [field.name for field in dataclasses.fields(SecretFinding)] == ["rule", "line", "column"]
    finding = scan_secrets(POSITIVES[0].text)[0]
    assert not hasattr(finding, "__dict__"), "slots: no place to stash the value"
    with pytest.raises(dataclasses.FrozenInstanceError):
        finding.rule = "other"  # type: ignore[misc]


@pytest.mark.parametrize("case", POSITIVES, ids=_ids(POSITIVES))
def test_finding_never_contains_the_secret(case: Case) -> None:
    token = re.match(r"[^\s\"'`<>|,;]+", case.text[case.column - 1 :])
    assert token is not None
    secret = token.group()[:40]
    pieces = {secret[i : i + 8] for i in range(max(1, len(secret) - 7))}  # every 8-character window
    findings = scan_secrets(case.text)
    assert findings
    for finding in findings:
        for rendering in (repr(finding), str(finding), repr(dataclasses.asdict(finding))):
            assert not any(piece in rendering for piece in pieces)


# --- positions ------------------------------------------------------------------------------------------------------

AWS_KEY = "AKIA" + "Q3ZT7LMB2XKP4WNV"
GH_TOKEN = "ghp_" + "Zr8Kq2Lm5Np7Tx4Vb9Wc3Yd6Fg1Hj0Ks8Qa2"
STRIPE = "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc"


def test_positions_are_one_based_code_points() -> None:
    text = "# Notas\n\nA senha do banco é Xy7#kq9!Lm\n"
    assert scan_secrets(text) == [SecretFinding(rule="password_in_prose", line=3, column=20)]
    assert scan_secrets(AWS_KEY) == [SecretFinding(rule="aws_access_key", line=1, column=1)]
    assert scan_secrets(f"x = 1\n\t{AWS_KEY}") == [SecretFinding(rule="aws_access_key", line=2, column=2)]


def test_several_findings_on_a_line_are_sorted_by_column() -> None:
    text = f"primeiro\ntokens: {STRIPE} e {GH_TOKEN}\n{AWS_KEY}"
    assert _triples(scan_secrets(text)) == [
        ("stripe_key", 2, 9),
        ("github_token", 2, 9 + len(STRIPE) + 3),
        ("aws_access_key", 3, 1),
    ]


def test_crlf_and_no_final_newline() -> None:
    text = f"linha um\r\n\r\nGITHUB_TOKEN={GH_TOKEN}"
    assert _triples(scan_secrets(text)) == [("github_token", 3, 14)]


def test_text_whose_lowercase_changes_length() -> None:
    """'İ'.lower() has two code points: case-insensitive rules must still report original columns."""
    text = f"İstanbul İzmir: senha: Xy7#kq9!Lm e API_KEY={GH_TOKEN[4:]}\nAuthorization: Bearer {GH_TOKEN[4:]}"
    assert len(text.lower()) != len(text)
    assert _triples(scan_secrets(text)) == [
        ("password_assignment", 1, 24),
        ("secret_assignment", 1, 45),
        ("bearer_token", 2, 23),
    ]


def test_empty_text() -> None:
    assert scan_secrets("") == []


# --- one finding per location: the specific rule wins -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        (f'api_key = "{GH_TOKEN}"', "github_token"),  # also a secret_assignment
        (f"https://x-access-token:{GH_TOKEN}@github.com/acme/atlas.git", "github_token"),  # also url_credentials
        ("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ", "jwt"),
        ("senha: Xy7#kq9!Lm", "password_assignment"),  # also password_in_prose
        ("aws_secret_access_key = " + "k3Jx9Qw2Er5Ty8Ui1Op4As7Df0Gh3Jk6Lz9Xc2Vb", "aws_secret_key"),
        ("sk-ant-api03-" + "Zr8Kq2Lm5Np7Tx4Vb9Wc3Yd6Fg1Hj0Ks8QaZr8K", "anthropic_key"),  # also openai_key's shape
    ],
)
def test_overlapping_rules_report_once(text: str, rule: str) -> None:
    assert [finding.rule for finding in scan_secrets(text)] == [rule]


# --- private key blocks ---------------------------------------------------------------------------------------------

KEY_BODY = [
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
    AWS_KEY + "+Qw2Er5Ty8Ui1Op4As7Df0Gh3Jk6Lz9Xc2Vb",  # a body line that also looks like an AWS key id
    "QyNTUxOQAAACBxZmFrZWtleWZha2VrZXlmYWtla2V5ZmFrZWtleWZha2UAAAAA==",
]


def test_multiline_private_key_is_reported_once_at_begin_line() -> None:
    text = "\n".join(
        [
            "## Acesso ao bastion",
            "",
            "```",
            "-----BEGIN OPENSSH PRIVATE KEY-----",
            *KEY_BODY,
            "-----END OPENSSH PRIVATE KEY-----",
            "```",
            f"Depois: {GH_TOKEN}",
        ]
    )
    assert _triples(scan_secrets(text)) == [("private_key", 4, 1), ("github_token", 10, 9)]


def test_private_key_without_end_is_still_reported() -> None:
    text = "  -----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA...\n(cortado)"
    assert _triples(scan_secrets(text)) == [("private_key", 1, 3)]


def test_public_material_is_not_a_private_key() -> None:
    text = "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkq\n-----END PUBLIC KEY-----\n-----BEGIN CERTIFICATE-----"
    assert scan_secrets(text) == []


# --- the allow marker -----------------------------------------------------------------------------------------------


def test_marker_on_the_same_line_counts_only_for_humans() -> None:
    text = f"GITHUB_TOKEN={GH_TOKEN}  <!-- {ALLOW_MARKER} -->"
    assert scan_secrets(text, honour_allow_marker=True) == []
    assert _triples(scan_secrets(text)) == [("github_token", 1, 14)]
    assert _triples(scan_secrets(text, honour_allow_marker=False)) == [("github_token", 1, 14)]


@pytest.mark.parametrize(
    "marker_line",
    [
        f"<!-- {ALLOW_MARKER} -->",
        f"  # {ALLOW_MARKER}",
        f"// {ALLOW_MARKER}: fixture de teste",
        ALLOW_MARKER,
    ],
)
def test_marker_only_line_covers_the_next_line_only(marker_line: str) -> None:
    text = f"{marker_line}\nGITHUB_TOKEN={GH_TOKEN}\nSTRIPE={STRIPE}"
    assert _triples(scan_secrets(text, honour_allow_marker=True)) == [("stripe_key", 3, 8)]
    assert _triples(scan_secrets(text)) == [("github_token", 2, 14), ("stripe_key", 3, 8)]


def test_marker_inside_other_text_does_not_cover_the_next_line() -> None:
    text = f"Use {ALLOW_MARKER} só em fixtures. {AWS_KEY}\nGITHUB_TOKEN={GH_TOKEN}"
    assert _triples(scan_secrets(text, honour_allow_marker=True)) == [("github_token", 2, 14)]


def test_marker_two_lines_above_does_not_count() -> None:
    text = f"<!-- {ALLOW_MARKER} -->\n\nGITHUB_TOKEN={GH_TOKEN}"
    assert _triples(scan_secrets(text, honour_allow_marker=True)) == [("github_token", 3, 14)]


def test_marker_before_a_private_key_block() -> None:
    text = "\n".join(
        [f"<!-- {ALLOW_MARKER} -->", "-----BEGIN EC PRIVATE KEY-----", *KEY_BODY, "-----END EC PRIVATE KEY-----"]
    )
    assert scan_secrets(text, honour_allow_marker=True) == []
    assert _triples(scan_secrets(text)) == [("private_key", 2, 1)]


# --- placeholder policy (documented in the module) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        ("password: changeme", False),
        ("senha: <sua-senha>", False),
        ("senha: ********", False),
        ("postgres://user:pass@localhost/app", False),
        ("postgres://user:${DB_PASSWORD}@localhost/app", False),
        ("postgres://app:Hunter2024@localhost/app", True),
        ("password: hunter2", True),
        ("password = os.environ['DB_PASSWORD']", False),
        ("password=None", False),
        ("token: str", False),
        ("ANTHROPIC_API_KEY=sk-ant-api03-...", False),  # elided: an example
        ('"token": "ACEGmnoq#1rstu2...BDFH3vxwy!4hlm!#5"', False),
        ("| staging | API_KEY=Zr8Kq2Lm5Np7Tx4Vb9Wc3Yd6 |", True),  # a table cell border is not a type union
        ("| staging | private_key: Ed25519PrivateKey | None |", False),
        ("memory/credenciais/API_KEY=Zr8Kq2Lm5Np7Tx4Vb9Wc3Yd6.md", True),  # a path: `.md` is not part of it
        ("Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==", False),  # RFC 7617's Aladdin:open sesame
    ],
)
def test_placeholder_policy(text: str, flagged: bool) -> None:
    assert bool(scan_secrets(text)) is flagged


# --- rules and speed ------------------------------------------------------------------------------------------------


def test_rule_names() -> None:
    assert isinstance(SECRET_RULES, tuple)
    assert len(set(SECRET_RULES)) == len(SECRET_RULES)
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", name) for name in SECRET_RULES)
    required = {
        "private_key", "aws_access_key", "aws_secret_key", "github_token", "gitlab_token", "slack_token",
        "slack_webhook", "stripe_key", "google_api_key", "google_oauth_secret", "openai_key", "anthropic_key", "jwt",
        "password_assignment", "secret_assignment", "url_credentials", "cabecao_confirm_token", "password_in_prose",
        "twilio_api_key", "discord_bot_token", "discord_webhook", "mailgun_key", "shopify_token", "digitalocean_token",
        "square_token", "azure_sas", "url_query_secret", "gcp_service_account_key", "vault_token", "terraform_token",
    }  # fmt: skip
    assert required <= set(SECRET_RULES)


PARAGRAPH = (
    "## Decisão\n\nMigramos as filas do [[Projeto Atlas]] de RabbitMQ para SQS em 2024-05-02. O consumidor usa "
    "backoff exponencial (base 2 s, teto 5 min) e uma DLQ por fila; ver `docs/filas.md` e o commit "
    "9fceb02d0ae598e95dc970b74767f19372d61af8.\n\n- id: 550e8400-e29b-41d4-a716-446655440000\n- op: "
    "01KR2K2ER8WSC66YEXP487Q72D\n"
)


def _one_megabyte() -> tuple[str, int]:
    """~1 MB of note-like Markdown: paragraphs, ten look-alikes and one planted secret per ~3 KB."""
    parts: list[str] = []
    planted = 0
    size = 0
    while size < 1_000_000:
        lookalikes = [NEGATIVES[(planted * 10 + offset) % len(NEGATIVES)].text for offset in range(10)]
        chunk = PARAGRAPH * 8 + "\n".join(lookalikes) + "\n" + POSITIVES[planted % len(POSITIVES)].text + "\n"
        planted += 1
        parts.append(chunk)
        size += len(chunk)
    return "".join(parts), planted


def test_one_megabyte_finds_every_planted_secret() -> None:
    text, planted = _one_megabyte()
    assert len(text) >= 1_000_000
    assert len(scan_secrets(text)) == planted


def test_dense_megabyte_of_lookalikes_has_no_finding() -> None:
    """Every negative over and over (a keyword assignment every ~100 characters): the worst realistic text."""
    block = "\n".join(case.text for case in NEGATIVES) + "\n"
    assert scan_secrets(block * (1_000_000 // len(block) + 1)) == []


@pytest.mark.benchmark_suite
def test_bench_scan_one_megabyte(benchmark) -> None:  # type: ignore[no-untyped-def]
    """Speed of the scanner on 1 MB of note-like Markdown (target: well under 0.5 s)."""
    text, planted = _one_megabyte()
    findings = benchmark(scan_secrets, text)
    assert len(findings) == planted


@pytest.mark.benchmark_suite
def test_bench_scan_dense_lookalikes(benchmark) -> None:  # type: ignore[no-untyped-def]
    block = "\n".join(case.text for case in NEGATIVES) + "\n"
    assert benchmark(scan_secrets, block * (1_000_000 // len(block) + 1)) == []


@pytest.mark.parametrize(
    "text",
    [
        "a" * 200_000,
        "password=" * 20_000,
        "postgres://u:" * 15_000,
        "senha do " * 20_000,
        "eyJaaaaaaaaa." * 15_000,
        "-----BEGIN RSA PRIVATE KEY-----\n" * 6_000,
        "token: " + "ab-" * 60_000,
        "!" * 200_000,
        "-sk-" + "a-sk-" * 40_000,
        " pat" * 50_000,
        " MD" * 60_000,
        ":AA" * 60_000,
        "?token=" * 28_000,
        " sl." + "a" * 200_000,
        ("0" * 32 + "-us1 ") * 5_000,
    ],
    ids=[
        "letters",
        "password=",
        "url",
        "senha-do",
        "eyJ",
        "begin",
        "kebab",
        "symbols",
        "sk-",
        "pat",
        "MD",
        ":AA",
        "query",
        "sl.",
        "-us",
    ],
)
def test_hostile_inputs_are_scanned(text: str) -> None:
    """Inputs that made two rules quadratic (38 s) before they were fixed; the benchmark suite times them."""
    lines = text.split("\n")
    for finding in scan_secrets(text):
        # Every reported position lies inside the text (lines and columns are 1-based).
        assert 0 < finding.line <= len(lines)
        assert 0 < finding.column <= len(lines[finding.line - 1])


@pytest.mark.benchmark_suite
@pytest.mark.parametrize("text", ["password=" * 20_000, "postgres://u:" * 15_000, "token: " + "ab-" * 60_000])
def test_bench_hostile_input(benchmark, text: str) -> None:  # type: ignore[no-untyped-def]
    benchmark(scan_secrets, text)
