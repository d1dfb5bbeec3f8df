"""Deciding a level: the choice, or an abstention with its reason."""

from __future__ import annotations

import pytest

from service_builtins.classification import calibration
from service_builtins.classification.decision import decide, has_subtrees

ONTOLOGY = {
    "Contract": {"path": ["Contract"]},
    "NDA": {"path": ["Contract", "NDA"]},
    "Invoice": {"path": ["Invoice"]},
}


def test_levels_with_subtrees() -> None:
    assert has_subtrees(ONTOLOGY, ["Contract", "Invoice"], [])
    assert not has_subtrees(ONTOLOGY, ["NDA"], ["Contract"])
    assert not has_subtrees(ONTOLOGY, ["Invoice"], [])


def test_a_close_call_abstains_only_where_the_ratio_applies() -> None:
    # BM25 scores 50 vs 45: the softmax says ~1.0, the scores say both readings are strong.
    distribution = {"Contract": 0.97, "Invoice": 0.03}
    raw = {"Contract": (50.0, ["agreement"]), "Invoice": (45.0, ["invoice"])}
    leaf_level = decide(distribution, raw, 0.4, 0.05, 2.0)
    assert (leaf_level.label, leaf_level.reason) == ("Contract", None)
    inner_level = decide(distribution, raw, 0.4, 0.05, 2.0, max_score_ratio=0.8)
    assert (inner_level.label, inner_level.best, inner_level.reason) == (
        None, "Contract", "close call")
    clear = decide(distribution, {**raw, "Invoice": (20.0, [])}, 0.4, 0.05, 2.0,
                   max_score_ratio=0.8)
    assert clear.label == "Contract"


def test_a_label_ranked_first_by_its_similarity_is_no_close_call_at_a_leaf_level() -> None:
    # below the root the label similarity can put a label with less BM25 evidence first
    distribution = {"Carriage": 0.7, "Upkeep": 0.3}
    raw = {"Carriage": (8.0, ["freight"]), "Upkeep": (9.0, ["repair"])}
    leaf_level = decide(distribution, raw, 0.4, 0.05, 2.0)
    assert (leaf_level.label, leaf_level.reason) == ("Carriage", None)


def test_the_supervised_model_overrules_a_close_call() -> None:
    distribution = {"Contract": 0.9, "Invoice": 0.1}
    raw: dict[str, tuple[float, list[str]]] = {"Contract": (50.0, []), "Invoice": (45.0, [])}
    assert decide(distribution, raw, 0.4, 0.05, 2.0, supervised_examples=30,
                  max_score_ratio=0.8).label == "Contract"


def test_the_runner_up_is_another_label_when_the_calibrated_best_is_unlikely(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Where the fitted map states a raw 0.51 top label at 0.2, the others share 0.8 and one of
    # them is more probable than the best: it is the runner-up, and the level abstains.
    monkeypatch.setattr(calibration, "parameters", lambda: {
        "isotonic": {"root": {"x": [0.5, 0.6, 0.7, 1.0], "y": [0.2, 0.2, 0.95, 0.99]}},
        "min_probability": 0.3, "root_min_evidence": 5.0})
    distribution = {"Policy": 0.51, "Invoice": 0.47, "Contract": 0.02}
    raw = {"Policy": (10.6, ["policy"]), "Invoice": (9.7, ["bill"]), "Contract": (0.9, [])}
    decision = decide(distribution, raw, 0.4, 0.05, 2.0, depth=0)
    assert decision.best == "Policy"
    assert decision.runner_up == "Invoice"
    assert decision.runner_up_probability > decision.probability
    assert (decision.label, decision.reason) == (None, "low confidence")


def test_below_the_root_the_prototypes_stand_in_for_missing_words(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a joint venture agreement that never says "joint venture": no BM25 evidence for the
    # label, but the fitted probability (which reads the types' prototypes) is high
    monkeypatch.setattr(calibration, "parameters", lambda: {
        "prototype_weight": {"inner": 20.0}, "min_probability": 0.4})
    distribution = {"Joint Venture": 0.95, "Supply": 0.05}
    raw: dict[str, tuple[float, list[str]]] = {"Joint Venture": (0.0, []), "Supply": (0.5, [])}
    inner = decide(distribution, raw, 0.2, 0.02, 2.0, depth=1)
    assert (inner.label, inner.reason) == ("Joint Venture", None)
    # the root keeps its evidence: there it is the out-of-domain gate
    root = decide(distribution, raw, 0.2, 0.02, 2.0, depth=0)
    assert (root.label, root.reason) == (None, "out of domain")
    # without prototypes a label needs its words below the root too
    monkeypatch.setattr(calibration, "parameters", lambda: {"min_probability": 0.4})
    assert decide(distribution, raw, 0.2, 0.02, 2.0, depth=1).reason == "no evidence"


def test_where_the_prototypes_take_part_the_probability_speaks_not_the_score_ratio(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # terms of service that say "agreement" throughout: by their words nearly a contract
    # (45 against 50), but read against the kinds' prototypes a policy, at the fitted p
    distribution = {"Policy": 0.99, "Contract": 0.01}
    raw = {"Contract": (45.0, ["agreement"]), "Policy": (50.0, ["terms of service"])}
    monkeypatch.setattr(calibration, "parameters", lambda: {
        "prototype_weight": {"root": 40.0}, "root_min_evidence": 9.0, "min_probability": 0.3})
    root = decide(distribution, raw, 0.2, 0.02, 2.0, max_score_ratio=0.8, depth=0)
    assert (root.label, root.reason) == ("Policy", None)
    # the out-of-domain gate still reads the words
    faint: dict[str, tuple[float, list[str]]] = {"Contract": (4.0, []), "Policy": (5.0, [])}
    assert decide(distribution, faint, 0.2, 0.02, 2.0, max_score_ratio=0.8,
                  depth=0).reason == "out of domain"
    # without prototypes at the root the close call stands
    monkeypatch.setattr(calibration, "parameters", lambda: {
        "root_min_evidence": 9.0, "min_probability": 0.3})
    assert decide(distribution, raw, 0.2, 0.02, 2.0, max_score_ratio=0.8,
                  depth=0).reason == "close call"
