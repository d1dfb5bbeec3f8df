"""service_builtins.extraction.dates and contract_dates: dates as contracts write them."""

from __future__ import annotations

import datetime as dt

import pytest

from service_builtins.extraction.contract_dates import (
    about_other_document,
    find_agreement_date,
    find_effective_date,
    find_signature_date,
)
from service_builtins.extraction.dates import DATE_RE, parse_date, parse_date_text
from service_builtins.extraction.text import NormText


@pytest.mark.parametrize(("written", "day"), [
    ("January 20, 2004", dt.date(2004, 1, 20)),
    ("the 20th day of January, 2004", dt.date(2004, 1, 20)),
    ("20t h day of January, 2004", dt.date(2004, 1, 20)),  # PDF text artefact
    ("13 th day of July, 2012", dt.date(2012, 7, 13)),
    ("31 day of July 2019", dt.date(2019, 7, 31)),
    ("16 day of August. 2012", dt.date(2012, 8, 16)),
    ("Sept. 3, 2004", dt.date(2004, 9, 3)),
    ("03/04/2005", dt.date(2005, 3, 4)),  # US contracts: month first
    ("13/04/2005", dt.date(2005, 4, 13)),  # unless the first number cannot be a month
    ("2018-03-05", dt.date(2018, 3, 5)),
])
def test_contract_dates_are_found_and_read(written: str, day: dt.date) -> None:
    match = DATE_RE.search(f"made on {written} by")
    assert match is not None
    assert parse_date(match) == day


def test_invoice_dates_read_day_first_in_german_and_french() -> None:
    assert parse_date_text("05.03.2018", "DMY", ("de", "fr", "en")) == dt.date(2018, 3, 5)
    assert parse_date_text("5. März 2018", "DMY", ("de", "fr", "en")) == dt.date(2018, 3, 5)
    assert parse_date_text("12 février 2019", "DMY", ("de", "fr", "en")) == dt.date(2019, 2, 12)
    assert parse_date_text("June 2004") is None  # no day: not a complete date


def test_agreement_date_from_the_signature_block_when_the_preamble_has_none() -> None:
    text = ("NON-DISCLOSURE AGREEMENT The undersigned agree to keep the information secret. "
            + "Confidential Information means any information. " * 40
            + "IN WITNESS WHEREOF, the parties hereto have executed this agreement this "
              "16th day of May, 2011. ACME, INC. By: /s/ J. Doe")
    found = find_agreement_date(NormText(text))
    assert found is not None
    assert found[0] == "2011-05-16"


def test_the_latest_signing_date_wins() -> None:
    text = ("Terms. " * 50 + "IN WITNESS WHEREOF the parties sign. Company By: /s/ A. "
            "Date: 8/7/08 Employee By: /s/ B. Date: 8/11/08")
    found = find_signature_date(NormText(text))
    assert found is not None
    assert found[0] == "2008-08-11"


def test_dates_of_other_documents_are_not_the_agreement_date() -> None:
    text = ('This Agreement is made between Ameris Bancorp and Jane Doe. WHEREAS, pursuant to '
            'that certain Agreement and Plan of Merger dated as of May 1, 2013 (the "Merger '
            'Agreement") the companies merge.')
    norm = NormText(text)
    span = DATE_RE.search(norm.text)
    assert span is not None
    assert about_other_document(norm.text, span.span())
    assert find_agreement_date(norm) is None
    own = NormText("This Confidentiality Agreement dated May 1, 2013 between A Inc. and B LLC")
    assert find_agreement_date(own) == ("2013-05-01", [(37, 48)])


def test_effective_date_from_a_definition() -> None:
    text = ('1.9. "EFFECTIVE DATE" means 12:01 a.m. Eastern Standard Time on March 3, 2003. '
            '1.10. "FACILITIES" means the site.')
    found = find_effective_date(NormText(text))
    assert found is not None
    assert found[0] == "2003-03-03"
