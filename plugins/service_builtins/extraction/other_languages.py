"""The German and French rules of a contract field, tried after the English finder found
nothing: "Die Vertragslaufzeit beträgt 24 Monate", "moyennant un préavis de trois (3) mois".

A field's German and French rules are the records of ``rulebook/de/*.toml`` and
``rulebook/fr/*.toml`` whose ``field`` is the field and whose production makes its value
(``duration``, ``day_month_year``, ``two_parties``, ``money_amount``), tried in the book's
order (German, then French; in a file, top to bottom); the first match whose value the finder
accepts answers. A rule ``<field>.guard`` of the same language (production ``span``) names
what, earlier in the same sentence, makes the match about something else ("verlängert",
"renouvelé" before a term's length).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from .matcher import Rule, rulebook
from .text import Found, NormText, sentence_start

#: the languages whose rules back up the English finders, in the order they are tried
LANGUAGES = ("de", "fr")
#: the groups that hold a rule's value, each an evidence span (else the whole match is one)
_VALUE_GROUPS = ("duration", "date", "first", "second", "value")


@cache
def _rules(field: str) -> tuple[tuple[Rule, Rule | None], ...]:
    """The value rules of ``field`` in :data:`LANGUAGES`, each with its language's guard."""
    book = rulebook()
    return tuple((rule, book.get(f"{field}.guard.{rule.language}"))
                 for language in LANGUAGES for rule in book.values()
                 if rule.field == field and rule.language == language
                 and rule.production != "span")


def find_in_other_languages(
    norm: NormText, field: str, accept: Callable[[Any], bool] = lambda value: True
) -> Found | None:
    """The value of the first German or French rule of ``field`` that matches ``norm`` with
    a value ``accept`` takes and no guard before it in its sentence; its spans are the value's
    groups (``duration``, ``date``, ``value``, the parties' ``first`` and ``second``) else the
    match;
    notes the rule's id (``term.laufzeit.de``). ``None`` when none does."""
    text = norm.text
    for rule, guard in _rules(field):
        for m in norm.finditer(rule.pattern):
            if guard is not None and guard.pattern.search(
                    text, sentence_start(text, m.start()), m.start()):
                continue
            value = rule.produce(m)
            if value is None or not accept(value):
                continue
            spans = [m.span(g) for g in _VALUE_GROUPS
                     if g in rule.pattern.groupindex and m.group(g) is not None]
            norm.note(field, rule.id)
            return value, spans or [m.span()]
    return None
