"""service_builtins.extraction.dates and contract_dates: dates as contracts write them."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from service_builtins.extraction import dates as dates_module
from service_builtins.extraction.contract_dates import (
    about_other_document,
    find_agreement_date,
    find_effective_date,
    find_signature_date,
)
from service_builtins.extraction.dates import (
    DATE_RE,
    date_text,
    dateparser_date,
    is_date,
    parse_date,
    parse_date_text,
)
from service_builtins.extraction.rules import ContractRules
from service_builtins.extraction.term import find_term_period
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
    # cuad/txt/STARTECGLOBALCOMMUNICATIONSCORP_11_16_1998-EX-10.37 ("signed on the 27th of May
    # 1997")
    ("27th of May 1997", dt.date(1997, 5, 27)),
    # dots: day first, as everywhere they are the convention (decision 273)
    ("4.7.2021", dt.date(2021, 7, 4)),
    ("01.06.2005", dt.date(2005, 6, 1)),
    # the day as an ordinal in words, the year after "A.D." or "in the year", a form's
    # "1-Jun-2005"
    ("the twenty-first day of June, 2005", dt.date(2005, 6, 21)),
    ("this First day of June, 2005", dt.date(2005, 6, 1)),
    ("the thirty first day of December 2005", dt.date(2005, 12, 31)),
    ("the TWENTIETH day of the month of Sept., 1999", dt.date(1999, 9, 20)),
    ("the 1st day of June, A.D. 2005", dt.date(2005, 6, 1)),
    ("this 1st day of June, A.D., 2005", dt.date(2005, 6, 1)),  # decision 282
    ("the 1st day of June in the year 2005", dt.date(2005, 6, 1)),
    ("1-Jun-2005", dt.date(2005, 6, 1)),
    # decision 289: a comma after the month, a dot before the year, a hyphenated two-digit
    # year, an ISO date with slashes
    ("January, 5, 2009", dt.date(2009, 1, 5)),
    ("January 5. 2009", dt.date(2009, 1, 5)),
    ("5-Jan-09", dt.date(2009, 1, 5)),
    ("2009/01/05", dt.date(2009, 1, 5)),
    # the year in words, as formal contracts write it (decision 255)
    ("the 3rd day of March, Two Thousand Ten", dt.date(2010, 3, 3)),
    ("the third day of March, two thousand and ten", dt.date(2010, 3, 3)),
    ("the 1st day of June in the year of our Lord two thousand five", dt.date(2005, 6, 1)),
    ("the 12th day of May, nineteen hundred and ninety-eight", dt.date(1998, 5, 12)),
    ("20 January two thousand twenty-one", dt.date(2021, 1, 20)),
    # two-digit years, as filings' page footers and US forms write them
    ("9/23/16", dt.date(2016, 9, 23)),
    ("5/20/92", dt.date(1992, 5, 20)),
])
def test_contract_dates_are_found_and_read(written: str, day: dt.date) -> None:
    match = DATE_RE.search(f"made on {written} by")
    assert match is not None
    assert parse_date(match) == day
    # is_date reads only the dates whose text can hold the day's year: the same answers
    assert is_date(match, day)
    for other in (day.replace(year=day.year + 1), day.replace(year=day.year - 100),
                  day + dt.timedelta(days=1)):
        assert not is_date(match, other)


@pytest.mark.parametrize("text", ["Section 5. 2009 figures", "in May, 5 days later, 2009",
                                  "2009/01-05", "clause 4.7.21"])
def test_near_dates_are_no_dates(text: str) -> None:
    assert [m.group() for m in DATE_RE.finditer(text)] == []


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


def test_a_one_page_agreement_is_dated_by_its_last_signature_not_its_first() -> None:
    # the whole agreement fits in the preamble's reach: "Date:" beside the first signature is
    # not when the agreement was made; the second party signed it two days later
    text = ("NONDISCLOSURE AGREEMENT This Agreement is made as of the date of the last signature "
            'below (the "Effective Date") by and between Acme Corporation and Beta Systems LLC. '
            + "The Recipient shall hold the Confidential Information in confidence. " * 10
            + "IN WITNESS WHEREOF the parties have executed this Agreement. ACME CORPORATION "
              "By: /s/ John Smith Date: March 1, 2010 BETA SYSTEMS LLC By: /s/ Jane Doe "
              "Date: March 3, 2010")
    norm = NormText(text)
    assert len(text) < 2000
    made = find_agreement_date(norm)
    assert made is not None
    assert made[0] == "2010-03-03"
    effective = find_effective_date(norm, lambda: find_agreement_date(norm))
    assert effective is not None
    assert effective[0] == "2010-03-03"


def test_a_short_agreement_without_a_witness_heading_is_dated_by_its_last_signature() -> None:
    # decision 264: with no "IN WITNESS WHEREOF", the signature block is the last 2,500
    # characters, which in a 3,800-character agreement lie within the preamble's reach
    text = ("SUPPLY AGREEMENT This Agreement is effective as of the date of the last signature "
            "below by Acme Inc. and Beta LLC."
            + " 1. Services. The Supplier shall deliver the Services as ordered." * 55
            + " ACME INC. Signature: /s/ John Date: 5/30/2005 BETA LLC Signature: /s/ Jane "
              "Date: 6/1/2005")
    norm = NormText(text)
    assert 3000 < len(text) < 4000
    made = find_agreement_date(norm)
    assert made is not None
    assert made[0] == "2005-06-01"


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


@pytest.mark.parametrize(("definition", "day"), [
    # cuad/txt/THERAVANCEBIOPHARMA,INC_05_08_2020-EX-10.2-SERVICE AGREEMENT.txt
    ('"Commencement Date" means 1 April 2020; "Confidential Information" means trade secrets',
     "2020-04-01"),
    # cuad/txt/MIDDLEBROOKPHARMACEUTICALS,INC_03_18_2010-EX-10.1 (with a date put in): another
    # date's term
    ('(t) "Promotion Commencement Date" means March 1, 2010.', None),
])
def test_the_agreements_commencement_date_from_its_definition(
    definition: str, day: str | None
) -> None:
    found = find_effective_date(NormText("1. Definitions. " + definition))
    assert (found and found[0]) == day


# Rules added for issue 11 (task 11a); each sentence is quoted from the corpus file named.


def test_a_date_followed_by_its_effective_date_term_is_the_effective_date() -> None:
    # cuad/txt/MIDDLEBROOKPHARMACEUTICALS,INC_03_18_2010-EX-10.1-PROMOTION AGREEMENT.txt
    text = ('This Promotion Agreement ("Agreement") is entered into as of February 3, 2010 '
            '("Effective Date") by and between MiddleBrook Pharmaceuticals, Inc. For the '
            'period from the Effective Date through September 30, 2010, the Gross Margin per '
            'TRx shall be $36.50.')
    assert find_effective_date(NormText(text)) == ("2010-02-03", [(61, 77)])


def test_the_next_form_field_is_not_a_dates_defined_term() -> None:
    # cuad/txt/WELLSFARGOMORTGAGEBACKEDSECURITIES2006-6TRUST_05_11_2006-EX-10.1 (swap
    # confirmation): "Trade Date: 27 April 2006 Effective Date 01 April 2006"
    text = "General Terms Trade Date: 27 April 2006 Effective Date 01 April 2006 Termination"
    found = find_effective_date(NormText(text))
    assert found is not None
    assert found[0] == "2006-04-01"


@pytest.mark.parametrize("text", [
    # cuad/txt/EmeraldHealthBioceuticalsInc_20200218_1-A_EX1A-6 MAT CTRCT_11... (consulting)
    "Dr. Murray's obligations set out herein shall be performed from the Effective Date until "
    'December 31, 2018 (the initial "Services Term").',
    # cuad/txt/MOVADOGROUPINC_04_30_2003-EX-10.28-ENDORSEMENT AGREEMENT.txt
    "in respect of loans made to the Trust on or after July 30, 2002, although there exists",
])
def test_a_word_such_as_until_or_after_between_cue_and_date_makes_it_another_time(
    text: str,
) -> None:
    # past the preamble, whose first date would otherwise be taken as the agreement date
    norm = NormText("Terms apply. " * 130 + text)
    assert find_effective_date(norm) is None
    assert find_agreement_date(norm) is None


@pytest.mark.parametrize("text", [
    # cuad/txt/LEJUHOLDINGSLTD_03_12_2014-EX-10.34-INTERNET CHANNEL COOPERATION AGREEMENT
    "3.3 Phases of Cooperation Phase I will commence on August 1, 2010 and end on July 31, "
    "2011.",
    # kleister-nda/pdf/03fd0e629b617da00c54794a8a78b24d.pdf
    '(c) "Restriction Period" means the period commencing on January 27, 2011 and ending on '
    "the date that is 18 months from January 27, 2011.",
    # kleister-nda/pdf/e0d6825deb5a5292ec233e2f27445b7a.pdf
    "e) Effective Date shall mean the earlier of (i) the date on which the Spinoff is "
    "effective or (ii) November 30, 2007.",
])
def test_phases_periods_and_conditional_definitions_are_no_effective_date(text: str) -> None:
    assert find_effective_date(NormText(text)) is None


def test_the_agreement_or_its_term_commencing_gives_the_effective_date() -> None:
    text = "The term of this Agreement shall commence on March 1, 2001 and continue for a year."
    found = find_effective_date(NormText(text))
    assert found is not None
    assert found[0] == "2001-03-01"


@pytest.mark.parametrize("text", [
    # kleister-nda/pdf/eab914221a16ac5daadfbd31d354c03e.pdf
    "including without limitation any obligations arising out of that certain "
    "Confidentiality Agreement effective October 9, 2003, the Mutual Agreement",
    # cuad/txt/PHLVARIABLEINSURANCECOCT_08_17_2009-EX-10.1-STRATEGIC ALLIANCE AGREEMENT
    "1.51 Selling Agreement. The Selling Agreement effective as of December 1, 2002 and the "
    "addition of GIE",
    # cuad/txt/PareteumCorp_20081001_8-K_EX-99.1_2654808_EX-99.1_Hosting Agreement
    "ELEPHANT TALK has confirmed by letter dated November 30, 2007 that it agrees",
    # cuad/txt/Reinsurance Group of America, Incorporated - A_R REMARKETING AGREEMENT
    'a Supplemental Indenture (the "Supplemental Indenture" and, together with the Original '
    'Indenture, as so supplemented, the "Indenture"), in each case, dated as of December 18, '
    "2001 between the Company and The Bank",
    # cuad/txt/Reinsurance Group of America, ... (a document's defined term after its date)
    'and a certificate of trust dated as of February 8, 2001 (the "Trust Certificate") filed',
    # cuad/txt/ATHENSBANCSHARESCORP_11_02_2009-EX-1.2-AGENCY AGREEMENT (an event's term)
    "depositors of the Bank with Qualifying Deposits (as defined in the Plan) as of March 31, "
    '2008 ("Eligible Account Holders")',
    # cuad/txt/CardlyticsInc_20180112_S-1_EX-10.16 (EDGAR filing stamp, glued by unpdf)
    "Proprietary to Bank of America B-1 vTIP2010Source: CARDLYTICS, INC., S-1, 1/12/2018 4. "
    "Fees",
    # kleister-nda/pdf/eab914221a16ac5daadfbd31d354c03e.pdf (a comma among the capitalised words)
    "Confidentiality Agreement effective June 14, 2001, the BNP Assay Development, Manufacture "
    "and Supply Agreement effective June 24, 2003, as amended",
    # kleister-nda/pdf/e29c3877a103aaefcf77ebb110f981a5.pdf
    "the Company awarded to you [number] non-qualified stock options on December 1, 2008 "
    '(collectively, "FY 2009 Equity Grant") as consideration',
    # kleister-nda/pdf/a7218ec1b4c89421a3ce2ecd4ee5765e.pdf (a later event's "... Date")
    "an incentive to remain employed with YRCW through and after July 1, 2010 (the "
    '"Vesting Date").',
])
def test_dates_of_other_documents_events_and_filings(text: str) -> None:
    norm = NormText(text)
    span = list(DATE_RE.finditer(norm.text))[-1]
    assert about_other_document(norm.text, span.span())


def test_an_effective_date_may_carry_another_dated_term() -> None:
    # kleister-nda/pdf/1c1705ebb86fb8c9ddd2c765d1d59486.pdf
    text = ('relating to your separation from Colt, effective November 14, 2014 (the '
            '"Separation Date"). You should consult an attorney.')
    found = find_effective_date(NormText(text))
    assert found is not None
    assert found[0] == "2014-11-14"


def test_entered_on_this_day_is_the_agreement_date() -> None:
    # cuad/txt/VERTICALNETINC_04_01_2002-EX-10.19-MAINTENANCE AND SUPPORT AGREEMENT.txt
    text = ('This Maintenance and Support Agreement (this "Agreement") is entered on this 9th '
            'day of October, 2001 and is deemed effective as of October 1, 2001 (the '
            '"Effective Date"), by and between VerticalNet, Inc.')
    norm = NormText(text)
    assert (find_agreement_date(norm) or ("",))[0] == "2001-10-09"
    assert (find_effective_date(norm) or ("",))[0] == "2001-10-01"


def test_a_sentence_naming_another_date_is_no_signature_date() -> None:
    # cuad/txt/ElPolloLocoHoldingsInc_20200306_10-K_EX-10.16_12041700_EX-10.16 (franchise)
    text = ("IN WITNESS WHEREOF the parties sign. 23.1. Developer acknowledges that it has "
            "received a copy of the Franchise Disclosure Document, issuance date March 26, "
            "2019 (Control No. 032619).")
    assert find_signature_date(NormText(text)) is None
    form = NormText("IN WITNESS WHEREOF the parties sign. By: /s/ J. Smith Date: 8/8/06")
    assert (find_signature_date(form) or ("",))[0] == "2006-08-08"


def test_version_numbers_are_no_dates() -> None:
    # cuad/txt/ScansourceInc_20190822_10-K_EX-10.38_11793958_EX-10.38_Distributor Agreement
    assert DATE_RE.search("Software License Agreement [v.08.05.03] PLEASE READ") is None
    assert DATE_RE.search("Dated 08.05.03 by") is not None
    # cuad/txt/TRANSPHORM,INC_02_14_2020-EX-10.12(1)-JOINT VENTURE AGREEMENT: section numbers
    assert DATE_RE.search("as of the Effective Date; 4.7.21 creating, incurring") is None


def test_month_names_match_as_the_flat_alternation_did() -> None:
    for written in ("Sept. 3, 2004", "Sep 3, 2004", "September 3, 2004", "June 1, 2004",
                    "Jun 1, 2004", "May 5, 2004", "Mar. 5, 2004"):
        match = DATE_RE.search(f"on {written}.")
        assert match is not None
        assert match.group() == written


def test_the_signing_cue_nearest_before_the_date_is_used() -> None:
    # cuad/txt/HUBEIMINKANGPHARMACEUTICALLTD_09_19_2006-EX-10.1-OUTSOURCING AGREEMENT.txt
    text = ("Terms apply. " * 40 + "IN WITNESS WHEREOF the parties hereto have hereunto "
            "executed this Agreement on the 1st day of JUNE , 2006 , but effective as of the "
            "Date of Commencement. SIGNED FOR AND ON BEHALF of DGT CORP.")
    assert (find_signature_date(NormText(text)) or ("",))[0] == "2006-06-01"


def test_a_made_date_after_an_effective_as_of_date_in_one_sentence_wins() -> None:
    # cuad/txt/VertexEnergyInc_20200113_8-K_EX-10.1_11943624_EX-10.1_Marketing Agreement.txt
    text = ('This Joint Supply and Marketing Agreement (hereinafter referred to as the "JSMA") '
            'shall be effective as of May 1, 2020 "the Commencement Date" and is made and '
            'entered into this 10t h day of January, 2020 between Bunker One (USA) Inc., with '
            'principal offices located at 107 St. Francis Street, Mobile, AL 36602')
    assert (find_agreement_date(NormText(text)) or ("",))[0] == "2020-01-10"
    # a made date in a later sentence is not the agreement's ("Acme, Inc." ends none)
    later = NormText("This Agreement between Acme, Inc. and Foo is effective as of May 1, 2020. "
                     "Foo and Acme made and entered into on March 3, 2019 a license.")
    assert (find_agreement_date(later) or ("",))[0] == "2020-05-01"


def test_a_signing_date_captioned_date_in_a_signature_form() -> None:
    # cuad/pdf/BLUEFLYINC_03_27_2002-EX-10.27-e-business Hosting Agreement.pdf (server text)
    text = ("Terms apply. " * 200 + "Agreed and Accepted:\nBluefly Inc. International Business "
            "Machines\nCorporation\nBy: /s/ Patrick C. Barry By: /s/ Maura Lynch Gray\n"
            "----------------------------- ----------------------------\nCustomer Authorized "
            "Signature Authorized Signature\nPatrick C. Barry 1/9/02 Maura Lynch Gray 1/14/02\n"
            "------------------------------- -------------------------------\nName (type or "
            "print) Date Name (type or print) Date\nChief Financial Officer")
    assert (find_agreement_date(NormText(text)) or ("",))[0] == "2002-01-14"
    # a date labelled as another event's is none (cuad/txt/HOSPITALITYINVESTORSTRUST,INC_04_
    # 07_2014-EX-10.26-FRANCHISE AGREEMENT.txt)
    pip = NormText("Terms apply. " * 200 + "IN WITNESS WHEREOF the parties sign. Final PIP "
                   "Approval Date : Sep-08-2013 EXHIBIT A - PRODUCT IMPROVEMENT PLAN Property "
                   "Information Open Date: 2005-02-14 Last Renovation: 2009")
    assert find_signature_date(pip) is None


def test_a_joint_filing_agreement_is_dated_by_its_signature_not_the_schedule() -> None:
    # cuad/txt/RMRGROUPINC_01_22_2020-EX-99.1-JOINT FILING AGREEMENT.txt
    text = ("Exhibit 99.1 JOINT FILING AGREEMENT The undersigned hereby agree that the Schedule "
            "13G/A with respect to the shares of Class A Common Stock, $0.001 par value per "
            "share, of The RMR Group Inc., dated as of December 31, 2019, is, and any "
            "amendments thereto (including amendments on Schedule 13D) signed by each of the "
            "undersigned shall be, filed on behalf of each of us pursuant to and in accordance "
            "with the provisions of Rule 13d-1(k) under the Securities Exchange Act of 1934, as "
            "amended. January 22, 2020 (Date) ABP TRUST /s/ Adam D. Portnoy (Signature)")
    assert (find_agreement_date(NormText(text)) or ("",))[0] == "2020-01-22"


def test_an_expiration_date_label_is_not_the_agreement_date() -> None:
    # cuad/txt/WebmdHealthCorp_20050908_S-1A_EX-10.7_1027007_EX-10.7_Content License
    text = ('Content to be provided under this Agreement is specified on Exhibit A (the '
            '"Content"). Expiration Date: August 31, 2006 AGREED TO AND ACCEPTED: WebMD, Inc.')
    assert find_agreement_date(NormText(text)) is None


def test_a_day_and_month_filled_into_a_day_of_blank() -> None:
    # cuad/txt/HEALTHGATEDATACORP_11_24_1999-EX-10.1-HOSTING AND MANAGEMENT AGREEMENT (1).txt
    text = ("ELECTRONIC JOURNAL SOFT WARE DEVELOPMENT, HOSTING AND MANAGEMENT AGREEMENT This "
            "AGREEMENT is made the 20 March day of 1998 BETWEEN 1. HealthGate Data Corp.")
    assert (find_agreement_date(NormText(text)) or ("",))[0] == "1998-03-20"


def test_another_agreement_dated_across_abbreviations_in_its_parties() -> None:
    # kleister-nda/pdf/825e7621085e6b7b0cfd23dc5d16a9b8.pdf (a letter agreement, server text)
    text = ("CONFIDENTIALITY AND STANDSTILL AGREEMENT February 2, 2009 J. Christopher Teets "
            "Re: Confidentiality and Standstill Agreement Dear Mr. Teets: As you know, that "
            "certain letter agreement by and between Red Mountain Capital Partners LLC, a "
            "Delaware limited liability company (“Red Mountain”) and Air Transport Services "
            "Group, Inc., a Delaware corporation (formerly ABX Holdings, Inc., “ATSG”), dated "
            "February 6, 2008, terminated automatically pursuant to its terms on December 31, "
            "2008.")
    norm = NormText(text)
    at = norm.text.index("February 6, 2008")
    assert about_other_document(norm.text, (at, at + 16))
    assert (find_agreement_date(norm) or ("",))[0] == "2009-02-02"


def test_an_as_of_date_not_said_of_the_agreement_is_no_agreement_date() -> None:
    # cuad/txt/ArmstrongFlooringInc_20190107_8-K_EX-10.2_11471795_EX-10.2_Intellectual
    # Property Agreement.txt (a definition deep in the preamble)
    text = ("Terms apply. " * 130 + '(a) "Arizona Assigned Copyrights" means all Copyrights, '
            "whether registered or unregistered, owned by Licensing or Seller as of the "
            "Effective Date and used or held for use exclusively in the Company Field as of "
            'November 14, 2018 (the "SPA Signing Date"). ' + "Terms apply. " * 250)
    assert find_agreement_date(NormText(text)) is None


def test_plain_dates_read_without_dateparser_as_dateparser_reads_them() -> None:
    """The fast path (_plain_date) agrees with dateparser: every English month name and
    abbreviation, in each plain form and case, with edge days (a day the month lacks is left
    to dateparser) and years."""
    rng = random.Random(5)
    forms = ["{M} {d}, {y}", "{M}. {d}, {y}", "{M} {d} {y}", "{d} {M} {y}", "{d}th {M}, {y}",
             "the {d}th day of {M}, {y}", "{d}st day of {M} {y}", "{M} {d}th, {y}"]
    checked = 0
    for name in sorted(dates_module._MONTH_NUMBERS):
        for _ in range(8):
            month = rng.choice([name, name.capitalize(), name.upper()])
            raw = rng.choice(forms).format(M=month, d=rng.choice([1, 9, 28, 29, 30, 31, 32]),
                                           y=rng.choice([1949, 1950, 2004, 2100, 2101]))
            text = date_text(raw)
            plain = dates_module._plain_date(text)
            if plain is not None:
                checked += 1
                assert plain == dateparser_date(text), raw
    assert checked > 100


def test_the_date_matches_are_the_patterns_own_matches() -> None:
    """date_matches finds DATE_RE's matches from the digits and the month names before them;
    the spans and groups are those of DATE_RE.finditer, over random mixtures of date forms,
    near-dates, case variants and characters a case-insensitive letter matches."""
    pieces = ["January", "jan.", "Sept", "SEPTEMBER", "may", "20", "1", "2004", "20th", "t h",
              "day", "of", "the", "month", ",", ".", "-", "/", "v.", "12/05/2021",
              "2004-01-20", "08.05.03", "3rd", "\u0130", "\u017fept", "aug", "x", "\u00a0",
              "5", "10", "of the month of", "\u0661\u0662", "ma", "y", "twenty-first day of",
              "first day of", "thirty", "TWENTIETH day of", "xfirst", "A.D.", "in the year", "Jun"]
    rnd = random.Random(13)
    for _ in range(3000):
        text = "".join(rnd.choice(pieces) + rnd.choice(["", " ", "", "."])
                       for _ in range(rnd.randint(1, 14)))
        norm = NormText(text)
        assert [(m.span(), m.groups()) for m in dates_module.date_matches(norm)] == [
            (m.span(), m.groups()) for m in DATE_RE.finditer(norm.text)], text


@pytest.mark.parametrize("text", [
    "made this twenty-first day of June, 2005 and the xfirst day of May 2001; thirty first day "
    "of December 2005; Twentieth  day of the month of Sept. 1999, the second day of 2005",
    "the first day of July, A.D. 2005 – the fourth day of July in the year 2006",
])
def test_ordinal_days_in_words_are_found_as_the_pattern_finds_them(text: str) -> None:
    norm = NormText(text)
    found = dates_module.date_matches(norm)
    assert [(m.span(), m.groups()) for m in found] == [
        (m.span(), m.groups()) for m in DATE_RE.finditer(norm.text)]
    assert all(m.group("words") for m in found)
    assert all(parse_date(m) for m in found)


_PREAMBLE = "This Agreement is made by and between Acme Inc. and Beta LLC. "
#: clauses that push what follows out of the preamble (:data:`.text.PREAMBLE_CHARS`)
_CLAUSES = "The Supplier shall deliver the goods on time. " * 100


@pytest.mark.parametrize("statement", [
    # common wordings of an agreement's start that neither half of the corpus uses (decision 250)
    "This Agreement takes effect on June 1, 2005.",
    "This Agreement shall come into force on June 1, 2005.",
    "This Agreement shall enter into force on June 1, 2005.",
    "This Agreement shall be in force with effect from June 1, 2005.",
    "The effective date of this Agreement is June 1, 2005.",
    "The term of this Agreement shall start on June 1, 2005 and continue for two years.",
    "The parties agree that this Agreement shall take effect as of June 1, 2005.",
    "This Agreement shall be binding as of June 1, 2005.",
    "This Agreement shall be effective from and after June 1, 2005.",
    "Effective: June 1, 2005.",
    # ... and as contracts drafted in Europe word it (decision 265)
    "This Agreement shall be deemed to have commenced on June 1, 2005.",
    "This Agreement shall apply as from 1 June 2005.",
    "This Agreement shall be valid from 1 June 2005 until 31 May 2008.",
    "This Agreement shall be in force from 1 June 2005 until 31 May 2008.",
    "This Agreement shall take effect as from 1 June 2005.",
    "The Agreement is valid as of 1 June 2005.",
    "This Agreement shall run from 1 June 2005 to 31 May 2008.",
    "This Agreement shall have retroactive effect from 1 June 2005.",
    "This Agreement covers the period from 1 June 2005 to 31 May 2008.",
    # the start of a stated period
    "The contract period is 1 June 2005 to 31 May 2008.",
    "Term: 1 June 2005 - 31 May 2008",
    # decision 286
    "This Agreement shall become operative on June 1, 2005.",
    "This Agreement is signed on May 15, 2005 between the parties with effect as from 1 June "
    "2005.",
    # decision 290: a form's label
    "Start Date: June 1, 2005",
    "Contract Start Date: June 1, 2005 Contract End Date: May 31, 2008",
])
def test_the_agreements_start_stated_after_the_preamble(statement: str) -> None:
    text = (_PREAMBLE + _CLAUSES + "1. Term. " + statement + " " + _CLAUSES
            + "3. Payment. The price list effective January 1, 2006 applies.")
    found = find_effective_date(NormText(text))
    assert found is not None
    assert found[0] == "2005-06-01"


def test_an_effective_date_of_something_else_after_the_preamble_is_not_the_agreements() -> None:
    text = _PREAMBLE + _CLAUSES + "3. Payment. The price list effective January 1, 2006 applies."
    assert find_effective_date(NormText(text)) is None


def test_effective_said_of_the_agreement_at_its_end() -> None:
    # cuad/txt/CANOPETROLEUM,INC_12_13_2007-EX-10.1-Sponsorship Agreement.txt: 1/1/08
    text = (_PREAMBLE + _CLAUSES + "This Agreement is executed in duplicate on the 5th day of "
            "December, 2007, in Fort Worth, Tarrant County, Texas, to be effective January 1, "
            "2008.")
    found = find_effective_date(NormText(text))
    assert found is not None
    assert found[0] == "2008-01-01"


def test_a_period_of_disclosures_is_not_the_agreements_term() -> None:
    # decision 268: the dates of what the agreement covers are not its start or its end
    text = (_PREAMBLE + _CLAUSES + "This Agreement shall apply to Confidential Information "
            "disclosed from June 1, 2003 to June 1, 2004." + _CLAUSES)
    norm = NormText(text)
    assert find_effective_date(norm) is None
    assert find_term_period(norm) is None


@pytest.mark.parametrize("statement", [
    "This Agreement shall be effective retroactively to January 15, 2005.",
    "This Agreement, signed on March 3, 2005, is effective retroactive to January 15, 2005.",
])
def test_an_agreement_effective_retroactively_takes_effect_on_the_earlier_date(
        statement: str) -> None:
    # a common wording neither half of the corpus uses (decision 255)
    text = _PREAMBLE + _CLAUSES + statement
    found = find_effective_date(NormText(text))
    assert found is not None
    assert found[0] == "2005-01-15"


@pytest.mark.parametrize("preamble", [
    # common wordings of the date of making that neither half of the corpus uses (decision
    # 251), after an earlier date the preamble's first-date fallback would take
    "Date of Agreement: June 1, 2005. Parties: Acme Inc. and Beta LLC.",
    "This Agreement is signed on June 1, 2005 by Acme Inc. and Beta LLC.",
    "This Agreement is signed by the parties on June 1, 2005.",
    "This Agreement is concluded on June 1, 2005 between Acme Inc. and Beta LLC.",
    "This Agreement is made and concluded in Beijing on June 1, 2005 between Acme Inc. and "
    "Beta LLC.",
    "On this 1st day of June, 2005, Acme Inc. and Beta LLC agree as follows.",
    "This Agreement is entered into by and between Acme Inc. and Beta LLC as of June 1, 2005.",
    "Acme Inc. and Beta LLC hereby enter into this Agreement on June 1, 2005.",
])
def test_the_date_of_making_in_common_wordings(preamble: str) -> None:
    text = ("EXHIBIT 10.1 CONFIDENTIAL TREATMENT REQUESTED. Prepared March 3, 2006. SUPPLY "
            "AGREEMENT " + preamble + " 1. Supply. The Supplier shall deliver the goods.")
    found = find_agreement_date(NormText(text))
    assert found is not None
    assert found[0] == "2005-06-01"


@pytest.mark.parametrize("closing", [
    # the place, then the date: European signature blocks (decision 258)
    "Executed in two originals in Zurich, 1 June 2005.",
    "Done at Brussels, 1 June 2005.",
    "Place and date: Munich, 1 June 2005",
    # a bare place and date above each signature, the later counts (decision 271)
    "Munich, 28 May 2005 ACME AG Zurich, 1 June 2005",
    "Munich, May 28, 2005 ACME AG Zurich, June 1, 2005",
])
def test_a_signature_block_dated_after_its_place(closing: str) -> None:
    text = ("CONSULTING AGREEMENT This Consulting Agreement is entered into by and between Acme "
            "AG and Beta SA. " + _CLAUSES + closing + " ACME AG By: ________ BETA SA By: ____")
    found = find_agreement_date(NormText(text))
    assert found is not None
    assert found[0] == "2005-06-01"


def test_a_witness_clause_executed_effective_a_date_is_signed_then() -> None:
    # a common wording neither half of the corpus uses (decision 251)
    text = ("CONSULTING AGREEMENT This Consulting Agreement is entered into by and between Acme "
            "Inc. and Beta LLC. " + _CLAUSES + "IN WITNESS WHEREOF, the parties have executed "
            "this Agreement effective the 1st day of June, 2005.")
    found = find_agreement_date(NormText(text))
    assert found is not None
    assert found[0] == "2005-06-01"


@pytest.mark.parametrize("sentence", [
    # what else takes effect on a date in a contract's opening pages (decision 274)
    "The prices in Exhibit A are effective as of January 1, 2003.",
    "Customer's insurance policy effective January 1, 2003 shall remain in force.",
    "The Act, as amended effective January 1, 2003, applies.",
    "Acme's registration with the FDA, effective January 1, 2003, is in good standing.",
    "WHEREAS, the Original Agreement was entered into effective as of January 1, 2003;",
])
def test_another_things_effective_date_in_the_preamble_is_not_the_agreements(
        sentence: str) -> None:
    text = ("SUPPLY AGREEMENT This Supply Agreement is made on March 3, 2005 by and between Acme "
            "Inc. and Beta LLC. " + sentence + " " + _CLAUSES)
    rules = ContractRules(text)
    found = rules.get("effective_date")
    assert found is not None
    assert found[0] == "2005-03-03"  # the agreement's own date: it says nothing of its start
    assert "effective_date" in rules.inferred


@pytest.mark.parametrize("preamble", [
    'This Amended and Restated Supply Agreement (the "Agreement") is entered into effective as '
    "of January 1, 2005 by and between Acme Inc. and Beta LLC.",
    "This Plan Services Agreement is entered into effective as of January 1, 2005 between Acme "
    "Inc. and Beta LLC.",
])
def test_the_agreements_own_effective_date_in_the_preamble(preamble: str) -> None:
    found = ContractRules(preamble + " " + _CLAUSES).get("effective_date")
    assert found is not None
    assert found[0] == "2005-01-01"


@pytest.mark.parametrize("header", [
    # the document's own housekeeping above the title (decision 275)
    "Certain confidential portions of this exhibit were omitted and filed separately with the "
    "SEC on March 15, 2006.",
    "Draft of 2/1/05",
    "Revised: February 1, 2005",
    "Printed: February 1, 2005 10:15 AM",
    "CONFIDENTIAL TREATMENT REQUESTED BY ACME INC. PURSUANT TO RULE 24b-2, DATED MARCH 15, 2006",
    "Exhibit 10.5 to Annual Report on Form 10-K for the fiscal year ended December 31, 2005",
    "NY1:\\1234567\\02\\XYZ02!.DOC\\12345.0001 02/01/2005",
])
def test_a_stamp_of_the_document_itself_is_not_the_agreement_date(header: str) -> None:
    text = (header + " SUPPLY AGREEMENT This Supply Agreement is made by and between Acme Inc. "
            "and Beta LLC. " + _CLAUSES + "IN WITNESS WHEREOF, the parties have executed this "
            "Agreement as of June 1, 2005. ACME INC. By: /s/ John Smith")
    found = find_agreement_date(NormText(text))
    assert found is not None
    assert found[0] == "2005-06-01"


def test_another_things_start_date_is_not_the_agreements() -> None:
    # decision 290
    text = _PREAMBLE + _CLAUSES + "Project Start Date: June 1, 2005"
    assert find_effective_date(NormText(text)) is None
