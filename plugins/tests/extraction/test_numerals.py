"""Number words (service_builtins.extraction.numerals), one list per language."""

from __future__ import annotations

import re

import pytest

from service_builtins.extraction.numerals import (
    anniversary_years,
    fragments,
    ordinal_to_number,
    time_units,
    words_to_number,
)


@pytest.mark.parametrize(("words", "value"), [
    ("sixty", 60), ("forty-five", 45), ("twenty four", 24), ("fifty-four", 54),
    ("one hundred and twenty", 120), ("one-hundred twenty", 120), ("a", 1), ("an", 1),
    ("seventeen", 17), ("fourty", 40), ("dozen", None),
])
def test_words_to_number(words: str, value: int | None) -> None:
    assert words_to_number(words) == value


@pytest.mark.parametrize(("word", "value"), [
    ("fifth", 5), ("thirteenth", 13), ("twenty-fifth", 25), ("twenty first", 21),
    ("thirtieth", 30), ("thirty-first", 31), ("fiftieth", None),
])
def test_ordinal_to_number(word: str, value: int | None) -> None:
    assert ordinal_to_number(word) == value


def test_the_fragments_read_what_the_values_know() -> None:
    ordinal = re.compile(rf"^{fragments('en')['ordinal_word']}$", re.IGNORECASE)
    cardinal = re.compile(rf"^{fragments('en')['number_words']}$", re.IGNORECASE)
    assert all(ordinal.match(w) for w in ("fifth", "Twenty-fifth", "thirteenth"))
    assert all(cardinal.match(w) for w in ("an", "one hundred and twenty", "Forty-Five"))
    # German and French: cardinals and units of time, no ordinals (their dates are in digits)
    german = re.compile(rf"^{fragments('de')['number_words']}$", re.IGNORECASE)
    french = re.compile(rf"^{fragments('fr')['number_words']}$", re.IGNORECASE)
    assert all(german.match(w) for w in ("drei", "zwölf", "vierundzwanzig", "einen", "dreißig"))
    assert all(french.match(w) for w in ("trois", "douze", "trente", "une", "quatre-vingt-dix"))
    assert "ordinal_word" not in fragments("de")
    assert "time_unit" not in fragments("en")


@pytest.mark.parametrize(("words", "language", "value"), [
    ("drei", "de", 3), ("zwölf", "de", 12), ("vierundzwanzig", "de", 24), ("ein", "de", 1),
    ("dreißig", "de", 30), ("einundzwanzig", "de", 21), ("trois", "fr", 3), ("douze", "fr", 12),
    ("trente", "fr", 30), ("une", "fr", 1), ("vingt et un", "fr", 21), ("dix-huit", "fr", 18),
    ("quatre-vingt-dix", "fr", 90), ("drei", "fr", None),
])
def test_german_and_french_words_to_number(words: str, language: str, value: int | None) -> None:
    assert words_to_number(words, language) == value


def test_time_units_name_their_unit_and_language() -> None:
    assert time_units()["monaten"] == ("month", "de")
    assert time_units()["ans"] == ("year", "fr")
    assert "days" not in time_units()  # the English rule names its own units


def test_anniversary_years_reads_each_group() -> None:
    pattern = re.compile(r"(?P<word>fifth)?(?P<num>\d+)?(?P<card>four)?")
    assert anniversary_years(pattern.match("fifth")) == 5  # type: ignore[arg-type]
    assert anniversary_years(pattern.match("12")) == 12  # type: ignore[arg-type]
    assert anniversary_years(pattern.match("four")) == 4  # type: ignore[arg-type]
