"""Run the built-in plugins through the real plugin runtime over the corpus and score them.

Each document goes through ``python -m service_sdk.runtime`` exactly as the engine drives it
(``service_sdk.runtime.client.RuntimeClient``, the host side used by ``service plugin
run``): the classifier is called once per ontology level of ``plugins/demo_ontology.json``
with the engine's metadata contract (``ontology_labels``, ``training_examples``), then the
extractor with the fields resolved from the chosen path (falling back to the true path when
classification stops early, so extraction is scored independently). Text: CUAD ``txt/``;
Kleister PDFs through ``pdftotext``. Writes predictions as JSON lines and prints the
per-field table of :mod:`score` plus timing.

Usage: ``.venv/bin/python bench/quality/local_run.py [--limit N] [--out FILE]
[--training cuad]`` (``--training cuad`` passes the CUAD label paths as confirmed examples,
leaving the document itself out).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus
import score
from direct_run import fields_for_path
from service_sdk.runtime.client import RuntimeClient

PLUGINS = Path(__file__).resolve().parents[2] / "plugins"


def classify(client: RuntimeClient, ontology: dict[str, Any], doc: dict[str, Any]) -> list[str]:
    """Walk the ontology one level at a time like the engine; return the chosen path."""
    level = ontology["labels"]
    path: list[str] = []
    while level:
        available = [x["name"] for x in level]
        returned = client.call("classifier", "classify", {
            "document": doc, "file_data": None, "mime_type": doc["mime_type"],
            "available_labels": available, "current_path": list(path), "configs": {},
        })
        if returned not in available:
            break
        path.append(returned)
        level = level[available.index(returned)].get("children") or []
    return path


def _engine_services(message: dict[str, Any]) -> dict[str, Any]:
    """Answer the runtime's service requests as the engine does for the built-in plugins:
    ``report_classification`` is accepted (the engine stores it in the classification trace;
    this harness has no use for it), any other service is unavailable here."""
    if message.get("service") == "report_classification":
        return {"result": None}
    return {"error": {"error_type": "ServiceUnavailable",
                      "message": f"{message.get('service')} is not available in this harness"}}


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    parser = argparse.ArgumentParser(description="run the built-in plugins over the corpus")
    parser.add_argument("--limit", type=int, default=None, help="documents per dataset")
    parser.add_argument("--out", default="/tmp/service-quality-predictions.jsonl")
    parser.add_argument("--training", choices=("none", "cuad"), default="none")
    args = parser.parse_args(argv)
    ontology = corpus.demo_ontology()
    labels_meta = corpus.ontology_labels(ontology)
    docs = corpus.load_cuad(limit=args.limit) + corpus.load_kleister(limit=args.limit)
    examples = [{"text": d.text[:3000], "labels": d.labels} for d in corpus.load_cuad()]
    identities = [{"kind": "LEGAL_NAME", "value": "Example Holdings Inc.", "primary": True}]
    preds = []
    t_classify = t_extract = 0.0
    # The built-in plugins import their helper package from plugins/, as in the engine.
    with RuntimeClient(["--builtins-path", str(PLUGINS)], on_request=_engine_services) as client:
        client.load("classifier", (PLUGINS / "classifier.py").read_text(encoding="utf-8"))
        client.load("extractor", (PLUGINS / "contract_extractor.py").read_text(encoding="utf-8"))
        for i, d in enumerate(docs):
            training = [e for e in examples if e["text"] != d.text[:3000]] \
                if args.training == "cuad" else []
            doc = {
                "id": f"doc-{i}", "filename": Path(d.file).name, "mime_type": d.mime_type,
                "text": d.text, "labels": [], "organization_id": "bench-org",
                "metadata": {"ontology_labels": labels_meta, "training_examples": training,
                             "organization_identities": identities},
            }
            t0 = time.perf_counter()
            path = classify(client, ontology, doc)
            t1 = time.perf_counter()
            doc["labels"] = path if len(path) > 1 else d.labels
            result = client.call("extractor", "extract", {
                "document": doc, "file_data": None, "mime_type": d.mime_type,
                "fields": fields_for_path(ontology, doc["labels"]), "configs": {},
            })
            t2 = time.perf_counter()
            t_classify += t1 - t0
            t_extract += t2 - t1
            preds.append({"file": d.file, "labels": path, "data": result["data"]})
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(p) + "\n" for p in preds)
    n = max(len(preds), 1)
    print(score.format_table(score.score(preds, score.load_truth())))
    print(f"documents: {len(preds)}; per document: classify {1000 * t_classify / n:.0f} ms "
          f"(all levels), extract {1000 * t_extract / n:.0f} ms; predictions: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
