"""Number words (service_builtins.extraction.numerals), one list per language."""

from __future__ import annotations

import re

import pytest

from service_builtins.extraction.numerals import (
    anniversary_years,
    fragments,
    ordinal_to_number,
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
    assert fragments("de") == {}  # no German number words yet: the rules read digits


def test_anniversary_years_reads_each_group() -> None:
    pattern = re.compile(r"(?P<word>fifth)?(?P<num>\d+)?(?P<card>four)?")
    assert anniversary_years(pattern.match("fifth")) == 5  # type: ignore[arg-type]
    assert anniversary_years(pattern.match("12")) == 12  # type: ignore[arg-type]
    assert anniversary_years(pattern.match("four")) == 4  # type: ignore[arg-type]
