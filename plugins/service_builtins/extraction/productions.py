"""The productions of the rule book (:data:`.matcher.PRODUCTIONS`): a rule's match → value."""

from __future__ import annotations

import re
from typing import Any

from .dates import parse_date_text
from .durations import duration
from .invoices import parse_invoice_amount
from .money import CURRENCY_SYMBOLS, CURRENCY_WORDS
from .numerals import words_to_number


def span(match: re.Match[str]) -> str:
    """The matched text: the value of a cue or a guard, whose field value is read beside it."""
    return match.group()


def single_unit(match: re.Match[str]) -> dict[str, Any]:
    """One of the unit the ``unit`` group names: "a further year" → 1 year."""
    return duration(1, match.group("unit").lower())


def one_year(match: re.Match[str]) -> dict[str, Any]:
    """One year ("from year to year", "annually")."""
    return duration(1, "year")


def one_month(match: re.Match[str]) -> dict[str, Any]:
    """One month ("on a month-to-month basis")."""
    return duration(1, "month")


def number(match: re.Match[str]) -> int | None:
    """A cardinal in English words ("forty-five" → 45)."""
    return words_to_number(match.group(), "en")


def invoice_number(match: re.Match[str]) -> str:
    """The invoice number token after its label (the ``no`` group)."""
    return match.group("no")


def day_month_year(match: re.Match[str]) -> str | None:
    """The ISO date of the ``date`` group, day first, with a German, French or English month
    name or in digits ("1. März 2024", "1er mars 2024", "01.03.2024" → "2024-03-01");
    ``None`` when it is no complete date."""
    day = parse_date_text(match.group("date"), "DMY", ("de", "fr", "en"))
    return None if day is None else day.isoformat()


def two_parties(match: re.Match[str]) -> list[str]:
    """The names of the ``first`` and ``second`` groups (German and French preambles:
    "zwischen der Muster GmbH ... und der Beispiel AG" → ["Muster GmbH", "Beispiel AG"])."""
    return [match.group("first"), match.group("second")]


def money_amount(match: re.Match[str]) -> dict[str, Any] | None:
    """``{"amount": float, "currency": "EUR"}`` of the amount group ``amt`` ("120.000,00",
    "12 500", :func:`.invoices.parse_invoice_amount`) and the currency written before it
    (``cur``) or after it (``cur2``: "€", a code, "Euro"/"euros"); ``None`` without a
    currency."""
    written = match.group("cur") or match.group("cur2")
    amount = parse_invoice_amount(match.group("amt"))
    if written is None or amount is None:
        return None
    code = CURRENCY_SYMBOLS.get(written) or CURRENCY_WORDS.get(written.lower(), written.upper())
    return {"amount": amount, "currency": code}
