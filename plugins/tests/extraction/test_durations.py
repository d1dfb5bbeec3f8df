"""Durations (service_builtins.extraction.durations) on wordings of the CUAD contracts."""

from __future__ import annotations

import re

import pytest

from service_builtins.extraction.durations import (
    DURATION_RE,
    find_durations,
    parse_duration,
)


@pytest.mark.parametrize(("text", "value", "unit"), [
    # cuad/txt/CORIOINC_07_20_2000-EX-10.5-LICENSE AND HOSTING AGREEMENT.txt
    ("written notification at least thirty (30) days prior to the expiration", 30, "day"),
    # the parenthesised digits win: "thirty-six (36) months" was read as "six" before
    ("for a period of less than thirty-six (36) months from", 36, "month"),
    # "fifty-four months" was read as four months
    ("in the event of any other Board Dispute, fifty-four months from", 54, "month"),
    # cuad/txt/HealthcareIntegratedTechnologiesInc_20190812_8-K_EX-10.1_...
    ("upon written notice to the other Party of at least 3 months", 3, "month"),
    ("ninety (90) calendar days prior to the expiration", 90, "day"),
    ("within 10 Business Days after the occurrence", 10, "day"),
    # decision 285
    ("shall remain in force for 2 (two) years", 2, "year"),
    ("for a period of 2 yrs. from", 2, "year"),
    ("for one and one-half years", 18, "month"),
    ("for two and a half months", 75, "day"),
    ("for 1.5 years", 18, "month"),
])
def test_parse_duration(text: str, value: int, unit: str) -> None:
    found = find_durations(text)
    assert found
    parsed = parse_duration(found[0])
    assert parsed is not None
    assert (parsed["value"], parsed["unit"]) == (value, unit)


def test_windowed_scan_equals_a_full_scan() -> None:
    text = ("Either party may terminate on ninety (90) days' notice; the initial period of one "
            "hundred and eighty days, a year, 12 months and 1000000 days; Monday; yearly; "
            + "x" * 200 + " twenty-one (21) Business Days and 30-day periods.")
    assert [m.span() for m in find_durations(text)] == [
        m.span() for m in DURATION_RE.finditer(text)]
    inner = [m.span() for m in find_durations(text, 10, 120)]
    assert inner == [m.span() for m in DURATION_RE.finditer(text, 10, 120)
                     if m.start() >= 10]
    assert not any(re.match("yearly", text[s:e]) for s, e in inner)


def test_a_list_item_in_parentheses_is_not_the_number_in_words() -> None:
    # "(a)" after a number is an enumeration, not the number again in words
    assert not any(m.group().startswith("30") for m in find_durations("within 30 (a) days of"))


def test_a_half_day_is_no_duration() -> None:
    found = find_durations("within 1.5 days")
    assert [parse_duration(m) for m in found if m.group().startswith("1")] == [None]
