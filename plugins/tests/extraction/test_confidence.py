"""Per-value confidence of the contract finders (service_builtins.extraction.confidence)."""

from __future__ import annotations

import math

from service_builtins.extraction.confidence import calibrated, parameters
from service_builtins.extraction.rules import RULE_CONFIDENCE, extract_contract_fields

#: the fields the quality corpus scores, each with a fitted calibration
SCORED = ("parties", "agreement_date", "effective_date", "expiration_date", "term",
          "renewal_term", "notice_period", "governing_law")
FILLER = "The parties agree on the terms set out below. " * 30
OPENING = ("This Services Agreement is made and entered into as of March 15, 2021 by and between "
           "Acme Widgets, Inc. (\"Acme\") and Beta Holdings LLC (\"Beta\"). ")
TERMS = ("This Agreement shall automatically renew for successive one (1) year periods unless "
         "either party gives written notice of non-renewal at least ninety (90) days prior to "
         "the end of the then-current term. ")


def test_the_calibration_file_loads_with_a_finite_model_per_scored_field() -> None:
    fields = parameters()["fields"]
    assert set(SCORED) <= set(fields)
    for field in SCORED:
        entry = fields[field]
        assert math.isfinite(entry["intercept"])
        assert all(math.isfinite(w) for w in entry["weights"].values())
        assert entry["samples"] >= entry["right"] > 0


def test_every_confidence_is_a_probability() -> None:
    text = (OPENING + FILLER + TERMS + "This Agreement shall be governed by the laws of the "
            "State of New York. IN WITNESS WHEREOF the parties have executed this Agreement.")
    found = extract_contract_fields(text, set(SCORED) | {"counterparty", "currency"})
    assert {"parties", "agreement_date", "effective_date", "renewal_term", "notice_period",
            "governing_law"} <= set(found.confidence)
    assert all(0.0 <= p <= 1.0 for p in found.confidence.values())
    # a field the corpus cannot score keeps its rule precision
    assert calibrated("counterparty", {}) is None


def test_a_jurisdiction_read_from_the_courts_only_is_less_sure_than_a_choice_of_law() -> None:
    law = "This Agreement shall be governed by the laws of the State of New York. "
    courts = ("Each party submits to the exclusive jurisdiction of the courts of the State of "
              "New York. ")
    by_law = extract_contract_fields(OPENING + FILLER + law, {"governing_law"})
    by_courts = extract_contract_fields(OPENING + FILLER + courts, {"governing_law"})
    assert by_law.data["governing_law"] == by_courts.data["governing_law"] == "New York"
    assert by_law.features["governing_law"]["rule=laws_of"] == 1.0
    assert by_courts.features["governing_law"]["rule=courts"] == 1.0
    assert by_courts.confidence["governing_law"] < by_law.confidence["governing_law"]


def test_a_date_the_contract_repeats_is_surer_than_one_it_states_once() -> None:
    once = extract_contract_fields(OPENING + FILLER, {"agreement_date"})
    again = extract_contract_fields(
        OPENING + FILLER + "IN WITNESS WHEREOF the parties have executed this Agreement as of "
        "March 15, 2021.", {"agreement_date"})
    assert once.data["agreement_date"] == again.data["agreement_date"] == "2021-03-15"
    assert again.features["agreement_date"]["repeats"] > once.features["agreement_date"][
        "repeats"] == 0.0
    assert again.confidence["agreement_date"] > once.confidence["agreement_date"]


def test_parties_from_a_preamble_list_are_surer_than_one_name_and_the_signatures() -> None:
    listed = extract_contract_fields(OPENING + FILLER, {"parties"})
    one = extract_contract_fields(
        "Acme Widgets, Inc. (the \"Company\") hereby agrees as follows. " + FILLER
        + "IN WITNESS WHEREOF. ACCEPTED AND AGREED: BETA HOLDINGS LLC By: /s/ Jane Doe",
        {"parties"})
    assert listed.features["parties"]["rule=preamble"] == 1.0
    assert not any(k == "rule=preamble" for k in one.features["parties"])
    assert one.confidence["parties"] < listed.confidence["parties"]


def test_the_inferred_effective_date_has_its_own_confidence() -> None:
    stated = extract_contract_fields(
        OPENING.replace("as of March 15, 2021", "as of March 15, 2021 (the \"Effective "
                        "Date\")") + FILLER, {"effective_date"})
    inferred = extract_contract_fields(OPENING + FILLER, {"effective_date"})
    assert stated.data["effective_date"] == inferred.data["effective_date"] == "2021-03-15"
    assert inferred.features["effective_date"]["inferred"] == 1.0
    assert stated.features["effective_date"]["inferred"] == 0.0
    assert inferred.confidence["effective_date"] < stated.confidence["effective_date"]
    assert RULE_CONFIDENCE["effective_date"] != inferred.confidence["effective_date"]
