"""NormText: the normalised text, its map back to the original offsets, and its scans."""

from __future__ import annotations

import random
import re

import pytest

from service_builtins.extraction.dates import DATE_RE
from service_builtins.extraction.durations import DURATION_RE
from service_builtins.extraction.money import MONEY_RE
from service_builtins.extraction.text import (
    NormText,
    inline_markup,
    key_value_rows,
    sentence_start,
)

_WORDS = re.compile(r"(?P<space>\s*)(?P<word>\S+)")


def reference_offsets(original: str) -> list[int]:
    """The offset map built character by character (the former construction)."""
    index: list[int] = []
    for m in _WORDS.finditer(original):
        if index:
            index.append(m.start())
        index.extend(range(m.start("word"), m.end()))
    return [*index, len(original)]


@pytest.mark.parametrize("original", [
    "", "   ", "a", "  a  ", "a b", "a \n\t b", "\u201cX\u201d  and\u2019s",
    "\x1c\x85a\xa0\u2028\u2029 b  ", "one\n\ntwo   three\tfour \r\n",
])
def test_offsets_match_the_character_map(original: str) -> None:
    norm = NormText(original)
    assert norm.text == " ".join(original.split()).translate(
        {0x201C: '"', 0x201D: '"', 0x2018: "'", 0x2019: "'"})
    expected = reference_offsets(original)
    assert [norm.offset(i) for i in range(len(norm.text) + 1)] == expected


def test_offsets_of_random_texts_and_evidence() -> None:
    rng = random.Random(13)
    pieces = ["a", "Bc", " ", "\n", "\t\t", "\xa0", "\u2028", "\u201c", "x. ", "  "]
    for _ in range(3000):
        original = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 15)))
        norm = NormText(original)
        assert [norm.offset(i) for i in range(len(norm.text) + 1)] == \
            reference_offsets(original)
        for start in range(len(norm.text)):
            end = rng.randint(start + 1, len(norm.text))
            ev = norm.evidence(start, end)
            assert ev["text"] == original[ev["start"]:ev["end"]]
            assert NormText(ev["text"]).text == norm.text[start:end].strip()


@pytest.mark.parametrize("text", [
    "Dated as of JANUARY 5, 2004 and the 20t h day of March, 2005; 01/02/03, 2004-01-20.",
    "for a period of thirty (30) Days, twelve MONTHS, an additional Year and 5 years",
    # characters that match an ASCII letter case-insensitively: Kelvin sign, long s, dotted
    # and dotless i
    "\u017fEPTEMBER 1, 2010 and \u212a 1 day, DAY\u0130 2 yearS, ma\u0131 3, 2001",
    "\u00c9t\u00e9 \u00dcber 3 MONTHS \u2014 \u00c5 4 weeks",
])
def test_finditer_equals_the_pattern(text: str) -> None:
    norm = NormText(text)
    assert any(p.search(norm.text) for p in (DATE_RE, DURATION_RE))
    for pattern in (DATE_RE, DURATION_RE):
        expected = [(m.span(), m.groups()) for m in pattern.finditer(norm.text)]
        assert [(m.span(), m.groups()) for m in norm.finditer(pattern)] == expected
        assert [m.span() for m in norm.all_matches(pattern)] == [s for s, _ in expected]
        mid = len(norm.text) // 3
        assert [m.span() for m in norm.finditer(pattern, mid, 2 * mid)] == \
            [m.span() for m in pattern.finditer(norm.text, mid, 2 * mid)]


def test_finditer_of_case_sensitive_pattern() -> None:
    norm = NormText("WHEREAS the Company and COMPANY agree")
    pattern = re.compile(r"Company|WHEREAS")
    assert [m.group() for m in norm.finditer(pattern)] == ["WHEREAS", "Company"]


def test_finditer_of_money_equals_the_pattern() -> None:
    """MONEY_RE (case-sensitive, no twin) runs through its scanner: the same matches as the
    pattern's own finditer, overlapping candidate starts ("1,500" inside "$1,500") included."""
    rng = random.Random(7)
    pieces = ["$", "US$", "C$", "\u20ac", "USD ", "EUR", "1", "12", ",", "500", ",000", ".5",
              " ", "million", " dollars", " Dollars", "U.S. Dollars", "Euros", "RMB", "x",
              "Section 3", "(10)", " thousand"]
    for _ in range(2000):
        norm = NormText("".join(rng.choice(pieces) for _ in range(rng.randint(0, 14))))
        expected = [(m.span(), m.groups()) for m in MONEY_RE.finditer(norm.text)]
        assert [(m.span(), m.groups()) for m in norm.finditer(MONEY_RE)] == expected
        mid = len(norm.text) // 3
        assert [m.span() for m in norm.finditer(MONEY_RE, mid, 2 * mid)] == \
            [m.span() for m in MONEY_RE.finditer(norm.text, mid, 2 * mid)]


def test_sentence_start() -> None:
    text = "First sentence. Second one; third 12.3 clause here"
    assert text[sentence_start(text, text.index("clause")):].startswith("clause")
    assert text[sentence_start(text, text.index("one")):].startswith("Second")


def test_a_cross_reference_to_a_section_starts_no_sentence() -> None:
    # decision 293 (cuad/txt/ … EX-10.4_Co-Branding Agreement, tuning half)
    text = ("This Agreement will become effective as of the Effective Date and, unless sooner "
            "terminated pursuant to Sections 3.1 [Advertising and Promotion] or 10.2 [Termination "
            "for Breach], shall remain effective for two (2) years")
    assert sentence_start(text, text.index("shall remain")) == 0


def test_finditer_with_a_cue() -> None:
    text = ("This Agreement is GOVERNED by the laws of Ohio; disputes are determined in "
            "accordance with the laws of Texas, and construed under the law of Iowa.")
    pattern = re.compile(r"(?i:governed\s+by|determined\s+in\s+accordance\s+with|construed)"
                         r"[^.;]{0,40}?\b(?i:laws?)\s+of\s+(?P<place>[A-Z]\w+)")
    cue = re.compile(r"governed|determined|construed", re.IGNORECASE)
    norm = NormText(text)
    found = [(m.span(), m.group("place")) for m in norm.finditer(pattern, cue=cue)]
    assert found == [(m.span(), m.group("place")) for m in pattern.finditer(text)]
    assert [place for _, place in found] == ["Ohio", "Texas", "Iowa"]
    assert [m.group("place") for m in norm.finditer(pattern, 20, cue=cue)] == ["Texas", "Iowa"]


def test_a_two_column_table_reads_as_labels() -> None:
    # decision 305: a Markdown cover sheet; the length and the offsets stay those of the text
    original = ("# Master Services Agreement\n\n| Field | Value |\n|---|---|\n"
                "| Initial Term | 3 years |\n| Governing Law | New York |\n\n"
                "| Item | Qty | Price |\n| Pens | 2 | 3.00 |\n")
    rows = key_value_rows(original)
    assert len(rows) == len(original)
    norm = NormText(original)
    assert "Initial Term : 3 years . Governing Law : New York ." in norm.text
    assert "| Pens | 2 | 3.00 |" in norm.text  # three columns: a table of data, left alone
    at = norm.text.index("3 years")
    assert norm.evidence(at, at + 7)["text"] == "3 years"


def test_a_table_row_inside_text_without_bars_is_unchanged() -> None:
    text = "Price a|b per unit.\nNo table here."
    assert key_value_rows(text) == text


def test_finditer_of_the_german_and_french_rules_equals_the_pattern() -> None:
    """The German and French rules (case-insensitive, with letters such as "ü", "é", upper-case
    ones and inline groups) run through a twin or a scanner: the same matches as the pattern's
    own finditer over their examples and counterexamples, in any case, strung together."""
    from service_builtins.extraction.matcher import rulebook

    rules = [r for r in rulebook().values() if r.language in ("de", "fr")]
    pieces = [t for r in rules for t in (*(e.text for e in r.examples), *r.counterexamples)]
    rng = random.Random(5)
    cases = (str, str.upper, str.lower, str.title, str.swapcase)
    texts = [" ".join(rng.choice(cases)(rng.choice(pieces)) for _ in range(rng.randint(1, 4)))
             for _ in range(60)]
    found = 0
    for text in texts:
        norm = NormText(text)
        for rule in rules:
            expected = [(m.span(), m.groups()) for m in rule.pattern.finditer(norm.text)]
            assert [(m.span(), m.groups()) for m in norm.finditer(rule.pattern)] == expected, \
                rule.id
            found += len(expected)
    assert found > 100


def test_a_rule_whose_needles_the_text_lacks_is_not_scanned() -> None:
    """The French and German rules need words an English contract does not have: most are
    decided by a substring search of their needles (folding.required_literals), without a
    scan, and find nothing there, as their own scan finds nothing."""
    from service_builtins.extraction.folding import case_twin
    from service_builtins.extraction.matcher import rulebook
    from service_builtins.extraction.text import _lacks_needles

    norm = NormText("This Agreement shall remain in effect for an initial term of three (3) "
                    "years and renews for successive one-year periods unless either party "
                    "gives ninety (90) days' written notice of non-renewal. " * 40)
    skipped = 0
    for rule in rulebook().values():
        if rule.language not in ("de", "fr"):
            continue
        twin = case_twin(rule.pattern)
        if (_lacks_needles(norm.folded, twin, 0, len(norm.text)) if twin is not None
                else _lacks_needles(norm.text, rule.pattern, 0, len(norm.text))):
            skipped += 1
            assert list(norm.finditer(rule.pattern)) == []
            assert list(rule.pattern.finditer(norm.text)) == []
    assert skipped >= 40


def test_finditer_of_every_rule_equals_the_pattern() -> None:
    """Every rule of the rulebook, run by NormText (needles, leading literals, twins and
    scanners), finds the pattern's own matches over the rules' examples and counterexamples
    strung together in several casings, whole and in a middle third."""
    from service_builtins.extraction.matcher import rulebook

    rules = list(rulebook().values())
    pieces = [t for r in rules for t in (*(e.text for e in r.examples), *r.counterexamples)]
    rng = random.Random(9)
    cases = (str, str.upper, str.lower, str.title)
    texts = [" ".join(rng.choice(cases)(rng.choice(pieces)) for _ in range(rng.randint(2, 8)))
             for _ in range(40)]
    found = 0
    for text in texts:
        norm = NormText(text)
        mid = len(norm.text) // 3
        for rule in rules:
            expected = [(m.span(), m.groups()) for m in rule.pattern.finditer(norm.text)]
            assert [(m.span(), m.groups()) for m in norm.finditer(rule.pattern)] == expected, \
                rule.id
            assert [m.span() for m in norm.finditer(rule.pattern, mid, 2 * mid)] == \
                [m.span() for m in rule.pattern.finditer(norm.text, mid, 2 * mid)], rule.id
            found += len(expected)
    assert found > 500


def test_markdown_inline_markup_reads_as_the_words_with_offsets_into_the_original() -> None:
    original = ('governed by the laws of the State of **Delaware**. Between **Acme Corp.** '
                '(\u201c**Acme**\u201d) and [Beta LLC](https://beta.example) and '
                '<span class="header_3">Term.</span>  It runs two years.')
    norm = NormText(original)
    assert norm.text == ('governed by the laws of the State of Delaware. Between Acme Corp. '
                         '("Acme") and Beta LLC and Term. It runs two years.')
    for word in ("Delaware", "Acme Corp.", "Beta LLC", "Term."):
        start = norm.text.index(word)
        ev = norm.evidence(start, start + len(word))
        assert ev["text"] == word
        assert original[ev["start"]:ev["end"]] == word


def test_offsets_of_random_texts_with_markup_and_evidence() -> None:
    rng = random.Random(29)
    pieces = ["a", "Bc", " ", "\n", "  ", "**", "<b>", "</span>", "[x](u)", "\u201c", ". "]
    for _ in range(3000):
        original = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 15)))
        norm = NormText(original)
        assert "\x00" not in norm.text
        for start in range(len(norm.text)):
            end = rng.randint(start + 1, len(norm.text))
            ev = norm.evidence(start, end)
            assert ev["text"] == original[ev["start"]:ev["end"]]
            # a span of words starts and ends on its own characters, not on markup
            span = norm.text[start:end]
            if span[0] not in ' "' and span[-1] not in ' "':
                assert ev["text"][0] == span[0]
                assert ev["text"][-1] == span[-1]


@pytest.mark.parametrize("text", [
    "within [**] days", "[***]", "Sales Location**      Person**", "By: ________ (__) months",
    "dated December __, 1999", "<PAGE>", "and <<enter Company Name>> (\"Supplier\")",
])
def test_redactions_blanks_and_footnote_marks_are_no_markup(text: str) -> None:
    assert inline_markup(text) == text


def test_a_template_variable_reads_as_its_placeholder() -> None:
    original = 'the laws of the State of <span class="coverpage_link">Governing Law</span>, without'
    assert NormText(original).text == "the laws of the State of [Governing Law], without"
