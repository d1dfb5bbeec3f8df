"""Number words, one module with per-language data (``rulebook/<language>/numbers.toml``).

The duration, date and term rules read cardinals ("forty-five", "one hundred and twenty",
"a") and ordinals ("fifth", "twenty-first") from here; the rule book (:mod:`.matcher`) gets
their patterns as fragments (:func:`fragments`): ``${below_100}`` (and ``${below_100_joined}``,
one separator between the tens and the unit, as years in words write it), ``${cardinal_words}``,
``${number_words}`` and ``${ordinal_word}`` (English only: German and French contracts date in
digits), and ``${time_unit}`` (the words of a language's units of time, German and French:
:func:`time_units`). English, German and French have number words; the English duration rule
names its units itself.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

RULEBOOK_DIR = Path(__file__).with_name("rulebook")


@cache
def numbers(language: str) -> dict[str, Any]:
    """The ``[numbers]`` table of ``rulebook/<language>/numbers.toml`` (``{}`` when the
    language has none)."""
    path = RULEBOOK_DIR / language / "numbers.toml"
    if not path.is_file():
        return {}
    with path.open("rb") as f:
        data: dict[str, Any] = tomllib.load(f).get("numbers", {})
    return data


@cache
def cardinal_values(language: str) -> dict[str, int]:
    """Each cardinal word below 100 and each word that counts one → its value."""
    n = numbers(language)
    if not n:
        return {}
    return {**dict.fromkeys(n["one"], 1),
            **{w: i + 1 for i, w in enumerate(n["units"])},
            **{w: i + 10 for i, w in enumerate(n["teens"])},
            **{w: 10 * (i + 2) for i, w in enumerate(n["tens"])}, **n["variants"]}


@cache
def ordinal_values(language: str) -> dict[str, int]:
    """Each ordinal word of 1 to 31 → its value; the composed ones written with a space
    ("twenty first", as dates take them after their clean-up)."""
    n = numbers(language)
    if "unit_ordinals" not in n:
        return {}
    units = n["unit_ordinals"]
    values = {**{w: i + 1 for i, w in enumerate(units)},
              **{w: i + 10 for i, w in enumerate(n["teen_ordinals"])}, **n["tens_ordinals"]}
    for tens, value in (("twenty", 20), ("thirty", 30)):
        for i, w in enumerate(units[: 9 if value == 20 else 1]):
            values[f"{tens} {w}"] = value + i + 1
    return values


def words_to_number(words: str, language: str = "en") -> int | None:
    """The value of a cardinal in words of ``language`` matched by ``${cardinal_words}``
    ("forty-five" → 45, "one hundred and twenty" → 120, "an" → 1; "vierundzwanzig" → 24,
    "quatre-vingt-dix" → 90); ``None`` for anything else."""
    n = numbers(language)
    values = cardinal_values(language)
    whole = " ".join(words.lower().split())
    if whole in n.get("variants", {}):
        return int(n["variants"][whole])  # "quatre-vingt-dix": not the sum of its parts
    total = 0
    for token in whole.replace("-", " ").split():
        if token == n.get("conjunction"):
            continue
        if token == n.get("hundred"):
            total = max(total, 1) * 100
        elif token in values:
            total += values[token]
        elif (joined := _unit_then_tens(token, n, values)) is not None:
            total += joined
        else:
            return None
    return total or None


def _unit_then_tens(token: str, n: dict[str, Any], values: dict[str, int]) -> int | None:
    """The value of a unit and its tens written as one word ("vierundzwanzig" → 24), in a
    language that writes them so (``unit_then_tens``: the joining word); else ``None``."""
    joiner = n.get("unit_then_tens")
    if not joiner or joiner not in token:
        return None
    unit, _, tens = token.partition(joiner)
    if values.get(unit, 10) < 10 and tens in n["tens"]:
        return values[unit] + values[tens]
    return None


@cache
def time_units() -> dict[str, tuple[str, str]]:
    """Each word of a unit of time in a language's ``[numbers.time_units]`` (German, French;
    lower case) → (the unit: ``"day"``, ``"week"``, ``"month"`` or ``"year"``, the language):
    "monaten" → ("month", "de"), "ans" → ("year", "fr")."""
    found: dict[str, tuple[str, str]] = {}
    for folder in sorted(p for p in RULEBOOK_DIR.iterdir() if p.is_dir()):
        for unit, words in numbers(folder.name).get("time_units", {}).items():
            found.update((w, (unit, folder.name)) for w in words)
    return found


def ordinal_to_number(word: str, language: str = "en") -> int | None:
    """The value of an ordinal in words ("fifth" → 5, "twenty-first" → 21)."""
    return ordinal_values(language).get(" ".join(word.lower().replace("-", " ").split()))


def anniversary_years(match: re.Match[str], language: str = "en") -> int:
    """The years of an anniversary match with the groups ``word`` (an ordinal in words),
    ``num`` (digits of an ordinal, "5th") and ``card`` (a cardinal, "four-year"); 0 when none
    reads."""
    card = (match.group("card") or "").lower()
    return (ordinal_to_number(match.group("word") or "", language)
            or int(match.group("num") or 0)
            or (int(card) if card.isdigit() else words_to_number(card, language) or 0))


def _alternation(words: list[str]) -> str:
    return "|".join(words)


@cache
def _fragments(language: str) -> tuple[tuple[str, str], ...]:
    n = numbers(language)
    if not n:
        return ()
    units, teens = _alternation(n["units"]), _alternation(n["teens"])
    tens = _alternation([*n["tens"], *n["variants"]])
    # German writes the unit first, in one word with its tens: "vierundzwanzig"
    first = (rf"(?:(?:{_alternation([*n['units'], *n['one']])}){n['unit_then_tens']})?"
             if n.get("unit_then_tens") else "")
    below_100 = rf"(?:{first}(?:{tens})(?:[\s-]+(?:{units})\b)?|{teens}|{units})"
    cardinal = (rf"(?:(?:{units})[\s-]+{n['hundred']}(?:[\s-]+(?:{n['conjunction']}[\s-]+)?"
                rf"{below_100})?|{below_100})")
    one = _alternation(sorted(n["one"], key=len, reverse=True))  # "an" before "a"
    # a number below 100 as a year in words writes it ("ninety-eight", "twenty one"): the tens
    # and the unit joined by one hyphen or space
    teens_units = _alternation(sorted((*n["teens"], *n["units"]), key=len, reverse=True))
    joined = rf"(?:(?:{_alternation(n['tens'])})(?:[\s-](?:{units}))?|{teens_units})"
    found = [("below_100", below_100), ("below_100_joined", joined), ("cardinal_words", cardinal),
             ("number_words", rf"(?:{cardinal}|{one})")]
    if "unit_ordinals" in n:
        simple = sorted({w for w in ordinal_values(language) if " " not in w},
                        key=lambda w: (-len(w), w))
        tens_words = _alternation(["twenty", "thirty"])
        found.append(("ordinal_word",
                      rf"(?:(?:{tens_words})[\s-]?(?={_alternation(n['unit_ordinals'])}))?"
                      rf"(?:{_alternation(simple)})"))
    words = sorted(w for u in n.get("time_units", {}).values() for w in u)
    if words:
        found.append(("time_unit", _alternation(sorted(words, key=lambda w: (-len(w), w)))))
    return tuple(found)


def fragments(language: str) -> dict[str, str]:
    """The number patterns of ``language`` as rule-book fragments (module documentation)."""
    return dict(_fragments(language))
