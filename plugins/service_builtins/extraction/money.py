"""Money in contract text: amounts with a currency ("$1,500,000", "USD 2 million", "10,000
U.S. Dollars"), the contract value after its cue, and the document's currency.

The patterns are the rules of ``rulebook/en/money.toml`` (:mod:`.matcher`)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from .matcher import pattern
from .other_languages import find_in_other_languages
from .text import Found, NormText, Span

CURRENCY_SYMBOLS = {"$": "USD", "US$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "C$": "CAD"}
CURRENCY_WORDS = {
    "usd": "USD", "us dollars": "USD", "u.s. dollars": "USD", "dollars": "USD",
    "eur": "EUR", "euro": "EUR", "euros": "EUR", "gbp": "GBP", "pounds sterling": "GBP",
    "cad": "CAD", "canadian dollars": "CAD", "rmb": "CNY", "cny": "CNY", "renminbi": "CNY",
    "jpy": "JPY", "yen": "JPY", "chf": "CHF", "swiss francs": "CHF", "inr": "INR",
    "rupees": "INR", "hkd": "HKD", "aud": "AUD",
}


MONEY_RE = pattern("shared.money")
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9}


def parse_money(match: re.Match[str]) -> dict[str, Any] | None:
    """``{"amount": float, "currency": "USD"}`` of a :data:`MONEY_RE` match."""
    for suffix in ("", "2", "3"):
        amount = match.group("amount" + suffix)
        if amount is None:
            continue
        value = float(amount.replace(",", ""))
        scale = match.group("scale" + suffix)
        if scale:
            value *= _SCALE[scale.lower()]
        if match.group("symbol"):
            currency = CURRENCY_SYMBOLS[match.group("symbol")]
        elif match.group("code"):
            currency = CURRENCY_WORDS.get(match.group("code").lower(), match.group("code"))
        else:
            currency = CURRENCY_WORDS.get(match.group("word").lower(), "USD")
        return {"amount": value, "currency": currency}
    return None



_VALUE_CUES = pattern("contract_value.value_cue")


def find_contract_value(norm: NormText) -> Found | None:
    """An amount within a few words after a "total value / aggregate / purchase price /
    annual fee" cue; else the German and French rules (:mod:`.other_languages`)."""
    text = norm.text
    for m in norm.finditer(_VALUE_CUES):
        for money in MONEY_RE.finditer(text, m.end(), min(len(text), m.end() + 80)):
            value = parse_money(money)
            if value is not None and value["amount"] > 0:
                norm.note("contract_value", "value_cue")
                return value, [money.span()]
            break
    # a German or French contract: "Die Gesamtvergütung beträgt 120.000,00 EUR"
    return find_in_other_languages(norm, "contract_value", lambda value: value["amount"] > 0)


def find_currency(norm: NormText) -> Found | None:
    """The most frequent currency among the document's amounts."""
    counts: Counter[str] = Counter()
    first: dict[str, Span] = {}
    for money in norm.finditer(MONEY_RE):
        value = parse_money(money)
        if value is None:
            continue
        counts[value["currency"]] += 1
        first.setdefault(value["currency"], money.span())
    if not counts:
        return None
    code = counts.most_common(1)[0][0]
    norm.note("currency", "of_amounts")
    return code, [first[code]]

