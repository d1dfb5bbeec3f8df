"""The encoder's ONNX graph (``classification/encoder_graph.py``) run by ONNX Runtime gives
the NumPy encoder's embeddings: to float32 rounding as built, and within a cosine of 0.98 with
its dense layers quantised to int8 (measured, not loaded: docs/quality.md)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from service_builtins.classification import embedding
from service_builtins.classification.encoder_graph import write

#: Real texts the classifier embeds: label names, a name with its description, and the start
#: of a CUAD contract (its first 128 word pieces are read).
TEXTS = [
    "Carriage",
    "Software License. Rights to use software, technology, patents or brands for royalties.",
    "Non-Disclosure. Keeping each other's confidential information secret.",
    ("EXHIBIT 10.1 DISTRIBUTOR AGREEMENT THIS DISTRIBUTOR AGREEMENT (the \"Agreement\") is made "
     "by and between Electric City Corp., a Delaware corporation (\"Company\") and Electric City "
     "of Illinois L.L.C. (\"Distributor\"). In consideration of the mutual terms, conditions and "
     "covenants hereinafter set forth, Company and Distributor acknowledge and agree to the "
     "following descriptions and conditions: DESCRIPTION OF COMPANY The Company is a developer, "
     "manufacturer and marketer of a proprietary line of products and services."),
]


@pytest.fixture(scope="module")
def reference() -> np.ndarray:
    encoder = embedding.NumpyEncoder(embedding.model_dir())
    return np.stack([encoder.encode(t) for t in TEXTS])


def _encode(graph: Path) -> np.ndarray:
    encoder = embedding.OnnxEncoder(graph, embedding.model_dir())
    return np.stack([encoder.encode(t) for t in TEXTS])


def test_the_float32_graph_equals_the_numpy_encoder(tmp_path: Path,
                                                    reference: np.ndarray) -> None:
    got = _encode(write(embedding.model_dir(), tmp_path / "fp32.onnx", quantize=False))
    assert got.shape == (len(TEXTS), 384)
    assert float(np.abs(got - reference).max()) < 1e-5


def test_the_int8_graph_is_within_a_cosine_of_the_numpy_encoder(
        tmp_path: Path, reference: np.ndarray) -> None:
    graph = embedding.GRAPH if embedding.GRAPH.is_file() else write(
        embedding.model_dir(), tmp_path / "int8.onnx", quantize=True)
    got = _encode(graph)
    assert np.linalg.norm(got, axis=1) == pytest.approx(1.0, abs=1e-5)
    assert float((got * reference).sum(1).min()) > 0.98


def test_the_classifier_loads_the_graph_where_it_is_installed(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(embedding, "GRAPH", tmp_path / "missing.onnx")
    assert isinstance(embedding._load(embedding.model_dir()), embedding.NumpyEncoder)
    monkeypatch.setattr(embedding, "GRAPH", write(embedding.model_dir(), tmp_path / "g.onnx",
                                                  quantize=False))
    assert isinstance(embedding._load(embedding.model_dir()), embedding.OnnxEncoder)
