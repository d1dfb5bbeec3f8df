"""Record (or compare) every classification decision of the built-in classifier over the
corpus, and time its calls the way the plugin runtime makes them.

Walks the ontology as the engine does (spec 4.11), calling ``OntologyClassifier.classify`` once
per level with the engine's metadata contract (``ontology_labels``, ``training_examples``,
``corpus_statistics``; no LLM). As in the runtime, every call gets its own copy of the metadata
containers (the shared values are copied per call) while the text string is the same object.
Each level's decision (the payload of ``report_classification``: label, probability, runner-up,
evidence terms, abstention reason) is written as one JSON line per document.

Printed: documents, calls, CPU ms per call and per document (``time.process_time``; the
machine's load average beside them), and with ``--compare FILE`` the number of documents whose
decisions differ from FILE (exit status 1 when any does).

Usage: ``.venv/bin/python bench/quality/classifier_snapshot.py [--ontology customer|demo]
[--limit N] [--out FILE] [--compare FILE] [--pure-stemmer]``; ``QUALITY_PLUGINS=<dir>`` runs another copy of the
plugins (e.g. the previous commit's, for a before/after in the same run).
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus
import direct_run
from service_sdk import Document


class Recorder:
    """Walks one document's levels and keeps each level's reported decision and CPU time."""

    def __init__(self, runner: direct_run.Runner) -> None:
        self.runner = runner
        self.cpu: list[float] = []
        self.reports: list[dict[str, Any]] = []
        module = sys.modules[type(runner.classifier).__module__]

        async def report(label: str | None, probability: float, **extra: Any) -> None:
            self.reports.append({"label": label, "probability": probability, **extra})

        module.report_classification = report  # the engine's service, recorded

    def walk(self, d: corpus.CorpusDoc, index: int) -> list[dict[str, Any]]:
        base = self.runner.document(d, [])
        level = self.runner.ontology["labels"]
        path: list[str] = []
        out: list[dict[str, Any]] = []
        while level:
            available = [x["name"] for x in level]
            doc = Document(id=f"doc-{index}", filename=base.filename, text=base.text,
                           mime_type=base.mime_type, organization_id=base.organization_id,
                           labels=[], metadata=copy.deepcopy(base.metadata))
            self.reports.clear()
            start = time.process_time()
            got = asyncio.run(self.runner.classifier.classify(
                doc, None, doc.mime_type, available, list(path), self.runner.configs))
            self.cpu.append(time.process_time() - start)
            out.append({"path": list(path), "answer": got, "report": list(self.reports)})
            if got not in available:
                break
            path.append(got)
            level = level[available.index(got)].get("children") or []
        return out


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ontology", choices=("customer", "demo"), default="customer")
    parser.add_argument("--limit", type=int, default=None, help="documents per dataset")
    parser.add_argument("--out", default="/tmp/service-classifier-snapshot.jsonl")
    parser.add_argument("--compare", default=None, help="an earlier --out to compare with")
    parser.add_argument("--pure-stemmer", action="store_true",
                        help="hide PyStemmer, so snowballstemmer uses its pure-Python stemmers")
    args = parser.parse_args(argv)
    if args.pure_stemmer:
        sys.modules["Stemmer"] = None  # type: ignore[assignment]  # import fails -> fallback
    ontology = corpus.customer_ontology() if args.ontology == "customer" else \
        corpus.demo_ontology()
    docs = [d for s in (corpus.load_cuad(limit=args.limit),
                        corpus.load_kleister(limit=args.limit), corpus.load_policies(),
                        corpus.load_invoices()) for d in s]
    runner = direct_run.Runner(ontology, docs)
    recorder = Recorder(runner)
    rows = [{"file": d.file, "levels": recorder.walk(d, i)} for i, d in enumerate(docs)]
    Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    calls = len(recorder.cpu)
    total = sum(recorder.cpu) * 1000
    import snowballstemmer  # type: ignore[import-untyped]  # after --pure-stemmer

    stemmer = type(snowballstemmer.stemmer("english")).__module__
    print(f"plugins {direct_run.PLUGINS} (stemmer {stemmer}); {len(rows)} documents, {calls} calls; CPU "
          f"{total / max(calls, 1):.1f} ms per call, {total / max(len(rows), 1):.1f} ms per "
          f"document (first call {recorder.cpu[0] * 1000:.0f} ms); loadavg "
          f"{os.getloadavg()[0]:.2f}")
    if args.compare:
        before = {json.loads(line)["file"]: json.loads(line)["levels"]
                  for line in Path(args.compare).read_text(encoding="utf-8").splitlines()}
        differ = [r["file"] for r in rows if before.get(r["file"]) != r["levels"]]
        print(f"decisions differing from {args.compare}: {len(differ)}/{len(rows)}")
        for file in differ[:10]:
            print("  ", file)
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
