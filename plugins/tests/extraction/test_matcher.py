"""The rule book (service_builtins.extraction.matcher): every rule's own examples and
counterexamples, and the checks that stop a bad record at import."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service_builtins.extraction.matcher import (
    PRODUCTIONS,
    RulebookError,
    evidence_rule,
    load_rulebook,
    production,
    rulebook,
    tagged,
)

RULES = rulebook()


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rule_matches_its_examples(rule_id: str) -> None:
    rule = RULES[rule_id]
    for example in rule.examples:
        match = rule.pattern.search(example.text)
        assert match is not None, f"{rule_id} ({rule.source}) misses {example.text!r}"
        if example.value is not None:
            assert rule.produce(match) == example.value, f"{rule_id} on {example.text!r}"


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_rule_rejects_its_counterexamples(rule_id: str) -> None:
    rule = RULES[rule_id]
    for text in rule.counterexamples:
        assert rule.pattern.search(text) is None, f"{rule_id} ({rule.source}) matches {text!r}"


def test_every_rule_has_examples_and_counterexamples() -> None:
    # a delimiter that also matches nothing ("where a name ends: ... or the end of the text")
    # has no text it must not match
    assert all(rule.examples and (rule.counterexamples or rule.pattern.search("") is not None)
               for rule in RULES.values())


def test_productions_resolve() -> None:
    assert all(callable(production(name)) for name in PRODUCTIONS)


def test_evidence_rule_qualifies_the_note_by_its_field() -> None:
    assert evidence_rule("term", "clause") == "term.clause"
    assert evidence_rule("notice_period", "notice_period.stops_renewal") == \
        "notice_period.stops_renewal"
    assert evidence_rule("term", None) is None


def _book(tmp_path: Path, text: str) -> Path:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "x.toml").write_text(text, encoding="utf-8")
    return tmp_path


_GOOD = """
[fragments]
year = 'years?'

[[rule]]
id = "term.x"
field = "term"
doc = "a test rule"
production = "span"
pattern = ['\\d+\\s+', '${year}']
examples = [{ text = "2 years", value = "2 years" }]
counterexamples = ["two"]
"""


def test_a_good_record_loads_with_its_fragments(tmp_path: Path) -> None:
    rule = load_rulebook(_book(tmp_path, _GOOD))["term.x"]
    assert rule.pattern.pattern == r"\d+\s+years?"
    assert (rule.language, rule.source) == ("en", "en/x.toml")


@pytest.mark.parametrize(("change", "message"), [
    (('production = "span"', 'production = "guess"'), "unknown production 'guess'"),
    (("${year}", "${fortnight}"), "unknown fragment ${fortnight}"),
    (("'\\d+\\s+'", "'(\\d+'"), "bad pattern"),
    (('id = "term.x"', 'id = "renewal_term.x"'), "must start with the field 'term'"),
    (('doc = "a test rule"', 'docs = "a test rule"'), "missing ['doc'], unknown ['docs']"),
    (('examples = [{ text = "2 years", value = "2 years" }]', "examples = []"),
     "examples must be a non-empty list"),
])
def test_a_bad_record_names_its_file_and_rule(
        tmp_path: Path, change: tuple[str, str], message: str) -> None:
    with pytest.raises(RulebookError, match=r"^en/x\.toml: rule '(?:renewal_)?term\.x'") as err:
        load_rulebook(_book(tmp_path, _GOOD.replace(*change)))
    assert message in str(err.value)


def test_a_duplicate_id_names_both_files(tmp_path: Path) -> None:
    root = _book(tmp_path, _GOOD)
    (root / "en" / "y.toml").write_text(_GOOD.split("[[rule]]")[1].join(["[[rule]]", ""]),
                                        encoding="utf-8")
    with pytest.raises(RulebookError, match=r"also in en/x\.toml"):
        load_rulebook(root)


def test_a_rule_joins_other_languages_fragments_and_names_the_one_that_matched(
        tmp_path: Path) -> None:
    for language, word in (("de", "Rechnung"), ("fr", "Facture")):
        (tmp_path / language).mkdir()
        (tmp_path / language / "x.toml").write_text(
            f"[fragments]\nlabel = '{word}'\n", encoding="utf-8")
    (tmp_path / "any").mkdir()
    (tmp_path / "any" / "x.toml").write_text("""
[fragments]
number = '\\d+'

[[rule]]
id = "invoice_number.label"
field = "invoice_number"
doc = "a joined rule"
production = "span"
pattern = '(?:(?P<lang_de>${de:label})|(?P<lang_fr>${fr:label}))\\s+${number}'
examples = [{ text = "Facture 12" }]
counterexamples = ["Invoice 12"]
""", encoding="utf-8")
    rule = load_rulebook(tmp_path)["invoice_number.label"]
    match = rule.pattern.search("Facture 12")
    assert match is not None
    assert tagged(rule.id, match) == "invoice_number.label.fr"
    assert tagged("term.clause", re.match("x", "x")) == "term.clause"  # type: ignore[arg-type]


def test_an_unknown_language_s_fragment_is_named(tmp_path: Path) -> None:
    root = _book(tmp_path, _GOOD.replace("${year}", "${de:year}"))
    with pytest.raises(RulebookError, match=r"unknown fragment \$\{de:year\}"):
        load_rulebook(root)
