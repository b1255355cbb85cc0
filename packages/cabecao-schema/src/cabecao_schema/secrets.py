"""Secret scanner: finds credentials in text before they reach git, and reports where, never what.

Every write (text, path, title, frontmatter) and every `sync` push goes through `scan_secrets`. A finding holds the
rule, the 1-based line and the 1-based column (in code points) where the secret starts; the matched value is never
stored, so a finding can be logged, returned to an agent or shown to the user without leaking anything.

Three families of rules (the table of every rule, with what each looks for, is in docs/secrets.md):

- Shape rules: a provider prefix or a fixed format (AWS, GitHub, GitLab, Slack, Stripe, Google, OpenAI,
  Anthropic, Twilio, Discord, Shopify, DigitalOcean, Square, Vault, Doppler… about eighty kinds, private key
  blocks, Azure SAS signatures, Cabeção's own `cbc_ct_` confirmation tokens). They only reject obvious fill-ins:
  a body with few distinct characters (`ghp_xxxx…`), with a run of eight ascending characters (`…12345678…`,
  `…abcdefgh…`), with a fill-in word (`example`, `redacted`, `your_token`…), and the AWS documentation keys.
- Provider keys: a provider's name in the key (`DATADOG_API_KEY`, `"twilioAuthToken"`, `fastly_token`) and a value
  of that provider's format (32 hex, a UUID, 40 characters…), for providers whose tokens carry no prefix.
- Context rules: a value after a keyword (`password = …`, `senha: …`, `API_KEY=…`, `"client_secret": "…"`), in a
  URL query (`?access_token=…`, `&key=…`), in a connection URL (`postgres://user:pass@host`), after `Bearer` or
  `Basic`, or in prose ("a senha do banco é …"). The value must look like a secret: code (`os.environ[…]`,
  `settings.X`, `None`, `str`), references (`${X}`, `$X`, `{{ x }}`, `%X%`), paths, URLs, masks (`********`) and
  placeholders are not flagged.

Placeholder policy (decided here, tested by the negative corpus): angle/curly/square-bracket fill-ins
(`<sua-senha>`, `{password}`), masks of one or two repeated characters, and well-known dummy words are NOT secrets:
`changeme`, `changeit`, `password`, `pass`, `senha`, `secret`, `token`, `example`/`exemplo`, `redacted`,
`placeholder`, `your_password`/`sua_senha`-style instructions… So `postgres://user:pass@host` is not flagged,
while a real password in that place is. A publicly known default is not a leaked secret, and flagging it would
only push agents into rewording documentation. Shape rules ignore dummy words (a `sk_live_…` is flagged whatever
it spells) but skip fill-in bodies (`ghp_xxxx…`, a key block whose body is `XXXX`) and AWS's `…EXAMPLE…` keys.
Documentation examples that look random (`"Password": "&1-3a6u:RA0djs"`) ARE flagged: the scanner cannot tell.

Not secrets by key name: pagination, lock and idempotency tokens (`NextToken`, `LockToken`, `ClientToken`,
`max_tokens`…), keys inside a path (`AWS::IAM::AccessKey`, `arn:…:secret:…`) and public material (`publicKey…`,
Stripe's `pk_live_…`, Mapbox's `pk.…`, a Sentry DSN without its secret half, an Algolia search-only key).

Known limits of the context rules (deliberate, to keep false positives at zero): passwords made only of digits or
only of lowercase words (`123456`, `correcthorsebatterystaple`), or containing spaces, are not flagged after a
keyword; neither are values split from their key across lines, nor CLI flags with a space (`--password X`).
A value in a Markdown table cell is read like any other (`| staging | API_KEY=… |`: the `|` after it is a cell
border, not a type union, unless the value reads as a type name). Shape rules still catch provider tokens in all
of those places; provider keys need the provider's name in the same key (`datadog: {api_key: …}` on two lines is
a plain `secret_assignment`). Values elided with `...` or `…` are examples, never secrets.

When two rules match overlapping text, the more specific one (earlier in `SECRET_RULES`) wins, so one location
is reported once. Speed: every pattern is linear (bounded repetitions, disjoint character classes), and the
prefixed rules are not run one by one: a single pass finds every place where a token starts with one of their
literal prefixes, and only those places are tried. 1 MB of Markdown scans in well under 0.5 s.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from urllib.parse import unquote

__all__ = ["ALLOW_MARKER", "SECRET_RULES", "SecretFinding", "scan_secrets"]

ALLOW_MARKER = "cabecao:allow-secret"


@dataclass(frozen=True, slots=True)
class SecretFinding:
    """Where a possible secret is. Deliberately has no field for the value: findings are safe to show and log."""

    rule: str
    line: int  # 1-based
    column: int  # 1-based, in code points, where the secret starts


# --- value checks -------------------------------------------------------------------------------------------------

_PLACEHOLDER_WORDS = frozenset(
    {
        "password", "passwd", "pass", "pwd", "passphrase", "senha", "senhas", "secret", "segredo", "token",
        "apikey", "key", "chave", "credential", "credentials", "credencial", "value", "valor",
        "changeme", "changeit", "mudeme", "trocar", "default", "padrao", "example", "exemplo", "sample",
        "dummy", "fake", "test", "teste", "testing", "admin", "root", "user", "usuario", "username",
        "none", "null", "nil", "true", "false", "yes", "no", "undefined", "required", "optional", "obrigatorio",
        "obrigatoria", "string", "str", "int", "bool", "bytes", "secretstr", "empty", "vazio", "vazia",
        "foo", "bar", "baz", "foobar", "qux", "todo", "tbd", "redacted", "removed", "removido", "hidden",
        "oculto", "omitted", "omitido", "placeholder", "notset", "unset", "env", "secrets",
    }
)  # fmt: skip
# Substrings that mark a value as a fill-in instruction or a documentation example (compared on [a-z0-9] only).
_PLACEHOLDER_PARTS = (
    "changeme", "changeit", "placeholder", "redacted", "example", "exemplo", "replaceme", "substitua", "substituir",
    "yourpassword", "yoursecret", "yourtoken", "yourkey", "yourapikey", "yourapi", "suasenha", "seusegredo",
    "seutoken", "suachave", "suaapikey", "inserthere", "insertyour", "coloqueaqui", "insiraaqui", "xxxx",
)  # fmt: skip
_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_DOTTED_NAME = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+")
_CODE_PREFIXES = (
    "os.", "self.", "this.", "cls.", "process.env", "settings.", "config.", "cfg.", "conf.", "env.", "secrets.",
    "vars.", "args.", "opts.", "options.", "ctx.", "context.", "request.", "req.", "import.meta", "environ",
    "getenv", "System.getenv", "ENV.", "params.", "props.",
)  # fmt: skip
_LOWER_WORD = re.compile(r"[a-z_]+")
_CODE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z_]*")  # no digits: a variable or type name, not a literal
_SPACE = re.compile(r"\s")
_CODE_CHARS = re.compile(r"[()\[\]{}<>]|\$\{|\$\(|%\(")
_WINDOWS_PATH = re.compile(r"[A-Za-z]:\\")
_YAML_TAG = re.compile(r"!!?[A-Za-z][A-Za-z_]*")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[A-Za-z]{2,}")
# Lowercase kebab/snake words with at most one digit per word: "db-secret-v2", "my-k8s-secret" (unambiguous: linear).
_WORDY = re.compile(r"[a-z]+(?:\d[a-z]*)?(?:[-_.][a-z]+(?:\d[a-z]*)?)+|[a-z]+")
_MARKUP_TRIM = "*_~"
_TRAILING_PUNCT = ".,;:)"


def _entropy(value: str) -> float:
    """Shannon entropy in bits per character: random tokens score high, words and repeats low."""
    length = len(value)
    counts: dict[str, int] = {}
    for char in value:
        counts[char] = counts.get(char, 0) + 1
    return -sum(n / length * math.log2(n / length) for n in counts.values())


def _classes(value: str) -> tuple[bool, bool, bool, bool]:
    """(lower, upper, digit, symbol); `-_.` are separators, not symbols, so `db-secret` is not "mixed"."""
    lower = upper = digit = symbol = False
    for char in value:
        if char.islower():
            lower = True
        elif char.isupper():
            upper = True
        elif char.isdigit():
            digit = True
        elif char not in "-_." and not char.isspace():
            symbol = True
    return lower, upper, digit, symbol


def _is_placeholder(value: str) -> bool:
    """Fill-ins, masks and dummy words that people write where a secret would go."""
    if len(set(value.lower())) <= 2:  # "********", "xxxxxxxx", "abababab"
        return True
    if value[0] in "<{[" or value[-1] in ">}]" or value.startswith(("$", "%")) or value.endswith("%"):
        return True
    if "..." in value or "…" in value:  # an elided example: `sk-ant-api03-...`, `ghp_…`
        return True
    folded = _NON_ALNUM.sub("", value.lower())
    if not folded or folded in _PLACEHOLDER_WORDS:
        return True
    return any(part in folded for part in _PLACEHOLDER_PARTS)


def _is_reference(value: str, *, quoted: bool) -> bool:
    """Code, references, paths and URLs: what follows `password =` in source code and docs, not a literal secret."""
    if _CODE_CHARS.search(value):
        return True
    if value.startswith(_CODE_PREFIXES):
        return True
    if _DOTTED_NAME.fullmatch(value) and (
        not any(char.isdigit() for char in value) or any(_LOWER_WORD.fullmatch(part) for part in value.split("."))
    ):
        return True  # settings.DB_PASSWORD, process.env.TOKEN, ed25519.Ed25519PrivateKey
    if not quoted and (_IDENTIFIER.fullmatch(value) or _YAML_TAG.fullmatch(value)):
        return True  # password = db_password, token: str, password: !vault |
    if "://" in value or value.startswith(("/", "~/", "./", "../", "arn:", "urn:")) or _WINDOWS_PATH.match(value):
        return True
    return bool(_EMAIL.fullmatch(value))


def _has_space(value: str) -> bool:
    return _SPACE.search(value) is not None


def _clean(value: str) -> str:
    """Drop Markdown emphasis, sentence punctuation and a note's `.md` around a bare value (the start stays put)."""
    return _note_stem(value.rstrip(_TRAILING_PUNCT).strip(_MARKUP_TRIM).rstrip(_TRAILING_PUNCT))


def _note_stem(value: str) -> str:
    """`API_KEY=x.md` in a path: the value is `x`, not a dotted name `x.md`."""
    return value[:-3] if value.endswith(".md") and len(value) > 3 else value


def _password_like(value: str, *, quoted: bool = False) -> bool:
    """A human-chosen password: 6+ chars with letters and a digit or symbol (`hunter2`, `Mudar@123`)."""
    if value.startswith(tuple(_MARKUP_TRIM)):
        value = value.lstrip(_MARKUP_TRIM)
    if len(value) < 6 or _has_space(value) or _is_placeholder(value) or _is_reference(value, quoted=quoted):
        return False  # a value with spaces is a sentence (passphrases of plain words are a documented miss)
    lower, upper, digit, symbol = _classes(value)
    return (lower or upper) and (digit or symbol)


def _token_like(value: str, *, quoted: bool = False) -> bool:
    """A machine-made token: 10+ chars that look random (mixed case and digits, hex with digits, or high entropy)."""
    if len(value) < 10 or _has_space(value) or _is_placeholder(value) or _is_reference(value, quoted=quoted):
        return False
    if "*" in value or _WORDY.fullmatch(value):
        return False  # globs and ARNs (`…:secret:app-*`), kebab/snake names
    lower, upper, digit, _symbol = _classes(value)
    digits = sum(char.isdigit() for char in value)
    letters = sum(char.isalpha() for char in value)
    if lower and upper and digit:
        return True
    if digits >= 2 and letters >= 2 and _entropy(value) >= 2.8:
        return True  # hex tokens, UUIDs used as API keys
    return len(value) >= 20 and _entropy(value) >= 4.0  # random letters; camelCase words score lower


def _prose_password(value: str) -> bool:
    """A password written in a sentence: 8+ chars mixing letters with digits or symbols (`Xy7#kq9!Lm`)."""
    return len(value) >= 8 and _password_like(value)


_Check = Callable[[str], bool]

# Fill-in words that no random token body contains (compared on the lowered body; random bodies of 20-100
# characters contain a given 5-letter word with a probability below one in a million).
_FILL_MARKERS = (
    "example", "exemplo", "xxxxx", "placeholder", "redacted", "changeme", "replaceme", "yourtoken", "yourkey",
    "yoursecret", "yourapikey", "your_token", "your_key", "your-token", "your-key", "seutoken", "suachave",
    "insertyour", "dummy", "sample",
)  # fmt: skip
# Eight ascending characters (`12345678`, `abcdefgh`): typed by a person writing an example, never random.
_RUNS = tuple(
    sequence[index : index + 8]
    for sequence in ("0123456789", "abcdefghijklmnopqrstuvwxyz")
    for index in range(len(sequence) - 7)
)


def _random(min_distinct: int = 8, *, digit: bool = False, alpha: bool = False, mixed: bool = False) -> _Check:
    """A token body that looks machine-made: enough distinct characters and no fill-in, with the classes asked."""

    def check(value: str) -> bool:
        if len(set(value)) < min_distinct:
            return False
        folded = value.lower()
        if any(marker in folded for marker in _FILL_MARKERS) or any(run in folded for run in _RUNS):
            return False
        lower, upper, has_digit, _symbol = _classes(value)
        if digit and not has_digit:
            return False
        if alpha and not (lower or upper):
            return False
        return not mixed or (lower and upper)

    return check


_BODY = _random(8)  # the default for a distinctive prefix: only fill-ins are rejected
_HEX_BODY = _random(8, digit=True, alpha=True)
_WEAK_PREFIX_BODY = _random(12, digit=True, mixed=True)  # for prefixes that ordinary words could start with


def _varied(min_distinct: int) -> _Check:
    """Reject fill-ins such as `ghp_xxxxxxxx…`: a real token body uses many distinct characters."""
    return _random(min_distinct)


def _not_aws_example(value: str) -> bool:
    """AWS documentation keys (AKIAIOSFODNN7EXAMPLE…) are published examples, not secrets."""
    return "EXAMPLE" not in value and len(set(value)) >= 8


def _mixed_case_digits(value: str) -> bool:
    lower, upper, digit, _symbol = _classes(value)
    return lower and upper and digit and _BODY(value)


def _mixed_case(value: str) -> bool:
    lower, upper, _digit, _symbol = _classes(value)
    return lower and upper and _random(10)(value)


def _has_digit_varied(value: str) -> bool:
    return any(char.isdigit() for char in value) and _random(6)(value)


def _webhook_tail(value: str) -> bool:
    """Slack's docs use `/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`: the last segment must look random."""
    return _random(6)(value.rsplit("/", 1)[-1])


def _url_password(value: str) -> bool:
    """Password of a connection URL: anything but an empty or placeholder value (`user:pass@`, `:${PW}@`)."""
    return len(value) >= 4 and not _is_placeholder(value)


def _short_key(value: str) -> bool:
    """A short key (Zapier's 6-7 characters): varied, and not `abcdef`/`123456` typed in an example."""
    folded = value.lower()
    if len(set(folded)) < 5 or any(marker in folded for marker in _FILL_MARKERS):
        return False
    return not any(run[:5] in folded for run in _RUNS)


def _b64decode(value: str, *, urlsafe: bool = False) -> bytes | None:
    padded = value + "=" * (-len(value) % 4)
    try:
        if urlsafe:
            return base64.urlsafe_b64decode(padded)
        return base64.b64decode(padded, validate=True)
    except (ValueError, binascii.Error):
        return None


def _discord_bot(value: str) -> bool:
    """`<base64 of the bot's numeric id>.<timestamp>.<hmac>`: the first part must decode to 17-20 digits."""
    head, _dot, rest = value.partition(".")
    ident = _b64decode(head, urlsafe=True)
    return ident is not None and 17 <= len(ident) <= 20 and ident.isdigit() and _random(12)(rest)


def _sas_signature(value: str) -> bool:
    """An Azure SAS `sig=` is the base64 of an HMAC-SHA256 (32 bytes), usually percent-encoded in the URL."""
    decoded = unquote(value)
    raw = _b64decode(decoded)
    return raw is not None and len(raw) == 32 and _random(12)(decoded)


def _basic_credentials(value: str) -> bool:
    """`Basic <base64 of user:password>` (also Docker's `"auth"`): a real password, or a token as either half.

    The password is judged like one after a keyword (so RFC 7617's `Aladdin:open sesame` and `user:password`
    are not flagged); an API key sent as the user name with an empty password (`sk_live_…:`) is.
    """
    raw = _b64decode(value)
    if raw is None:
        return False
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    user, colon, password = decoded.partition(":")
    if not (colon and user) or not decoded.isprintable():
        return False
    return _password_like(password, quoted=True) or _token_like(password, quoted=True) or _token_like(user, quoted=True)


# --- rules --------------------------------------------------------------------------------------------------------
# Performance note: `re` scans fast only when a pattern starts with a literal or a character set, so no pattern
# starts with a lookbehind (the "must start a token" guard is checked in Python), and case-insensitive patterns are
# written in lowercase and run on `text.lower()` (same offsets), falling back to IGNORECASE when lowering changes
# the length (e.g. "İ"). Rules with literal prefixes are not scanned one by one: `_PREFIX_SCAN` finds, in one
# pass, every token start where one of their prefixes occurs, and only the rules of that prefix are tried there.


@dataclass(frozen=True, slots=True)
class _Rule:
    name: str
    pattern: re.Pattern[str]
    check: _Check | None = None  # applied to the `secret` group (or the whole match)
    hint: str | None = None  # a literal that must occur in the text, to skip the regex quickly
    value_only: bool = False  # report where the `secret` group starts (the value after a key), not the match
    guard: str = ""  # characters that must not come right before the match (it must start a token)
    folded: bool = False  # case-insensitive: lowercase pattern, run on the lowered text
    pattern_ci: re.Pattern[str] | None = None  # the same pattern with IGNORECASE, for the fallback
    prefixes: tuple[str, ...] = ()  # literal starts of every match: found by the one-pass prefix scan
    back: re.Pattern[str] | None = None  # the pattern matches an anchor; `back` is what comes right before it
    back_len: tuple[int, int] = (0, 0)  # how many characters `back` spans (min, max)


_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _rule(
    name: str,
    pattern: str,
    check: _Check | None = None,
    hint: str | None = None,
    *,
    value_only: bool = False,
    guard: str = _ALNUM,
    folded: bool = False,
    back: str | None = None,
    back_len: tuple[int, int] = (0, 0),
) -> _Rule:
    compiled_ci = re.compile(pattern, re.IGNORECASE) if folded else None
    compiled_back = re.compile(back) if back is not None else None
    return _Rule(
        name, re.compile(pattern), check, hint, value_only, guard, folded, compiled_ci, (), compiled_back, back_len
    )


def _token(
    name: str,
    prefixes: str,
    pattern: str,
    check: _Check | None = _BODY,
    *,
    guard: str = _ALNUM,
    value_only: bool = False,
) -> _Rule:
    """A token that starts with one of `prefixes` (space-separated literals) at the start of a word."""
    literals = tuple(prefixes.split())
    assert set(_ALNUM) <= set(guard), "the prefix scan only looks at token starts"
    assert all(literal[0] in _ALNUM for literal in literals)
    return _Rule(name, re.compile(pattern), check, None, value_only, guard, prefixes=literals)


_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_END = r"(?![A-Za-z0-9_-])"
_B64_END = r"(?![A-Za-z0-9+/=_-])"
_UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
_DISCORD_STARTS = " ".join(first + second for first in "MNO" for second in "DTjz")  # base64 of a leading digit

# Order = priority: when spans overlap, the earlier (more specific) rule wins. A name may have several patterns.
_SHAPE_RULES: tuple[_Rule, ...] = (
    _rule(
        "private_key", r"-----BEGIN (?:[A-Z0-9]{1,12} ){0,3}PRIVATE KEY(?: BLOCK)?-----", hint="-----BEGIN ", guard=""
    ),
    _token("putty_private_key", "PuTTY-User-Key-File-", r"PuTTY-User-Key-File-[23]: ?[a-z0-9-]{3,40}", None),
    _token("cabecao_confirm_token", "cbc_ct_", r"cbc_ct_(?P<secret>[A-Za-z0-9_-]{16,256})", _varied(6)),
    # AI providers: the more specific `sk-…` forms before OpenAI's.
    _token("anthropic_key", "sk-ant-", r"sk-ant-(?P<secret>[A-Za-z0-9_-]{20,256})", _varied(10)),
    _token("openrouter_key", "sk-or-", r"sk-or-v1-[0-9a-f]{64}" + _END, _HEX_BODY),
    _token(
        "openai_key", "sk-", r"sk-(?:proj-|svcacct-|admin-|None-)?(?P<secret>[A-Za-z0-9_-]{20,256})", _mixed_case_digits
    ),
    _token("groq_key", "gsk_", r"gsk_[A-Za-z0-9]{52}" + _END),
    _token("xai_key", "xai-", r"xai-[A-Za-z0-9]{80}" + _END),
    _token("perplexity_key", "pplx-", r"pplx-[A-Za-z0-9]{48}" + _END),
    _token("replicate_token", "r8_", r"r8_[A-Za-z0-9_-]{37}" + _END),
    _token("nvidia_key", "nvapi-", r"nvapi-[A-Za-z0-9_-]{64}" + _END),
    _token("langsmith_key", "lsv2_", r"lsv2_(?:pt|sk)_[0-9a-f]{32}_[0-9a-f]{10}" + _END),
    _token("pinecone_key", "pcsk_", r"pcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9]{50,80}" + _END),
    _token("huggingface_token", "hf_", r"hf_(?P<secret>[A-Za-z]{34})" + _END, _mixed_case),
    # Scanned on its own: `a` starts too many words to be one of the prefix pass's first letters.
    _rule("huggingface_token", r"api_org_(?P<secret>[A-Za-z]{34})" + _END, _mixed_case, "api_org_"),
    # Code hosting, packages, CI.
    _token("github_token", "ghp_ gho_ ghu_ ghs_ ghr_", r"gh[pousr]_(?P<secret>[A-Za-z0-9]{36,255})", _varied(8)),
    _token("github_token", "github_pat_", r"github_pat_(?P<secret>[A-Za-z0-9_]{22,255})", _varied(8)),
    _token(
        "gitlab_token",
        "glpat- gldt- glrt- glptt- glcbt- glft- glimt- glsoat- glffct- glagent- gloas- glwt-",
        r"gl(?:pat|dt|rt|ptt|cbt|ft|imt|soat|ffct|agent|oas|wt)-(?P<secret>[A-Za-z0-9_-]{20,256})",
        _varied(8),
    ),
    _token("gitlab_token", "GR1348941", r"GR1348941(?P<secret>[A-Za-z0-9_-]{20,64})" + _END),
    _token("bitbucket_token", "ATBB", r"ATBB[A-Za-z0-9_=.-]{24,80}(?![A-Za-z0-9_=.-])", _WEAK_PREFIX_BODY),
    _token("atlassian_token", "ATATT3 ATCTT3", r"AT[AC]TT3[A-Za-z0-9_=-]{100,400}(?![A-Za-z0-9_=-])", _random(16)),
    _token("npm_token", "npm_", r"npm_(?P<secret>[A-Za-z0-9]{36})" + _END, _varied(8)),
    _token(
        "pypi_token",
        "pypi-AgEIcHlwaS5vcmc pypi-AgENdGVzdC5weXBpLm9yZw",
        r"pypi-Ag(?:EIcHlwaS5vcmc|ENdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,}",
        None,
    ),
    _token("rubygems_key", "rubygems_", r"rubygems_[0-9a-f]{48}" + _END, _HEX_BODY),
    _token("nuget_key", "oy2", r"oy2[a-z0-9]{43}" + _END, _random(12, digit=True)),
    _token("clojars_token", "CLOJARS_", r"CLOJARS_[a-z0-9]{60}" + _END),
    _token("docker_hub_token", "dckr_pat_ dckr_oat_", r"dckr_(?:pat_[A-Za-z0-9_-]{27}|oat_[A-Za-z0-9_-]{32})" + _END),
    _token("jfrog_token", "AKCp cmVmdGtu", r"(?:AKCp[A-Za-z0-9]{69}|cmVmdGtu[A-Za-z0-9]{56})" + _END, _random(12)),
    _token("circleci_token", "CCIPAT_", r"CCIPAT_[A-Za-z0-9]{22}_[0-9a-f]{40}" + _END),
    _token("buildkite_token", "bkua_", r"bkua_[0-9a-f]{40}" + _END, _HEX_BODY),
    _token("sonar_token", "squ_ sqp_ sqa_", r"sq[upa]_[0-9a-f]{40}" + _END, _HEX_BODY),
    _token("sourcegraph_token", "sgp_", r"sgp_(?:(?:[0-9a-f]{16}|local)_)?[0-9a-f]{40}" + _END, _HEX_BODY),
    _token("databricks_token", "dapi", r"dapi[0-9a-f]{32}(?:-[0-9])?" + _END, _HEX_BODY),
    # Chat, mail, messaging.
    _token(
        "slack_token",
        "xoxa- xoxb- xoxp- xoxo- xoxs- xoxr- xoxe-",
        r"xox[abposre]-(?P<secret>[A-Za-z0-9-]{10,256})",
        _has_digit_varied,
    ),
    _token("slack_token", "xapp-", r"xapp-[0-9]-(?P<secret>[A-Za-z0-9-]{20,256})", _has_digit_varied),
    _rule(
        "slack_webhook",
        r"https://hooks\.slack\.com/(?:services|workflows|triggers)/(?P<secret>[A-Za-z0-9_/-]{20,256})",
        _webhook_tail,
        "hooks.slack.com",
        guard="",
    ),
    _token(
        "discord_bot_token",
        _DISCORD_STARTS,
        r"[MNO][A-Za-z0-9_-]{22,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}" + _END,
        _discord_bot,
    ),
    _rule(
        "discord_webhook",
        r"https://(?:(?:canary|ptb)\.)?discord(?:app)?\.com/api/(?:v[0-9]{1,2}/)?webhooks/[0-9]{17,20}/"
        r"(?P<secret>[A-Za-z0-9_-]{60,80})" + _END,
        _random(12),
        "discord",
        guard="",
    ),
    _rule(
        "teams_webhook",
        r"https://[A-Za-z0-9-]{1,64}\.webhook\.office\.com/webhookb2/[0-9a-f-]{36}@[0-9a-f-]{36}/IncomingWebhook/"
        r"(?P<secret>[0-9a-f]{32})/",
        _HEX_BODY,
        ".webhook.office.com/",
        guard="",
    ),
    _rule(
        "zapier_webhook",
        r"https://hooks\.zapier\.com/hooks/catch/[0-9]{3,12}/(?P<secret>[a-z0-9]{6,12})/?" + _END,
        _short_key,
        "hooks.zapier.com",
        guard="",
    ),
    _rule(
        "telegram_bot_token",
        r":AA[A-Za-z0-9_-]{33}" + _END,
        _BODY,
        ":AA",
        guard=_ALNUM + "_:",
        back=r"[0-9]{8,10}",
        back_len=(8, 10),
    ),
    _token("twilio_api_key", "SK", r"SK[0-9a-f]{32}" + _END, _HEX_BODY),
    _token("sendgrid_key", "SG.", r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}" + _END),
    _token("mailgun_key", "key-", r"key-[0-9a-f]{32}" + _END, _HEX_BODY, guard=_ALNUM + "_-."),
    _rule(
        "mailchimp_key",
        r"-us[0-9]{1,2}" + _END,
        _HEX_BODY,
        "-us",
        back=r"[0-9a-f]{32}",
        back_len=(32, 32),
    ),
    _token("brevo_key", "xkeysib- xsmtpsib-", r"x(?:keysib|smtpsib)-[0-9a-f]{64}-[A-Za-z0-9]{16}" + _END),
    _token("postman_key", "PMAK-", r"PMAK-[0-9a-f]{24}-[0-9a-f]{34}" + _END, _HEX_BODY),
    # Payments and commerce.
    _token(
        "stripe_key",
        "sk_live_ sk_test_ rk_live_ rk_test_",
        r"[sr]k_(?:live|test)_(?P<secret>[A-Za-z0-9]{16,255})",
        _varied(8),
    ),
    _token("stripe_key", "whsec_", r"whsec_(?P<secret>[A-Za-z0-9]{24,255})", _varied(8)),
    _token("shopify_token", "shpat_ shpca_ shppa_ shpss_", r"shp(?:at|ca|pa|ss)_[0-9a-fA-F]{32}" + _END, _HEX_BODY),
    _token(
        "square_token",
        "sq0atp- sq0csp- EAAA",
        r"(?:sq0atp-[A-Za-z0-9_-]{22}|sq0csp-[A-Za-z0-9_-]{43}|EAAA[A-Za-z0-9_+=-]{60})(?![A-Za-z0-9_+=-])",
        _random(12),
    ),
    _token("shippo_token", "shippo_live_ shippo_test_", r"shippo_(?:live|test)_[0-9a-f]{40}" + _END, _HEX_BODY),
    _token("easypost_key", "EZAK EZTK", r"EZ[AT]K[A-Za-z0-9]{54}" + _END, _random(12)),
    _token("duffel_token", "duffel_live_ duffel_test_", r"duffel_(?:live|test)_[A-Za-z0-9_=-]{43}" + _END),
    _token("flutterwave_key", "FLWSECK", r"FLWSECK(?:_TEST)?-[0-9a-f]{32}-X" + _END, _HEX_BODY),
    # Google, Microsoft, AWS, Alibaba.
    _token("google_api_key", "AIza", r"AIza(?P<secret>[0-9A-Za-z_-]{35})" + _END, _varied(10)),
    _token("google_oauth_secret", "GOCSPX-", r"GOCSPX-(?P<secret>[A-Za-z0-9_-]{20,64})", _varied(8)),
    _token("google_oauth_token", "ya29. 1//0", r"(?:ya29\.|1//0)(?P<secret>[A-Za-z0-9_-]{30,2048})", _random(12)),
    _rule(
        "aws_access_key",
        r"A(?:KIA|SIA|BIA|CCA|IDA|ROA|IPA|NPA|NVA|PKA|GPA)[A-Z2-7]{16}(?![A-Z0-9])",
        _not_aws_example,
        "A",
        guard="ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    ),
    _rule(
        "aws_secret_key",
        r"secret_?access_?key[\"'`]{0,2}[ \t]{0,4}(?::=|=>|[:=])[ \t]{0,4}[\"'`]?"
        r"(?P<secret>[a-z0-9/+]{40})(?![a-z0-9/+=])",
        _not_aws_example,
        value_only=True,
        guard="",
        folded=True,
    ),
    _token(
        "aws_session_token",
        "FwoGZXIvYXdz IQoJb3JpZ2lu",
        r"(?:FwoGZXIvYXdz|IQoJb3JpZ2lu)[A-Za-z0-9+/=]{100,4096}",
        _random(16),
    ),
    _rule(
        "azure_storage_key",
        r"AccountKey=(?P<secret>[A-Za-z0-9+/]{86}==)",
        _varied(10),
        "AccountKey=",
        value_only=True,
        guard="",
    ),
    _rule(
        "azure_shared_access_key",
        r"SharedAccessKey=(?P<secret>[A-Za-z0-9+/]{42,43}=)",
        _varied(10),
        "SharedAccessKey=",
        value_only=True,
        guard="",
    ),
    _rule(
        "azure_sas",
        r"sig=(?P<secret>[A-Za-z0-9%+/=_-]{40,160})(?![A-Za-z0-9%+/=_-])",
        _sas_signature,
        "sig=",
        value_only=True,
        guard=_ALNUM + "_-.",
    ),
    _rule(
        "azure_ad_client_secret",
        r"Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~-])",
        _random(12),
        "Q~",
        guard=_ALNUM + "_~.-",
        back=r"[A-Za-z0-9_~.-]{3}[0-9]",
        back_len=(4, 4),
    ),
    _rule(
        "azure_acr_password",
        r"\+ACR[A-Za-z0-9]{6}(?![A-Za-z0-9+/=])",
        _random(12),
        "+ACR",
        guard=_ALNUM + "+=",
        back=r"[A-Za-z0-9+/]{42}",
        back_len=(42, 42),
    ),
    _token("alibaba_access_key", "LTAI", r"LTAI[A-Za-z0-9]{12,20}" + _END, _random(10, mixed=True)),
    # Infrastructure, hosting, secrets managers.
    _token("digitalocean_token", "doo_v1_ dop_v1_ dor_v1_", r"do[opr]_v1_[0-9a-f]{64}" + _END, _HEX_BODY),
    _token("heroku_api_key", "HRKU-AA", r"HRKU-AA[A-Za-z0-9_-]{58}" + _END),
    _token("vault_token", "hvs. hvb. hvr.", r"hv[sbr]\.[A-Za-z0-9_-]{90,400}" + _END, _random(12)),
    _rule(
        "terraform_token",
        r"\.atlasv1\.[A-Za-z0-9_=-]{60,70}(?![A-Za-z0-9_=-])",
        _random(12),
        ".atlasv1.",
        back=r"[A-Za-z0-9]{14}",
        back_len=(14, 14),
    ),
    _token(
        "doppler_token",
        "dp.pt. dp.st. dp.ct. dp.sa. dp.scim. dp.audit.",
        r"dp\.(?:pt|st|ct|sa|scim|audit)\.(?:[a-z0-9_-]{2,35}\.)?[A-Za-z0-9]{40,44}" + _END,
        _random(12),
    ),
    _token("pulumi_token", "pul-", r"pul-[0-9a-f]{40}" + _END, _HEX_BODY),
    _token("onepassword_token", "ops_eyJ", r"ops_eyJ[A-Za-z0-9+/=_-]{100,4096}", _random(16)),
    _token(
        "onepassword_token",
        "A3-",
        r"A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}" + _END,
        _random(10, digit=True, alpha=True),
    ),
    _token("age_secret_key", "AGE-SECRET-KEY-1", r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}" + _END),
    _token(
        "tailscale_key", "tskey-", r"tskey-(?:api|auth|client|scim|webhook)-[A-Za-z0-9]{6,20}-[A-Za-z0-9]{20,64}" + _END
    ),
    _token("flyio_token", "fo1_", r"fo1_[A-Za-z0-9_-]{43}" + _END),
    _token(
        "flyio_token", "FlyV1 fm1a_ fm1r_ fm2_", r"(?:FlyV1 )?fm(?:1[ar]|2)_[A-Za-z0-9+/]{100,4096}={0,3}", _random(16)
    ),
    _token("netlify_token", "nfp_", r"nfp_[A-Za-z0-9_]{36}" + _END),
    _token("supabase_key", "sbp_", r"sbp_[0-9a-f]{40}" + _END, _HEX_BODY),
    _token("supabase_key", "sb_secret_", r"sb_secret_[A-Za-z0-9_-]{20,64}" + _END, _random(10)),
    _token(
        "planetscale_token",
        "pscale_tkn_ pscale_oauth_ pscale_pw_",
        r"pscale_(?:tkn|oauth|pw)_[A-Za-z0-9_.=-]{32,64}" + _END,
    ),
    _token("scalingo_token", "tk-us-", r"tk-us-[A-Za-z0-9_-]{48}" + _END),
    _token("openshift_token", "sha256~", r"sha256~[A-Za-z0-9_-]{43}" + _END),
    _token("dynatrace_token", "dt0c01.", r"dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}" + _END),
    _token("cloudflare_ca_key", "v1.0-", r"v1\.0-[0-9a-f]{24}-[0-9a-f]{146}" + _END, _HEX_BODY),
    _token("infracost_key", "ico-", r"ico-[A-Za-z0-9]{32}" + _END, _random(10, digit=True)),
    _token("prefect_key", "pnu_", r"pnu_[A-Za-z0-9]{36}" + _END),
    # Monitoring, product, productivity.
    _token(
        "newrelic_key",
        "NRAK- NRII-",
        r"NR(?:AK-[A-Z0-9]{27}|II-[A-Za-z0-9_-]{32})" + _END,
        _random(10, digit=True),
    ),
    _rule("newrelic_key", r"NRAL" + _END, _random(10, digit=True), "NRAL", back=r"[0-9a-z]{36}", back_len=(36, 36)),
    _token(
        "sentry_token",
        "sntrys_eyJ sntryu_",
        r"sntry(?:s_eyJ[A-Za-z0-9+/=_]{60,600}|u_[0-9a-f]{64})" + _END,
        _random(12),
    ),
    _rule(
        "sentry_dsn",
        r"://[0-9a-f]{32}:(?P<secret>[0-9a-f]{32})@",
        _HEX_BODY,
        "://",
        value_only=True,
        guard="",
    ),
    _token(
        "grafana_token", "glc_eyJ eyJrIjoi", r"(?:glc_eyJ|eyJrIjoi)[A-Za-z0-9+/]{60,400}={0,2}" + _B64_END, _random(12)
    ),
    _token("grafana_token", "glsa_", r"glsa_[A-Za-z0-9]{32}_[0-9a-f]{8}" + _END),
    _token("posthog_key", "phx_", r"phx_[A-Za-z0-9_]{43,48}" + _END),
    _token("linear_api_key", "lin_api_ lin_oauth_", r"lin_(?:api_[A-Za-z0-9]{40}|oauth_[0-9a-f]{64})" + _END),
    _token("notion_token", "secret_", r"secret_[A-Za-z0-9]{43}" + _END, _WEAK_PREFIX_BODY),
    _token("notion_token", "ntn_", r"ntn_[0-9]{11}[A-Za-z0-9]{35}" + _END),
    _token("airtable_token", "pat", r"pat[A-Za-z0-9]{14}\.[0-9a-f]{64}" + _END, _HEX_BODY),
    _token("asana_token", "0/ 1/ 2/", r"[0-2]/[0-9]{13,19}(?:/[0-9]{13,19})?:[0-9a-f]{32}" + _END, _HEX_BODY),
    _token("figma_token", "figd_ figu_ figo_", r"fig(?:d|u|o|ur|uh|or|oh)_[A-Za-z0-9_-]{40,64}" + _END, _random(12)),
    _token("dropbox_token", "sl.", r"sl\.(?:u\.)?[A-Za-z0-9_-]{130,1400}" + _END, _random(16)),
    _token(
        "mapbox_token", "sk.eyJ tk.eyJ", r"[st]k\.eyJ[A-Za-z0-9_-]{20,400}\.[A-Za-z0-9_-]{20,60}" + _END, _random(12)
    ),
    _token("contentful_token", "CFPAT-", r"CFPAT-[A-Za-z0-9_-]{43}" + _END),
    _token("typeform_token", "tfp_", r"tfp_[A-Za-z0-9_.=-]{40,80}(?![A-Za-z0-9_.=-])", _random(12, mixed=True)),
    _token("readme_key", "rdme_", r"rdme_[a-z0-9]{70}" + _END, _random(12, digit=True)),
    _token("frameio_token", "fio-u-", r"fio-u-[A-Za-z0-9_=-]{64}" + _END),
    _token("twitch_token", "oauth:", r"oauth:(?P<secret>[a-z0-9]{30})" + _END, _random(10, digit=True)),
    _token(
        "twitter_bearer_token",
        "A" * 22,
        r"A{22}[A-Za-z0-9%]{80,140}(?![A-Za-z0-9%+/=_-])",
        _random(16),
    ),
    _token(
        "facebook_access_token", "EAA", r"EAA[A-Z0-9][A-Za-z0-9]{90,400}" + _END, _random(16, digit=True, mixed=True)
    ),
    # Generic shapes.
    _token("jwt", "eyJ", r"eyJ[A-Za-z0-9_-]{8,2048}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{10,2048}", None),
    _rule(
        "basic_auth",
        r"\"auth\"[ \t]*:[ \t]*\"(?P<secret>[A-Za-z0-9+/]{8,2048}={0,2})\"",
        _basic_credentials,
        '"auth"',
        value_only=True,
        guard="",
    ),
)

# Providers whose tokens have no prefix: the provider's name must be in the key and the value in its format.
# The key is compared lowercased with separators removed (`DD_API_KEY` → `ddapikey`); the value must start with
# the format and end there (`…=<hex>.md` in a path still counts).


@dataclass(frozen=True, slots=True)
class _Keyed:
    name: str
    key: re.Pattern[str]
    value: re.Pattern[str]
    check: _Check
    unless: tuple[str, ...] = ()  # key parts that make it another, non-secret key (`algolia_search_key`)


def _keyed(name: str, key: str, value: str, check: _Check = _BODY, unless: tuple[str, ...] = ()) -> _Keyed:
    return _Keyed(name, re.compile(key), re.compile(f"(?:{value}){_END}"), check, unless)


_KEYED_RULES: tuple[_Keyed, ...] = (
    _keyed("datadog_api_key", r"datadog|^dd(?:api|app|application|client)", r"[0-9a-f]{40}|[0-9a-f]{32}", _HEX_BODY),
    _keyed("algolia_admin_key", r"algolia", r"[0-9a-f]{32}", _HEX_BODY, ("search", "public")),
    _keyed(
        "cloudflare_token",
        r"cloudflare|^cf(?:api|dns|zone|account|global|auth|origin)?(?:token|key)",
        r"[A-Za-z0-9_-]{40}|[0-9a-f]{37}",
        _random(10, digit=True),
    ),
    _keyed("fastly_token", r"fastly", r"[A-Za-z0-9_-]{32}", _random(10, digit=True)),
    _keyed("twitch_token", r"twitch", r"[a-z0-9]{30}", _random(10, digit=True)),
    _keyed("heroku_api_key", r"heroku", _UUID, _HEX_BODY),
    _keyed("twilio_auth_token", r"twilio", r"[0-9a-f]{32}", _HEX_BODY, ("sid",)),
    _keyed("okta_token", r"okta", r"00[A-Za-z0-9_-]{40}", _random(12)),
    _keyed("sentry_token", r"sentry", r"[0-9a-f]{64}", _HEX_BODY),
    _keyed("snyk_token", r"snyk", _UUID, _HEX_BODY),
    _keyed("cohere_key", r"cohere|^coapikey", r"[A-Za-z0-9]{40}", _random(12, mixed=True)),
    _keyed("mistral_key", r"mistral", r"[A-Za-z0-9]{32}", _random(12, mixed=True)),
    _keyed("vercel_token", r"vercel", r"[A-Za-z0-9]{24}", _random(10, mixed=True)),
    _keyed("azure_devops_pat", r"azuredevops|^ado(?:pat|token)|devops", r"[a-z2-7]{52}", _random(12, digit=True)),
    _keyed("atlassian_token", r"atlassian|jira|confluence", r"[A-Za-z0-9]{24}", _random(10, mixed=True)),
    _keyed("azure_openai_key", r"azureopenai|aoai", r"[0-9a-f]{32}", _HEX_BODY),
    _keyed("launchdarkly_key", r"launchdarkly|^ld(?:sdk|api)", rf"(?:api|sdk|mob)-{_UUID}", _HEX_BODY),
    _keyed("mailgun_key", r"mailgun", r"[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}", _HEX_BODY),
    _keyed("discord_client_secret", r"discord", r"[A-Za-z0-9_-]{32}", _random(12, mixed=True)),
)

_KEYED_ANY = re.compile("|".join(rule.key.pattern for rule in _KEYED_RULES))

_CONTEXT_RULES: tuple[_Rule, ...] = (
    _rule(
        "url_credentials",
        r"://[^\s:/@?#\"'<>`]{0,128}:(?P<secret>[^\s/@?#\"'<>`]{1,256})@(?=[A-Za-z0-9\[_-])",
        _url_password,
        "://",
        value_only=True,
        guard="",
    ),
    _rule(
        "bearer_token",
        r"bearer[ \t]+(?P<secret>[a-z0-9._~+/-]{16,4096}=*)(?![a-z0-9._~+/=-])",
        lambda value: _token_like(_note_stem(value)),
        value_only=True,
        folded=True,
    ),
    _token(
        "basic_auth",
        "Basic basic BASIC",
        r"(?:Basic|basic|BASIC)[ \t]+(?P<secret>[A-Za-z0-9+/]{8,2048}={0,2})(?![A-Za-z0-9+/=])",
        _basic_credentials,
        value_only=True,
    ),
)

# A secret in a URL query or fragment: `?key=…`, `&access_token=…`, `#id_token=…`, `?X-Amz-Signature=…`.
_URL_QUERY_PATTERN = (
    r"[?&#](?P<key>x-amz-security-token|x-amz-signature|x-goog-signature|api[_-]?key|apikey|access[_-]?token"
    r"|auth[_-]?token|id[_-]?token|refresh[_-]?token|session[_-]?token|private[_-]?token|client[_-]?secret"
    r"|token|secret|signature|password|passwd|pwd|key|auth)=(?P<secret>[a-z0-9_%+=~-]{1,2048})"
)
_URL_QUERY = re.compile(_URL_QUERY_PATTERN)
_URL_QUERY_CI = re.compile(_URL_QUERY_PATTERN, re.IGNORECASE)
_URL_PASSWORD_KEYS = frozenset({"password", "passwd", "pwd"})
_URL_GENERIC_KEYS = frozenset({"key", "auth", "signature"})  # also ordinary parameters: the value must be a token
_URL_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,}")

# Keyword = the END of a key (`db_password`, `apiKey`, `"client_secret"`); `tokens:` or `token_url:` do not count.
# Written as a flat alternation of literals so that `re` can skip quickly to a possible first letter.
_PASSWORD_KEYWORDS = re.compile(r"pgpassword|password|passwd|passphrase|pass|pwd|senha|contrase(?:ñ|n)a|palavra-passe")
_ASSIGNMENT_PATTERN = (
    r"(?:pgpassword|password|passwd|passphrase|pass|pwd|senha|contraseña|contrasena|palavra-passe"
    r"|secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|signing[_-]?key"
    r"|encryption[_-]?key|master[_-]?key|auth[_-]?key|app[_-]?key|client[_-]?key|admin[_-]?key"
    r"|application[_-]?key|sdk[_-]?key|pat)"
    r"(?P<close>[\"'`\]*]{0,3}[ \t]{0,4})(?P<sep>:=|=>|=(?!=)|:(?!:)|>)[ \t]{0,4}(?:\*\*[ \t]{0,2})?"
    r"(?:\"(?P<dq>[^\"\n]{0,256})\"|'(?P<sq>[^'\n]{0,256})'|`(?P<bq>[^`\n]{0,256})`|(?P<bare>[^\s\"'`,;]{1,256}))"
)
_ASSIGNMENT = re.compile(_ASSIGNMENT_PATTERN)
_ASSIGNMENT_CI = re.compile(_ASSIGNMENT_PATTERN, re.IGNORECASE)
# "a senha do banco é X", "the password for staging is X", "Senha do Wi-Fi: X" (up to five words in between).
_PROSE_PATTERN = (
    r"(?:senhas?|passwords?|palavras?-passe|passphrases?)(?!\w)"
    r"(?:[ \t]+(?!(?:é|eh|era|será|seria|fica|is|was)(?!\w))[^\s:=]{1,30}){0,5}?"
    r"(?:[ \t]*:|[ \t]+(?:é|eh|era|será|seria|fica|is|was)(?!\w))"
    r"[ \t]*[*_`\"'“‘]{0,3}(?P<secret>[^\s`\"'”’*]{8,128})"
)
_PROSE = re.compile(_PROSE_PATTERN)
_PROSE_CI = re.compile(_PROSE_PATTERN, re.IGNORECASE)

SECRET_RULES: tuple[str, ...] = tuple(
    dict.fromkeys(
        [
            "private_key",
            "gcp_service_account_key",  # a private key block in a Google service-account JSON
            *(rule.name for rule in _SHAPE_RULES),
            *(rule.name for rule in _KEYED_RULES),
            *(rule.name for rule in _CONTEXT_RULES),
            "url_query_secret",
            "password_assignment",
            "secret_assignment",
            "password_in_prose",
        ]
    )
)
_PRIORITY = {name: index for index, name in enumerate(SECRET_RULES)}
_PREFIXED_RULES = tuple(rule for rule in _SHAPE_RULES + _CONTEXT_RULES if rule.prefixes)
_SCANNED_RULES = tuple(rule for rule in _SHAPE_RULES + _CONTEXT_RULES if not rule.prefixes)


def _trie(words: Iterable[str]) -> str:
    """One regex that matches any of `words` (longest first), built as a trie so `re` tests each letter once."""
    children: dict[str, list[str]] = {}
    ends = False
    for word in words:
        if word:
            children.setdefault(word[0], []).append(word[1:])
        else:
            ends = True
    if not children:
        return ""
    branches = [re.escape(char) + _trie(rest) for char, rest in sorted(children.items())]
    body = branches[0] if len(branches) == 1 and not ends else "(?:" + "|".join(branches) + ")"
    return body + "?" if ends else body


_PREFIX_WORDS = sorted({literal for rule in _PREFIXED_RULES for literal in rule.prefixes})
# Every rule to try where a word was found: the rules of that word and of every shorter word it starts with.
_PREFIX_INDEX: dict[str, tuple[_Rule, ...]] = {
    word: tuple(rule for rule in _PREFIXED_RULES if any(word.startswith(literal) for literal in rule.prefixes))
    for word in _PREFIX_WORDS
}
# A token start (any character but a letter or digit) followed by a prefix; the lookahead keeps the prefix
# unconsumed, so a token right after another one's prefix is still seen. The one-character set before the trie
# rejects most word starts at once (measured: a quarter faster than the trie alone).
_PREFIX_FIRST = "[" + re.escape("".join(sorted({word[0] for word in _PREFIX_WORDS}))) + "]"
_PREFIX_SCAN = re.compile(r"[^A-Za-z0-9](?=" + _PREFIX_FIRST + ")(?=(" + _trie(_PREFIX_WORDS) + "))")
_PREFIX_AT_START = re.compile(_trie(_PREFIX_WORDS))
_DATA_URI_BASE64 = re.compile(r"base64,[A-Za-z0-9+/=]{16,}")

_PRIVATE_KEY_END = re.compile(r"-----END [A-Z0-9 ]{0,40}-----")
_MAX_KEY_BLOCK = 64 * 1024

# A line that is only the marker, optionally inside a comment (with an optional ": reason"): it covers the next line.
_MARKER_LINE = re.compile(
    r"[ \t]*(?:<!--|#|//|/\*|--|;|%)?[ \t]*"
    + re.escape(ALLOW_MARKER)
    + r"(?:[ \t]*[:\u2014][^\n]*?)?[ \t]*(?:-->|\*/)?[ \t]*\r?"
)

_Candidate = tuple[int, int, int, str]  # (priority, start, end, rule)


def _starts_token(text: str, start: int, guard: str) -> bool:
    """A prefixed token must not be glued to the text before it (`disk-…` is not `sk-…`)."""
    return start == 0 or not guard or text[start - 1] not in guard


# Tokens that only page, lock or deduplicate requests (AWS `NextToken`, `LockToken`, `ClientToken`…): not credentials.
_NOT_SECRET_TOKEN_KEY = re.compile(
    r"(?:next|page|nextpage|lock|nextlock|idempotency|client|request|continuation|pagination|cursor|sync|marker"
    r"|change|update|policyupdate|resume|cancel|max|num|total|input|output|prompt|completion|stop|eos|bos|pad|unk)"
    r"token"
)
_KEY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-$")
_CODE_FOLLOWERS = ("|", ",", ")", "=", "]")


_NAME_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")


def _looks_like_name(value: str) -> bool:
    """`Ed25519PrivateKey` is made of words (4+ characters a part on average); a token is a jumble of short runs."""
    return len(value) >= 4 * len(_NAME_PARTS.findall(value))


def _in_table_row(text: str, position: int) -> bool:
    """In a Markdown table row (`| staging | API_KEY=… |`), `|` separates cells: it is not a type union."""
    line_start = text.rfind("\n", 0, position) + 1
    return text[line_start:position].lstrip(" \t").startswith("|")


def _key_start(text: str, start: int) -> int:
    """Where the key that ends with the keyword begins (`DB_PASSWORD`, `x-api-key`, `self.token`)."""
    index = start
    while index > 0 and start - index < 80 and text[index - 1] in _KEY_CHARS:
        index -= 1
    return index


def _boundary_ok(text: str, start: int) -> bool:
    """The keyword must start a key or a camelCase part: `db_password`, `dbPassword`; not `bypass`, `compass`."""
    if start == 0:
        return True
    before = text[start - 1]
    if not before.isalnum():
        return True
    return (before.islower() or before.isdigit()) and text[start].isupper()


class _Views:
    """The text and its lowered twin: folded patterns run on the twin, or with IGNORECASE if offsets would shift."""

    __slots__ = ("text", "lowered")

    def __init__(self, text: str) -> None:
        self.text = text
        lowered = text.lower()
        self.lowered = lowered if len(lowered) == len(text) else None

    def finditer(self, pattern: re.Pattern[str], pattern_ci: re.Pattern[str]) -> Iterator[re.Match[str]]:
        if self.lowered is not None:
            return pattern.finditer(self.lowered)
        return pattern_ci.finditer(self.text)


def _shape_candidates(views: _Views) -> list[_Candidate]:
    text = views.text
    found = _prefixed_candidates(text)
    for rule in _SCANNED_RULES:
        if rule.hint is not None and rule.hint not in text:
            continue
        priority = _PRIORITY[rule.name]
        has_secret = "secret" in rule.pattern.groupindex
        if rule.folded:
            assert rule.pattern_ci is not None
            matches: Iterable[re.Match[str]] = views.finditer(rule.pattern, rule.pattern_ci)
        else:
            matches = rule.pattern.finditer(text)
        if rule.name == "private_key":
            found.extend(_private_key_blocks(text, list(matches), priority))
            continue
        for match in matches:
            start, end = match.span("secret") if rule.value_only else match.span()
            if rule.back is not None:
                start = _back_start(text, match.start(), rule)
                if start < 0:
                    continue
            elif not _starts_token(text, match.start(), rule.guard):
                continue
            if rule.check is not None:
                if has_secret:
                    value = text[slice(*match.span("secret"))]
                else:
                    value = text[(start if rule.back is not None else match.start()) : match.end()]
                if not rule.check(value):
                    continue
            found.append((priority, start, end, rule.name))
    if found and "base64," in text:
        found = _outside_data_uris(text, found)
    return found


def _prefixed_candidates(text: str) -> list[_Candidate]:
    """One pass finds every token start with a known prefix; only the rules of that prefix are tried there."""
    starts: list[tuple[int, str]] = []
    first = _PREFIX_AT_START.match(text)
    if first is not None:
        starts.append((0, first.group()))
    starts.extend((match.start(1), match.group(1)) for match in _PREFIX_SCAN.finditer(text))
    found: list[_Candidate] = []
    resume: dict[int, int] = {}  # like `finditer`, a rule looks again only after the end of its last match
    for position, word in starts:
        for rule in _PREFIX_INDEX[word]:
            if resume.get(id(rule), 0) > position:
                continue
            match = rule.pattern.match(text, position)
            if match is None:
                continue
            resume[id(rule)] = match.end()
            if not _starts_token(text, position, rule.guard):
                continue
            if rule.check is not None:
                value = match.group("secret") if "secret" in rule.pattern.groupindex else match.group()
                if not rule.check(value):
                    continue
            start, end = match.span("secret") if rule.value_only else match.span()
            found.append((_PRIORITY[rule.name], start, end, rule.name))
    return found


def _back_start(text: str, anchor: int, rule: _Rule) -> int:
    """Where a token found by its anchor starts (`123456789` before Telegram's `:AA…`), or -1 if it does not fit."""
    assert rule.back is not None
    shortest, longest = rule.back_len
    for length in range(longest, shortest - 1, -1):
        start = anchor - length
        if start >= 0 and rule.back.fullmatch(text, start, anchor) and _starts_token(text, start, rule.guard):
            return start
    return -1


def _outside_data_uris(text: str, found: list[_Candidate]) -> list[_Candidate]:
    """A `data:…;base64,…` image is encoded bytes: a prefix that appears inside it by chance is not a token."""
    spans = [match.span() for match in _DATA_URI_BASE64.finditer(text)]
    if not spans:
        return found
    starts = [start for start, _end in spans]

    def inside(position: int) -> bool:
        index = bisect_right(starts, position) - 1
        return index >= 0 and position < spans[index][1]

    return [candidate for candidate in found if not inside(candidate[1])]


def _placeholder_key_body(body: str) -> bool:
    """`-----BEGIN PRIVATE KEY-----\\nXXXX\\n-----END…`, `…EXAMPLE…`: documentation, not a key."""
    body = re.sub(r"\\[nr]|\s|\.\.\.|…", "", body)
    return len(set(body)) < 8 or "EXAMPLE" in body


_GCP_KEY_FIELD = re.compile(r"\"private_key\"[ \t]*:[ \t]*\"$")


def _key_block_rule(text: str, start: int) -> str:
    """A key block that is the `private_key` of a Google service-account JSON is reported as such."""
    if not _GCP_KEY_FIELD.search(text, max(0, start - 24), start):
        return "private_key"
    window = text[max(0, start - 4096) : start + 8192]
    return (
        "gcp_service_account_key" if "service_account" in window or "gserviceaccount.com" in window else "private_key"
    )


def _private_key_blocks(text: str, headers: list[re.Match[str]], priority: int) -> list[_Candidate]:
    """A key block spans BEGIN..END, so nothing inside it is reported twice; END is sought only up to the next BEGIN."""
    found: list[_Candidate] = []
    for index, header in enumerate(headers):
        limit = headers[index + 1].start() if index + 1 < len(headers) else len(text)
        end_match = _PRIVATE_KEY_END.search(text, header.end(), min(limit, header.end() + _MAX_KEY_BLOCK))
        if end_match is not None and _placeholder_key_body(text[header.end() : end_match.start()]):
            continue
        name = _key_block_rule(text, header.start())
        end = end_match.end() if end_match else header.end()
        found.append((priority if name == "private_key" else _PRIORITY[name], header.start(), end, name))
    return found


def _assignment_candidates(views: _Views) -> list[_Candidate]:
    text = views.text
    found: list[_Candidate] = []
    for match in views.finditer(_ASSIGNMENT, _ASSIGNMENT_CI):
        if not _boundary_ok(text, match.start()):
            continue
        key_start = _key_start(text, match.start())
        if (key_start > 0 and text[key_start - 1] == ":") or "public" in text[key_start : match.start()].lower():
            continue  # a path segment (`AWS::IAM::AccessKey`, `arn:…:secret:db-*`), or public material
        folded_key = _NON_ALNUM.sub("", text[key_start : match.start("close")].lower())
        if _NOT_SECRET_TOKEN_KEY.fullmatch(folded_key):
            continue
        names_provider = _KEYED_ANY.search(folded_key) is not None
        if match.group("sep") == ">" and (
            match.start() == 0 or text[match.start() - 1] != "<" or "</" not in (match.group("bare") or "")
        ):
            continue  # `>` separates only in an element, <password>X</password>; not `user:<senha>@host`
        group = match.lastgroup or "bare"  # the value group (dq, sq, bq or bare) is always the last one to close
        start, end = match.span(group)
        raw = text[start:end]  # from the original text: case matters to the value checks
        if "..." in raw or "…" in raw:
            continue  # an elided example: `ANTHROPIC_API_KEY=sk-ant-api03-...`
        quoted = group != "bare"
        if quoted:
            value = raw.strip()
            start += len(raw) - len(raw.lstrip())
        else:
            if match.group("sep") == ">":
                raw = raw.split("<", 1)[0]
            # A provider's format is checked on the value as written (a Discord secret may start with `_`).
            provider = _keyed_rule(folded_key, raw) if names_provider and raw else None
            if provider is not None:
                found.append((_PRIORITY[provider[0]], start, start + provider[1], provider[0]))
                continue
            start += len(raw) - len(raw.lstrip(_MARKUP_TRIM))
            value = _clean(raw)
            after = text[start + len(value) : start + len(value) + 8].lstrip(" \t")
            if (
                _CODE_NAME.fullmatch(value)
                and after[:1] in _CODE_FOLLOWERS
                and (_looks_like_name(value) or not _in_table_row(text, start))
            ):
                continue  # a type annotation or a call argument: `private_key: Ed25519PrivateKey | None`
        if not value:
            continue
        provider = _keyed_rule(folded_key, value) if names_provider else None
        if provider is not None:
            found.append((_PRIORITY[provider[0]], start, start + provider[1], provider[0]))
            continue
        keyword = match.string[match.start() : match.start("close")]
        if _PASSWORD_KEYWORDS.fullmatch(keyword.lower()):
            if _password_like(value, quoted=quoted):
                found.append((_PRIORITY["password_assignment"], start, start + len(value), "password_assignment"))
        elif _token_like(value, quoted=quoted):
            found.append((_PRIORITY["secret_assignment"], start, start + len(value), "secret_assignment"))
    return found


def _keyed_rule(folded_key: str, value: str) -> tuple[str, int] | None:
    """The provider rule for a key that names a provider and a value in that provider's format (and its length)."""
    for rule in _KEYED_RULES:
        if rule.key.search(folded_key) and not any(part in folded_key for part in rule.unless):
            match = rule.value.match(value)
            if match is not None and rule.check(match.group()):
                return rule.name, match.end()
    return None


def _url_query_candidates(views: _Views) -> list[_Candidate]:
    """`?access_token=…`, `&key=…`, `#id_token=…`: a parameter that carries a credential, with a token value."""
    text = views.text
    if "=" not in text:
        return []
    priority = _PRIORITY["url_query_secret"]
    found: list[_Candidate] = []
    for match in views.finditer(_URL_QUERY, _URL_QUERY_CI):
        key = match.group("key").replace("-", "_").lower()
        start, end = match.span("secret")
        raw = text[start:end]
        if _is_placeholder(raw) or _is_reference(raw, quoted=True):
            continue
        value = unquote(raw)
        if key in _URL_PASSWORD_KEYS:
            ok = _password_like(value, quoted=True)
        elif key in _URL_GENERIC_KEYS:
            ok = _URL_TOKEN.fullmatch(value) is not None and _token_like(value, quoted=True)
        else:
            ok = _token_like(value, quoted=True)
        if ok:
            found.append((priority, start, end, "url_query_secret"))
    return found


def _prose_candidates(views: _Views) -> list[_Candidate]:
    text = views.text
    priority = _PRIORITY["password_in_prose"]
    found: list[_Candidate] = []
    for match in views.finditer(_PROSE, _PROSE_CI):
        if match.start() > 0 and (text[match.start() - 1].isalnum() or text[match.start() - 1] == "_"):
            continue  # "senha" must be a word of its own
        start, end = match.span("secret")
        value = _clean(text[start:end])
        if _prose_password(value):
            found.append((priority, start, start + len(value), "password_in_prose"))
    return found


def _select(candidates: list[_Candidate]) -> list[_Candidate]:
    """Keep one finding per location: specific rules first, then drop anything overlapping a kept span."""
    starts: list[int] = []  # kept spans are disjoint, kept sorted by start
    spans: list[_Candidate] = []
    for candidate in sorted(candidates):
        _priority, start, end, _name = candidate
        index = bisect_right(starts, start)
        if index > 0 and spans[index - 1][2] > start:
            continue
        if index < len(spans) and spans[index][1] < end:
            continue
        starts.insert(index, start)
        spans.insert(index, candidate)
    return spans


def _allowed_lines(text: str, line_starts: list[int]) -> set[int]:
    """Lines (1-based) whose findings a human may keep: the marker's own line, and the line after a marker-only line."""
    allowed: set[int] = set()
    position = text.find(ALLOW_MARKER)
    while position != -1:
        line = bisect_right(line_starts, position)
        allowed.add(line)
        line_start = line_starts[line - 1]
        line_end = text.find("\n", line_start)
        if line_end == -1:
            line_end = len(text)
        if _MARKER_LINE.fullmatch(text, line_start, line_end):
            allowed.add(line + 1)
        position = text.find(ALLOW_MARKER, line_end)
    return allowed


def scan_secrets(text: str, *, honour_allow_marker: bool = False) -> list[SecretFinding]:
    """Possible secrets in `text`, sorted by (line, column); the marker counts only when the text is a human's."""
    views = _Views(text)
    selected = _select(
        _shape_candidates(views)
        + _url_query_candidates(views)
        + _assignment_candidates(views)
        + _prose_candidates(views)
    )
    if not selected:
        return []
    line_starts = [0]
    line_starts.extend(match.end() for match in re.finditer("\n", text))
    allowed = _allowed_lines(text, line_starts) if honour_allow_marker and ALLOW_MARKER in text else set()
    findings: list[SecretFinding] = []
    for _priority, start, _end, name in selected:
        line = bisect_right(line_starts, start)
        if line not in allowed:
            findings.append(SecretFinding(rule=name, line=line, column=start - line_starts[line - 1] + 1))
    return findings
