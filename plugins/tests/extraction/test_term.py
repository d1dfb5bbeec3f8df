"""The initial term (service_builtins.extraction.term) on clauses quoted from the Kleister
NDA PDFs in ``shared/corpus/kleister-nda/pdf`` (file named above each case; the expected
value is Kleister's ``term`` answer)."""

from __future__ import annotations

import pytest

from service_builtins.extraction.term import find_term
from service_builtins.extraction.text import NormText


def test_term_of_obligations_one_continues_to_be_bound_by() -> None:
    # d50b5f4cf1b059aed9adb4d3d8953d84.pdf: "1 year"
    text = ("(ii) each party and its Representatives will continue to be bound by their "
            "obligations of confidentiality hereunder for a period of one (1) year from the date "
            "hereof. 5. Standstill Agreement.")
    found = find_term(NormText(text))
    assert found is not None
    assert found[0]["iso"] == "P1Y"


@pytest.mark.parametrize("text", [
    # 2f9077637a572fb939dfc6e8b08c4ad8.pdf (no term): counted from a notice
    ("COMPANY's obligation of confidentiality and non-use for Confidential Information "
     "hereunder shall last for five (5) years from the date of such written notice."),
    # 3504e06a49433c1456720513186da1bd.pdf (no term): counted from another agreement's end
    ("provided, however, that the secrecy and non-use obligations of Anson herein shall remain "
     "in effect for three (3) years from the date of termination."),
])
def test_no_term_counted_from_another_event(text: str) -> None:
    assert find_term(NormText(text)) is None
