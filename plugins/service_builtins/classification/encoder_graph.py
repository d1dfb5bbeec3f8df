"""all-MiniLM-L6-v2 as an ONNX graph, built from its safetensors weights (no PyTorch export).

The graph is :class:`.embedding.NumpyEncoder`'s forward pass op for op (standard ONNX operators,
opset 17): word-piece ids ``int64[n]`` in, the mean-pooled, L2-normalised embedding
``float32[384]`` out. Embeddings (word + position + token type 0), then per layer the
self-attention (12 heads, softmax of ``q kᵀ / √32``), its output dense layer, a residual
LayerNormalization, the feed-forward layer with the exact GELU (``0.5 x (1 + erf(x / √2))``,
which ONNX Runtime fuses into its ``Gelu``) and a second residual LayerNormalization; then the
mean over the pieces and the division by the norm (at least 1e-12).

With ``quantize`` the dense layers' weights are stored as int8 by ONNX Runtime's dynamic
quantisation (``quantize_dynamic``: per-channel int8 weights, activations quantised per call
to uint8), which its VNNI kernels multiply; the embedding tables, the attention's
activation-by-activation products and the norms stay float32.

Built once at install time (``make install``: ``python -m service_builtins.classification.
encoder_graph``), into the virtual environment (:data:`.embedding.GRAPH`, where the classifier
looks; the plugin sandbox binds the venv read-only).
Needs the ``onnx`` package (and ``onnxruntime`` to quantise); the runtime needs only
``onnxruntime``.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

#: Opset of the standard domain (LayerNormalization needs 17).
OPSET = 17


class _Graph:
    """Nodes and initializers being collected; names made unique by a counter."""

    def __init__(self) -> None:
        self.nodes: list[onnx.NodeProto] = []
        self.initializers: list[TensorProto] = []
        self._count = 0

    def const(self, name: str, value: Any) -> str:
        self.initializers.append(numpy_helper.from_array(np.asarray(value), name))
        return name

    def op(self, op_type: str, inputs: list[str], name: str | None = None, **attrs: Any) -> str:
        self._count += 1
        out = name or f"{op_type.lower()}_{self._count}"
        self.nodes.append(helper.make_node(op_type, inputs, [out], name=f"{out}_node", **attrs))
        return out


def build(model_dir: Path) -> onnx.ModelProto:
    """The float32 graph of the checkpoint in ``model_dir`` (``config.json``,
    ``model.safetensors``). Raises ``OSError`` when a file is missing."""
    import json

    from safetensors import safe_open

    config = json.loads((model_dir / "config.json").read_text())
    layers, heads = int(config["num_hidden_layers"]), int(config["num_attention_heads"])
    eps, width = float(config["layer_norm_eps"]), int(config["hidden_size"])
    size = width // heads
    with safe_open(str(model_dir / "model.safetensors"), framework="numpy") as f:
        w = {key: f.get_tensor(key) for key in f.keys()}  # noqa: SIM118 - no mapping
    g = _Graph()

    def dense(x: str, prefix: str, name: str) -> str:
        # stored (out, in) as PyTorch's Linear; x @ Wᵀ + b
        weight = g.const(prefix + ".weight_t", np.ascontiguousarray(w[prefix + ".weight"].T))
        return g.op("Add", [g.op("MatMul", [x, weight], name=name),
                            g.const(prefix + ".bias", w[prefix + ".bias"])])

    def norm(x: str, prefix: str) -> str:
        return g.op("LayerNormalization", [x, g.const(prefix + ".weight", w[prefix + ".weight"]),
                                           g.const(prefix + ".bias", w[prefix + ".bias"])],
                    axis=-1, epsilon=eps)

    e = "embeddings."
    length = g.op("Shape", ["input_ids"])
    zero = g.const("zero", np.array([0], dtype=np.int64))
    words = g.op("Gather", [g.const(e + "word", w[e + "word_embeddings.weight"]), "input_ids"])
    positions = g.op("Slice", [g.const(e + "position", w[e + "position_embeddings.weight"]),
                               zero, length, zero])
    x = g.op("Add", [g.op("Add", [words, positions]),
                     g.const(e + "token_type", w[e + "token_type_embeddings.weight"][0])])
    x = norm(x, e + "LayerNorm")
    split = g.const("heads_shape", np.array([-1, heads, size], dtype=np.int64))
    merge = g.const("width_shape", np.array([-1, width], dtype=np.int64))
    scale = g.const("sqrt_head", np.array(math.sqrt(size), dtype=np.float32))
    root2 = g.const("sqrt_2", np.array(math.sqrt(2.0), dtype=np.float32))
    one = g.const("one", np.array(1.0, dtype=np.float32))
    half = g.const("half", np.array(0.5, dtype=np.float32))
    for i in range(layers):
        p = f"encoder.layer.{i}."
        q, k, v = (g.op("Reshape", [dense(x, p + f"attention.self.{m}", f"l{i}_{m}"), split])
                   for m in ("query", "key", "value"))
        scores = g.op("Div", [g.op("MatMul", [g.op("Transpose", [q], perm=[1, 0, 2]),
                                              g.op("Transpose", [k], perm=[1, 2, 0])],
                                   name=f"l{i}_scores"), scale])
        context = g.op("MatMul", [g.op("Softmax", [scores], axis=-1),
                                  g.op("Transpose", [v], perm=[1, 0, 2])], name=f"l{i}_context")
        context = g.op("Reshape", [g.op("Transpose", [context], perm=[1, 0, 2]), merge])
        attended = dense(context, p + "attention.output.dense", f"l{i}_attention_output")
        x = norm(g.op("Add", [x, attended]), p + "attention.output.LayerNorm")
        h = dense(x, p + "intermediate.dense", f"l{i}_intermediate")
        h = g.op("Mul", [g.op("Mul", [h, g.op("Add", [g.op("Erf", [g.op("Div", [h, root2])]),
                                                      one])]), half])
        x = norm(g.op("Add", [x, dense(h, p + "output.dense", f"l{i}_output")]),
                 p + "output.LayerNorm")
    pooled = g.op("ReduceMean", [x], axes=[0], keepdims=0)
    length_l2 = g.op("Max", [g.op("ReduceL2", [pooled], keepdims=1),
                             g.const("tiny", np.array(1e-12, dtype=np.float32))])
    g.op("Div", [pooled, length_l2], name="embedding")
    graph = helper.make_graph(
        g.nodes, "all-minilm-l6-v2",
        [helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["pieces"])],
        [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, [width])],
        g.initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)],
                              producer_name="service_builtins.classification.encoder_graph")
    model.ir_version = 8  # the newest every onnxruntime of opset 17 reads
    onnx.checker.check_model(model)
    return model


#: The dense layers whose weights :func:`write` quantises when asked (``--int8``): all six of
#: each layer. Keeping the feed-forward output layer (``"output"``) float32 halves the
#: embeddings' error (mean |Δ| of a start-label similarity 0.013 -> 0.007) for ~50 % more CPU
#: (12 -> 18 ms a start); on the robustness bench both moved the worst wordings by one or two
#: contracts (docs/quality.md "The encoder run by ONNX Runtime"), so the classifier loads the
#: float32 graph, whose figures are the NumPy encoder's.
QUANTIZED = ("query", "key", "value", "attention_output", "intermediate", "output")


def dense_nodes(layers: int = 6, kinds: tuple[str, ...] = QUANTIZED) -> list[str]:
    """The MatMul nodes with a weight, by the names :func:`build` gives them: those
    :func:`write` quantises (the attention's q·kᵀ and p·v, both activations, stay float32)."""
    return [f"l{i}_{kind}_node" for i in range(layers) for kind in kinds]


def write(model_dir: Path, out: Path, quantize: bool) -> Path:
    """Build the graph and write it to ``out`` (int8 dense layers with ``quantize``)."""
    model = build(model_dir)
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".partial")
    if not quantize:
        onnx.save_model(model, str(partial))
    else:
        from onnxruntime.quantization import QuantType, quantize_dynamic

        with tempfile.TemporaryDirectory() as scratch:
            source = Path(scratch, "fp32.onnx")
            onnx.save_model(model, str(source))
            quantize_dynamic(source, partial, weight_type=QuantType.QInt8, per_channel=True,
                             nodes_to_quantize=dense_nodes(), op_types_to_quantize=["MatMul"])
    partial.replace(out)  # a reader never sees half a file
    return out


def main(argv: list[str] | None = None) -> int:
    """CLI: write the float32 graph to :data:`.embedding.GRAPH` (or ``--out``; ``--int8``: the
    quantised graph, for comparisons)."""
    from .embedding import GRAPH, model_dir

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=GRAPH)
    parser.add_argument("--int8", action="store_true", help="quantise the dense layers")
    args = parser.parse_args(argv)
    out = write(model_dir(), args.out, quantize=args.int8)
    print(f"{out}: {out.stat().st_size / 2**20:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
