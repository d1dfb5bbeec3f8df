"""Fast quality run: the built-in plugins called in-process over the parsed corpus.

The same walk as the engine (spec 4.11): the classifier once per ontology level with the
engine's metadata contract (``ontology_labels``, ``training_examples``,
``corpus_statistics``), then the extractor with the fields of the chosen path (the true path
when classification stopped early, so extraction is scored on its own). Text: CUAD ``txt/``,
Kleister NDA and invoice PDFs through ``pdftotext``, policies as Markdown. No LLM.

``--parser unpdf`` reads every PDF with the server's own parser instead (unpdf / pdf.js, as an
upload through the API; needs ``make build``) and takes CUAD from its 137 PDFs, as
``bench/quality/run`` does: the API's extraction figures in a fraction of its time.

Each dataset is split by the index of its documents (in its ``labels.jsonl`` or file order): the **even** half is the one the rules
were tuned on, the **odd** half is held out; both are printed, plus all documents.

Printed: per-level classification accuracy (root, contract type, Non-Disclosure), negatives
(invoices and policies classified correctly or abstained), the abstention rate, the per-field
table of :mod:`score`, the Kleister NDA micro-F1 and the calibration of the extracted
values' confidence (:func:`score.calibration`: per field, share right, mean confidence, ECE);
with ``--curve``, the contract-type accuracy on the held-out half after 0, 5 and 20 confirmed
documents per label taken from the tuning half.

Usage: ``.venv/bin/python bench/quality/direct_run.py [--ontology customer|demo]
[--parser pdftotext|unpdf] [--limit N] [--curve] [--out FILE]``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus
import score
from service_sdk import Document, OntologyField

PLUGINS = Path(os.environ.get("QUALITY_PLUGINS")
               or Path(__file__).resolve().parents[2] / "plugins")


def load_plugin(file: str) -> Any:
    """Import a plugin file as a fresh module, as the runtime does with its source (with the
    built-in plugins' helper package importable from ``PLUGINS``, as ``--builtins-path`` does)."""
    if str(PLUGINS) not in sys.path:
        sys.path.append(str(PLUGINS))
    spec = importlib.util.spec_from_file_location(f"bench_{Path(file).stem}", PLUGINS / file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def fields_for_path(ontology: dict[str, Any], path: list[str]) -> list[dict[str, Any]]:
    """Fields of the labels on ``path`` (a label's fields apply to its descendants)."""
    level = ontology["labels"]
    fields: dict[str, dict[str, Any]] = {}
    for name in path:
        match = next((x for x in level if x["name"] == name), None)
        if match is None:
            break
        for field in match.get("fields") or []:
            fields[field["name"]] = field
        level = match.get("children") or []
    return list(fields.values())


class Runner:
    """Holds the plugin instances and the organization context of one run."""

    def __init__(self, ontology: dict[str, Any], docs: list[corpus.CorpusDoc]) -> None:
        self.ontology = ontology
        self.meta = corpus.ontology_labels(ontology)
        self.classifier = load_plugin("classifier.py").OntologyClassifier()
        self.extractor_module = load_plugin("contract_extractor.py")
        self.extractor = self.extractor_module.ContractExtractor()
        self.configs = {p.parameter_name: p.default_value
                        for p in self.classifier.configurable_parameters}
        self.configs["use_llm"] = False
        self.stats = corpus.corpus_statistics([d.text for d in docs])

    def document(self, d: corpus.CorpusDoc, examples: list[Any]) -> Document:
        return Document(
            id="d", filename=Path(d.file).name, text=d.text, mime_type=d.mime_type,
            organization_id="bench", labels=[],
            metadata={"ontology_labels": self.meta, "training_examples": examples,
                      "corpus_statistics": self.stats,
                      "organization_identities": [
                          {"kind": "LEGAL_NAME", "value": "Example Holdings Inc.",
                           "primary": True}]},
        )

    def classify(self, doc: Document) -> list[str]:
        level = self.ontology["labels"]
        path: list[str] = []
        while level:
            available = [x["name"] for x in level]
            got = asyncio.run(self.classifier.classify(doc, None, doc.mime_type, available,
                                                       list(path), self.configs))
            if got not in available:
                break
            path.append(got)
            level = level[available.index(got)].get("children") or []
        return path

    def extract(self, doc: Document, labels: list[str]) -> dict[str, Any]:
        doc.labels = labels
        fields = fields_for_path(self.ontology, labels)
        if not fields:
            return {}
        asked = [OntologyField(name=f["name"], dtype=f.get("dtype", "string"),
                               description=f.get("description", "")) for f in fields]
        result = asyncio.run(self.extractor.extract(doc, None, doc.mime_type, asked, {}))
        data: dict[str, Any] = result.data
        return data


def canonical(module: Any, data: dict[str, Any], fields: list[dict[str, Any]]) -> dict[str, Any]:
    """Rename the ontology's field names to the scorer's (``notice_period_to_terminate_renewal``
    → ``notice_period``) by the extractor's own field resolution."""
    resolve = getattr(module, "resolve_field", lambda f: f["name"])
    out = dict(data)
    for field in fields:
        finder = resolve(field)
        if finder is not None and field["name"] in data:
            out[finder] = data[field["name"]]
    return out


def classification_table(rows: list[dict[str, Any]]) -> list[str]:
    """Accuracy lines of one subset: root, type, Non-Disclosure, negatives, abstention."""
    def acc(items: list[dict[str, Any]], depth: int) -> str:
        ok = sum(1 for r in items if r["pred"][depth:depth + 1] == r["true"][depth:depth + 1])
        none = sum(1 for r in items if len(r["pred"]) <= depth)
        n = max(len(items), 1)
        return f"{ok}/{len(items)} = {ok / n:.3f} (abstained {none})"

    contracts = [r for r in rows if r["true"][0] == "Contract"]
    cuad = [r for r in contracts if r["file"].startswith("cuad/")]
    nda = [r for r in contracts if r["true"][-1] == "Non-Disclosure"]
    lines = [
        f"  root, contracts and NDAs        {acc(contracts, 0)}",
        f"  CUAD contract type              {acc(cuad, 1)}",
        f"  Non-Disclosure (Kleister)       {acc(nda, 1)}",
    ]
    for label in ("Invoice", "Policy"):
        neg = [r for r in rows if r["true"][0] == label]
        good = sum(1 for r in neg if not r["pred"] or r["pred"][0] == label)
        right = sum(1 for r in neg if r["pred"][:1] == [label])
        lines.append(f"  negatives {label:<8} correct or abstained {good}/{len(neg)} = "
                     f"{good / max(len(neg), 1):.3f} (correct {right})")
    abstained = sum(1 for r in rows if len(r["pred"]) < len(r["true"]))
    lines.append(f"  abstention rate (any level)     {abstained}/{len(rows)} = "
                 f"{abstained / max(len(rows), 1):.3f}")
    return lines


def kleister_micro_f1(result: dict[str, Any]) -> float:
    """Micro-F1 over Kleister's four fields (parties, effective date, jurisdiction, term)."""
    tp = fp = fn = 0
    for field in ("parties", "effective_date", "governing_law", "term"):
        c = result["fields"][field]
        tp, fp, fn = tp + c["tp"], fp + c["fp"], fn + c["fn"]
    return 2 * tp / max(2 * tp + fp + fn, 1)


def field_errors(rows: list[dict[str, Any]], truth: dict[str, dict[str, Any]], field: str,
                 evidence: dict[str, tuple[str, dict[str, Any]]]) -> list[str]:
    """One line per document of ``rows`` whose ``field`` :func:`score.score` counts wrong
    (false positive or negative), with the text around the value's first evidence span;
    the caller passes the tuning half only (the held-out half's errors are not to be read)."""
    lines = []
    for r in rows:
        result = score.score([r], truth)["fields"][field]
        if not (result["fp"] or result["fn"]):
            continue
        true = truth[r["file"]].get(field)
        text, spans = evidence.get(r["file"], ("", {}))
        where = ""
        for item in spans.get(field) or []:  # the ontology's date fields keep their names
            start, end = int(item.get("start", 0)), int(item.get("end", 0))
            where = " ".join(text[max(0, start - 160): end + 60].split())
            break
        lines.append(f"{r['file'][:70]}\n    truth {true}  pred {r['data'].get(field)}"
                     f"\n    {where}")
    return lines


def learning_curve(runner: Runner, docs: list[corpus.CorpusDoc], tune: set[str]) -> list[str]:
    """Contract-type accuracy on the held-out CUAD half after k confirmations per label."""
    train = [d for d in docs if d.file in tune and d.labels[0] == "Contract"]
    test = [d for d in docs if d.file not in tune and d.file.startswith("cuad/")]
    types = [x["name"] for x in runner.ontology["labels"][0]["children"]]
    lines = []
    for k in (0, 5, 20):
        per: Counter[str] = Counter()
        examples = []
        for d in train:
            if per[d.labels[-1]] < k:
                per[d.labels[-1]] += 1
                examples.append({"text": d.text[:3000], "labels": d.labels})
        ok = 0
        for d in test:
            got = asyncio.run(runner.classifier.classify(
                runner.document(d, examples), None, None, types, ["Contract"], runner.configs))
            ok += got == d.labels[-1]
        lines.append(f"  {k:>2} per label ({len(examples)} examples): "
                     f"{ok}/{len(test)} = {ok / max(len(test), 1):.3f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ontology", choices=("customer", "demo"), default="customer")
    parser.add_argument("--limit", type=int, default=None, help="documents per dataset")
    parser.add_argument("--curve", action="store_true", help="also print the learning curve")
    parser.add_argument("--no-extract", action="store_true", help="classification only")
    parser.add_argument("--parser", choices=("pdftotext", "unpdf"), default="pdftotext",
                        help="PDF text: pdftotext, or the server's parser (CUAD from its PDFs)")
    parser.add_argument("--out", default="/tmp/service-quality-direct.jsonl")
    parser.add_argument("--half", choices=("both", "tuning"), default="both",
                        help="tuning: run and print the tuning half only (the held-out half "
                             "is neither extracted nor shown)")
    parser.add_argument("--errors", default="",
                        help="comma-separated fields (scorer names, e.g. effective_date): "
                             "print each tuning-half document where the field is wrong, with "
                             "truth, prediction and the text around the evidence")
    args = parser.parse_args(argv)
    ontology = corpus.customer_ontology() if args.ontology == "customer" else \
        corpus.demo_ontology()
    unpdf = args.parser == "unpdf"
    sets = [corpus.load_cuad(limit=args.limit, parser="unpdf" if unpdf else "txt"),
            corpus.load_kleister(limit=args.limit, parser=args.parser),
            corpus.load_policies(), corpus.load_invoices(parser=args.parser)]
    docs = [d for s in sets for d in s]
    tune = {d.file for s in sets for i, d in enumerate(s) if d.truth.get("index", i) % 2 == 0}
    runner = Runner(ontology, docs)
    truth = score.load_truth()
    rows: list[dict[str, Any]] = []
    evidence: dict[str, tuple[str, dict[str, Any]]] = {}
    t0 = time.perf_counter()
    for d in docs:
        if args.half == "tuning" and d.file not in tune:
            continue
        doc = runner.document(d, [])
        path = runner.classify(doc)
        labels = path if len(path) == len(d.labels) else d.labels
        data = {} if args.no_extract else runner.extract(doc, labels)
        asked = fields_for_path(ontology, labels)
        data = canonical(runner.extractor_module, data, asked)
        evidence[d.file] = (d.text, data.pop("_evidence", {}))
        stated = canonical(runner.extractor_module, data.pop("_confidence", {}), asked)
        rows.append({"file": d.file, "true": d.labels, "pred": path, "labels": path,
                     "data": data, "confidence": stated})
    seconds = time.perf_counter() - t0
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r) + "\n" for r in rows)
    print(f"ontology: {args.ontology}; PDF text: {args.parser}; {len(rows)} documents in "
          f"{seconds:.0f} s; load average {os.getloadavg()[0]:.1f}")
    subsets = [("tuning half (even)", [r for r in rows if r["file"] in tune])]
    if args.half == "both":
        subsets += [("held-out half (odd)", [r for r in rows if r["file"] not in tune]),
                    ("all", rows)]
    for name, subset in subsets:
        result = score.score(subset, truth)
        print(f"\n== {name}")
        print("\n".join(classification_table(subset)))
        print(score.format_table(result))
        kleister = [r for r in subset if r["file"].startswith("kleister")]
        print(f"Kleister NDA micro-F1 {kleister_micro_f1(score.score(kleister, truth)):.3f}")
        print("confidence of the extracted values (right: score.value_right)")
        print(score.format_calibration(score.calibration(subset, truth)))
    for field in filter(None, args.errors.split(",")):
        print(f"\n== {field}: errors on the tuning half (truth, prediction, evidence)")
        print("\n".join(field_errors([r for r in rows if r["file"] in tune], truth, field,
                                      evidence)))
    if args.curve:
        print("\n== learning curve: CUAD contract type on the held-out half")
        print("\n".join(learning_curve(runner, docs, tune)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
