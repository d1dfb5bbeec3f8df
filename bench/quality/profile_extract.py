"""CPU of the built-in contract extractor per call, where it goes, and whether a change kept
its outputs.

Subcommands (run with the repository's ``.venv/bin/python``):

* ``time [--docs 40] [--rounds 3] [--baseline DIR]`` — CPU milliseconds
  (``time.process_time``) of each ``ContractExtractor.extract`` call over the first ``docs``
  CUAD contracts, with the fields the customer ontology asks for a contract (as
  ``direct_run.py`` does). Each round runs in a fresh process (the date cache starts empty,
  as in a new runtime; two other contracts warm the imports first); with ``--baseline`` (a
  ``plugins/`` folder of another version, e.g. ``git archive main plugins | tar -x -C
  /tmp/base``) the baseline and this tree alternate round by round in the same run. Prints
  mean and p95 over the documents (each document's median over the rounds), the ratio to the
  baseline and the load average at start and end.
* ``profile [--docs 40] [--top 30]`` — cProfile of the same calls, functions by own time.
* ``record FILE`` / ``compare FILE`` — every field the extractor has (all contract fields;
  then all invoice fields) over the whole corpus (CUAD, Kleister NDA, policies, invoices):
  ``record`` writes the outputs as JSON lines, ``compare`` re-runs and exits 1 listing the
  documents whose output differs.

``--plugins DIR`` (or ``$QUALITY_PLUGINS``) names the plugins folder to load; default this
tree's ``plugins/``.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
#: the folder the plugin is loaded from (read by ``direct_run`` at import)
if "--plugins" in sys.argv:
    os.environ["QUALITY_PLUGINS"] = sys.argv[sys.argv.index("--plugins") + 1]

import corpus
import direct_run
from service_sdk import Document, OntologyField
from service_sdk.fields import field_registry

IDENTITIES = [{"kind": "LEGAL_NAME", "value": "Example Holdings Inc.", "primary": True}]
#: CUAD documents that warm the imports before timing (after the measured ones)
WARM_UP = 2


def document(d: corpus.CorpusDoc) -> Document:
    """The document as the engine sends it to the extractor."""
    return Document(id="d", filename=Path(d.file).name, text=d.text, mime_type=d.mime_type,
                    organization_id="bench", labels=list(d.labels),
                    metadata={"organization_identities": IDENTITIES})


def customer_fields(labels: list[str]) -> list[OntologyField]:
    """The fields the customer ontology asks for a document with ``labels``."""
    fields = direct_run.fields_for_path(corpus.customer_ontology(), labels)
    return [OntologyField(name=f["name"], dtype=f.get("dtype", "string"),
                          description=f.get("description", "")) for f in fields]


def registry_fields(invoice: bool) -> list[OntologyField]:
    """Every field the extractor has a finder for: the contract ones, or the invoice ones."""
    names = {"invoice_number", "invoice_date", "total_amount", "currency", "seller", "buyer"}
    return [OntologyField(name=s.name, dtype=s.dtype, description="")
            for s in field_registry() if s.finder and (s.name in names) == invoice]


def extract(extractor: Any, doc: Document, fields: list[OntologyField]) -> dict[str, Any]:
    """One extraction call's ``data``."""
    result = asyncio.run(extractor.extract(doc, None, doc.mime_type, fields, {}))
    data: dict[str, Any] = result.data
    return data


def measure(docs: int) -> list[float]:
    """CPU ms of each extraction call over the first ``docs`` CUAD contracts."""
    extractor = direct_run.load_plugin("contract_extractor.py").ContractExtractor()
    cuad = corpus.load_cuad(limit=docs + WARM_UP)
    jobs = [(document(d), customer_fields(d.labels)) for d in cuad]
    for doc, fields in jobs[docs:]:
        extract(extractor, doc, fields)
    out = []
    for doc, fields in jobs[:docs]:
        t0 = time.process_time()
        extract(extractor, doc, fields)
        out.append((time.process_time() - t0) * 1000)
    return out


def summary(per_doc: list[list[float]]) -> tuple[float, float]:
    """(mean, p95) over documents of each document's median over the rounds."""
    medians = sorted(statistics.median(xs) for xs in zip(*per_doc, strict=True))
    p95 = medians[min(len(medians) - 1, round(0.95 * (len(medians) - 1)))]
    return statistics.fmean(medians), p95


def time_command(args: argparse.Namespace) -> int:
    """``time``: rounds in fresh processes, baseline and this tree alternating."""
    trees = {"this tree": os.environ.get("QUALITY_PLUGINS") or str(direct_run.PLUGINS)}
    if args.baseline:
        trees = {"baseline": args.baseline, **trees}
    print(f"load average at start: {Path('/proc/loadavg').read_text().strip()}")
    runs: dict[str, list[list[float]]] = {name: [] for name in trees}
    for _ in range(args.rounds):
        for name, folder in trees.items():
            out = subprocess.run(
                [sys.executable, __file__, "_measure", "--docs", str(args.docs),
                 "--plugins", folder], check=True, capture_output=True, text=True).stdout
            runs[name].append(json.loads(out.strip().splitlines()[-1]))
    print(f"load average at end:   {Path('/proc/loadavg').read_text().strip()}")
    print(f"CPU ms per extraction call, {args.docs} CUAD contracts, median of {args.rounds} "
          "rounds per document:")
    means = {}
    for name, rounds in runs.items():
        mean, p95 = summary(rounds)
        means[name] = mean
        print(f"  {name:<10} mean {mean:7.1f} ms   p95 {p95:7.1f} ms   ({trees[name]})")
    if "baseline" in means:
        print(f"  ratio this tree / baseline (mean): {means['this tree'] / means['baseline']:.3f}")
    return 0


def profile_command(args: argparse.Namespace) -> int:
    """``profile``: cProfile of the timed calls, by own time."""
    profiler = cProfile.Profile()
    profiler.enable()
    measure(args.docs)
    profiler.disable()
    stats = pstats.Stats(profiler)
    stats.sort_stats("tottime").print_stats(args.top)
    stats.sort_stats("cumulative").print_stats(args.top)
    return 0


def outputs() -> list[dict[str, Any]]:
    """Outputs of every field, contract then invoice, over the whole corpus."""
    extractor = direct_run.load_plugin("contract_extractor.py").ContractExtractor()
    docs = [*corpus.load_cuad(), *corpus.load_kleister(), *corpus.load_policies(),
            *corpus.load_invoices()]
    rows = []
    for d in docs:
        doc = document(d)
        rows.append({"file": d.file,
                     "contract": extract(extractor, doc, registry_fields(invoice=False)),
                     "invoice": extract(extractor, doc, registry_fields(invoice=True))})
    return rows


def compare_command(args: argparse.Namespace) -> int:
    """``compare``: re-run and list the documents whose outputs differ from ``FILE``."""
    with open(args.file, encoding="utf-8") as fh:
        recorded = [json.loads(line) for line in fh]
    now = [json.loads(json.dumps(row, sort_keys=True)) for row in outputs()]
    differ = [new["file"] for old, new in zip(recorded, now, strict=True) if old != new]
    print(f"{len(now)} documents, {len(now) - len(differ)} identical, {len(differ)} differ")
    for file in differ:
        print(f"  differs: {file}")
    return 1 if differ or len(recorded) != len(now) else 0


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plugins", help="plugins folder to load (default: this tree's)")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("time", "profile", "_measure"):
        p = sub.add_parser(name)
        p.add_argument("--docs", type=int, default=40)
        p.add_argument("--plugins", help=argparse.SUPPRESS)
    sub.choices["time"].add_argument("--rounds", type=int, default=3)
    sub.choices["time"].add_argument("--baseline", help="plugins folder of the baseline")
    sub.choices["profile"].add_argument("--top", type=int, default=30)
    for name in ("record", "compare"):
        sub.add_parser(name).add_argument("file")
        sub.choices[name].add_argument("--plugins", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.command == "_measure":
        print(json.dumps(measure(args.docs)))
        return 0
    if args.command == "record":
        with open(args.file, "w", encoding="utf-8") as fh:
            fh.writelines(json.dumps(row, sort_keys=True) + "\n" for row in outputs())
        return 0
    commands = {"time": time_command, "profile": profile_command, "compare": compare_command}
    return commands[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
