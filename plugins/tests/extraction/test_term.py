"""The initial term (service_builtins.extraction.term) on clauses quoted from the Kleister
NDA PDFs in ``shared/corpus/kleister-nda/pdf`` (file named above each case; the expected
value is Kleister's ``term`` answer)."""

from __future__ import annotations

import pytest

from service_builtins.extraction.rules import rule_extract
from service_builtins.extraction.term import find_expiration_date, find_term
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


@pytest.mark.parametrize(("text", "end"), [
    # CUAD GluMobile content licence: the rights, not "the agreement", are the subject
    ("4. TERM: The rights granted hereunder shall be effective as of the Effective Date and shall "
     "expire on December 31, 2006 (the \"Term\"); provided, however, that", "2006-12-31"),
    # CUAD HealthGate hosting agreement
    ("3.1. This Agreement shall commence on 1 January 1998. The initial term of the Services, "
     "unless terminated as set out herein, shall continue up to and including 28 February 2000 "
     "(\"the Initial Term\").", "2000-02-28"),
])
def test_expiration_date_stated_in_the_term_clause(text: str, end: str) -> None:
    found = find_expiration_date(NormText(text))
    assert found is not None
    assert found[0] == end


def test_expiration_date_at_a_cardinal_anniversary() -> None:
    # CUAD Pandion consulting agreement (its "Effective Date" is dated nowhere: the term runs
    # from the date the agreement was made, as CUAD's lawyers read it)
    text = ("This Consulting Agreement (the \"Agreement\"), made this 27th day of March, 2017 is "
            "entered into by Immunotolerance, Inc., a Delaware corporation (the \"Company\"), and "
            "Alan Crane, an individual (the \"Consultant\"). 2. Term. This Agreement shall "
            "commence on the Effective Date and shall continue until the four-year anniversary of "
            "the Effective Date (such period, the \"Consultation Period\").")
    found = find_expiration_date(NormText(text), ("2017-03-27", (0, 0)))
    assert found is not None
    assert found[0] == "2021-03-27"
    data, _ = rule_extract(text, {"agreement_date", "effective_date", "expiration_date"})
    # it dates no start of its own, so it takes effect when made (decision 400)
    assert data["effective_date"] == "2017-03-27"
    assert data["expiration_date"] == "2021-03-27"


def test_an_expiry_of_something_else_is_not_the_agreements_end() -> None:
    text = "The option granted to the Licensee shall expire on June 30, 2008."
    assert find_expiration_date(NormText(text)) is None


@pytest.mark.parametrize(("text", "iso"), [
    # 04bf0791804e8487c91ab84eaa47a335.pdf: "12 months"
    ("12. This Agreement shall become effective on the date hereof and shall continue until the "
     "earlier of (i) the signing of the definitive Transaction documentation, (ii) a period of "
     "twelve (12) months from the execution date of this Agreement, and (iii) the written "
     "agreement of the Parties to terminate this Agreement.", "P12M"),
    # 1c8babc8a7299e82486a96a3ced4424a.pdf: "18 months"
    ("This Agreement shall remain in effect until the earlier of (x) the date that a Transaction "
     "between the Receiving Party and the Company is closed and (ii) eighteen (18) months from "
     "the date of this Agreement.", "P18M"),
    # d50b5f4cf1b059aed9adb4d3d8953d84.pdf: the sentence's first item speaks of records
    ("Notwithstanding the foregoing, (i) Buyer and its Representatives may keep archival copies "
     "of any Evaluation Materials for legal and compliance purposes or to comply with any bona "
     "fide records retention policy and (ii) each party and its Representatives will continue "
     "to be bound by their obligations of confidentiality hereunder for a period of one (1) "
     "year from the date hereof.", "P1Y"),
    # 53c8f90cfb5fb49177c9cb160e53f17b.pdf
    ("This Agreement shall govern disclosure of Confidential information for a period of one "
     "year from the date hereof, and the obligations of confidentiality and non-use set forth "
     "below shall survive for a period of THREE (3) years.", "P1Y"),
    # b2260589869814f02769a4c307593043.pdf
    ("19. Except as may otherwise be provided herein, the restrictions and covenants set forth "
     "herein shall terminate and be of no further force or effect upon the expiration of a "
     "period of two years from the date hereof.", "P2Y"),
])
def test_term_stated_as_a_period(text: str, iso: str) -> None:
    found = find_term(NormText(text))
    assert found is not None
    assert found[0]["iso"] == iso


def test_expiration_date_from_the_term_of_validity() -> None:
    # CUAD SenmiaoTechnology collaboration agreement (translated from Chinese)
    text = ("21. Validation and Term This Agreement shall enter into force as of the effective "
            "date. Unless this Agreement is early terminated in accordance with this Agreement, "
            "the term of the validity of this Agreement shall be one year from the effective "
            "date.")
    found = find_expiration_date(NormText(text), ("2018-12-17", (0, 0)))
    assert found is not None
    assert found[0] == "2019-12-17"


def test_expiration_date_closing_a_named_term() -> None:
    # CUAD Emerald Health development agreement: the subject is an obligation, the date ends
    # the "Services Term"; a renewal term's end is not the agreement's
    text = ("This Agreement shall become effective as of the Effective Date and shall remain in "
            "effect as follows. (a) Dr. Murray's obligations set out herein shall be performed "
            "from the Effective Date until December 31, 2018 (the initial \"Services Term\").")
    found = find_expiration_date(NormText(text))
    assert found is not None
    assert found[0] == "2018-12-31"
    assert find_expiration_date(NormText(
        "Services shall be performed until December 31, 2020 (the \"Renewal Term\").")) is None


def test_a_restriction_until_a_date_is_not_the_agreements_end() -> None:
    # CUAD Conformis development agreement
    text = ("Except as specifically provided in the Distribution Agreement, Conformis shall be "
            "prohibited from developing or assisting another in developing Patient-Specific "
            "Instrumentation for any Third Party in the field of orthopedics until January 1, "
            "2032 (or earlier, to the extent set forth in Section 2.3.3.4 of this Agreement).")
    assert find_expiration_date(NormText(text)) is None


_MADE = ('This Agreement is made and entered into as of June 1, 2005 (the "Effective Date") by '
         "and between Acme Inc. and Beta LLC. 1. Term. ")


@pytest.mark.parametrize(("clause", "iso", "end"), [
    # common wordings of the initial term that neither half of the corpus uses (decision 249)
    ("This Agreement shall have a term of three (3) years from the Effective Date.", "P3Y",
     "2008-06-01"),
    ("This Agreement shall be in force for a period of 3 years.", "P3Y", "2008-06-01"),
    ("This Agreement shall be valid for three (3) years from the Effective Date.", "P3Y",
     "2008-06-01"),
    ("This Agreement shall be binding for three (3) years.", "P3Y", "2008-06-01"),
    ("This Agreement shall be effective for an initial period of thirty-six (36) months.",
     "P36M", "2008-06-01"),
    ("This Agreement shall be in full force and effect for a period of five (5) years.", "P5Y",
     "2010-06-01"),
    ("The duration of this Agreement is three (3) years from the Effective Date.", "P3Y",
     "2008-06-01"),
    ("The term hereof shall be three (3) years.", "P3Y", "2008-06-01"),
    ("The period of this Agreement shall be two (2) years.", "P2Y", "2007-06-01"),
    ("This Agreement is concluded for a period of three (3) years.", "P3Y", "2008-06-01"),
    ("This Agreement shall commence on the Effective Date and end three (3) years thereafter.",
     "P3Y", "2008-06-01"),
    ("This NDA shall remain in effect for two (2) years.", "P2Y", "2007-06-01"),
    ("Your obligations hereunder shall lapse three (3) years after the Effective Date.", "P3Y",
     "2008-06-01"),
    ("This Agreement shall terminate and be of no further force and effect on the second "
     "anniversary of the Effective Date.", "P2Y", "2007-06-01"),    # decision 256
    ("This Agreement will expire on the two (2) year anniversary of the Effective Date.", "P2Y",
     "2007-06-01"),
    ("This Agreement shall remain in force until two years from the date of signature.", "P2Y",
     "2007-06-01"),
    ("This Agreement will terminate upon the earlier of (i) the consummation of the "
     "Transaction and (ii) two years from the date hereof.", "P2Y", "2007-06-01"),
    ("Term: Two (2) years from the Effective Date.", "P2Y", "2007-06-01"),
    ("Initial Term: 36 months", "P36M", "2008-06-01"),
    # decision 270
    ("The Agreement shall be for a period of one (1) year from the Effective Date.", "P1Y",
     "2006-06-01"),
    ("The term of this Agreement is the period beginning on the Effective Date and ending two "
     "(2) years later.", "P2Y", "2007-06-01"),
    ("This Agreement shall be in force for a term of 2 years from the date of its signing.",
     "P2Y", "2007-06-01"),
    # decision 276
    ("This letter agreement shall be of no further force or effect two years from the date "
     "hereof.", "P2Y", "2007-06-01"),
    ("The terms of this Agreement shall apply for a period of two years from the date hereof.",
     "P2Y", "2007-06-01"),
    ("Term of Agreement: 3 years", "P3Y", "2008-06-01"),
    ("Duration: 2 years", "P2Y", "2007-06-01"),
    # decision 283: the phrase set off by commas
    ("It is agreed that this letter agreement shall terminate, and be of no further force and "
     "effect, on the date that is two years after the date hereof.", "P2Y", "2007-06-01"),
    ("This Agreement shall terminate, and be of no further force or effect, on the second "
     "anniversary of the date hereof.", "P2Y", "2007-06-01"),
    # decision 285: the number again in words, "yrs", a half year
    ("Unless otherwise terminated, this Agreement shall remain in force for 2 (two) years.",
     "P2Y", "2007-06-01"),
    ("This agreement shall be valid for a period of 1 (one) year from the date of signing.",
     "P1Y", "2006-06-01"),
    ("The term of this Agreement shall be 2 yrs. from the Effective Date.", "P2Y", "2007-06-01"),
    ("This Agreement shall continue in full force and effect for one and one-half years from "
     "the date hereof.", "P18M", "2006-12-01"),
    ("This Agreement shall be effective for a period of two and a half years from the date "
     "hereof.", "P30M", "2007-12-01"),
    ("This Agreement shall remain in effect for 1.5 years from the date hereof.", "P18M",
     "2006-12-01"),
    # decision 285: more verbs and periods
    ("All obligations hereunder shall cease two years from the date of this Agreement.", "P2Y",
     "2007-06-01"),
    ("Without prejudice to the foregoing, this Agreement shall terminate upon the expiry of a "
     "period of two (2) years from the date hereof.", "P2Y", "2007-06-01"),
    ("Each party's obligations hereunder shall continue until the date which is three (3) "
     "years from the date hereof.", "P3Y", "2008-06-01"),
    ("This Agreement will remain in effect until the date two (2) years after the date of this "
     "Agreement.", "P2Y", "2007-06-01"),
    ("The obligations under this Agreement shall continue during the two (2) year period "
     "following the date hereof.", "P2Y", "2007-06-01"),
    ("This Agreement shall remain in effect during a period of three years from the date of its "
     "execution.", "P3Y", "2008-06-01"),
    ("This Agreement shall be in effect for the two-year period commencing on the date hereof.",
     "P2Y", "2007-06-01"),
    ("The foregoing obligations shall remain in effect for a period ending two years after the "
     "date hereof.", "P2Y", "2007-06-01"),
    # decision 294
    ("This Agreement shall continue in operation for a period of three (3) years from the "
     "Effective Date.", "P3Y", "2008-06-01"),
    ("This Agreement shall continue for at least a period of three (3) years from the Effective "
     "Date.", "P3Y", "2008-06-01"),
    ("The initial term of this Agreement will be three (3) Contract Years.", "P3Y", "2008-06-01"),
    # decision 295: an appointment's period, "fixed" and "minimum" terms
    ("The Distributor is appointed for an initial period of three (3) years from the Effective "
     "Date.", "P3Y", "2008-06-01"),
    ("Acme hereby appoints Beta as its exclusive distributor in the Territory for a term of five "
     "(5) years commencing on the date of this Agreement.", "P5Y", "2010-06-01"),
    ("This Agreement is concluded for a fixed term of two years.", "P2Y", "2007-06-01"),
    ("This Agreement will remain in force for a minimum period of 24 months from the Effective "
     "Date (the \"Minimum Term\").", "P24M", "2007-06-01"),
    # decision 295: the end at a month's end
    ("Expiration Date: the last day of the month fifteen (15) years from the Effective Date.",
     "P15Y", "2020-06-30"),
    ("This Agreement shall expire on the last day of the calendar month that is thirty-six (36) "
     "months after the Effective Date.", "P36M", "2008-06-30"),
    # decision 297: a period named for the agreement, an appointment, "binding upon the parties"
    ("The Contract Period shall begin on the Effective Date and shall continue for three (3) "
     "Contract Years.", "P3Y", "2008-06-01"),
    ("The Consulting Period shall be two (2) years from the Effective Date.", "P2Y",
     "2007-06-01"),
    ("The Agent's appointment shall be for an initial term of three years.", "P3Y",
     "2008-06-01"),
    ("This Agreement shall be binding upon the parties for a period of three (3) years.", "P3Y",
     "2008-06-01"),
    # decision 298: a letter's provisions, obligations ending at an anniversary of the letter,
    # "continue in effect until the earlier of (a) … or (b) the date that is"
    ("The provisions of this letter will terminate two years from the date of this letter.",
     "P2Y", "2007-06-01"),
    ("Unless otherwise provided herein, your obligations hereunder shall terminate on the first "
     "anniversary of the date of this letter agreement.", "P1Y", "2006-06-01"),
    ("This Agreement shall continue in effect until the earlier of (a) the consummation of the "
     "Transaction or (b) the date that is two years after the date hereof.", "P2Y",
     "2007-06-01"),
    # decision 309: what the agreement forms
    ("The Joint Venture shall continue for a period of ten (10) years from the date hereof.",
     "P10Y", "2015-06-01"),
    ("The Partnership shall continue for five years.", "P5Y", "2010-06-01"),
])
def test_common_wordings_of_the_initial_term(clause: str, iso: str, end: str) -> None:
    data, _ = rule_extract(_MADE + clause, {"term", "expiration_date"})
    assert data["term"]["iso"] == iso
    assert data["expiration_date"] == end


@pytest.mark.parametrize("clause", [
    "This Agreement shall be in effect from the Effective Date to June 30, 2008.",
    "The expiration date of this Agreement is June 30, 2008.",
    # decision 256
    "The Agreement shall terminate automatically on June 30, 2008.",
    "This Agreement shall have a term ending June 30, 2008.",
    "This Agreement shall lapse on June 30, 2008.",
    "This Agreement shall come to an end on June 30, 2008.",
    # decision 284
    "This Agreement shall continue through and including June 30, 2008.",
    "This Agreement shall expire by its terms on June 30, 2008.",
    # decision 287
    "This Agreement shall continue in force up to 30 June 2008.",
    "Term. End Date: June 30, 2008",
    # decision 299
    "Expiry Date: 30 June 2008",
    "Termination Date: June 30, 2008",
    "The contract shall be valid from 1.6.2005 till 30.6.2008.",
    "This Agreement shall remain in force till 30 June 2008.",
    # decision 304: forms that are the agreement
    "SOW End Date: June 30, 2008",
    "Subscription Period: 1 June 2005 to 30 June 2008.",
])
def test_common_wordings_of_the_end_date(clause: str) -> None:
    data, _ = rule_extract(_MADE + clause, {"expiration_date"})
    assert data["expiration_date"] == "2008-06-30"


def test_the_term_counted_from_the_start_outranks_one_counted_from_another_event() -> None:
    # kleister-nda/pdf/c94fdb196d2502f60e21793b387023de.pdf (tuning half): three years
    text = (_MADE + "This agreement shall terminate upon the earlier of (i) two years after "
            "completion of the Proposed Transaction or (ii) three years from the date hereof.")
    data, _ = rule_extract(text, {"term", "expiration_date"})
    assert data["term"]["iso"] == "P3Y"
    assert data["expiration_date"] == "2008-06-01"


@pytest.mark.parametrize(("clause", "iso"), [
    # a letter agreement's own wordings (decision 262)
    ("The term of this letter agreement shall be two years.", "P2Y"),
    ("Your obligations under this letter agreement shall terminate on the second anniversary of "
     "the date of this letter agreement.", "P2Y"),
    # a survival counted from the start states the term ...
    ("Except as otherwise expressly provided herein, the obligations set forth in this letter "
     "agreement shall survive for a period of two years from the date hereof.", "P2Y"),
])
def test_a_letter_agreements_term(clause: str, iso: str) -> None:
    data, _ = rule_extract(_MADE + clause, {"term"})
    assert data["term"]["iso"] == iso


@pytest.mark.parametrize(("clause", "field"), [
    ("The parties agree a business plan for each Contract Year during the term of this "
     "Agreement, with respect to the Contract Year ending October 31, 2005.", "expiration_date"),
    # a survival counted from the end of the agreement (one from its start is its term, above)
    ("The obligations of confidentiality shall survive for a period of two years following the "
     "termination of this Agreement.", "term"),
    # cuad/txt/ArmstrongFlooringInc_20190107_8-K_EX-10.2_11471795_EX-10.2_Intellectual Property
    ('(n) "Arizona Trademark License Term" means the period commencing on the Effective Date and '
     "ending twenty-four (24) months thereafter.", "term"),
    # decision 272 (left alone in the eighth session)
    ("This Agreement covers information disclosed during the period June 1, 2005 through "
     "December 31, 2006.", "expiration_date"),
    ("The discount shall apply for a period of 12 months.", "term"),
    ("The duration of the warranty is two years.", "term"),
    # decision 285: "period" may now stand between the length and what it counts from
    ("The obligations of confidentiality hereunder shall continue for a period of two years "
     "following termination of this Agreement.", "term"),
    ("The prices shall remain in force up to June 30, 2008.", "expiration_date"),
    # decision 293 (cuad/txt/ … EX-4.36-DEVELOPMENT AGREEMENT, tuning half)
    ("7.2 This Agreement shall terminate if the aggregate turnover of the Products during the "
     "period 1 July 2004 - 30 June 2005 is equal to or less than US$50,000,000.",
     "expiration_date"),
    # cuad/txt/ … EX-1-JOINT VENTURE AGREEMENT (tuning half, decision 294)
    ("As promptly as possible after Formation, the Manufacturing Company shall enter into a lease "
     "with Parent, which lease will have a term of at least 50 years at an annual rent of $1.",
     "term"),
    # decision 298 (kleister-nda/pdf/7ee46791…, tuning half: "shall expire one (1) year from the
    # date of disclosure" had been its term; its own "for a period of three (3) years" now is)
    ("The Receiving Party's obligations shall continue for five years from the date of the last "
     "disclosure hereunder.", "term"),
    # decision 297 reads periods named for the agreement, not these
    ("The Restricted Period shall be two (2) years from the Effective Date.", "term"),
    ("The Warranty Period shall be twelve (12) months from delivery.", "term"),
    # decision 295 keeps "exclusive" for a period of exclusivity; only an appointee's title is
    # let through
    ("Under this Agreement Beta shall be the exclusive reseller of the Products for a period of "
     "two (2) years.", "term"),
    ("The Partnership will not compete with the Company for five years.", "term"),
])
def test_what_is_not_the_agreements_term_or_end(clause: str, field: str) -> None:
    data, _ = rule_extract(_MADE + clause, {field})
    assert field not in data


def test_the_term_after_a_cross_reference_to_sections() -> None:
    text = (_MADE + "10.1 Initial Term. This Agreement will become effective as of the Effective "
            "Date and, unless sooner terminated pursuant to Sections 3.1 [Advertising and "
            "Promotion] or 10.2 [Termination for Breach], shall remain effective for two (2) years "
            "from and after the Effective Date (the \"Initial Term\").")
    data, _ = rule_extract(text, {"term"})
    assert data["term"]["iso"] == "P2Y"
