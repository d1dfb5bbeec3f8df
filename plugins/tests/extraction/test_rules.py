"""The finders of service_builtins.extraction on clauses as real contracts word them."""

from __future__ import annotations

import pytest

from service_builtins.extraction.law import find_governing_law
from service_builtins.extraction.matcher import evidence_rule, rulebook
from service_builtins.extraction.parties import find_parties, find_parties_letter
from service_builtins.extraction.renewal import find_notice_period, find_renewal_term
from service_builtins.extraction.rules import CONTRACT_FIELDS, extract_contract_fields, rule_extract
from service_builtins.extraction.text import NormText


@pytest.mark.parametrize(("clause", "place"), [
    ("This Agreement shall be governed in all respects by the laws of the State of New York.",
     "New York"),
    ("The law of England shall govern this Agreement.", "England"),
    ("This Agreement is governed by the internal laws State of Delaware.", "Delaware"),
    ("THIS AGREEMENT IS GOVERNED BY AND IS TO BE CONSTRUED UNDER THE LAWS OF THE STATE OF "
     "MASSACHUSETTS APPLICABLE TO AGREEMENTS MADE IN THAT STATE.", "Massachusetts"),
    ("This Agreement shall be governed by the laws (other than the conflict of laws rules) of "
     "the United States and the State of Indiana.", "Indiana"),
    ("All questions shall be determined in accordance with the laws of the State of Idaho.",
     "Idaho"),
    ("shall be construed in accordance with and governed by the laws ofthe State ofTexas.",
     "Texas"),
    # Kleister NDA 7684f321
    ("12. This Agreement will be governed under the internal laws of the state of Illinois "
     "without regard to principles of conflicts of laws.", "Illinois"),
    # CUAD Sykes Healthplan Services
    ("4.12 GOVERNING LAW. This Agreement shall be governed by and construed in accordance with "
     "the laws, other than choice of law rules, of the state of Florida.", "Florida"),
    # CUAD Mrs. Fields
    ("this Agreement, the other agreements referred herein, and the offer and the sale of the "
     "franchise shall be governed in all respects and aspects by the laws of the Commonwealth of "
     "Pennsylvania and expressly excluding the laws pertaining to the choice of law",
     "Pennsylvania"),
    # CUAD VerticalNet; Kleister NDA 99dcd3ce
    ("This Agreement and performance under this Agreement shall be governed by the laws of the "
     "United States of America and of the Commonwealth of Pennsylvania as applied to agreements",
     "Pennsylvania"),
    ("(a) Governing Law. This Agreement shall be governed by the laws of the United States of "
     "America, State of California. (b) Severability.", "California"),
    # CUAD Cheetah Mobile, Leju (translated from Chinese)
    ("10.1 Governing Laws The execution, validity, construction, enforcement and the settlement "
     "of any disputes herefrom shall be governed by PRC Laws. 10.2 Negotiation",
     "People's Republic of China"),
    # Kleister NDA 8a7fedc5, 4dca42c1
    ("11. Governing Law. The laws of the State of Nevada (without giving effect to choice of law "
     "or conflict of law principles) shall govern the validity, construction, performance and "
     "effect of this Agreement", "Nevada"),
    ("11. Governing Law; Jurisdiction; Attorneys' Fees. Internal law of the State of Texas "
     "applies to this Agreement.", "Texas"),
    # CUAD CCA Industries
    ("9.07 Governing Law. This Agreement shall be deemed to have been entered into in the State "
     "of New Jersey, and shall be construed and interpreted in accordance with the laws of that "
     "State applicable to agreements made and to be performed in the State of New Jersey.",
     "New Jersey"),
    # common wordings neither half of the corpus uses (decision 254)
    ("This Agreement is governed by English law.", "England"),
    ("This contract is governed by FRENCH law.", "France"),
    ("Applicable law: the laws of the Netherlands.", "Netherlands"),
    ("This Agreement shall be governed exclusively by the laws of the Federal Republic of "
     "Germany.", "Germany"),
    # decision 260
    ("This Agreement is subject to the laws of the State of New York.", "New York"),
    ("Governing Law: Delaware", "Delaware"),
    ("The rights and obligations of the parties shall be determined in accordance with "
     "Illinois law.", "Illinois"),
    ("This contract is governed by the laws in force in the Province of Quebec.", "Quebec"),
    ("Applicable Law. Washington law governs this Agreement.", "Washington"),
    # decision 278
    ("The substantive law of the Federal Republic of Germany shall apply, excluding the UN "
     "Convention on Contracts for the International Sale of Goods.", "Germany"),
    ("The proper law of this Agreement is the law of Singapore.", "Singapore"),
    # decision 291
    ("This Agreement is subject to Swiss law.", "Switzerland"),
    ("Swedish law shall apply to this Agreement.", "Sweden"),
    ("This Agreement shall be governed by and construed in accordance with the laws of the Hong "
     "Kong Special Administrative Region.", "Hong Kong"),
    # decision 300: the plural verb
    ("Choice of Law. The laws of the State of Colorado govern this Agreement.", "Colorado"),
    ("Colorado laws govern this Agreement.", "Colorado"),
    # decision 309: a heading and its answer alone, the labels "Choice of Law" and "Applicable
    # law" with a country's adjective
    ("12. Governing Law. Texas. 13. Notices.", "Texas"),
    ("Governing Law - The State of New York.", "New York"),
    ("Choice of Law: Delaware", "Delaware"),
    ("Applicable law: Swiss law.", "Switzerland"),
    # German and French contracts (rulebook/de/law.toml, rulebook/fr/law.toml)
    ("Dieser Vertrag unterliegt deutschem Recht.", "Germany"),
    ("Es gilt ausschließlich schweizerisches Recht unter Ausschluss des UN-Kaufrechts.",
     "Switzerland"),
    ("Auf diesen Vertrag findet österreichisches Recht Anwendung.", "Austria"),
    ("Dieser Vertrag unterliegt dem Recht der Bundesrepublik Deutschland.", "Germany"),
    ("Der Vertrag untersteht den Gesetzen des Staates New York, unter Ausschluss der "
     "Kollisionsnormen.", "New York"),
    ("Le présent contrat est régi par le droit français.", "France"),
    ("Le contrat est soumis à la loi belge.", "Belgium"),
    ("Le présent contrat est régi par les lois de l'État de New York.", "New York"),
    ("Ce contrat est soumis au droit de la République française.", "France"),
])
def test_governing_law(clause: str, place: str) -> None:
    found = find_governing_law(NormText(clause))
    assert found is not None
    assert found[0] == place


@pytest.mark.parametrize("clause", [
    # CUAD Athens Bancshares agency agreement: the scope of a legal opinion
    "Such counsel's opinion shall be limited to matters governed by federal laws and by the laws "
    "of Tennessee and with respect to enforceablity, New York law, and may assume",
    # CUAD Conformis development agreement: a field of law
    "inventorship of Inventions developed by either Party shall be determined in accordance with "
    "the inventorship laws of the United States, even to the extent such Invention is not pursued",
    "The Supplier is subject to applicable laws. The applicable law governs each order.",
    # decision 291: "shall apply" only after a country's adjective
    "Data Protection Law shall apply to all personal data processed hereunder.",
    "This Agreement is subject to Applicable Law.",
    # decision 309: a heading is answered only by a place that ends its sentence, not by a
    # table of contents or a clause
    "TABLE OF CONTENTS Governing Law. Notices. Severability.",
    "Governing Law. All disputes shall be resolved amicably.",
    "Die Parteien halten das geltende Recht ein.",
    "Les lois de la physique s'appliquent.",
])
def test_a_law_that_governs_something_else(clause: str) -> None:
    assert find_governing_law(NormText(clause)) is None


@pytest.mark.parametrize(("clause", "years"), [
    ("This Agreement shall automatically renew for any number of successive one (1) year "
     "terms unless either party objects.", 1),
    ("At Rogers' option, this Agreement shall renew for a subsequent term of two (2) years.", 2),
    ("The term ends at April 30, 2029, with automatic renewals each for a period of five (5) "
     "years (a \"Renewal Term\") unless notice is given.", 5),
    ("Thereafter this Agreement will automatically be renewed for successive additional periods "
     "of one year, unless either party gives notice.", 1),
    ("After the Initial Term, the Agreement may be extended on a yearly basis.", 1),
    # decision 263
    ("The parties may extend this Agreement for successive periods of one (1) year by mutual "
     "agreement.", 1),
    ("Thereafter this Agreement shall continue in effect for successive two year periods "
     "unless terminated.", 2),
])
def test_renewal_term(clause: str, years: int) -> None:
    found = find_renewal_term(NormText(clause))
    assert found is not None
    value = found[0]
    assert (value["value"], value["unit"]) in {(years, "year"), (12 * years, "month")}


@pytest.mark.parametrize(("clause", "notice", "renewal"), [
    # as contracts drafted in Europe word a renewal and the notice that stops it (decision 266)
    ("The contract shall be extended by a further year unless terminated with three months' "
     "notice before expiry.", (3, "month"), (1, "year")),
    ("Unless terminated by either party giving not less than 90 days' notice prior to the expiry "
     "of the Initial Term, this Agreement shall continue for further periods of 12 months.",
     (90, "day"), (12, "month")),
    ("Failing termination by registered letter at least 3 months before the expiry date, the "
     "contract shall be renewed by tacit agreement for periods of one year.", (3, "month"),
     (1, "year")),
])
def test_a_renewal_and_its_notice_in_european_wordings(
        clause: str, notice: tuple[int, str], renewal: tuple[int, str]) -> None:
    text = ("SUPPLY AGREEMENT This Agreement is made on 10 May 2005 between Acme GmbH and Beta SA. "
            "9. Term. The initial term of this Agreement is three (3) years. " + clause)
    data, _ = rule_extract(text, {"renewal_term", "notice_period"})
    assert (data["renewal_term"]["value"], data["renewal_term"]["unit"]) == renewal
    assert (data["notice_period"]["value"], data["notice_period"]["unit"]) == notice


def test_a_termination_effective_at_the_end_of_a_term_stops_the_renewal() -> None:
    # decision 269
    text = ("SERVICES AGREEMENT The initial term of this Agreement is three (3) years, and it "
            "shall automatically renew for successive one (1) year terms. This Agreement may be "
            "terminated effective at the end of any term upon 60 days' prior written notice.")
    data, _ = rule_extract(text, {"renewal_term", "notice_period"})
    assert (data["notice_period"]["value"], data["notice_period"]["unit"]) == (60, "day")


def test_counted_renewals_keep_their_count() -> None:
    found = find_renewal_term(NormText("This Agreement shall renew for two (2) additional year "
                                       "terms."))
    assert found is None or (found[0]["value"], found[0]["unit"]) != (1, "year")


def test_a_month_to_month_continuation_renews_by_one_month() -> None:
    found = find_renewal_term(NormText("After the initial term, this Agreement will continue on "
                                       "a month-to-month basis until terminated."))
    assert found is not None
    assert (found[0]["value"], found[0]["unit"]) == (1, "month")


def test_notice_period_stops_the_renewal_not_a_termination_for_convenience() -> None:
    text = ("This Agreement shall be for the term of one year; thereafter, the Agreement shall "
            "renew automatically. This Agreement may be terminated by either party with cause "
            "upon thirty (30) days written notice. The Agreement renews unless either party gives "
            "ninety (90) days' notice of its intent not to renew.")
    norm = NormText(text)
    found = find_notice_period(norm, None)
    assert found is not None
    assert found[0]["value"] == 90
    only_convenience = NormText(text.rsplit(" The Agreement renews", 1)[0])
    assert find_notice_period(only_convenience, None) is None


def test_parties_by_x_and_y_and_three_parties() -> None:
    two = find_parties(NormText(
        "COLLABORATION AGREEMENT by and between THERAVANCE, INC. and GLAXO GROUP LIMITED "
        "Dated: November 14, 2002 TABLE OF CONTENTS"))
    assert two is not None
    assert two[0] == ["THERAVANCE, INC.", "GLAXO GROUP LIMITED"]
    three = find_parties(NormText(
        'This Agreement is made among The Hertz Corporation ("THC"), Hertz System, Inc. '
        '("HSI") and Herc Rentals Inc. ("HERC"). WHEREAS the parties agree.'))
    assert three is not None
    assert three[0] == ["The Hertz Corporation", "Hertz System, Inc.", "Herc Rentals Inc."]


def test_parties_of_a_letter_agreement() -> None:
    text = ("CONFIDENTIALITY LETTER AGREEMENT Imperial Sugar Company 8016 Highway 90-A Sugar "
            "Land, TX 77487 July 22, 2011 Louis Dreyfus Commodities LLC 40 Danbury Road Wilton, "
            "CT 06897 Attention: Scott Hogan Dear Mr. Hogan: You have requested information.")
    found = find_parties_letter(NormText(text))
    assert found is not None
    assert found[0] == ["Imperial Sugar Company", "Louis Dreyfus Commodities LLC"]
    data, evidence = rule_extract(text, {"parties"})
    assert data["parties"] == found[0]
    assert evidence["parties"][1]["text"] == "Louis Dreyfus Commodities LLC"


def test_a_markdown_cover_sheet() -> None:
    # decision 305: a two-column table states the terms as labels do
    text = ("# Master Services Agreement\n\n| Field | Value |\n|---|---|\n"
            "| Customer | Beta LLC |\n| Provider | Acme Inc. |\n| Effective Date | 1 June 2005 |\n"
            "| Initial Term | 3 years |\n| Governing Law | New York |\n\n"
            "1. Services. Provider shall provide the services.")
    data, evidence = rule_extract(text, {"parties", "effective_date", "term", "governing_law"})
    assert data["parties"] == ["Beta LLC", "Acme Inc."]
    assert data["effective_date"] == "2005-06-01"
    assert data["term"]["iso"] == "P3Y"
    assert data["governing_law"] == "New York"
    assert evidence["term"][0]["text"] == "3 years"


_CONTRACT = (
    'This Supply Agreement is made as of January 5, 2015 by and between Acme Inc., a Delaware '
    'corporation ("Acme"), and Beta LLC, a Texas limited liability company ("Beta"). '
    "1. Term. The term of this Agreement shall be two (2) years from the Effective Date. "
    "This Agreement shall automatically renew for successive one (1) year periods unless "
    "either party gives written notice of non-renewal at least sixty (60) days prior to the "
    "end of the then-current term. The total contract value is $250,000. "
    "This Agreement shall be governed by the laws of the State of New York."
)


def test_every_value_s_evidence_names_the_rule_that_produced_it() -> None:
    found = extract_contract_fields(_CONTRACT, set(CONTRACT_FIELDS))
    assert {"term", "renewal_term", "notice_period", "governing_law", "parties",
            "contract_value", "currency"} <= set(found.data)
    rules = {field: {e.get("rule") for e in spans} for field, spans in found.evidence.items()}
    assert all(len(ids) == 1 and None not in ids for ids in rules.values()), rules
    assert rules["term"] == {"term.clause"}
    assert rules["renewal_term"] == {"renewal_term.renewal_cue"}
    assert rules["notice_period"] == {"notice_period.stops_renewal"}
    # the rule ids of the fields whose patterns are data are rules of the book
    book = rulebook()
    assert rules["governing_law"] == {"governing_law.laws_of"}
    for field in ("term", "renewal_term", "notice_period", "expiration_date", "governing_law",
                  "agreement_date", "contract_value", "currency", "parties"):
        if field in rules:
            assert rules[field] <= set(book), field


@pytest.mark.parametrize(("clause", "rule"), [
    ("Dieser Vertrag unterliegt deutschem Recht.", "governing_law.recht_adjective.de"),
    ("Le présent contrat est régi par les lois de l'État de New York.",
     "governing_law.droit_de.fr"),
])
def test_a_german_or_french_law_names_its_rule(clause: str, rule: str) -> None:
    norm = NormText(clause)
    assert find_governing_law(norm) is not None
    assert evidence_rule("governing_law", norm.rules["governing_law"]) == rule
