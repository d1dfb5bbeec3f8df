"""Month names, one module with per-language data: dateparser's locale data (the month names
and abbreviations of each language), as the rule book's fragments (:mod:`.matcher`):
``${month}`` in a language's rules (English, German, French), ``${invoice_month}`` (German,
French and English) in the neutral ones, and ``${date_start}`` (the first letters a date in
words may start with)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from dateparser.languages.loader import default_loader

from .numerals import ordinal_values

#: the languages of the invoices' month names and dates
INVOICE_LANGUAGES = ("de", "fr", "en")

MONTH_KEYS = ("january", "february", "march", "april", "may", "june", "july", "august",
              "september", "october", "november", "december")


def month_names(languages: Iterable[str]) -> list[str]:
    """The month names and abbreviations of ``languages`` (dateparser's locale data),
    longest first so an alternation prefers "September" to "Sep"."""
    names: set[str] = set()
    for language in languages:
        info = default_loader.get_locale(language).info
        for key in MONTH_KEYS:
            names.update(str(n).lower() for n in info.get(key, []))
    return sorted(names, key=lambda n: (-len(n), n))


def _trie(words: Iterable[str]) -> str:
    """An alternation of ``words`` as a prefix tree ("j(?:an(?:uary)?|u(?:ly?|ne?))"): it
    matches what the flat longest-first alternation matches, but a position is rejected after
    one or two characters instead of one attempt per word (4x faster over a contract)."""
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        alts = [re.escape(ch) + emit(sub) for ch, sub in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(tree)


def month_pattern(languages: Iterable[str]) -> str:
    """A regular expression of :func:`month_names` (optional trailing "."), as a prefix tree
    (:func:`_trie`) that prefers the longest name ("September" to "Sep")."""
    return "(?:" + _trie(month_names(languages)) + r")\.?"




@cache
def _fragments(language: str) -> tuple[tuple[str, str], ...]:
    if language == "any":
        return (("invoice_month", month_pattern(INVOICE_LANGUAGES)),)
    if language in ("de", "fr"):
        # German and French contracts date day first, the day in digits ("1. März 2024",
        # "1er mars 2024"): the month names are all their rules need
        return (("month", month_pattern([language])),)
    if language != "en":
        return ()
    # every English date starts with a digit, a month's or an ordinal day's first letter
    starts = "".join(sorted({n[0] for n in [*month_names(["en"]), *ordinal_values("en")]}))
    return (("month", month_pattern(["en"])), ("date_start", f"(?=[0-9{starts}])"))


def fragments(language: str) -> dict[str, str]:
    """The month patterns of ``language`` as rule-book fragments (module documentation)."""
    return dict(_fragments(language))
