"""How well a document's ``label_confidence`` (the product of its levels' reported
probabilities; docs/pipeline.md "The review order") states the chance that its whole label path
is right, on the corpus half the calibration was not fitted on.

Reads a :mod:`classifier_snapshot` file (one JSON line per document, each level's answer and
reported decision) and compares each document's path with its ground truth: a path counts as
right when it equals the truth label for label. A document whose classification abstained at a
level has no confidence (null, "unknown") and is counted apart. Prints, per half, the
reliability table (stated probability against the share right, by bin) and the expected
calibration error (ECE; Guo et al. 2017, equal-width bins weighted by size).

Usage: ``.venv/bin/python bench/quality/classifier_snapshot.py --ontology customer --out S``
then ``.venv/bin/python bench/quality/path_calibration.py S``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import robustness

BINS = [(0.0, 0.5), (0.5, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 0.99), (0.99, 1.01)]


def path_confidence(levels: list[dict]) -> tuple[float | None, list[str]]:
    """(product of the levels' probabilities or None when a level abstained, the path)."""
    p, path = 1.0, []
    for level in levels:
        report = level["report"][-1] if level["report"] else None
        if report is None or report["abstention_reason"] is not None or level["answer"] is None:
            return None, path
        p *= report["probability"]
        path.append(level["answer"])
    return p, path


def main(argv: list[str]) -> int:
    """CLI entry point: ``path_calibration.py SNAPSHOT``."""
    rows = [json.loads(line) for line in Path(argv[0]).read_text("utf-8").splitlines()]
    for half in ("held-out", "tuning"):
        docs = {d.file: d.labels for d in robustness.load_documents(None, half)[0]}
        points, unknown = [], 0
        for row in rows:
            if row["file"] not in docs:
                continue
            p, path = path_confidence(row["levels"])
            if p is None:
                unknown += 1
                continue
            points.append((p, path == docs[row["file"]]))
        n = len(points)
        print(f"== {half}: {n} documents with a confidence, {unknown} unknown")
        ece = 0.0
        for lo, hi in BINS:
            b = [(p, right) for p, right in points if lo <= p < hi]
            if b:
                stated = sum(p for p, _ in b) / len(b)
                share = sum(right for _, right in b) / len(b)
                ece += len(b) / n * abs(stated - share)
                print(f"  [{lo:.2f}, {min(hi, 1):.2f})  n={len(b):4}  stated {stated:.3f}  right {share:.3f}")
        print(f"  ECE {ece:.3f}; mean stated {sum(p for p, _ in points) / n:.3f}, "
              f"right {sum(r for _, r in points) / n:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
