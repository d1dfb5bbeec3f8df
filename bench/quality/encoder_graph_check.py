"""Check the classifier's ONNX encoder against its NumPy one, and time both.

The float32 and int8 graphs of ``classification/encoder_graph.py`` (built here into a scratch
directory) and the NumPy encoder embed what the classifier embeds: the start of every CUAD
contract and Kleister NDA (``embedding.DOCUMENT_HEAD_CHARS``, whitespace collapsed, 128 word
pieces) and the customer ontology's label texts. Printed per graph: the largest absolute
difference of any embedding component, the cosine with the NumPy embedding (minimum and mean
over the starts), and the largest difference of a start-label similarity (what the classifier
multiplies by its fitted ``beta``). Then the CPU time of one ``encode()`` of a 128-piece start
(``time.process_time``, median of ``--repeat`` starts, after one warm-up), per encoder.

Usage: ``.venv/bin/python bench/quality/encoder_graph_check.py [--limit N] [--repeat N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "plugins"))
import corpus
from service_builtins.classification import embedding
from service_builtins.classification.encoder_graph import write


def cpu_ms(encoder: embedding.Encoder, texts: list[str]) -> float:
    """Median CPU milliseconds of one ``encode()`` over ``texts`` (one warm-up first)."""
    encoder.encode(texts[0])
    times = []
    for text in texts:
        start = time.process_time()
        encoder.encode(text)
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="documents per dataset")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args(argv)
    docs = corpus.load_cuad(limit=args.limit) + corpus.load_kleister(limit=args.limit)
    starts = [" ".join(d.text[:embedding.DOCUMENT_HEAD_CHARS].split()) for d in docs]
    labels = [embedding.label_text(name, info)
              for name, info in corpus.ontology_labels(corpus.customer_ontology()).items()]
    model = embedding.model_dir()
    numpy_encoder = embedding.NumpyEncoder(model)
    reference = np.stack([numpy_encoder.encode(t) for t in starts])
    reference_labels = np.stack([numpy_encoder.encode(t) for t in labels])
    encoders: dict[str, embedding.Encoder] = {"numpy": numpy_encoder}
    with tempfile.TemporaryDirectory() as scratch:
        for name, quantize in (("fp32", False), ("int8", True)):
            encoder = embedding.OnnxEncoder(write(model, Path(scratch, f"{name}.onnx"), quantize),
                                            model)
            got = np.stack([encoder.encode(t) for t in starts])
            got_labels = np.stack([encoder.encode(t) for t in labels])
            cosine = (got * reference).sum(1)
            similarity = np.abs(got @ got_labels.T - reference @ reference_labels.T).max()
            print(f"{name} vs NumPy over {len(starts)} starts, {len(labels)} labels: largest "
                  f"component difference {np.abs(got - reference).max():.2e}; cosine min "
                  f"{cosine.min():.5f} mean {cosine.mean():.5f}; largest start-label "
                  f"similarity difference {similarity:.4f}")
            encoders[name] = encoder
        timed = starts[:args.repeat]
        print(f"CPU of one encode() ({len(timed)} starts, median): " + ", ".join(
            f"{name} {cpu_ms(encoder, timed):.1f} ms" for name, encoder in encoders.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
