"""Renewal term and the notice that stops a renewal (service_builtins.extraction.renewal),
on clauses quoted from the CUAD contracts in ``shared/corpus/cuad/txt`` (file named above
each case; the expected value is CUAD's lawyers' answer for that contract)."""

from __future__ import annotations

from typing import Any

import pytest

from service_builtins.extraction.renewal import find_notice_period, find_renewal_term
from service_builtins.extraction.rules import rule_extract
from service_builtins.extraction.text import NormText


def _notice(text: str) -> tuple[int, str] | None:
    norm = NormText(text)
    renewal = find_renewal_term(norm)
    found = find_notice_period(norm, renewal[1][0] if renewal else None)
    if found is None:
        return None
    value: dict[str, Any] = found[0]
    return value["value"], value["unit"]


@pytest.mark.parametrize(("text", "expected"), [
    # CORIOINC_07_20_2000-EX-10.5-LICENSE AND HOSTING AGREEMENT.txt: the cure period of the
    # next section is no notice period
    ("Thereafter, this Agreement shall automatically renew for subsequent one (1) year "
     "periods unless either party provides the other party with written notification at least "
     "thirty (30) days prior to the expiration of the initial five (5) year term or any one (1) "
     "year renewal thereof of its intention to terminate this Agreement. 11.2 Termination. If "
     "either party materially breaches any term or condition of this Agreement and fails to "
     "cure such breach within-thirty (30) days after receiving written notice of the breach, "
     "the nonbreaching party may terminate this Agreement on written notice at any time "
     "following the end of such-thirty (30) day period.", (30, "day")),
    # BUFFALOWILDWINGSINC_06_05_1998-EX-10.3-FRANCHISE AGREEMENT.txt: the notice of the
    # election not to renew, not the franchisee's request to renew nor its upper bound
    ("3. You have given us written notice of your desire to renew at least six (6) months but "
     "not more than twelve (12) months prior to the end of the term; 4. You have satisfied all "
     "of your monetary obligations. D. We shall give you written notice of our election not "
     "to renew the franchise at least three (3) months prior to the expiration of the initial "
     "or first renewal term of this Agreement.", (3, "month")),
    # ENERGYXXILTD_05_08_2015-EX-10.13-Transportation AGREEMENT.txt: runs until terminated
    ("8.1 Term. Subject to the other provisions of this Agreement, the term of this Agreement "
     "shall commence on the Effective Date and shall remain in effect until terminated by "
     "either Party upon thirty (30) days' prior written notice.", (30, "day")),
    # HealthcareIntegratedTechnologiesInc_20190812_8-K_EX-10.1_11776966_EX-10.1_Reseller
    # Agreement.txt: termination once the initial term is over, notice stated after
    ("This Agreement shall become effective on the Effective Date and shall remain in effect "
     "for an initial period of 1 year (\"Initial Term\"). Thereafter, this Agreement shall "
     "automatically be renewed for successive 1-year terms. Following the Initial Term, either "
     "Party may terminate this Agreement without cause upon written notice to the other Party "
     "of at least 3 months.", (3, "month")),
    # AgapeAtpCorp_20191202_10-KA_EX-10.1_11911128_EX-10.1_Supply Agreement.txt: a
    # termination notice in the section headed "Renewal"
    ("1.2 Term This agreement is for a term of ten (10) years. 1.3 Renewal This agreement "
     "will be automatically renewed at the end of every ten (10) year term, with each "
     "subsequent term of renewal being for a ten (10) year term. A six (6) months notice must "
     "be given by either party of their intention to terminate relations due to any reason "
     "other than breach of this agreement.", (6, "month")),
])
def test_notice_period_of_the_renewal(text: str, expected: tuple[int, str]) -> None:
    assert _notice(text) == expected


@pytest.mark.parametrize("text", [
    # SPARKLINGSPRINGWATERHOLDINGSLTD_07_03_2002-EX-10.13-SOFTWARE LICENSE AND MAINTENANCE
    # AGREEMENT.txt (CUAD: no notice period): a termination at any time
    ("For a renewable one-year term commencing upon the Maintenance Commencement Date, Garman "
     "shall provide the following Maintenance Services. (b) Sparkling may terminate this "
     "Agreement at any time upon ninety (90) calendar days written notice to Garman."),
    # ELFBEAUTY,INC_07_02_2020-EX-10.1-COOPERATION AGREEMENT.txt: a deadline, no notice
    ("the Support Period shall automatically be extended until 11:59 pm New York Time on the "
     "date that is thirty (30) days prior to expiration of the advance notice period for the "
     "submission by stockholders of director nominations"),
    # ADAPTIMMUNETHERAPEUTICSPLC_04_06_2017-EX-10.11-STRATEGIC ALLIANCE AGREEMENT.txt: a
    # notice period that "extends" is no extension of the agreement
    ("MD Anderson will have the right to terminate this Agreement without cause upon ten (10) "
     "days' notice to Adaptimmune; provided, however, that a termination by MD Anderson will "
     "be effective even if the ten day notice period extends beyond the Limited Unilateral "
     "Termination Period"),
    # SMITHELECTRICVEHICLESCORP_04_04_2012-EX-10.26-FLEET MAINTENANCE AGREEMENT.txt: no
    # renewal, so a termination after the initial period is not the renewal's notice
    ("Following expiry of the initial period described in Clause 15 above, DCL or SEV giving "
     "not less than six months notice in writing may terminate this Agreement."),
])
def test_no_notice_period_of_a_renewal(text: str) -> None:
    assert _notice(text) is None


@pytest.mark.parametrize(("text", "expected"), [
    # ArcaUsTreasuryFund_20200207_N-2_EX-99.K5_11971930_EX-99.K5_Development Agreement.txt
    ("(b) This Agreement shall continue in effect for two years from the date hereof, and "
     "thereafter shall continue automatically for successive annual periods, provided that "
     "such continuance is specifically approved at least annually", (1, "year")),
    # TomOnlineInc_20060501_20-F_EX-4.46_749700_EX-4.46_Co-Branding Agreement.txt
    ("This Agreement shall automatically continue following the Initial Term, for an "
     "additional period of three (3) years, unless a party to this Agreement provides written "
     "notice of termination", (3, "year")),
    # VERICELCORP_08_06_2019-EX-10.10-SUPPLY AGREEMENT.txt: "up to ten (10) years" caps it
    ("After the Initial Term, the Agreement may be extended on a yearly basis up to ten (10) "
     "years at Vericel's sole discretion", (1, "year")),
])
def test_renewal_term(text: str, expected: tuple[int, str]) -> None:
    found = find_renewal_term(NormText(text))
    assert found is not None
    assert (found[0]["value"], found[0]["unit"]) == expected


@pytest.mark.parametrize("text", [
    # INNOVIVA,INC_08_07_2014-EX-10.1-COLLABORATION AGREEMENT.txt: a review period
    ("The review period may be extended for an additional sixty (60) days if a representative "
     "of the non-publishing Party can demonstrate a reasonable need for such extension"),
    # KUBIENT,INC_07_02_2020-EX-10.14-MASTER SERVICES AGREEMENT_Part2.txt: a period after
    # the term
    ("During the Term and any renewal terms of the Agreement, and for a period of one (1) year "
     "following the expiration or earlier termination thereof, Customer agrees not to work "
     "with any Third-Party"),
    # MRSFIELDSORIGINALCOOKIESINC_01_29_1998-EX-10-FRANCHISE AGREEMENT.txt: a notice and
    # the initial term, neither the renewal's length
    ("(3) Pretzel Time has not given notice of its election not to renew six (6) months prior "
     "to the expiration of the initial twenty (20) year term;"),
])
def test_no_renewal_term(text: str) -> None:
    assert find_renewal_term(NormText(text)) is None


def test_an_agreement_continuing_from_year_to_year_renews_by_one_year() -> None:
    # a common wording neither half of the corpus uses (decision 252)
    text = ("The initial term of this Agreement shall be three (3) years. The Agreement shall "
            "continue from year to year thereafter unless terminated by either party by written "
            "notice given not less than three months prior to the anniversary date.")
    found = find_renewal_term(NormText(text))
    assert found is not None
    assert found[0]["iso"] == "P1Y"


def test_an_agreement_renewing_each_year_renews_by_one_year() -> None:
    # decision 277
    text = ("This Agreement renews each year unless cancelled in writing by either party not "
            "less than sixty days before the anniversary date.")
    found = find_renewal_term(NormText(text))
    assert found is not None
    assert found[0]["iso"] == "P1Y"


@pytest.mark.parametrize("renewal", [
    # renewals as long as the initial term (decision 277)
    "This Agreement will automatically renew for additional terms of equal length unless "
    "terminated by either party upon 60 days' notice prior to expiration.",
    "Thereafter this Agreement shall be renewed for successive periods equal to the Initial "
    "Term unless either party gives notice of non-renewal.",
])
def test_a_renewal_of_equal_length_is_the_initial_term(renewal: str) -> None:
    text = ("This Agreement is made as of June 1, 2005 by and between Acme Inc. and Beta LLC. "
            "1. Term. The initial term of this Agreement is three (3) years. " + renewal)
    data, _ = rule_extract(text, {"renewal_term", "term"})
    assert data["renewal_term"]["iso"] == "P3Y"


@pytest.mark.parametrize("text", [
    # decision 279
    "This Agreement shall automatically renew for successive one (1) year periods. The notice "
    "period for non-renewal is 90 days.",
    "This Agreement shall automatically renew for successive one (1) year periods unless, not "
    "less than ninety days before the expiration of the then current term, either party "
    "notifies the other that it does not wish to renew.",
    # decision 301: opting out, declining
    "This Agreement renews automatically every twelve (12) months. Either party may opt out of a "
    "renewal with ninety (90) days' notice before the renewal date.",
    "This Agreement renews automatically for successive one (1) year terms. Either party may "
    "decline to renew this Agreement by giving ninety (90) days written notice before the end "
    "of the then-current term.",
    # decision 310: an order form's label
    "Initial Term: 24 months. Renewal Term: 12 months. Notice of Non-Renewal: 90 days.",
])
def test_common_wordings_of_the_notice_that_stops_the_renewal(text: str) -> None:
    assert _notice(text) == (90, "day")


def test_a_deadline_before_another_notice_period_is_no_renewal_notice() -> None:
    # cuad/txt/ELFBEAUTY,INC_07_02_2020-EX-10.1-COOPERATION AGREEMENT.txt (tuning half)
    text = ("the Support Period shall automatically be extended until 11:59 pm New York Time on "
            "the date that is thirty (30) days prior to expiration of the advance notice period "
            "for the submission by stockholders of director nominations")
    assert _notice(text) is None


def test_the_renewal_of_another_agreement_is_not_this_ones() -> None:
    # cuad/txt/ (tuning half) FLEET MAINTENANCE AGREEMENT: the master contract hire agreement
    # renews, not this one (decision 285)
    text = ("This Agreement is made on 16 October 2005. On completion of this initial 18 "
            "(eighteen) month period, and at each 18 (eighteen) month interval thereafter, "
            "DCL will renew the master contract hire agreement for a further 18 (eighteen) "
            "months.")
    assert find_renewal_term(NormText(text)) is None


@pytest.mark.parametrize("text", [
    # decision 287: "a further / an additional year" in a renewal word's clause
    "This Agreement will renew automatically on each anniversary of the Effective Date for a "
    "further year unless either party gives notice of termination not less than 60 days before "
    "such anniversary.",
    "Either party may prevent the automatic renewal of this Agreement for an additional year by "
    "giving written notice sixty (60) days before the end of the current term.",
    # decision 297: an adverb between "be" and "extended"
    "The Agreement shall be tacitly extended from year to year unless notice of termination is "
    "given by registered letter three months before the end of the contractual year.",
    # decision 310: "in force" between "continue" and "from year to year"
    "This Agreement shall continue in force from year to year thereafter unless terminated by "
    "either party giving to the other not less than six months' notice in writing.",
])
def test_a_renewal_for_a_further_year(text: str) -> None:
    found = find_renewal_term(NormText(text))
    assert found is not None
    assert found[0]["iso"] == "P1Y"
