"""Case folding that keeps lengths, and the case-sensitive twins of case-insensitive patterns."""

from __future__ import annotations

import re

import pytest

from service_builtins.extraction.folding import (
    _literal_ok,
    case_twin,
    case_variants,
    fold_case,
    leading_literals,
    required_literals,
    sensitive_scanner,
    start_scanner,
)

ALL_CHARS = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)


def test_fold_case_keeps_length_and_classes() -> None:
    folded = fold_case(ALL_CHARS)
    assert len(folded) == len(ALL_CHARS)
    for cls in (r"\w", r"\d", r"\s"):
        assert [m.start() for m in re.finditer(cls, folded)] == \
            [m.start() for m in re.finditer(cls, ALL_CHARS)], cls


def test_fold_case_maps_what_matches_an_ascii_letter() -> None:
    folded = fold_case(ALL_CHARS)
    for letter in "abcdefghijklmnopqrstuvwxyz":
        matching = {m.start() for m in re.finditer("(?i)" + letter, ALL_CHARS)}
        assert matching == {i for i, c in enumerate(folded) if c == letter}, letter


def test_fold_case_ascii() -> None:
    assert fold_case("ABC def 12") == "abc def 12"
    assert fold_case("\u0130\u0131\u017f\u212a") == "iisk"


@pytest.mark.parametrize(("pattern", "has_twin"), [
    (re.compile(r"\bjan(?:uary)?\s+\d+", re.IGNORECASE), True),
    (re.compile(r"(?P<a>[a-z]+)[/.-](?:\s|$)", re.IGNORECASE), True),
    (re.compile(r"january"), False),                       # case-sensitive already
    (re.compile(r"January", re.IGNORECASE), False),        # an upper-case literal
    (re.compile(r"(a)\1", re.IGNORECASE), False),          # a back reference
    (re.compile(r"a(?-i:b)", re.IGNORECASE), False),       # an inline flag group
    (re.compile(r"caf\u00e9", re.IGNORECASE), True),       # a non-ASCII lower-case letter
    (re.compile(r"CAF\u00c9", re.IGNORECASE), False),      # a non-ASCII upper-case letter
    (re.compile(r"\u00b5s", re.IGNORECASE), False),        # micro sign: re also reads mu
    (re.compile(r"a(?i:b)", re.IGNORECASE), True),         # a redundant inline group
    (re.compile(r"[A-Z]", re.IGNORECASE), False),
    (re.compile(r"\u20ac\d+", re.IGNORECASE), True),       # a symbol has no case
    (re.compile(r"day", re.IGNORECASE | re.ASCII), False),
])
def test_case_twin(pattern: re.Pattern[str], has_twin: bool) -> None:
    twin = case_twin(pattern)
    assert (twin is not None) == has_twin
    if twin is not None:
        assert not twin.flags & re.IGNORECASE
        assert twin.pattern == pattern.pattern


@pytest.mark.parametrize(("pattern", "first"), [
    (re.compile(r"\b(?:jan|feb)\s+\d+|\d{4}", re.IGNORECASE), set("jf0123456789")),
    (re.compile(r"(?:auto\s+)?renew", re.IGNORECASE), {"a", "r"}),
])
def test_start_scanner_finds_every_start(pattern: re.Pattern[str], first: set[str]) -> None:
    scanner = start_scanner(pattern)
    assert scanner is not None
    text = fold_case("x Jan 5 1999 2000 AUTO renew renewal feb  7")
    starts = [m.start() for m in scanner.finditer(text)]
    twin = case_twin(pattern)
    assert twin is not None
    assert starts == [i for i in range(len(text)) if twin.match(text, i)]
    first_class = re.compile(scanner.pattern[:scanner.pattern.index("(?<=")])
    assert {ch for ch in "abcdefghijklmnopqrstuvwxyz0123456789 "
            if first_class.fullmatch(ch)} == first


@pytest.mark.parametrize("pattern", [
    re.compile(r"a*", re.IGNORECASE),        # matches the empty string
    re.compile(r".x", re.IGNORECASE),        # starts with any character
    re.compile(r"[^a]x", re.IGNORECASE),
    re.compile(r"Jan", re.IGNORECASE),       # no twin
])
def test_no_start_scanner(pattern: re.Pattern[str]) -> None:
    assert start_scanner(pattern) is None


def test_sensitive_scanner_finds_every_start() -> None:
    pattern = re.compile(r"(?P<sym>\$|USD)\s?\d+|\d+ (?:dollars|Euro)")
    scanner = sensitive_scanner(pattern)
    assert scanner is not None
    text = "x $5 and USD 12, 7 dollars, usd 3, 40 Euro, 9 euro, $x"
    starts = [m.start() for m in scanner.finditer(text)]
    assert starts == [i for i in range(len(text)) if pattern.match(text, i)]
    assert starts == [2, 9, 17, 35, 36]  # "12," is no amount of dollars; "0 Euro" inside "40"


@pytest.mark.parametrize("pattern", [
    re.compile(r"a*"),                       # matches the empty string
    re.compile(r".x"),                       # starts with any character
    re.compile(r"(?x) a b"),                 # verbose
    re.compile(r"[^a]x", re.IGNORECASE),
])
def test_no_sensitive_scanner(pattern: re.Pattern[str]) -> None:
    assert sensitive_scanner(pattern) is None


#: every character some letter's case-insensitive match can reach (a cased letter matches
#: only cased characters besides itself)
CASED = "".join(c for c in ALL_CHARS if c.lower() != c or c.upper() != c or c.title() != c)


def test_case_variants_are_what_re_matches() -> None:
    """For every cased character, the characters a case-insensitive literal of it matches
    are its :func:`case_variants` (checked with ``re`` over all cased characters)."""
    for char in CASED:
        literal = re.compile(re.escape(char), re.IGNORECASE)
        matched = {ord(m.group()) for m in literal.finditer(CASED)} | {ord(char)}
        assert case_variants(ord(char)) == matched, hex(ord(char))


def test_a_twin_literal_matches_folded_text_as_the_pattern_does() -> None:
    """A literal the twin keeps (:func:`_literal_ok`) is, in folded text, exactly where the
    case-insensitive literal matches in the text; lower-case letters with accents are kept."""
    folds_to: dict[str, set[str]] = {}
    for char, folded in zip(ALL_CHARS, fold_case(ALL_CHARS), strict=True):
        folds_to.setdefault(folded, set()).add(char)
    kept = [c for c in CASED + "0.-\u20ac" if _literal_ok(ord(c))]
    for char in kept:
        assert {chr(v) for v in case_variants(ord(char))} == folds_to[char], hex(ord(char))
    assert set("abz\u00e9\u00fc\u00df0.-\u20ac") <= set(kept)
    assert not set("AZ\u00c9\u00b5\u03bc\u03c3\u03c2") & set(kept)


def test_classes_hold_a_character_with_its_lower_case() -> None:
    """What the scanner's class leaves a category as it is for: ``\\d``, ``\\s``, ``\\w``
    (and their negations) hold a character exactly when they hold its lower case."""
    for cls in (r"\d", r"\s", r"\w"):
        pattern = re.compile(cls)
        assert [c for c in CASED if bool(pattern.match(c)) != bool(pattern.match(c.lower()[0]))
                and len(c.lower()) == 1] == [], cls


@pytest.mark.parametrize("pattern", [
    re.compile(r"Jan\w*\s+\d+", re.IGNORECASE),
    re.compile(r"\b(?i:entre)\s+X"),                             # an inline group
    re.compile(r"\bK\u00fcndigungsfrist\s+von\s+(?P<n>\d+)", re.IGNORECASE),
    re.compile(r"\b(?:d\u00e9non|r\u00e9sili|pr\u00e9avis)\w*|\d+\s*jours", re.IGNORECASE),
    re.compile(r"(?-i:Effective\s+Date)|effect\b", re.IGNORECASE),   # case-sensitive inside
    re.compile(r"[a-f\u00e0-\u00ff]{2}\d", re.IGNORECASE),           # a range
    re.compile(r"stra\u00dfe|kelvin|\u00b5m", re.IGNORECASE),         # re's extra folds
])
def test_sensitive_scanner_of_a_case_insensitive_pattern(pattern: re.Pattern[str]) -> None:
    """A pattern without a twin (a case-insensitive non-ASCII or upper-case letter, an inline
    flag group) gets a scanner too: every start, overlapping ones included, in any case."""
    scanner = sensitive_scanner(pattern)
    assert scanner is not None
    assert not scanner.flags & re.IGNORECASE
    text = ("JANUARY 5, jan 7 Entre X ENTRE X entreX K\u00dcNDIGUNGSFRIST VON 30 "
            "\u212a\u00fcndigungsfrist von 3 D\u00c9NONCIATION r\u00e9siliation 30 jours "
            "Effective Date EFFECTIVE DATE effect effective \u00c0\u00c9\u00d05 ab1 STRASSE "
            "STRA\u1e9eE stra\u00dfe \u212aELVIN \u039cm \u00b5M \u0130i\u0131I")
    starts = [m.start() for m in scanner.finditer(text)]
    assert starts == [i for i in range(len(text)) if pattern.match(text, i)]
    assert starts


def test_the_contract_finders_cues_scan_as_case_twins() -> None:
    """Each cue the date, term, renewal and law finders scan a whole document for keeps
    lower-case literals only: without a twin the scan folds every character (several times
    slower, the same matches)."""
    from service_builtins.extraction import contract_dates, law, renewal, term

    cues = [contract_dates._AGREEMENT_CUES, contract_dates._MADE_CUES,
            *contract_dates._EFFECTIVE_CUES, law._LAW_CUE, term._EXPIRY_CUES,
            term._ANNIVERSARY_RE, renewal._RENEWAL_WORD]
    assert [cue.pattern[:40] for cue in cues if case_twin(cue) is None] == []


@pytest.mark.parametrize(("pattern", "needles"), [
    (re.compile(r"\b(?:d\u00e9non|pr\u00e9avis)\w*\s+au\s+(?:moins|plus\s+tard)"),
     [{"d\u00e9non", "pr\u00e9avis"}, {"moins", "plus"}, {"au"}]),
    (re.compile(r"foo(?:bar|baz)?qux"), [{"foo"}, {"qux"}]),     # an optional group: none
    (re.compile(r"(?:ab)+c|(?:de){2}"), [{"ab", "de"}]),         # repeats of at least one
    (re.compile(r"ab(?=cd)ef"), [{"ab"}, {"ef"}]),                # a lookahead cuts the run
    (re.compile(r"x*|y"), []),                                    # an alternative without one
    (re.compile(r"[a-z]+\d"), []),
    # folded: a case-sensitive literal by its fold, a case-insensitive one when its variants
    # fold alike (the Kelvin sign folds to "k"; the micro sign matches mu, which does not)
    (re.compile(r"WHEREAS, the"), [{"whereas, the"}]),
    (re.compile(r"K\u00fcndigungsfrist", re.IGNORECASE), [{"k\u00fcndigungsfrist"}]),
    (re.compile(r"(?i:Entre)\s+PARTIES"), [{"parties"}, {"entre"}]),
    (re.compile(r"\u00b5m and", re.IGNORECASE), [{"m and"}]),
    (re.compile(r"\u03a3\u03c3X"), [{"x"}]),                    # sigmas fold by context
    (re.compile(r"d a y", re.VERBOSE), []),
])
def test_required_literals(pattern: re.Pattern[str], needles: list[set[str]]) -> None:
    assert [set(n) for n in required_literals(pattern)] == needles


def test_every_match_of_a_rule_holds_its_needles() -> None:
    """The needles of each rule of the rulebook: every match of the rule in its examples,
    strung together in any case, holds, folded, a needle of each set."""
    import random

    from service_builtins.extraction.matcher import rulebook

    rules = list(rulebook().values())
    pieces = [e.text for r in rules for e in r.examples]
    rng = random.Random(3)
    cases = (str, str.upper, str.lower, str.title, str.swapcase)
    texts = [*pieces, *(" ".join(rng.choice(cases)(rng.choice(pieces)) for _ in range(3))
                        for _ in range(150))]
    checked = 0
    for rule in rules:
        sets = required_literals(rule.pattern)
        for text in texts:
            for match in rule.pattern.finditer(text):
                for needles in sets:
                    assert any(n in fold_case(match.group()) for n in needles), \
                        (rule.id, match.group(), needles)
                    checked += 1
    assert checked > 1000


@pytest.mark.parametrize(("pattern", "spaces", "leading"), [
    (re.compile(r"(?:day|week)s?\b"), False, {"day", "week"}),
    (re.compile(r"(?<!year\s)ending|until|up\s+to"), False, {"ending", "until", "up"}),
    (re.compile(r"(?:a|bc)d"), False, {"ad", "bcd"}),
    (re.compile(r"\bin\s+witness"), False, {"in"}),
    # the text's spaces single (NormText): "\s+" is one space, "\s*" none or one
    (re.compile(r"\bin\s+witness"), True, {"in witness"}),
    (re.compile(r"ab\s*c"), True, {"abc", "ab c"}),
    (re.compile(r"ab?c"), False, None),                 # "a" alone: too short
    (re.compile(r"x+y"), False, None),                  # a repeat first
    (re.compile(r"[a-z]at"), False, None),              # a class first
    (re.compile(r"(?i:ab)c"), False, None),             # a case-insensitive group first
    (re.compile(r"day", re.IGNORECASE), False, None),   # its twin has them
])
def test_leading_literals(pattern: re.Pattern[str], spaces: bool,
                          leading: set[str] | None) -> None:
    got = leading_literals(pattern, single_spaces=spaces)
    assert (set(got) if got is not None else None) == leading


def test_every_match_of_a_rule_starts_with_a_leading_literal() -> None:
    """Each rule of the rulebook that has a twin: every match of the twin in the folded,
    space-normalised examples, strung together in any case, starts with one of its leading
    literals (read with single spaces, as NormText's text has them)."""
    import random

    from service_builtins.extraction.matcher import rulebook

    rules = [r for r in rulebook().values() if case_twin(r.pattern) is not None]
    pieces = [e.text for r in rules for e in r.examples]
    rng = random.Random(4)
    cases = (str, str.upper, str.lower, str.title)
    texts = [fold_case(" ".join(t.split())) for t in [
        *pieces, *(" ".join(rng.choice(cases)(rng.choice(pieces)) for _ in range(3))
                   for _ in range(150))]]
    checked = 0
    for rule in rules:
        twin = case_twin(rule.pattern)
        assert twin is not None
        leading = leading_literals(twin, single_spaces=True)
        if leading is None:
            continue
        for text in texts:
            for match in twin.finditer(text):
                assert text.startswith(tuple(leading), match.start()), (rule.id, match.group())
                checked += 1
    assert checked > 1000
