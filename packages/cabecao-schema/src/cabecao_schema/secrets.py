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
while `postgres://app:Hunter2024@host` is. A publicly known default is not a leaked secret, and flagging it would
only push agents into rewording documentation.

Known limits of the context rules (deliberate, to keep false positives at zero): passwords made only of digits or
only of lowercase words (`123456`, `correcthorsebatterystaple`) are not flagged after a keyword; neither are
values split from their key across lines, nor CLI flags with a space (`--password X`).

When two rules match overlapping text, the more specific one (earlier in `SECRET_RULES`) wins, so one location
is reported once. Every pattern is linear (bounded repetitions, disjoint character classes): 1 MB of Markdown
scans in well under 0.5 s.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections.abc import Callable
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
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z_]*")  # no digits: a variable or type name, not a literal
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
        elif char not in "-_.":
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
    if any(char in value for char in "()[]{}<>") or "${" in value or "$(" in value or "%(" in value:
        return True
    if value.startswith(_CODE_PREFIXES):
        return True
    if _DOTTED_NAME.fullmatch(value) and not any(char.isdigit() for char in value):
        return True  # settings.DB_PASSWORD, process.env.TOKEN
    if not quoted and (_IDENTIFIER.fullmatch(value) or _YAML_TAG.fullmatch(value)):
        return True  # password = db_password, token: str, password: !vault |
    if "://" in value or value.startswith(("/", "~/", "./", "../")) or re.match(r"[A-Za-z]:\\", value):
        return True
    return bool(_EMAIL.fullmatch(value))


def _clean(value: str) -> str:
    """Drop Markdown emphasis and sentence punctuation around a bare value (the start offset does not change)."""
    return value.rstrip(_TRAILING_PUNCT).strip(_MARKUP_TRIM).rstrip(_TRAILING_PUNCT)


def _password_like(value: str, *, quoted: bool = False) -> bool:
    """A human-chosen password: 6+ chars with letters and a digit or symbol (`hunter2`, `Mudar@123`)."""
    if value.startswith(tuple(_MARKUP_TRIM)):
        value = value.lstrip(_MARKUP_TRIM)
    if len(value) < 6 or _is_placeholder(value) or _is_reference(value, quoted=quoted):
        return False
    lower, upper, digit, symbol = _classes(value)
    return (lower or upper) and (digit or symbol)


def _token_like(value: str, *, quoted: bool = False) -> bool:
    """A machine-made token: 10+ chars that look random (mixed case and digits, hex with digits, or high entropy)."""
    if len(value) < 10 or " " in value or _is_placeholder(value) or _is_reference(value, quoted=quoted):
        return False
    if _WORDY.fullmatch(value):
        return False
    lower, upper, digit, _symbol = _classes(value)
    digits = sum(char.isdigit() for char in value)
    letters = sum(char.isalpha() for char in value)
    if lower and upper and digit:
        return True
    if digits >= 2 and letters >= 2 and _entropy(value) >= 2.8:
        return True  # hex tokens, UUIDs used as API keys
    return len(value) >= 16 and _entropy(value) >= 3.5


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


def _bearer(value: str) -> bool:
    return _token_like(value)


# --- rules --------------------------------------------------------------------------------------------------------

_START = r"(?<![A-Za-z0-9])"  # a prefix must start a token; `_` and `-` may precede it (`KEY=sk_live_…`)
_END = r"(?![A-Za-z0-9_-])"


@dataclass(frozen=True, slots=True)
class _Rule:
    name: str
    pattern: re.Pattern[str]
    check: Callable[[str], bool] | None = None  # applied to the `secret` group (or the whole match)
    hint: str | None = None  # a literal that must occur in the text (case-sensitive), to skip the regex quickly


def _rule(name: str, pattern: str, check: Callable[[str], bool] | None = None, hint: str | None = None) -> _Rule:
    return _Rule(name, re.compile(pattern), check, hint)


# Order = priority: when spans overlap, the earlier (more specific) rule wins.
_SHAPE_RULES: tuple[_Rule, ...] = (
    _rule("private_key", r"-----BEGIN (?:[A-Z0-9]{1,12} ){0,3}PRIVATE KEY(?: BLOCK)?-----", hint="-----BEGIN "),
    _rule("cabecao_confirm_token", _START + r"cbc_ct_(?P<secret>[A-Za-z0-9_-]{16,256})", _varied(6), "cbc_ct_"),
    _rule("anthropic_key", _START + r"sk-ant-(?P<secret>[A-Za-z0-9_-]{20,256})", _varied(10), "sk-ant-"),
    _rule(
        "openai_key",
        _START + r"sk-(?:proj-|svcacct-|admin-|None-)?(?P<secret>[A-Za-z0-9_-]{20,256})",
        _mixed_case_digits,
        "sk-",
    ),
    _rule(
        "github_token",
        _START + r"(?:gh[pousr]_(?P<secret>[A-Za-z0-9]{36,255})|github_pat_[A-Za-z0-9_]{22,255})",
        _varied(8),
    ),
    _rule(
        "gitlab_token",
        _START
        + r"gl(?:pat|dt|rt|ptt|cbt|ft|imt|soat|ffct|agent|oas|wt)-(?P<secret>[A-Za-z0-9_-]{20,256})",
        _varied(8),
        "gl",
    ),
    _rule(
        "slack_webhook",
        r"https://hooks\.slack\.com/(?:services|workflows|triggers)/(?P<secret>[A-Za-z0-9_/-]{20,256})",
        _webhook_tail,
        "hooks.slack.com",
    ),
    _rule("slack_token", _START + r"xox[abposre]-(?P<secret>[A-Za-z0-9-]{10,256})", _has_digit_varied, "xox"),
    _rule(
        "stripe_key",
        _START + r"(?:(?:sk|rk)_(?:live|test)_(?P<secret>[A-Za-z0-9]{16,255})|whsec_[A-Za-z0-9]{24,255})",
        _varied(8),
        "_",
    ),
    _rule("google_api_key", _START + r"AIza(?P<secret>[0-9A-Za-z_-]{35})" + _END, _varied(10), "AIza"),
    _rule("google_oauth_secret", _START + r"GOCSPX-(?P<secret>[A-Za-z0-9_-]{20,64})", _varied(8), "GOCSPX-"),
    _rule(
        "aws_access_key",
        r"(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA|AIPA|ANPA|ANVA|APKA|AGPA)[A-Z2-7]{16}(?![A-Z0-9])",
        _not_aws_example,
        "A",
    ),
    _rule(
        "aws_secret_key",
        r"(?i:aws_?secret_?access_?key|secret_?access_?key)[\"'`]{0,2}[ \t]{0,4}(?::=|=>|[:=])[ \t]{0,4}[\"'`]?"
        r"(?P<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
        _not_aws_example,
    ),
    _rule("huggingface_token", _START + r"hf_(?P<secret>[A-Za-z]{34})" + _END, _mixed_case, "hf_"),
    _rule("npm_token", _START + r"npm_(?P<secret>[A-Za-z0-9]{36})" + _END, _varied(8), "npm_"),
    _rule("pypi_token", _START + r"pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}", None, "pypi-AgEIcHlwaS5vcmc"),
    _rule("sendgrid_key", _START + r"SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}" + _END, None, "SG."),
    _rule(
        "azure_storage_key",
        r"(?i:AccountKey)=(?P<secret>[A-Za-z0-9+/]{86}==)",
        _varied(10),
    ),
    _rule("telegram_bot_token", r"(?<![\w:])\d{8,10}:AA[A-Za-z0-9_-]{33}" + _END, None, ":AA"),
    _rule(
        "jwt",
        _START + r"eyJ[A-Za-z0-9_-]{8,2048}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{10,2048}",
        None,
        "eyJ",
    ),
)

_URL_CREDENTIALS = _rule(
    "url_credentials",
    r"(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,20}://[^\s:/@?#\"'<>`]{0,128}:"
    r"(?P<secret>[^\s/@?#\"'<>`]{1,256})@(?=[A-Za-z0-9\[_-])",
    _url_password,
    "://",
)
_BEARER = _rule(
    "bearer_token",
    r"(?i:\bbearer)[ \t]+(?P<secret>[A-Za-z0-9._~+/-]{16,4096}=*)(?![A-Za-z0-9._~+/=-])",
    _bearer,
)

# Keyword = the END of a key (`db_password`, `apiKey`, `"client_secret"`); `tokens:` or `token_url:` do not count.
_PASSWORD_KEYWORDS = r"pgpassword|password|passwd|passphrase|pass|pwd|senha|contrase(?:ñ|n)a|palavra-passe"
_SECRET_KEYWORDS = (
    r"secret|token|api[_-]?key|(?:access|secret|private|signing|encryption|master|auth|app|client)[_-]?key"
)
_ASSIGNMENT = re.compile(
    r"(?i)(?:(?P<pw>" + _PASSWORD_KEYWORDS + r")|(?P<tk>" + _SECRET_KEYWORDS + r"))"
    r"[\"'`\]*]{0,3}[ \t]{0,4}(?P<sep>:=|=>|=(?!=)|:(?!:)|>)[ \t]{0,4}(?:\*\*[ \t]{0,2})?"
    r"(?:\"(?P<dq>[^\"\n]{0,256})\"|'(?P<sq>[^'\n]{0,256})'|`(?P<bq>[^`\n]{0,256})`|(?P<bare>[^\s\"'`,;]{1,256}))"
)
# "a senha do banco é X", "the password for staging is X", "Senha do Wi-Fi: X" (up to five words in between).
_PROSE = re.compile(
    r"(?i)(?<!\w)(?:senhas?|passwords?|palavras?-passe|passphrases?)(?!\w)"
    r"(?:[ \t]+(?!(?:é|eh|era|será|seria|fica|is|was)(?!\w))[^\s:=]{1,30}){0,5}?"
    r"(?:[ \t]*:|[ \t]+(?:é|eh|era|será|seria|fica|is|was)(?!\w))"
    r"[ \t]*[*_`\"'“‘]{0,3}(?P<secret>[^\s`\"'”’*]{8,128})"
)

SECRET_RULES: tuple[str, ...] = (
    *(rule.name for rule in _SHAPE_RULES),
    "url_credentials",
    "bearer_token",
    "password_assignment",
    "secret_assignment",
    "password_in_prose",
)
_PRIORITY = {name: index for index, name in enumerate(SECRET_RULES)}
_PRIVATE_KEY_END = re.compile(r"-----END [A-Z0-9 ]{0,40}-----")
_MAX_KEY_BLOCK = 64 * 1024

# A line that is only the marker, optionally inside a comment: it also covers the next line.
_MARKER_LINE = re.compile(
    r"[ \t]*(?:<!--|#|//|/\*|--|;|%)?[ \t]*" + re.escape(ALLOW_MARKER)
    + r"(?:[ \t]*[:\u2014][^\n]*?)?[ \t]*(?:-->|\*/)?[ \t]*\r?"
)

_Candidate = tuple[int, int, int, str]  # (priority, start, end, rule)


def _boundary_ok(text: str, start: int) -> bool:
    """The keyword must start a key or a camelCase part: `db_password`, `dbPassword`; not `bypass`, `compass`."""
    if start == 0:
        return True
    before = text[start - 1]
    if not before.isalnum():
        return True
    return (before.islower() or before.isdigit()) and text[start].isupper()


def _assignment_candidates(text: str) -> list[_Candidate]:
    found: list[_Candidate] = []
    for match in _ASSIGNMENT.finditer(text):
        is_password = match.group("pw") is not None
        if not _boundary_ok(text, match.start()):
            continue
        if match.group("sep") == ">" and (match.start() == 0 or text[match.start() - 1] != "<"):
            continue  # `>` separates only in a tag, <password>X</password>; not `user:<senha>@host`
        for group in ("dq", "sq", "bq", "bare"):
            raw = match.group(group)
            if raw is not None:
                break
        start = match.start(group)
        quoted = group != "bare"
        if quoted:
            value = raw.strip()
            start += len(raw) - len(raw.lstrip())
        else:
            if match.group("sep") == ">":
                raw = raw.split("<", 1)[0]  # <password>X</password>
            lead = len(raw) - len(raw.lstrip(_MARKUP_TRIM))
            value = _clean(raw)
            start += lead
        if not value:
            continue
        if is_password:
            if _password_like(value, quoted=quoted):
                found.append((_PRIORITY["password_assignment"], start, start + len(value), "password_assignment"))
        elif _token_like(value, quoted=quoted):
            found.append((_PRIORITY["secret_assignment"], start, start + len(value), "secret_assignment"))
    return found


def _candidates(text: str) -> list[_Candidate]:
    found: list[_Candidate] = []
    for rule in (*_SHAPE_RULES, _URL_CREDENTIALS, _BEARER):
        if rule.hint is not None and rule.hint not in text:
            continue
        priority = _PRIORITY[rule.name]
        has_secret_group = "secret" in rule.pattern.groupindex
        for match in rule.pattern.finditer(text):
            group = "secret" if has_secret_group and match.group("secret") is not None else 0
            if rule.check is not None and not rule.check(match.group(group)):
                continue
            if rule.name == "private_key":
                end_match = _PRIVATE_KEY_END.search(text, match.end(), match.end() + _MAX_KEY_BLOCK)
                end = end_match.end() if end_match else match.end()
                found.append((priority, match.start(), end, rule.name))
            elif rule.name in ("url_credentials", "bearer_token", "aws_secret_key", "azure_storage_key"):
                found.append((priority, match.start("secret"), match.end("secret"), rule.name))  # the value itself
            else:
                found.append((priority, match.start(), match.end(), rule.name))
    found.extend(_assignment_candidates(text))
    prose = _PRIORITY["password_in_prose"]
    for match in _PROSE.finditer(text):
        value = _clean(match.group("secret"))
        if _prose_password(value):
            found.append((prose, match.start("secret"), match.start("secret") + len(value), "password_in_prose"))
    return found


def _select(candidates: list[_Candidate]) -> list[_Candidate]:
    """Keep one finding per location: specific rules first, then drop anything overlapping a kept span."""
    kept: list[_Candidate] = []
    for candidate in sorted(candidates):
        _priority, start, end, _rule_name = candidate
        if all(end <= other[1] or start >= other[2] for other in kept):
            kept.append(candidate)
    return sorted(kept, key=lambda item: (item[1], item[0]))


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
    selected = _select(_candidates(text))
    if not selected:
        return []
    line_starts = [0]
    line_starts.extend(match.end() for match in re.finditer("\n", text))
    allowed = _allowed_lines(text, line_starts) if honour_allow_marker and ALLOW_MARKER in text else set()
    findings: list[SecretFinding] = []
    for _priority, start, _end, rule_name in selected:
        line = bisect_right(line_starts, start)
        if line in allowed:
            continue
        findings.append(SecretFinding(rule=rule_name, line=line, column=start - line_starts[line - 1] + 1))
    return findings
