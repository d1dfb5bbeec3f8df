"""Tests of plugins/contract_extractor.py on real corpus documents (shared/corpus)."""

from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from service_sdk import Document, ExtractionResult, OntologyField

PLUGINS = Path(__file__).resolve().parents[1]
CORPUS = PLUGINS.parents[1] / "shared" / "corpus"
CUAD = CORPUS / "cuad" / "txt"
needs_corpus = pytest.mark.skipif(not CUAD.is_dir(), reason="shared corpus not present")


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"plugin_{name}", PLUGINS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ce = _load("contract_extractor")
ALL = [OntologyField(name, "string") for name in ce.CONTRACT_FIELDS if name != "counterparty"]


def _extract(text: str, fields: list[OntologyField], labels: list[str] | None = None,
             identities: list[dict[str, Any]] | None = None,
             **configs: Any) -> ExtractionResult:
    doc = Document(id="d1", filename="c.txt", text=text, labels=labels or [],
                   metadata={"organization_identities": identities or []})
    result: ExtractionResult = asyncio.run(
        ce.ContractExtractor().extract(doc, None, "text/plain", fields, configs))
    return result


def _check_evidence(text: str, data: dict[str, Any]) -> None:
    for field, spans in data["_evidence"].items():
        assert field in data
        for span in spans:
            assert text[span["start"]:span["end"]] == span["text"]


SAMPLE = (
    "MASTER SERVICES AGREEMENT\n\nThis Master Services Agreement (the \u201cAgreement\u201d) is "
    "made and entered into as of March 15, 2021 by and between Acme Widgets, Inc., a Delaware "
    "corporation (\u201cAcme\u201d), and Example Holdings Inc., a Nevada corporation "
    "(\u201cCustomer\u201d).\n\n1. Term. This Agreement shall commence on April 1, 2021 (the "
    "\u201cEffective Date\u201d) and shall continue for a period of two (2) years. Thereafter it "
    "shall automatically renew for successive one (1) year periods unless either party gives "
    "written notice of non-renewal at least ninety (90) days prior to the end of the then-"
    "current term.\n2. Fees. The total contract value is $120,000.\n3. This Agreement shall "
    "be governed by the laws of the State of New York, without regard to conflicts of law."
)


def test_sample_all_fields_with_evidence() -> None:
    result = _extract(SAMPLE, ALL, labels=["Contract", "Service"], identities=[
        {"kind": "LEGAL_NAME", "value": "Example Holdings, Inc.", "primary": True}])
    data = result.data
    assert data["parties"] == ["Acme Widgets, Inc.", "Example Holdings Inc."]
    assert data["counterparty"] == "Acme Widgets, Inc."
    assert data["agreement_date"] == "2021-03-15"
    assert data["effective_date"] == "2021-04-01"
    assert data["term"]["iso"] == "P2Y"
    assert data["renewal_term"] == {"value": 1, "unit": "year", "iso": "P1Y"}
    assert data["notice_period"] == {"value": 90, "unit": "day", "iso": "P90D"}
    assert data["governing_law"] == "New York"
    assert data["contract_value"] == {"amount": 120000.0, "currency": "USD"}
    assert data["currency"] == "USD"
    assert result.document_type == "Service"
    assert result.llm_fields == []
    _check_evidence(SAMPLE, data)


def test_only_requested_fields() -> None:
    result = _extract(SAMPLE, [OntologyField("governing_law", "string")])
    assert set(result.data) == {"governing_law", "_evidence", "_confidence"}
    assert 0 < result.data["_confidence"]["governing_law"] <= 1
    assert result.document_type is None


def test_an_inferred_effective_date_reports_a_lower_confidence_than_a_stated_one() -> None:
    # SAMPLE states its effective date; this one only says when it was made, so the effective
    # date is inferred from it (decisions 101, 400), which the calibration weighs down
    made_only = SAMPLE.replace("This Agreement shall commence on April 1, 2021 (the "
                               "\u201cEffective Date\u201d) and", "This Agreement")
    fields = _fields("agreement_date", "effective_date")
    stated = _extract(SAMPLE, fields).data
    inferred = _extract(made_only, fields).data
    assert inferred["effective_date"] == inferred["agreement_date"] == "2021-03-15"
    assert inferred["_confidence"]["effective_date"] < stated["_confidence"]["effective_date"]
    assert 0 < inferred["_confidence"]["effective_date"] < 1


def test_fields_are_matched_by_meaning_and_returned_under_the_asked_name() -> None:
    asked = [
        OntologyField("notice_period_to_terminate_renewal", "duration"),
        OntologyField("signed_on", "date", "Date the agreement was signed"),
        OntologyField("law", "string", "Whose law governs the agreement"),
        OntologyField("favourite_colour", "string", "The colour of the cover page"),
    ]
    data = _extract(SAMPLE, asked).data
    assert data["notice_period_to_terminate_renewal"] == {"value": 90, "unit": "day",
                                                          "iso": "P90D"}
    assert data["signed_on"] == "2021-03-15"
    assert data["law"] == "New York"
    assert data["_unsupported"] == ["favourite_colour"]
    assert set(data["_evidence"]) == set(data["_confidence"]) == {
        "notice_period_to_terminate_renewal", "signed_on", "law"}


def test_counterparty_needs_identities() -> None:
    result = _extract(SAMPLE, [OntologyField("parties", "list[string]")])
    assert "counterparty" not in result.data


def test_use_llm_without_provider_falls_back() -> None:
    result = _extract("no contract here", [OntologyField("governing_law", "string")],
                      use_llm=True)
    assert result.llm_fields == []
    assert "governing_law" not in result.data


@needs_corpus
def test_cuad_endorsement_agreement() -> None:
    path = next(p for p in CUAD.iterdir() if "EX-10.17-ENDORSEMENT AGREEMENT" in p.name)
    text = path.read_text(encoding="utf-8", errors="replace")
    result = _extract(text, ALL)
    _check_evidence(text, result.data)
    assert result.data.get("agreement_date") == "2005-01-13"
    assert result.data.get("governing_law") == "Kansas"


# --- focused patterns (synthetic sentences) -------------------------------------------

F = {name: OntologyField(name, "string") for name in ce.CONTRACT_FIELDS}


def _fields(*names: str) -> list[OntologyField]:
    return [F[n] for n in names]


def _run(text: str, *names: str) -> dict[str, Any]:
    data = _extract(text, _fields(*names)).data
    _check_evidence(text, data)
    return data


def test_expiration_from_term_relative_to_effective_date() -> None:
    text = ("This Supply Agreement is entered into as of June 5, 2018 (the \"Effective Date\"). "
            "1. Term. This Agreement shall commence on the Effective Date and continue for a "
            "period of five (5) years, unless terminated earlier.")
    data = _run(text, "expiration_date", "term")
    # CUAD's lawyers date "five years from the Effective Date" on the anniversary itself
    assert data["expiration_date"] == "2023-06-05"
    assert data["term"]["iso"] == "P5Y"
    spans = data["_evidence"]["expiration_date"]
    assert [s["text"] for s in spans] == ["June 5, 2018", "five (5) years"]


def test_expiration_on_nth_anniversary() -> None:
    text = ("This Agreement is made as of February 29, 2016 (the \"Effective Date\"). The term "
            "of this Agreement shall begin on the Effective Date and shall continue until the "
            "third (3rd) anniversary of the Effective Date.")
    data = _run(text, "expiration_date", "term")
    assert data["expiration_date"] == "2019-02-28"  # clamped to the month's last day
    assert data["term"] == {"value": 3, "unit": "year", "iso": "P3Y"}


def test_expiration_explicit_dates() -> None:
    text = ("Agreement dated January 2, 2020. The term of this Agreement shall commence on "
            "January 2, 2020 and shall continue for a term of three (3) years expiring "
            "December 31, 2022.")
    assert _run(text, "expiration_date")["expiration_date"] == "2022-12-31"
    text2 = ("Agreement dated May 1, 2013. The Cooperation Term of this Agreement shall be two "
             "years from May 1, 2013 to April 30, 2015.")
    assert _run(text2, "expiration_date")["expiration_date"] == "2015-04-30"


def test_expiration_term_from_stated_date_and_from_other_event() -> None:
    text = ("Agreement dated December 1, 2015. The term of the Franchise shall be twenty (20) "
            "years, commencing on January 1, 2016.")
    data = _run(text, "expiration_date")
    assert data["expiration_date"] == "2036-01-01"
    other = ("Agreement dated as of March 3, 2010. The term of this Agreement shall continue "
             "for three (3) years from the first commercial sale of the Product.")
    assert "expiration_date" not in _run(other, "expiration_date")


def test_term_phrases() -> None:
    cases = {
        "The initial term of this Agreement shall be for 3 years.": "P3Y",
        "This Agreement will take effect on the Effective Date and remain in effect for a "
        "period of 1 year.": "P1Y",
        "This Agreement shall be effective from and after the Effective Date for two (2) "
        "years or until its earlier termination.": "P2Y",
        "Each party's obligations under this Agreement expire upon the earlier of (i) 18 "
        "months after the date of this Agreement, and (ii) the closing.": "P18M",
        "This Agreement shall commence on the Effective Date and shall continue thereafter "
        "for a period of twelve (12) months.": "P12M",
    }
    for text, iso in cases.items():
        assert _run(text, "term")["term"]["iso"] == iso, text


def test_term_ignores_other_periods() -> None:
    for text in (
        "For a period of one (1) year after the termination of this Agreement, neither party "
        "shall solicit the other's employees.",
        "The Chairperson shall serve for a term of one (1) year.",
        "This Agreement shall automatically renew for successive periods of one (1) year.",
        "Sections 5 and 6 shall survive termination of this Agreement for two (2) years.",
    ):
        assert "term" not in _run(text, "term"), text


def test_parties_without_between() -> None:
    text = ("CONSULTING AGREEMENT\nGlobal Widgets, Ltd (\u201cCompany\u201d) and Jane Q. "
            "Smith (\u201cConsultant\u201d) agree as follows:\n1. Services.")
    assert _run(text, "parties")["parties"] == ["Global Widgets, Ltd", "Jane Q. Smith"]
    block = ("COVENANT NOT TO COMPETE AGREEMENT PARTIES: John A. Doe (\u201cEmployee\u201d) "
             "Acme Footwear, Inc., and its affiliates (\u201cACME\u201d) DATE: May 1, 2019")
    assert _run(block, "parties")["parties"] == ["John A. Doe", "Acme Footwear, Inc."]


def test_parties_initials_and_unbalanced_quote() -> None:
    text = ("This Agreement is entered into by and between Michael A. Lynch (\"Executive\") "
            "and Cardinal Widgets, Inc. (\"Company\").")
    assert _run(text, "parties")["parties"] == ["Michael A. Lynch", "Cardinal Widgets, Inc."]
    typo = ("This Agreement is entered into between Ninety Stores, a California corporation "
            "(the Company\"), and Green & Partners, L.P., a limited partnership "
            "(\"Counterparty\").")
    assert _run(typo, "parties")["parties"] == ["Ninety Stores", "Green & Partners, L.P."]


def test_parties_defined_terms_skip_institutions() -> None:
    text = ("Acme Bank (the \"Bank\") and the Federal Deposit Insurance Corporation (the "
            "\"FDIC\") and the Board of Directors (the \"Board\") and Beta Capital LLC (the "
            "\"Agent\") agree.")
    names = _run(text, "parties")["parties"]
    assert "Board of Directors" not in names
    assert names[0] == "Acme Bank"


def test_notice_period_only_for_non_renewal() -> None:
    renewal = ("This Agreement shall automatically renew for successive one (1) year periods "
               "unless either party gives notice of non-renewal at least sixty (60) days "
               "prior to the end of the then-current term.")
    assert _run(renewal, "notice_period")["notice_period"]["iso"] == "P60D"
    no_renewal = ("Either party may terminate this Agreement upon thirty (30) days' prior "
                  "written notice. Upon expiration the Distributor shall return all samples.")
    assert "notice_period" not in _run(no_renewal, "notice_period")


def test_governing_law_variants() -> None:
    cases = {
        "THIS AGREEMENT SHALL BE GOVERNED BY, AND CONSTRUED IN ACCORDANCE WITH, THE LAW OF "
        "THE STATE OF NEW YORK.": "New York",
        "This agreement shall be governed by the Laws of England (English common law).":
            "England",
        "The interpretation of this Contract shall be controlled by the laws of the State "
        "of Texas.": "Texas",
        "Each party submits to the exclusive jurisdiction of the courts of Ontario.": "Ontario",
    }
    for text, place in cases.items():
        assert _run(text, "governing_law")["governing_law"] == place, text
    incorporated = "Acme, a corporation organized under the laws of the State of Nevada."
    assert "governing_law" not in _run(incorporated, "governing_law")


# --- real corpus documents ----------------------------------------------------------------


def _cuad(fragment: str) -> str:
    path = next(p for p in CUAD.iterdir() if fragment in p.name)
    return path.read_text(encoding="utf-8", errors="replace")


@needs_corpus
def test_cuad_expiration_from_initial_term() -> None:
    text = _cuad("EX-10.1-STRATEGIC ALLIANCE AGREEMENT")  # "for a period of two (2) years"
    data = _extract(text, ALL).data
    _check_evidence(text, data)
    assert data.get("effective_date") == "2010-10-22"
    assert data.get("expiration_date") == "2012-10-22"


@needs_corpus
def test_cuad_expiration_from_anniversary() -> None:
    text = _cuad("EX-10.6-OPERATIONS AND MAINTENANCE")  # "until the twentieth anniversary"
    data = _extract(text, ALL).data
    _check_evidence(text, data)
    assert data.get("expiration_date") == "2029-06-30"
    assert data.get("governing_law") == "Texas"


# German and French contracts (issue 34): the English finders, then their German and French rules
# (rulebook/de/*.toml, rulebook/fr/*.toml; service_builtins.extraction.other_languages)
_P3M = {"value": 3, "unit": "month", "iso": "P3M"}
_P30D = {"value": 30, "unit": "day", "iso": "P30D"}
_P2Y = {"value": 2, "unit": "year", "iso": "P2Y"}
_P24M = {"value": 24, "unit": "month", "iso": "P24M"}
_P12M = {"value": 12, "unit": "month", "iso": "P12M"}
_P1Y = {"value": 1, "unit": "year", "iso": "P1Y"}


@pytest.mark.parametrize(("field", "clause", "value", "rule"), [
    ("notice_period", "Der Vertrag kann mit einer Frist von drei Monaten zum Vertragsende "
     "gekündigt werden.", _P3M, "notice_period.frist_gekuendigt.de"),
    ("notice_period", "Jede Partei kann diesen Vertrag unter Einhaltung einer Kündigungsfrist "
     "von 30 Tagen schriftlich kündigen.", _P30D, "notice_period.kuendigungsfrist.de"),
    ("notice_period", "Chaque partie peut résilier le présent contrat moyennant un préavis de "
     "trois (3) mois.", _P3M, "notice_period.preavis.fr"),
    ("notice_period", "La résiliation prend effet après un préavis écrit de 30 jours.", _P30D,
     "notice_period.preavis.fr"),
    ("term", "Der Vertrag wird für eine Laufzeit von zwei Jahren geschlossen.", _P2Y,
     "term.laufzeit.de"),
    ("term", "Die Vertragslaufzeit beträgt 24 Monate.", _P24M, "term.laufzeit.de"),
    ("term", "Le présent contrat est conclu pour une durée de deux (2) ans.", _P2Y,
     "term.duree.fr"),
    ("term", "Le contrat est conclu pour une période initiale de 12 mois.", _P12M,
     "term.duree.fr"),
    ("renewal_term", "Der Vertrag verlängert sich automatisch um jeweils ein (weiteres) Jahr, "
     "wenn er nicht mit einer Frist von drei Monaten zum Vertragsende gekündigt wird.", _P1Y,
     "renewal_term.verlaengert_sich.de"),
    ("renewal_term", "Le contrat se renouvellera tacitement par périodes successives d'un (1) "
     "an, sauf dénonciation par l'une des parties.", _P1Y, "renewal_term.renouvellement.fr"),
    ("effective_date", "Dieser Vertrag tritt am 1. März 2024 in Kraft.", "2024-03-01",
     "effective_date.in_kraft.de"),
    ("effective_date", "Le présent contrat entre en vigueur le 1er mars 2024.", "2024-03-01",
     "effective_date.en_vigueur.fr"),
    ("agreement_date", "Dieser Vertrag wurde geschlossen am 1. März 2024.", "2024-03-01",
     "agreement_date.geschlossen_am.de"),
    ("agreement_date", "Fait à Paris, le 1er mars 2024, en deux exemplaires.", "2024-03-01",
     "agreement_date.fait_a.fr"),
    ("parties", "Dieser Vertrag wird zwischen der Muster Software GmbH, Musterstraße 1, 10115 "
     "Berlin – nachstehend „Auftraggeber“ genannt – und der Beispiel AG, München – nachstehend "
     "„Auftragnehmer“ genannt – geschlossen.", ["Muster Software GmbH", "Beispiel AG"],
     "parties.zwischen.de"),
    ("parties", "ENTRE LES SOUSSIGNÉS : La société ACME Conseil SAS, au capital de 10 000 euros, "
     "ci-après « le Client », D'UNE PART, ET : La société Beta Services SARL, Lyon, ci-après "
     "« le Prestataire », D'AUTRE PART.", ["ACME Conseil SAS", "Beta Services SARL"],
     "parties.entre.fr"),
    ("contract_value", "Die Gesamtvergütung beträgt 120.000,00 EUR zuzüglich Umsatzsteuer.",
     {"amount": 120000.0, "currency": "EUR"}, "contract_value.verguetung.de"),
    ("contract_value", "Le prix total est de 120 000 euros HT.",
     {"amount": 120000.0, "currency": "EUR"}, "contract_value.prix.fr"),
    ("currency", "Der Auftragnehmer erhält einen Festpreis von CHF 12.500.", "CHF",
     "currency.of_contract_value"),
    ("expiration_date", "Der Vertrag endet am 31. Dezember 2025, ohne dass es einer Kündigung "
     "bedarf.", "2025-12-31", "expiration_date.endet_am.de"),
    ("expiration_date", "Le présent contrat prendra fin le 31 décembre 2025.", "2025-12-31",
     "expiration_date.prend_fin.fr"),
])
def test_a_german_or_french_clause_through_the_same_finders(
        field: str, clause: str, value: Any, rule: str) -> None:
    data = _extract(clause, _fields(field)).data
    assert data[field] == value
    assert {span["rule"] for span in data["_evidence"][field]} == {rule}
    _check_evidence(clause, data)


@pytest.mark.parametrize(("field", "text"), [
    # a payment deadline, a term of indefinite length, a renewal that needs both parties, a
    # termination without notice, a date that is no start
    ("notice_period", "Die Rechnung ist mit einer Frist von 14 Tagen zu zahlen."),
    ("notice_period", "Le contrat peut être résilié sans préavis ni indemnité."),
    ("term", "Der Vertrag wird auf unbestimmte Zeit geschlossen."),
    ("term", "Le contrat se renouvellera tacitement pour une durée d'un an."),
    ("renewal_term", "Der Vertrag kann um ein Jahr verlängert werden, wenn beide Parteien "
     "zustimmen."),
    ("renewal_term", "Le contrat n'est pas renouvelable."),
    ("effective_date", "Dieser Vertrag tritt mit seiner Unterzeichnung in Kraft."),
    ("effective_date", "La facture est payable le 1er mars 2024."),
    ("parties", "Streitigkeiten zwischen den Parteien und Dritten werden gütlich beigelegt."),
    ("contract_value", "Die Vergütung ist in Anlage 3 geregelt."),
    ("expiration_date", "Die Probezeit endet am 31. März 2024."),
    ("expiration_date", "La période d'essai prend fin le 31 mars 2024."),
    ("contract_value", "Le prix est indiqué en annexe, soit 3 exemplaires."),
    ("parties", "Les différends entre les parties et leurs sous-traitants sont réglés à "
     "l'amiable."),
])
def test_a_german_or_french_non_clause_gives_nothing(field: str, text: str) -> None:
    assert field not in _extract(text, _fields(field)).data


def test_a_german_and_a_french_contract() -> None:
    german = (
        "Dienstleistungsvertrag\n\nzwischen der Muster Software GmbH, Berlin, und der Beispiel "
        "AG, München\n\n§ 1 Laufzeit\nDieser Vertrag tritt am 1. März 2024 in Kraft "
        "und wird für eine Laufzeit von zwei Jahren geschlossen. Er verlängert sich automatisch "
        "um jeweils ein weiteres Jahr, wenn er nicht mit einer Frist von drei Monaten zum "
        "Vertragsende gekündigt wird.\n§ 2 Recht\nDieser Vertrag unterliegt deutschem Recht.\n\n"
        "Berlin, den 15. Februar 2024")
    french = (
        "Contrat de prestation de services\n\nEntre la société ACME Conseil SAS, Paris, d'une "
        "part, et la société Beta Services SARL, Lyon, d'autre part.\n\nArticle 1 - Durée\nLe "
        "présent contrat entre en vigueur le 1er mars 2024. Il est conclu pour une durée de "
        "deux (2) ans et se renouvellera tacitement par périodes successives d'un (1) an, "
        "sauf dénonciation moyennant un préavis de trois (3) mois.\nArticle 2 - Droit "
        "applicable\nLe présent contrat est régi par le droit français.\n\nFait à Paris, le "
        "15 février 2024")
    for text, law, parties in ((german, "Germany", ["Muster Software GmbH", "Beispiel AG"]),
                               (french, "France", ["ACME Conseil SAS", "Beta Services SARL"])):
        data = _extract(text, ALL).data
        assert data["parties"] == parties
        assert data["agreement_date"] == "2024-02-15"
        assert data["effective_date"] == "2024-03-01"
        assert data["term"] == _P2Y
        assert data["expiration_date"] == "2026-03-01"  # the effective date plus the term
        assert data["renewal_term"] == _P1Y
        assert data["notice_period"] == _P3M
        assert data["governing_law"] == law
        _check_evidence(text, data)


COMMON_PAPER = CORPUS / "agreements-md" / "commonpaper"


@pytest.mark.skipif(not COMMON_PAPER.is_dir(), reason="shared corpus not present")
@pytest.mark.parametrize("path", sorted(
    p.relative_to(COMMON_PAPER).as_posix() for p in COMMON_PAPER.glob("*/*.md")
    if p.name != "README.md") if COMMON_PAPER.is_dir() else [])
def test_a_blank_common_paper_template_states_no_value(path: str) -> None:
    # the standard terms name their parties and governing law by variables filled in on a
    # cover page ("the laws of the State of <span class="coverpage_link">Governing Law</span>",
    # "this Cover Page ("**Cover Page**")"): no value is read from a variable's name
    text = (COMMON_PAPER / path).read_text(encoding="utf-8")
    data = _extract(text, ALL).data
    assert {k: v for k, v in data.items() if not k.startswith("_")} == {}


def test_a_filled_markdown_cover_page_with_bold_values() -> None:
    text = (
        "# Mutual Non-Disclosure Agreement\n\n"
        "This Mutual Non-Disclosure Agreement is entered into as of **March 1, 2024** by and "
        "between **Acme Corp.**, a Delaware corporation (\u201c**Acme**\u201d), and "
        "**Beta LLC**, a New York limited liability company (\u201c**Beta**\u201d).\n\n"
        "### MNDA Term\n- [x]     Expires **2 years** from Effective Date.\n\n"
        "### Governing Law & Jurisdiction\nGoverning Law: **Delaware**\n\n"
        "Jurisdiction: courts located in [New Castle, DE](https://example.com/de)\n")
    data = _extract(text, ALL).data
    assert data["parties"] == ["Acme Corp.", "Beta LLC"]
    assert data["effective_date"] == "2024-03-01"
    assert data["term"]["iso"] == "P2Y"
    assert data["expiration_date"] == "2026-03-01"
    assert data["governing_law"] == "Delaware"
    assert data["_evidence"]["governing_law"][0]["text"] == "Delaware"
    _check_evidence(text, data)


def test_the_laws_of_a_state_left_blank_name_no_place() -> None:
    text = ("THIS AGREEMENT SHALL BE CONSTRUED UNDER THE LAWS OF THE STATE IN WHICH THE "
            "RESTAURANT IS LOCATED.")
    assert "governing_law" not in _extract(text, ALL).data
