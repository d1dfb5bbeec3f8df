"""The title zone the classifier reads: titles, not sentences, stamps or form fields."""

from __future__ import annotations

import pytest

from service_builtins.classification.text import phrase_stems, stems, title_lines


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
