"""One token per (type, scope) of a live note, in a weight-0 column of `notes_fts`.

Duplicate detection ranks notes of one type and scope against a new memory. FTS5 cannot filter by a joined
table before it ranks, so with a plain join it scores every match in the brain (thousands of rows for everyday
words) and throws most away; with the facet token in the MATCH expression it ranks only that type and scope.
The token is a hash, so no note text can contain it by chance, and user queries are matched on the text
columns only (`text_match`). Archived notes carry no token.
"""

from __future__ import annotations

import hashlib

from ._terms import fts_phrase


def facet_token(note_type: str | None, scope: str) -> str:
    digest = hashlib.blake2b(f"{note_type or ''}\0{scope}".encode(), digest_size=8).hexdigest()
    return f"facet{digest}"


def facet_match(note_type: str | None, scope: str, expression: str) -> str:
    """`expression` (over the text columns) limited to live notes of this type and scope."""
    return f"facet : {fts_phrase(facet_token(note_type, scope))} AND {text_match(expression)}"


def text_match(expression: str) -> str:
    """`expression` matched on a note's text only, never on the facet column."""
    return f"{{title aliases tags body}} : ({expression})"
