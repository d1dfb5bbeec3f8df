"""The title zone the classifier reads: titles, not sentences, stamps or form fields."""

from __future__ import annotations

import random
import re

import pytest

from service_builtins.classification.text import (
    analyse,
    phrase_stems,
    stems,
    title_lines,
    tokenize,
    without_front_matter,
)


@pytest.mark.parametrize(("head", "title"), [
    ("EX-10.2\nCONFIDENTIALITY AND NONCOMPETITION AGREEMENT\nThis Agreement is made",
     "CONFIDENTIALITY AND NONCOMPETITION AGREEMENT"),
    ("Non-Solicitation of Employees Agreement\nDated 1 May",
     "Non-Solicitation of Employees Agreement"),
    ("CONFIDENTIAL DISCLOSURE AGREEMENT", "CONFIDENTIAL DISCLOSURE AGREEMENT"),
])
def test_titles_are_kept(head: str, title: str) -> None:
    assert title_lines(head) == title


@pytest.mark.parametrize("head", [
    # a sentence that mentions "this Agreement" is no title
    "This Agreement is legally-binding. You are hereby advised to consult with an attorney.",
    # a reference code and a form field of an invoice
    "COMPRA0832\nAgreement Ref.\nFROLIVE2017",
    # a filing stamp alone
    "CONFIDENTIAL TREATMENT REQUESTED",
])
def test_sentences_codes_and_stamps_are_not_titles(head: str) -> None:
    assert title_lines(head) == ""


def test_a_filing_stamp_does_not_name_a_confidentiality_agreement() -> None:
    title = title_lines("***** CONFIDENTIAL TREATMENT REQUESTED WIRELESS CONTENT LICENSE AGREEMENT")
    assert "CONFIDENTIAL" not in title
    assert "LICENSE AGREEMENT" in title


def test_phrase_stems_are_the_stems_of_the_phrase() -> None:
    assert phrase_stems("Non-Disclosure Agreements") == stems("Non-Disclosure Agreements") == (
        "non", "disclosur", "agreement")


MARKDOWN = ("---\ntitle: Example Developer Agreement\nredirect_from:\n  - /articles/x\n---\n"
            "These terms and conditions govern your participation in the program.")


def test_a_yaml_front_matter_is_not_text() -> None:
    body = "These terms and conditions govern your participation in the program."
    assert without_front_matter(MARKDOWN) == body
    assert without_front_matter(MARKDOWN.replace("\n", "\r\n")) == body.replace("\n", "\r\n")
    assert analyse(MARKDOWN) == analyse(body)
    assert "Agreement" not in title_lines(without_front_matter(MARKDOWN))


@pytest.mark.parametrize("text", [
    "---\nA rule, then text\n---\nmore",  # horizontal rules around a sentence: no YAML
    "Text first\n---\ntitle: x\n---\n",  # not at the start
])
def test_other_rules_are_kept(text: str) -> None:
    assert without_front_matter(text) == text


def test_tokens_are_the_letter_and_digit_runs_of_the_lower_cased_text() -> None:
    """tokenize's ASCII shortcut cuts where ``[^\\W_]+`` does, whatever the characters: curly
    quotes, dashes, accents, combining marks, non-ASCII spaces and digits, a lone surrogate."""
    alphabet = "aZ9_ -\t\n.\u00e9\u2019\u201c\u2014\u00a0\u2003\u0130K\u212a\ud800\u00df\u00b2" \
        "\u00bd\u216b\u0301x\x1c\x85\u0661"
    rnd = random.Random(13)
    for _ in range(5000):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 30)))
        assert tokenize(text) == re.findall(r"[^\W_]+", text.lower()), repr(text)
    assert tokenize("The Licensee\u2019s non-compete, \u00a7 2.1") == [
        "the", "licensee", "s", "non", "compete", "2", "1"]


def test_an_acronyms_plural_stems_as_its_singular() -> None:
    assert phrase_stems("NDAs") == phrase_stems("NDA") == ("nda",)
    assert phrase_stems("Our SOWs") == phrase_stems("our SOW")
    assert phrase_stems("gas") == ("gas",)  # a lower-case word keeps its letters
