"""service_builtins.extraction.onset and the effective date it gives: what a contract says of
when it takes effect when it names no date (issue 11, task 11a).

Each sentence is quoted from the corpus file named (tuning half)."""

from __future__ import annotations

import pytest

from service_builtins.extraction.onset import find_onset
from service_builtins.extraction.rules import ContractRules
from service_builtins.extraction.text import NormText

#: text with no date and no statement of effectiveness, to move a clause out of the preamble
FILLER = "The parties agree on the terms set out below. " * 45


def effective(text: str) -> str | None:
    """The effective date the finder table gives for ``text`` (with its agreement date)."""
    found = ContractRules(text).get("effective_date")
    return None if found is None else str(found[0])


def takes_effect_when_made(text: str) -> str:
    """Assert that ``text`` dates no start of its own, so that (the corpus's convention,
    decision 400) its effective date is its agreement date, marked inferred; return the rule
    the finder noted."""
    rules = ContractRules(text)
    made, found = rules.get("agreement_date"), rules.get("effective_date")
    assert found is not None
    assert made is not None
    assert found[0] == made[0]
    assert "effective_date" in rules.inferred
    return rules.norm.rules["effective_date"]


def onset_kind(text: str) -> str | None:
    found = find_onset(NormText(text))
    return None if found is None else found[0]


def test_effective_as_of_the_day_first_above_written_is_the_agreement_date() -> None:
    # cuad/txt/DOMINIADVISORTRUST_02_18_2005-EX-99.(H)(2)-SPONSORSHIP AGREEMENT.txt
    text = ("SPONSORSHIP AGREEMENT, dated as of February 4, 2005, by and between Domini Advisor "
            "Trust, a Massachusetts business trust. " + FILLER + "This Agreement shall become "
            "effective as of the day and year first above written and shall govern the "
            "relations between the parties hereto thereafter, unless terminated as set forth "
            "in this Section 6.")
    assert onset_kind(text) == "made"
    assert effective(text) == "2005-02-04"


def test_the_agreements_own_statement_outranks_an_exhibits_effective_date_label() -> None:
    # cuad/txt/BIOPURECORP_06_30_1999-EX-10.13-AGENCY AGREEMENT.txt (a price list's label)
    text = ('AGENCY AGREEMENT This "Agency" Agreement is made as of March 29, 1999, by and '
            'between Biopure Corporation, a Delaware corporation (the "Company") and the Agent. '
            "4.1. Term. This Agreement will become effective as of the date first written "
            "above and will continue in effect thereafter until terminated pursuant to "
            "Paragraph 4.2 below. " + FILLER + "*May be changed with 30 days written notice. "
            "Effective Date: January 5, 1999 17 EXHIBIT B")
    assert effective(text) == "1999-03-29"


def test_effective_as_of_the_date_signed_below_is_the_date_beside_the_signatures() -> None:
    # kleister-nda/pdf/6c0e2103cb185f28b0c1e9109c674836.pdf (the form's dates stand after the
    # names, not after "Date:")
    text = (FILLER * 2 + "In witness whereof the parties hereto have caused this Agreement to "
            "be executed and delivered effective as of the date signed below by Employee and "
            "the duly authorized officer of Verso Paper. Signed (Employee): Date: /s/ Michael "
            "Weinhold Michael Weinhold, Senior Vice President, Sales and Marketing 3/19/07 Work "
            "address: Verso Paper: Date: /s/ Ricardo Moncada Ricardo Moncada, Vice President, "
            "Human Resources 3/19/07")
    assert onset_kind(text) == "signed"
    assert effective(text) == "2007-03-19"


@pytest.mark.parametrize("text", [
    # cuad/txt/ZtoExpressCaymanInc_20160930_F-1_EX-10.10_9752871_EX-10.10_Transportation
    "This Agreement takes effect upon the signatures and seals of both Parties in triplicate.",
    # cuad/txt/SENMIAOTECHNOLOGYLTD_02_19_2019-EX-10.5-Collaboration Agreement.txt
    "The Agreement executed offline in paper form shall become effective upon the completion "
    'of the execution by both Parties (hereinafter referred to as the "Effective Date");',
])
def test_taking_effect_upon_signature_is_a_signing_onset(text: str) -> None:
    assert onset_kind(text) == "signed"


def test_the_effective_date_set_forth_on_the_signature_page_is_the_signing_date() -> None:
    # decision 264
    text = ("SUPPLY AGREEMENT This Agreement is entered into by Acme Inc. and Beta LLC as of the "
            "Effective Date set forth on the signature page. " + FILLER + "IN WITNESS WHEREOF "
            "the parties have executed this Agreement as of June 1, 2005. ACME INC. By: /s/ J.")
    assert onset_kind(text) == "signed"
    assert effective(text) == "2005-06-01"


@pytest.mark.parametrize(("onset", "kind"), [
    # common wordings neither half of the corpus uses (decision 255): both dates are signatures
    ("the later of the dates set forth below", "signed"),
    ("the latest of the dates on which the parties sign this Agreement", "signed"),
    # ... or one is another event
    ("the later of the dates signed below or the date the waiting period expires", "event"),
    ("the later of (a) the date of signature and (b) the Closing", "event"),
])
def test_the_later_of_the_signing_dates_is_a_signing_onset(onset: str, kind: str) -> None:
    text = (FILLER + f"This Agreement shall become effective as of {onset}. " + FILLER
            + "IN WITNESS WHEREOF the parties sign. ACME By: /s/ A. Date: 3/1/2010 BETA By: "
            "/s/ B. Date: 3/3/2010")
    assert onset_kind(text) == kind
    if kind == "signed":
        assert effective(text) == "2010-03-03"
    else:
        assert takes_effect_when_made(text) == "made_no_dated_start"


def test_the_day_after_the_last_signature() -> None:
    # cuad/txt/BLUEFLYINC_03_27_2002-EX-10.27-e-business Hosting Agreement.txt
    text = ("3.1 Term This Agreement will be effective beginning on 12:01 a.m., Eastern Time, on "
            'the day after the date of last signature to these Base Terms ("Effective Date") '
            "and ending on the expiration and/or termination of all Service Option Attachments. "
            + FILLER * 2 + "Agreed and Accepted: Bluefly Inc. International Business Machines "
            "Corporation By: /s/ Patrick C. Barry By: /s/ Maura Lynch Gray Customer Authorized "
            "Signature Authorized Signature Patrick C. Barry 1/9/02 Maura Lynch Gray 1/14/02 "
            "Name (type or print) Date")
    assert onset_kind(text) == "day_after_signing"
    assert effective(text) == "2002-01-15"


@pytest.mark.parametrize("clause", [
    # cuad/txt/AMERICASSHOPPINGMALLINC_12_10_1999-EX-10.2-SITE DEVELOPMENT AND HOSTING
    'This Agreement shall be effective as of that date (the "Effective Date") the Site becomes '
    "fully operational as set forth in writing and executed by both Parties and shall "
    "continue for a period of one (1) year from the Effective Date.",
    # cuad/txt/RareElementResourcesLtd_20171019_SC 13D_EX-99.4_10897534_EX-99.4_Intellectual
    '2.08 "Effective Date" has the meaning of the "Closing Date" set forth in the Investment '
    "Agreement.",
    # cuad/txt/INNOVIVA,INC_08_07_2014-EX-10.1-COLLABORATION AGREEMENT.txt
    '1.27 "Effective Date" means the first business day following the date on which the last '
    "of the conditions contained in Section 16.15 of this Agreement has been satisfied.",
    # a common wording neither half of the corpus uses (decision 250)
    "This Agreement shall enter into force after approval by the relevant government authority.",
])
def test_an_onset_the_text_does_not_date_takes_effect_when_made(clause: str) -> None:
    text = ("This Agreement is dated as of August 9, 1999 between Hanover Direct, Inc. and The "
            "Deerskin Company. " + FILLER + clause)
    assert onset_kind(text) == "event"
    assert takes_effect_when_made(text) == "made_no_dated_start"


def test_a_blank_left_in_the_form_is_no_stated_date() -> None:
    # kleister-nda/pdf/332513ea156ad0fc36f0f84be998933b.pdf (signed Jan. 19, 2004)
    text = ('THIS MUTUAL NON-DISCLOSURE AGREEMENT (The "Agreement") is made as of ___________, '
            '2003 (the "Effective Date") by and between Distributor, a corporation. ' + FILLER
            + "IN WITNESS WHEREOF, the parties hereto have executed this Agreement as of the "
            "Effective Date and agree to be legally bound by all terms and conditions herein. "
            "TRACE AUSTRALIA PTY LTD. ADVANCED ID CORPORATION By: Anthony Hurley By: Barry "
            "Bennett Date: 01/09/2004 Date: Jan. 19, 2004")
    assert onset_kind(text) == "event"
    assert takes_effect_when_made(text) == "made_no_dated_start"


def test_an_effective_date_used_but_dated_nowhere_is_the_date_of_making() -> None:
    # cuad/txt/PANDIONTHERAPEUTICSHOLDCOLLC_05_22_2020-EX-10.17-CONSULTING AGREEMENT.txt
    text = ('This Consulting Agreement (the "Agreement"), made this 27t h day of March, 2017 is '
            'entered into by Immunotolerance, Inc., a Delaware corporation (the "Company"), and '
            'Alan Crane, an individual (the "Consultant"). ' + FILLER + "2. Term. This Agreement "
            "shall commence on the Effective Date and shall continue until the four-year "
            "anniversary of the Effective Date.")
    assert onset_kind(text) == "undated"
    assert takes_effect_when_made(text) == "made_no_dated_start"


@pytest.mark.parametrize("clause", [
    # kleister-nda/pdf/73cec195391b740e1185dd352ccae753.pdf: another agreement's term
    "WHEREAS, at the Effective Time (as defined in the Merger Agreement) MergerSub will merge "
    "with and into BlueBlazer pursuant to the Merger Agreement.",
    # cuad/txt/JINGWEIINTERNATIONALLTD_10_04_2007-EX-10.7-INTELLECTUAL PROPERTY AGREEMENT.txt
    "6. Effective Date and Term 6.1 This Agreement has been duly executed as of the date first "
    "set forth above and shall be effective simultaneously.",
    # cuad/txt/PANDIONTHERAPEUTICSHOLDCOLLC_05_22_2020-EX-10.17-CONSULTING AGREEMENT.txt:
    # the notices, not the agreement, take effect
    "All notices required or permitted under this Agreement shall be in writing and shall be "
    "deemed effective upon personal delivery or upon deposit in the United States Post "
    "Office.",
])
def test_without_a_statement_of_its_own_the_agreement_takes_effect_when_made(
    clause: str,
) -> None:
    text = "This Agreement is made and entered into this 10th day of July, 2014. " + clause
    assert onset_kind(text) is None
    assert effective(text) == "2014-07-10"


@pytest.mark.parametrize(("text", "day"), [
    # kleister-nda/pdf/4dca42c1cd7e821ce47a4733959b06d3.pdf (the quote before "the")
    ('This Mutual Non-Disclosure Agreement is made as of March 22, 2011 ("the Effective Date) '
     "between AmerisourceBergen Specialty Group, Inc.", "2011-03-22"),
    # cuad/txt/LegacyEducationAllianceInc_20200330_10-K_EX-10.18_12090678_EX-10.18_Development
    # (the form's year after the filled-in date)
    ('Legacy Education Alliance Holdings, Inc., a Colorado corporation ("LEA"), is entered '
     'into as of 12-23-2019 , 2019 (the "Effective Date").', "2019-12-23"),
])
def test_a_date_named_effective_date_in_a_damaged_form(text: str, day: str) -> None:
    assert effective(text) == day


@pytest.mark.parametrize(("clause", "kind"), [
    # cuad/txt/VERICELCORP_08_06_2019-EX-10.10-SUPPLY AGREEMENT.txt: the preamble's date
    ('1.16 "Effective Date" has the meaning set forth in the Preamble.', "made"),
    # cuad/txt/FOUNDATIONMEDICINE,INC_02_02_2015-EX-10.2-Collaboration Agreement.txt
    ('"Effective Date" shall mean the latest of (a) the date of the last signature of this '
     "Agreement, or (b) if a HSR filing is made, the second Business Day immediately "
     "following the earlier of: (i) the date upon which the waiting period under HSR "
     "expires", "event"),
    # cuad/txt/IdeanomicsInc_20160330_10-K_EX-10.26_9512211_EX-10.26_Content License: the
    # termination, not the agreement, takes effect
    ("This Agreement may be terminated at any time by either party, effective immediately "
     "upon written notice, if the other party: (i) becomes insolvent", None),
])
def test_what_a_definition_or_statement_names(clause: str, kind: str | None) -> None:
    assert onset_kind(clause) == kind


def test_the_witness_clause_may_state_the_start() -> None:
    # cuad/txt/HUBEIMINKANGPHARMACEUTICALLTD_09_19_2006-EX-10.1-OUTSOURCING AGREEMENT.txt
    text = ("THIS AGREEMENT is made between DGT Corp. and Hubei Minkang Pharmaceutical Ltd. "
            + FILLER + "IN WITNESS WHEREOF the parties hereto have hereunto executed this "
            "Agreement on the 1st day of JUNE , 2006 , but effective as of the Date of "
            "Commencement. SIGNED FOR AND ON BEHALF of DGT CORP.")
    assert onset_kind(text) == "event"
    assert takes_effect_when_made(text) == "made_no_dated_start"


@pytest.mark.parametrize(("opening", "amendment"), [
    # cuad/txt/ZONDWINDSYSTEMPARTNERSLTDSERIES85-B_04_03_2006-EX-10-MANAGEMENT AND MAINTENANCE
    # (its recitals name "a First Amendment to Second Amended and Restated ... Agreement")
    ("FIRST AMENDMENT TO SAGEBRUSH MANAGEMENT AND MAINTENANCE AGREEMENT THIS FIRST AMENDMENT TO "
     'SAGEBRUSH MANAGEMENT AND MAINTENANCE AGREEMENT ("Amendment") is made and entered into as '
     "of December 1, 1990 by and among Sagebrush, a California general partnership. B. "
     "Concurrently herewith, all of the Partners are entering into a First Amendment to Second "
     "Amended and Restated Sagebrush General Co-Ownership Partnership Agreement.", True),
    # cuad/txt/GluMobileInc_20070319_S-1A_EX-10.09_436630_EX-10.09_Content License Agreement3
    ("AMENDMENT NO. 2 Dated as of March 27, 2006 Reference is hereby made to that certain fully "
     "executed Wireless Content License Agreement Number 12965.", True),
    # kleister-nda/pdf/03fd0e629b617da00c54794a8a78b24d.pdf: restates the whole agreement
    ("AMENDED AND RESTATED CONFIDENTIALITY AGREEMENT This Amended and Restated Confidentiality "
     "Agreement is entered into as of July 13, 2011 by and between 99 Cents Only Stores.", False),
    # kleister-nda/pdf/4b61ebe0ae19176364a51c755d7941ea.pdf: a letter naming a filing's amendment
    ("January 7, 2009 Gentlemen: As you know, Stephens Investments Holdings LLC filed a second "
     "Amendment to Schedule 13D with the Securities and Exchange Commission.", False),
])
def test_an_amendment_states_no_start_so_takes_effect_when_made(
    opening: str, amendment: bool
) -> None:
    # the date of an amendment is not when the agreement it amends took effect, so it is
    # no statement of the start (decision 165); by the convention it is the inferred one
    text = opening + " " + FILLER
    assert takes_effect_when_made(text) == ("made_no_dated_start" if amendment else "made")


#: a signature block where the parties signed on different days (typed, not corpus text)
_SIGNED_TWICE = ("\n\nIN WITNESS WHEREOF, the parties have executed this Agreement.\n\n"
                 "ACME INC.\nBy: /s/ John Smith\nDate: March 3, 2005\n\n"
                 "BETA LLC\nBy: /s/ Jane Doe\nDate: March 7, 2005\n")


@pytest.mark.parametrize("statement", [
    # common wordings of a start at the last signature (decision 270)
    "The Effective Date of this Agreement shall be the date on which the last party signs.",
    "Effective Date: the date of the last signature below.",
    '"Effective Date" means the date on which the Parties execute this Agreement.',
    "This Agreement between Acme Inc. and Beta LLC shall be effective upon execution by both "
    "parties.",
])
def test_a_start_at_the_last_signature_is_the_latest_signing_date(statement: str) -> None:
    text = statement + " " + FILLER + _SIGNED_TWICE
    assert onset_kind(text) == "signed"
    assert effective(text) == "2005-03-07"


def test_the_first_day_of_the_month_after_signature() -> None:
    text = ("This Agreement becomes effective on the first day of the month following its "
            "signature. " + FILLER + _SIGNED_TWICE)
    assert onset_kind(text) == "month_after_signing"
    assert effective(text) == "2005-04-01"


def test_a_commencement_date_defined_as_the_date_of_the_agreement_is_its_making() -> None:
    # cuad/txt/FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_Distributor Agreement
    assert onset_kind("Commencement Date: means the date of this agreement.") == "made"


def test_an_agreement_applied_retroactively_starts_on_that_date() -> None:
    text = ("This Agreement is made on March 3, 2005 between Acme Inc. and Beta LLC. This "
            "Agreement shall apply retroactively to January 1, 2005. " + FILLER)
    assert effective(text) == "2005-01-01"
    assert "effective_date" not in ContractRules(text).inferred


@pytest.mark.parametrize(("statement", "kind"), [
    # decision 281: "in effect", "valid", "binding" as verbs of taking effect
    ("This Agreement shall be in effect as of the date first above written.", "made"),
    ("This Agreement becomes valid upon signature by both Parties.", "signed"),
    ("This Agreement shall be binding upon execution.", "signed"),
    # ... but not what binds whom, or how long the agreement lasts
    ("This Agreement shall be binding upon and inure to the benefit of the parties and their "
     "successors.", None),
    ("This Agreement shall be in effect after the termination of the Services Agreement.", None),
    # a sentence before ends the subject ("... consideration. This licence granted shall take
    # effect", cuad/txt/PareteumCorp_20081001_8-K_EX-99.1_2654808_EX-99.1_Hosting Agreement)
    ("The licence is granted during the term of this Agreement without further consideration. "
     "This licence granted shall take effect on the date that the relevant Hosting Services is "
     "first used.", None),
    # decision 286: "operative"; a sentence that opens with a capital ends the onset, even
    # when the date after it is a signature's
    ("This Agreement shall become operative upon signature by both parties.", "signed"),
    ("This Agreement shall become effective upon signature by both parties. Signed on July 1, "
     "2005", "signed"),
    ("This Agreement shall become operative upon the Closing.", "event"),
])
def test_what_a_statement_of_taking_effect_names(statement: str, kind: str | None) -> None:
    assert onset_kind(statement) == kind


@pytest.mark.parametrize("statement", [
    "This Agreement is effective as of the date of the last signature below.",
    "This Agreement shall become effective upon signature by both parties.",
])
def test_a_start_at_the_last_signature_of_a_one_page_agreement(statement: str) -> None:
    # decision 288: the first signature's date is the agreement date of so short a text, the
    # start is the last one's
    text = ("CONFIDENTIALITY AGREEMENT\n\nAcme Corp. and Beta Inc. agree as follows:\n\n1. Each "
            "party will keep the other's Confidential Information confidential.\n\n2. "
            + statement + "\n\nACME CORP.\nBy: /s/ John Smith\nDate: June 1, 2005\n\nBETA INC.\n"
            "By: /s/ Jane Doe\nDate: June 3, 2005")
    assert effective(text) == "2005-06-03"


@pytest.mark.parametrize(("form", "kind"), [
    # decision 290: a form's start date left blank, or defined as an event, dates nothing
    ("Start Date: ________________", "event"),
    ('"Start Date" means the first day of the Executive\'s employment with the Company.',
     "event"),
    ("Project Start Date: ________________", None),
])
def test_a_start_date_label_or_definition(form: str, kind: str | None) -> None:
    assert onset_kind("This Agreement is made by Acme Inc. and Beta LLC. " + form) == kind


def test_a_bare_as_of_the_last_signature_names_the_effective_date() -> None:
    # decision 302: "as of" after the parties and their defined terms, then the defined term
    text = ('SOFTWARE LICENSE AGREEMENT. This Software License Agreement (the "Agreement") is '
            'entered into by and between Acme Inc. ("Licensor") and Beta LLC ("Licensee") as of '
            'the date of the last signature below (the "Effective Date"). 1. License. Licensor '
            "grants Licensee a license. IN WITNESS WHEREOF the parties have executed this "
            "Agreement. ACME INC. By: /s/ John Smith Date: March 3, 2010 BETA LLC By: /s/ Mary "
            "Jones Date: March 8, 2010")
    assert effective(text) == "2010-03-08"


@pytest.mark.parametrize(("label", "start"), [
    # decision 304: the order form's or SOW's own start; decision 290: another thing's
    ("Subscription Start Date", "2021-04-01"),
    ("SOW Start Date", "2021-04-01"),
    ("Project Start Date", "2021-03-01"),
])
def test_an_order_forms_start_date(label: str, start: str) -> None:
    text = ("ORDER FORM. Customer: Beta LLC. Provider: Acme Inc. Order Date: March 1, 2021. "
            + label + ": April 1, 2021. Subscription Term: 12 months.")
    assert effective(text) == start
