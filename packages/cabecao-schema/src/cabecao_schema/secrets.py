"""Secret scanner: finds credentials in text before they reach git, and reports where, never what.

Every write (text, path, title, frontmatter) and every `sync` push goes through `scan_secrets`. A finding holds the
rule, the 1-based line and the 1-based column (in code points) where the secret starts; the matched value is never
stored, so a finding can be logged, returned to an agent or shown to the user without leaking anything.

Two families of rules:

- Shape rules: a provider prefix or a fixed format (AWS, GitHub, GitLab, Slack, Stripe, Google, OpenAI,
  Anthropic, Hugging Face, npm, PyPI, SendGrid, Azure, Telegram, JWT, private key blocks, Cabeção's own `cbc_ct_`
  confirmation tokens). They only reject obvious fill-ins (a body of repeated characters such as `ghp_xxxx…`, and
  the AWS documentation keys that contain `EXAMPLE`).
- Context rules: a value after a keyword (`password = …`, `senha: …`, `API_KEY=…`, `"client_secret": "…"`), in a
  connection URL (`postgres://user:pass@host`), after `Bearer`, or in prose ("a senha do banco é …"). The value must
  look like a secret: code (`os.environ[…]`, `settings.X`, `None`, `str`), references (`${X}`, `$X`, `{{ x }}`,
  `%X%`), paths, URLs, masks (`********`) and placeholders are not flagged.

Placeholder policy (decided here, tested by the negative corpus): angle/curly/square-bracket fill-ins
(`<sua-senha>`, `{password}`), masks of one or two repeated characters, and well-known dummy words are NOT secrets:
`changeme`, `changeit`, `password`, `pass`, `senha`, `secret`, `token`, `example`/`exemplo`, `redacted`,
`placeholder`, `your_password`/`sua_senha`-style instructions… So `postgres://user:pass@host` is not flagged,
while a real password in that place is. A publicly known default is not a leaked secret, and flagging it would
only push agents into rewording documentation. Shape rules ignore dummy words (a `sk_live_…` is flagged whatever
it spells) but skip fill-in bodies (`ghp_xxxx…`, a key block whose body is `XXXX`) and AWS's `…EXAMPLE…` keys.
Documentation examples that look random (`"Password": "&1-3a6u:RA0djs"`) ARE flagged: the scanner cannot tell.

Not secrets by key name: pagination, lock and idempotency tokens (`NextToken`, `LockToken`, `ClientToken`,
`max_tokens`…), keys inside a path (`AWS::IAM::AccessKey`, `arn:…:secret:…`) and public material (`publicKey…`).

Known limits of the context rules (deliberate, to keep false positives at zero): passwords made only of digits or
only of lowercase words (`123456`, `correcthorsebatterystaple`), or containing spaces, are not flagged after a
keyword; neither are values split from their key across lines, values in a Markdown table cell, nor CLI flags
with a space (`--password X`). Shape rules still catch provider tokens in all of those places.

When two rules match overlapping text, the more specific one (earlier in `SECRET_RULES`) wins, so one location
is reported once. Every pattern is linear (bounded repetitions, disjoint character classes): 1 MB of Markdown
scans in well under 0.5 s.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

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
    """Drop Markdown emphasis and sentence punctuation around a bare value (the start offset does not change)."""
    return value.rstrip(_TRAILING_PUNCT).strip(_MARKUP_TRIM).rstrip(_TRAILING_PUNCT)


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


def _varied(min_distinct: int) -> Callable[[str], bool]:
    """Reject fill-ins such as `ghp_xxxxxxxx…`: a real token body uses many distinct characters."""
    return lambda value: len(set(value)) >= min_distinct


def _not_aws_example(value: str) -> bool:
    """AWS documentation keys (AKIAIOSFODNN7EXAMPLE…) are published examples, not secrets."""
    return "EXAMPLE" not in value and len(set(value)) >= 8


def _mixed_case_digits(value: str) -> bool:
    lower, upper, digit, _symbol = _classes(value)
    return lower and upper and digit


def _mixed_case(value: str) -> bool:
    lower, upper, _digit, _symbol = _classes(value)
    return lower and upper and len(set(value)) >= 10


def _has_digit_varied(value: str) -> bool:
    return any(char.isdigit() for char in value) and len(set(value)) >= 6


def _webhook_tail(value: str) -> bool:
    """Slack's docs use `/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`: the last segment must look random."""
    return len(set(value.rsplit("/", 1)[-1])) >= 6


def _url_password(value: str) -> bool:
    """Password of a connection URL: anything but an empty or placeholder value (`user:pass@`, `:${PW}@`)."""
    return len(value) >= 4 and not _is_placeholder(value)


# --- rules --------------------------------------------------------------------------------------------------------
# Performance note: `re` scans fast only when a pattern starts with a literal or a character set, so no pattern
# starts with a lookbehind (the "must start a token" guard is checked in Python), and case-insensitive patterns are
# written in lowercase and run on `text.lower()` (same offsets), falling back to IGNORECASE when lowering changes
# the length (e.g. "İ").


@dataclass(frozen=True, slots=True)
class _Rule:
    name: str
    pattern: re.Pattern[str]
    check: Callable[[str], bool] | None = None  # applied to the `secret` group (or the whole match)
    hint: str | None = None  # a literal that must occur in the text, to skip the regex quickly
    value_only: bool = False  # report where the `secret` group starts (the value after a key), not the match
    guard: str = ""  # characters that must not come right before the match (it must start a token)
    folded: bool = False  # case-insensitive: lowercase pattern, run on the lowered text
    pattern_ci: re.Pattern[str] | None = None  # the same pattern with IGNORECASE, for the fallback


_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _rule(
    name: str,
    pattern: str,
    check: Callable[[str], bool] | None = None,
    hint: str | None = None,
    *,
    value_only: bool = False,
    guard: str = _ALNUM,
    folded: bool = False,
) -> _Rule:
    compiled_ci = re.compile(pattern, re.IGNORECASE) if folded else None
    return _Rule(name, re.compile(pattern), check, hint, value_only, guard, folded, compiled_ci)


_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_END = r"(?![A-Za-z0-9_-])"

# Order = priority: when spans overlap, the earlier (more specific) rule wins. A name may have several patterns.
_SHAPE_RULES: tuple[_Rule, ...] = (
    _rule(
        "private_key", r"-----BEGIN (?:[A-Z0-9]{1,12} ){0,3}PRIVATE KEY(?: BLOCK)?-----", hint="-----BEGIN ", guard=""
    ),
    _rule("cabecao_confirm_token", r"cbc_ct_(?P<secret>[A-Za-z0-9_-]{16,256})", _varied(6), "cbc_ct_"),
    _rule("anthropic_key", r"sk-ant-(?P<secret>[A-Za-z0-9_-]{20,256})", _varied(10), "sk-ant-"),
    _rule(
        "openai_key",
        r"sk-(?:proj-|svcacct-|admin-|None-)?(?P<secret>[A-Za-z0-9_-]{20,256})",
        _mixed_case_digits,
        "sk-",
    ),
    _rule("github_token", r"gh[pousr]_(?P<secret>[A-Za-z0-9]{36,255})", _varied(8), "_"),
    _rule("github_token", r"github_pat_(?P<secret>[A-Za-z0-9_]{22,255})", _varied(8), "github_pat_"),
    _rule(
        "gitlab_token",
        r"gl(?:pat|dt|rt|ptt|cbt|ft|imt|soat|ffct|agent|oas|wt)-(?P<secret>[A-Za-z0-9_-]{20,256})",
        _varied(8),
        "gl",
    ),
    _rule(
        "slack_webhook",
        r"https://hooks\.slack\.com/(?:services|workflows|triggers)/(?P<secret>[A-Za-z0-9_/-]{20,256})",
        _webhook_tail,
        "hooks.slack.com",
        guard="",
    ),
    _rule("slack_token", r"xox[abposre]-(?P<secret>[A-Za-z0-9-]{10,256})", _has_digit_varied, "xox"),
    _rule("stripe_key", r"[sr]k_(?:live|test)_(?P<secret>[A-Za-z0-9]{16,255})", _varied(8), "k_"),
    _rule("stripe_key", r"whsec_(?P<secret>[A-Za-z0-9]{24,255})", _varied(8), "whsec_"),
    _rule("google_api_key", r"AIza(?P<secret>[0-9A-Za-z_-]{35})" + _END, _varied(10), "AIza"),
    _rule("google_oauth_secret", r"GOCSPX-(?P<secret>[A-Za-z0-9_-]{20,64})", _varied(8), "GOCSPX-"),
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
    _rule("huggingface_token", r"hf_(?P<secret>[A-Za-z]{34})" + _END, _mixed_case, "hf_"),
    _rule("npm_token", r"npm_(?P<secret>[A-Za-z0-9]{36})" + _END, _varied(8), "npm_"),
    _rule("pypi_token", r"pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}", None, "pypi-AgEIcHlwaS5vcmc"),
    _rule("sendgrid_key", r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}" + _END, None, "SG."),
    _rule(
        "azure_storage_key",
        r"AccountKey=(?P<secret>[A-Za-z0-9+/]{86}==)",
        _varied(10),
        "AccountKey=",
        value_only=True,
        guard="",
    ),
    _rule(
        "telegram_bot_token",
        r"[0-9]{8,10}:AA[A-Za-z0-9_-]{33}" + _END,
        None,
        ":AA",
        guard=_ALNUM + "_:",
    ),
    _rule("jwt", r"eyJ[A-Za-z0-9_-]{8,2048}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{10,2048}", None, "eyJ"),
)

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
        _token_like,
        value_only=True,
        folded=True,
    ),
)

# Keyword = the END of a key (`db_password`, `apiKey`, `"client_secret"`); `tokens:` or `token_url:` do not count.
# Written as a flat alternation of literals so that `re` can skip quickly to a possible first letter.
_PASSWORD_KEYWORDS = re.compile(r"pgpassword|password|passwd|passphrase|pass|pwd|senha|contrase(?:ñ|n)a|palavra-passe")
_ASSIGNMENT_PATTERN = (
    r"(?:pgpassword|password|passwd|passphrase|pass|pwd|senha|contraseña|contrasena|palavra-passe"
    r"|secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|signing[_-]?key"
    r"|encryption[_-]?key|master[_-]?key|auth[_-]?key|app[_-]?key|client[_-]?key)"
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
            *(rule.name for rule in _SHAPE_RULES + _CONTEXT_RULES),
            "password_assignment",
            "secret_assignment",
            "password_in_prose",
        ]
    )
)
_PRIORITY = {name: index for index, name in enumerate(SECRET_RULES)}
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
_CODE_FOLLOWERS = "|,)=]"


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
    found: list[_Candidate] = []
    for rule in _SHAPE_RULES + _CONTEXT_RULES:
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
            if not _starts_token(text, match.start(), rule.guard):
                continue
            if rule.check is not None:
                value = text[slice(*match.span("secret"))] if has_secret else text[match.start() : match.end()]
                if not rule.check(value):
                    continue
            found.append((priority, start, end, rule.name))
    return found


def _placeholder_key_body(body: str) -> bool:
    """`-----BEGIN PRIVATE KEY-----\\nXXXX\\n-----END…`, `…EXAMPLE…`: documentation, not a key."""
    body = re.sub(r"\\[nr]|\s|\.\.\.|…", "", body)
    return len(set(body)) < 8 or "EXAMPLE" in body


def _private_key_blocks(text: str, headers: list[re.Match[str]], priority: int) -> list[_Candidate]:
    """A key block spans BEGIN..END, so nothing inside it is reported twice; END is sought only up to the next BEGIN."""
    found: list[_Candidate] = []
    for index, header in enumerate(headers):
        limit = headers[index + 1].start() if index + 1 < len(headers) else len(text)
        end_match = _PRIVATE_KEY_END.search(text, header.end(), min(limit, header.end() + _MAX_KEY_BLOCK))
        if end_match is not None and _placeholder_key_body(text[header.end() : end_match.start()]):
            continue
        found.append((priority, header.start(), end_match.end() if end_match else header.end(), "private_key"))
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
        if match.group("sep") == ">" and (
            match.start() == 0 or text[match.start() - 1] != "<" or "</" not in (match.group("bare") or "")
        ):
            continue  # `>` separates only in an element, <password>X</password>; not `user:<senha>@host`
        group = match.lastgroup or "bare"  # the value group (dq, sq, bq or bare) is always the last one to close
        start, end = match.span(group)
        raw = text[start:end]  # from the original text: case matters to the value checks
        quoted = group != "bare"
        if quoted:
            value = raw.strip()
            start += len(raw) - len(raw.lstrip())
        else:
            if match.group("sep") == ">":
                raw = raw.split("<", 1)[0]
            start += len(raw) - len(raw.lstrip(_MARKUP_TRIM))
            value = _clean(raw)
            after = text[start + len(value) : start + len(value) + 8].lstrip(" \t")
            if _CODE_NAME.fullmatch(value) and after[:1] in tuple(_CODE_FOLLOWERS):
                continue  # a type annotation or a call argument: `private_key: Ed25519PrivateKey | None`
        if not value:
            continue
        keyword = match.string[match.start() : match.start("close")]
        if _PASSWORD_KEYWORDS.fullmatch(keyword.lower()):
            if _password_like(value, quoted=quoted):
                found.append((_PRIORITY["password_assignment"], start, start + len(value), "password_assignment"))
        elif _token_like(value, quoted=quoted):
            found.append((_PRIORITY["secret_assignment"], start, start + len(value), "secret_assignment"))
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
    selected = _select(_shape_candidates(views) + _assignment_candidates(views) + _prose_candidates(views))
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
