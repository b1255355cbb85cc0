"""Words of a query or a memory, folded the way the index folds them, with the pt/en words that carry no topic.

Search and duplicate detection both need "the terms of a text"; keeping the rules here makes a query and a
note agree on what a term is.
"""

from __future__ import annotations

import re
from functools import lru_cache

from cabecao_schema import fold

# Letters and digits, as FTS5's unicode61 tokenizer sees words (an underscore separates: uses_queue = uses queue).
_WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")

#: Function words dropped from a search query when it has other words (so "respostas em português" requires
#: "respostas" and "português", not "em"). Folded forms.
STOPWORDS: frozenset[str] = frozenset(
    """
    a o as os um uma uns umas de da do das dos em na no nas nos por pela pelo pelas pelos para pra com e ou
    que se ao aos à às é ser foi sao está esta isso isto essa esse aquele aquela ja mas como qual quais quando
    onde quem sobre entre ate mais menos muito muita seu sua seus suas meu minha eu voce ele ela eles elas
    lhe me te nosso nossa ha tem
    the an of to in on at by for from with and or is are was were be been it its this that these those as
    into about what which who whom how when where why do does did
    """.split()
)

#: Words that turn a sentence around; present on one side only, two texts are never "the same" (folded forms).
NEGATIONS: frozenset[str] = frozenset(
    """
    nao nunca sem nem jamais nenhum nenhuma nenhuns nenhumas nada ninguem tampouco
    not no never without none nor nothing cannot can't don't doesn't didn't isn't aren't wasn't weren't won't
    shouldn't mustn't
    """.split()
)

#: A query longer than this many distinct terms keeps only the first ones (a 4,000-character query would
#: otherwise become a slow OR of hundreds of terms).
MAX_QUERY_TERMS = 32


@lru_cache(maxsize=65536)
def _fold_cached(text: str) -> str:
    return fold(text)


def fast_fold(text: str) -> str:
    """`cabecao_schema.fold`, with a shortcut for ASCII text (where it is only lowercasing and spaces)."""
    if text.isascii():
        return " ".join(text.lower().split())
    return _fold_cached(text)


def _fold_word(word: str) -> str:
    """`fast_fold` of one word of `_WORD_RE` (no spaces in it, so ASCII is only lowercasing), `’` as `'`."""
    if word.isascii():
        return word.lower()
    return _fold_cached(word).replace("’", "'")


def words(text: str) -> list[str]:
    """Every word of the text, folded (case and accents), in order."""
    return [_fold_word(w) for w in _WORD_RE.findall(text)]


def query_terms(query: str) -> list[str]:
    """The distinct terms of a search query, as the user wrote them (lowercased), without function words.

    When every word is a function word, they are all kept: "o que" still searches for something.
    """
    seen: set[str] = set()
    terms: list[tuple[str, str]] = []
    for raw in _WORD_RE.findall(query):
        key = fold(raw)
        if key in seen:
            continue
        seen.add(key)
        terms.append((raw.lower(), key))
    kept = [raw for raw, key in terms if key not in STOPWORDS]
    result = kept if kept else [raw for raw, _ in terms]
    return result[:MAX_QUERY_TERMS]


def fts_phrase(term: str) -> str:
    """One term quoted for an FTS5 MATCH expression, so no user text is read as FTS syntax."""
    return '"' + term.replace('"', '""') + '"'


def has_number(word: str) -> bool:
    # Most words are letters only: `isalpha` answers those in C.
    return not word.isalpha() and any(ch.isdigit() for ch in word)
