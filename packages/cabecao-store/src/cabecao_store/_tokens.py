"""Confirmation tokens: proof that an elevated action is exactly the one that was shown, and recent.

A token is `cbc_ct_` + base64url(expiry, 6 bytes big-endian seconds || HMAC-SHA256). The MAC covers the action,
a digest of what will be written, a digest of the target's current content, the session and the expiry, with a
32-byte key kept only on this machine (`.cabecao/confirm.key`, mode 0600). Nothing is stored: verifying
recomputes the MAC from the second call's arguments, so any change refuses the token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cabecao_schema import CabecaoError, ErrorCode

from . import _messages as messages
from ._locking import ensure_private_dir

TOKEN_PREFIX = "cbc_ct_"
TOKEN_TTL = timedelta(minutes=5)
KEY_FILE = ".cabecao/confirm.key"
_KEY_BYTES = 32
_EXPIRY_BYTES = 6


def digest(text: str | bytes | None) -> str:
    """Digest of a content, with a distinct value for "absent" so creating and overwriting differ."""
    if text is None:
        return "absent"
    data = text.encode("utf-8") if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class ConfirmationSubject:
    """What a token is bound to."""

    action: str
    content_digest: str
    target_digest: str
    session: str

    def payload(self, expires: int) -> bytes:
        body = {
            "action": self.action,
            "content": self.content_digest,
            "target": self.target_digest,
            "session": self.session,
            "expires": expires,
        }
        return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def load_or_create_key(root: Path) -> bytes:
    """The machine's confirmation key, created on first use (a fresh clone has none: `.cabecao/` is never committed)."""
    path = root / KEY_FILE
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        ensure_private_dir(root)
        key = os.urandom(_KEY_BYTES)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            return load_or_create_key(root)
        with os.fdopen(fd, "wb") as handle:
            handle.write(key)
        return key
    except OSError as exc:
        raise CabecaoError(
            ErrorCode.INTERNAL_ERROR,
            messages.key_unreadable(path=KEY_FILE, problem=str(exc)),
            next_step=messages.next_step_key(),
        ) from None
    if len(data) != _KEY_BYTES:
        raise CabecaoError(
            ErrorCode.INTERNAL_ERROR,
            messages.key_unreadable(path=KEY_FILE, problem=messages.key_wrong_size()),
            next_step=messages.next_step_key(),
        )
    return data


def _mac(key: bytes, subject: ConfirmationSubject, expires: int) -> bytes:
    return hmac.new(key, subject.payload(expires), hashlib.sha256).digest()


def issue_token(key: bytes, subject: ConfirmationSubject, *, now: datetime) -> tuple[str, datetime]:
    expires_at = (now + TOKEN_TTL).replace(microsecond=0)
    expires = int(expires_at.timestamp())
    raw = expires.to_bytes(_EXPIRY_BYTES, "big") + _mac(key, subject, expires)
    return TOKEN_PREFIX + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("="), expires_at


def verify_token(key: bytes, subject: ConfirmationSubject, token: str, *, now: datetime) -> None:
    """Raise `invalid_argument` unless the token was issued for exactly this subject and has not expired."""
    if not isinstance(token, str) or not token.startswith(TOKEN_PREFIX) or len(token) > 200:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT, messages.token_malformed(), next_step=messages.next_step_new_token()
        )
    encoded = token[len(TOKEN_PREFIX) :]
    try:
        raw = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
    except (ValueError, TypeError):
        raw = b""
    if len(raw) != _EXPIRY_BYTES + 32 or base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != encoded:
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT, messages.token_malformed(), next_step=messages.next_step_new_token()
        )
    expires = int.from_bytes(raw[:_EXPIRY_BYTES], "big")
    if not hmac.compare_digest(raw[_EXPIRY_BYTES:], _mac(key, subject, expires)):
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT, messages.token_mismatch(), next_step=messages.next_step_new_token()
        )
    if now.timestamp() > expires:
        when = datetime.fromtimestamp(expires, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        raise CabecaoError(
            ErrorCode.INVALID_ARGUMENT,
            messages.token_expired(expired_at=when),
            next_step=messages.next_step_new_token(),
        )
