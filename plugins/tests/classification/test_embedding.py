"""Sentence embeddings of a customer's wording: the NumPy encoder gives sentence-transformers'
vectors (the ONNX graph the classifier runs is checked against it in test_encoder_graph.py),
and a label worded with no knowledge-base word still resembles its documents."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from service_builtins.classification import calibration
from service_builtins.classification.decision import zero_shot_distribution
from service_builtins.classification.embedding import (
    GRAPH,
    NumpyEncoder,
    label_similarities,
    label_text,
    model_dir,
    similarity,
)

PLUGINS = Path(__file__).resolve().parents[2]

#: The first components of sentence-transformers' ``encode(text, normalize_embeddings=True)``
#: with the same checkpoint (bench/quality/embedding_check.py printed them).
REFERENCE = {
    "Carriage": [-0.03582, 0.01024, -0.00424, 0.05168],
    "Software License. Rights to use software, technology, patents or brands for royalties.":
        [-0.05072, -0.00663, -0.04074, -0.08527],
}


@pytest.mark.parametrize(("text", "head"), REFERENCE.items())
def test_the_numpy_encoder_gives_sentence_transformers_vectors(text: str,
                                                               head: list[float]) -> None:
    vector = NumpyEncoder(model_dir()).encode(text)
    assert vector.shape == (384,)
    assert float(np.linalg.norm(vector)) == pytest.approx(1.0, abs=1e-5)
    assert vector[:4].tolist() == pytest.approx(head, abs=5e-5)


def test_a_synonym_resembles_the_kind_more_than_another_kind() -> None:
    transport = "MOTOR CARRIER TRANSPORTATION CONTRACT The Carrier shall transport the freight"
    assert similarity("Carriage", transport) > similarity("Software License", transport)
    assert similarity("Referral Partner", "Affiliate program agreements") > similarity(
        "Referral Partner", "Hosting agreements")


ONTOLOGY: dict[str, dict[str, Any]] = {
    "Contract": {"description": "", "path": ["Contract"]},
    "Carriage": {"description": "Moving cargo for a shipper.", "path": ["Contract", "Carriage"]},
    "Upkeep": {"description": "Keeping equipment working.", "path": ["Contract", "Upkeep"]},
}


def test_label_text_is_the_name_then_the_description() -> None:
    assert label_text("Carriage", ONTOLOGY["Carriage"]) == "Carriage. Moving cargo for a shipper."
    assert label_text("Upkeep", {}) == "Upkeep"


def test_a_document_resembles_the_label_of_its_kind() -> None:
    text = ("TRANSPORTATION SERVICES AGREEMENT. The Carrier shall pick up the Shipper's cargo "
            "and deliver it by truck to the consignee; freight charges per load.")
    sims = label_similarities(text, ["Carriage", "Upkeep"], ONTOLOGY)
    assert sims["Carriage"] > sims["Upkeep"]


def test_below_the_root_the_similarity_moves_the_zero_shot_distribution(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = "The Carrier shall pick up the Shipper's cargo and deliver it by truck."
    raw: dict[str, tuple[float, list[str]]] = {"Carriage": (5.0, []), "Upkeep": (5.0, [])}
    monkeypatch.setattr(calibration, "parameters", lambda: {})
    alone = zero_shot_distribution(text, raw, ["Carriage", "Upkeep"], ONTOLOGY, 1)
    assert alone["Carriage"] == pytest.approx(0.5)
    monkeypatch.setattr(calibration, "parameters", lambda: {"embedding_weight": {"inner": 10.0}})
    both = zero_shot_distribution(text, raw, ["Carriage", "Upkeep"], ONTOLOGY, 1)
    assert both["Carriage"] > 0.6
    # the root stays BM25 alone
    root = zero_shot_distribution(text, raw, ["Carriage", "Upkeep"], ONTOLOGY, 0)
    assert root["Carriage"] == pytest.approx(0.5)


def test_a_label_named_only_has_its_own_weight(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "The Carrier shall pick up the Shipper's cargo and deliver it by truck."
    ontology = {**ONTOLOGY, "Upkeep": {"path": ["Contract", "Upkeep"]}}
    raw: dict[str, tuple[float, list[str]]] = {"Carriage": (5.0, []), "Upkeep": (5.0, [])}
    monkeypatch.setattr(calibration, "parameters", lambda: {
        "embedding_weight": {"inner": 0.0, "inner_name_only": 10.0}})
    # only the label without a description moves (a logit of 10 x its similarity)
    sims = label_similarities(text, ["Carriage", "Upkeep"], ontology)
    moved = zero_shot_distribution(text, raw, ["Carriage", "Upkeep"], ontology, 1)
    expected = 1 / (1 + np.exp(10.0 * sims["Upkeep"]))
    assert moved["Carriage"] == pytest.approx(expected, rel=1e-4)


def test_without_the_model_the_level_is_bm25_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    from service_builtins.classification import embedding

    def unavailable(*_args: object) -> dict[str, float]:
        raise embedding.EmbeddingUnavailable("the model could not be loaded: MemoryError")

    monkeypatch.setattr("service_builtins.classification.decision.label_similarities",
                        unavailable)
    monkeypatch.setattr(calibration, "parameters", lambda: {"embedding_weight": {"inner": 10.0}})
    raw: dict[str, tuple[float, list[str]]] = {"Carriage": (5.0, []), "Upkeep": (5.0, [])}
    alone = zero_shot_distribution("cargo by truck", raw, ["Carriage", "Upkeep"], ONTOLOGY, 1)
    assert alone["Carriage"] == pytest.approx(0.5)


@pytest.mark.skipif(not GRAPH.is_file(), reason="the ONNX graph is not installed (make install)")
def test_the_onnx_encoder_leaves_nothing_in_home_and_sends_nothing(tmp_path: Path) -> None:
    """ONNX Runtime's Linux builds keep a device id and an event cache in $HOME and upload usage
    events unless opted out before they load; the encoder opts out (a plugin run after it in the
    same runtime saw them in its /tmp, which is the sandbox's $HOME)."""
    env = {k: v for k, v in os.environ.items() if k != "ORT_DISABLE_TELEMETRY"}
    env.update(HOME=str(tmp_path), TMPDIR=str(tmp_path), PYTHONPATH=str(PLUGINS))
    script = ("from service_builtins.classification.embedding import document_vector\n"
              "print(document_vector('This Agreement is governed by the laws of Delaware.')[0])")
    subprocess.run([sys.executable, "-c", script], env=env, cwd=tmp_path, check=True,
                   capture_output=True, timeout=120)
    assert sorted(p.name for p in tmp_path.iterdir()) == []
