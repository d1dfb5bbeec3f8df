"""Robustness bench: the built-in classifier over many wordings of the customer ontology.

The same documents are put to each variant of :mod:`variants` (the 28 kinds of issue 11
under other names and descriptions), in-process (the plugin class's ``decide_level``, the
classical path the engine gets without an LLM, zero confirmed documents), walking the
ontology level by level as the engine does. Printed per variant, on the **held-out** half
(odd dataset index, as ``direct_run.py``) unless ``--half tuning``:

* ``root``: contracts and NDAs whose root label is the contract label;
* ``type``: CUAD contracts whose contract type is right (the walk: a wrong or abstained root
  counts as wrong);
* ``nda``: Kleister NDAs labelled Non-Disclosure;
* ``neg``: invoices and policies classified right or abstained at the root;
* ``p>=.8``: of the decisions stated at probability >= 0.8 (any level), the share right;
* ``ece0`` / ``ece1``: expected calibration error (10 equal-width bins of the stated
  probability of the top label) of the root level and the contract-type level, each asked
  with the true path above it (``calibration.py``'s samples);
* ``ecep``: expected calibration error of the whole path's confidence (the product of the
  walk's levels' probabilities, as ``documents.label_confidence``; docs/pipeline.md "The review
  order") against the path being the truth label for label, over the documents whose walk
  reached a leaf with a probability at every level (the rest are "unknown", counted in ``unk``);
* ``abst``: in-domain documents where the walk stopped before the true depth;
* ``ood``: out-of-domain files (``ood.py``) abstained at the root, when ``--ood``.

Then the minimum of each column over the variants that keep descriptions, over the
names-only variants, the pooled ECE, and the pooled reliability table of the path's confidence. ``--seed`` makes the variants with another seed
(new synonyms, paraphrases, generic words and orders; see :mod:`variants`); ``--wording FILE``
puts a wording a person wrote instead (``wordings/*.json``). ``--dump FILE``
writes one JSON line per level asked (variant, file, depth, truth, the label probabilities
and zero-shot scores), which ``fit_calibration.py`` reads from the tuning half.

``--curve`` prints instead the **learning curve** of issue 33: each variant's contract type on
the held-out CUAD contracts after 0, 5 and 20 confirmed tuning-half documents per contract
label (the 25 CUAD types and Non-Disclosure, as many as the tuning half has, named in the
variant's own words), given to the classifier as the engine's ``training_examples`` (which
fix the labels' mapping onto the knowledge base, and feed the supervised model where it takes
part); then the worst over the variants at each point, and pooled over the variants the share
right of the decisions stated at p >= 0.8 and the contract-type level's ECE. With ``--half
tuning`` the tuning half confirms and is scored in two folds (to choose constants without the
held-out half; see :func:`curve_folds`).

``--config NAME=VALUE`` sets a classifier parameter other than its default (e.g.
``max_supervised_weight=0.2``).

Usage: ``.venv/bin/python bench/quality/robustness.py [--seed N] [--half held-out|tuning]
[--variants a,b] [--wording FILE] [--limit N] [--ood] [--dump FILE] [--curve]
[--config NAME=VALUE]``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter, defaultdict
from contextlib import nullcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus
import fit_prototypes
import variants as variants_mod
from direct_run import load_plugin
from service_sdk import Document

#: Stated probability above which a decision is called confident.
CONFIDENT = 0.8
#: Confirmed documents per label of the learning curve.
CURVE = (0, 5, 20)


def ece(pairs: list[tuple[float, bool]], bins: int = 10) -> float:
    """Expected calibration error of (stated probability, right) pairs over ``bins``
    equal-width bins (Guo et al. 2017)."""
    if not pairs:
        return 0.0
    groups: dict[int, list[tuple[float, bool]]] = defaultdict(list)
    for p, ok in pairs:
        groups[min(int(p * bins), bins - 1)].append((p, ok))
    return sum(abs(sum(p for p, _ in g) - sum(ok for _, ok in g)) for g in groups.values()) \
        / len(pairs)


def load_documents(limit: int | None, half: str) -> tuple[list[corpus.CorpusDoc],
                                                         list[corpus.CorpusDoc]]:
    """(documents of ``half``, all documents) of the four labelled datasets; the split is
    ``direct_run.py``'s: even dataset index = tuning, odd = held-out."""
    sets = [corpus.load_cuad(limit=limit), corpus.load_kleister(limit=limit),
            corpus.load_policies(), corpus.load_invoices()]
    docs = [d for s in sets for d in s]
    tune = {d.file for s in sets for i, d in enumerate(s) if d.truth.get("index", i) % 2 == 0}
    chosen = [d for d in docs if (d.file in tune) == (half == "tuning")]
    return chosen, docs


class VariantRun:
    """One variant's classifier context and its tallies."""

    def __init__(self, variant: variants_mod.Variant, plugin: Any, configs: dict[str, Any],
                 stats: dict[str, Any], examples: list[dict[str, Any]] | None = None) -> None:
        self.variant = variant
        self.examples = examples or []
        self.plugin = plugin
        self.configs = configs
        self.stats = stats
        self.meta = corpus.ontology_labels(variant.ontology)
        self.by_original = {v: k for k, v in variant.original.items()}
        self.tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        self.calib: dict[int, list[tuple[float, bool]]] = defaultdict(list)
        self.confident: list[bool] = []
        self.paths: list[tuple[float, bool]] = []
        self.unknown = 0

    def document(self, d: corpus.CorpusDoc) -> Document:
        return Document(id=d.file, filename=Path(d.file).name, text=d.text,
                        mime_type=d.mime_type, organization_id="bench", labels=[],
                        metadata={"ontology_labels": self.meta,
                                  "training_examples": self.examples,
                                  "corpus_statistics": self.stats})

    def level(self, doc: Document, depth_labels: list[dict[str, Any]],
              path: list[str]) -> Any:
        available = [x["name"] for x in depth_labels]
        return self.plugin.decide_level(doc, available, path, self.configs)

    def run(self, d: corpus.CorpusDoc, dump: Any) -> None:
        """Walk ``d`` through the variant's ontology; tally the figures."""
        doc = self.document(d)
        orig = self.variant.original
        truth = d.labels if d.labels[0] in ("Contract", "Invoice", "Policy") else []
        # the walk, as the engine does it
        level = self.variant.ontology["labels"]
        walk: list[str] = []
        # None once a level stated no probability: the engine asks no plugin at a level of one
        # label, so such a step has no decision in the trace (label_path_confidence reads null)
        path_p: float | None = 1.0
        while level:
            decision = self.level(doc, level, walk)
            if path_p is not None and len(level) > 1 and decision.label is not None:
                path_p *= decision.probability
            else:
                path_p = None
            depth = len(walk)
            if decision.label is not None and depth < len(truth):
                right = orig[decision.label] == truth[depth]
                if decision.probability >= CONFIDENT:
                    self.confident.append(right)
            if decision.label is None:
                break
            walk.append(decision.label)
            level = next(x for x in level if x["name"] == decision.label).get("children") or []
        pred = [orig[x] for x in walk]
        if path_p is None:
            self.unknown += 1
        else:
            self.paths.append((path_p, pred == truth))
        # calibration samples: each level asked with the true path above it
        level = self.variant.ontology["labels"]
        path: list[str] = []
        for depth, true in enumerate(truth):
            decision = self.level(doc, level, path)
            best = orig.get(decision.best or "", "")
            self.calib[depth].append((decision.probability, best == true))
            if dump is not None:
                dump.write(json.dumps({
                    "variant": self.variant.name, "file": d.file, "depth": depth,
                    "truth": true, "best": best, "label": orig.get(decision.label or ""),
                    "reason": decision.reason, "score": decision.score,
                    "probabilities": {orig[k]: v for k, v in
                                      (decision.probabilities or {}).items()},
                    "scores": {orig[k]: v for k, v in
                               (getattr(decision, "scores", None) or {}).items()},
                }) + "\n")
            mine = self.by_original[true]
            path.append(mine)
            level = next(x for x in level if x["name"] == mine).get("children") or []
            if not level:
                break
        t = self.tally
        if not truth:
            t["ood"][0] += not pred
            t["ood"][1] += 1
            return
        t["abst"][0] += len(pred) < len(truth)
        t["abst"][1] += 1
        if truth[0] == "Contract":
            t["root"][0] += pred[:1] == ["Contract"]
            t["root"][1] += 1
            key = "type" if d.file.startswith("cuad/") else "nda"
            t[key][0] += pred[1:2] == truth[1:2]
            t[key][1] += 1
        else:
            t["neg"][0] += not pred or pred[0] == truth[0]
            t["neg"][1] += 1

    def figures(self) -> dict[str, float]:
        out = {k: (v[0] / v[1] if v[1] else float("nan")) for k, v in self.tally.items()}
        out["p>=.8"] = (sum(self.confident) / len(self.confident) if self.confident
                        else float("nan"))
        out["n>=.8"] = len(self.confident)
        for depth, pairs in self.calib.items():
            out[f"ece{depth}"] = ece(pairs)
        out["ecep"] = ece(self.paths) if self.paths else float("nan")
        out["unk"] = self.unknown / (self.unknown + len(self.paths))
        return out


COLUMNS = ("root", "type", "nda", "neg", "p>=.8", "ece0", "ece1", "ecep", "unk", "abst", "ood")
#: The path confidence's reliability bins (as ``path_calibration.py``'s).
PATH_BINS = ((0.0, 0.5), (0.5, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 0.99), (0.99, 1.01))


def table(runs: list[VariantRun]) -> list[str]:
    """The per-variant lines, the minima (maxima for ECE and abstention) and pooled ECE."""
    lines = [f"{'variant':34} " + " ".join(f"{c:>6}" for c in COLUMNS) + "  n>=.8"]
    figures = [(r, r.figures()) for r in runs]
    for r, f in figures:
        lines.append(f"{r.variant.name[:34]:34} " + " ".join(
            f"{f.get(c, float('nan')):6.3f}" for c in COLUMNS) + f"  {int(f['n>=.8']):5}")
    worst = {"ece0", "ece1", "ecep", "unk", "abst"}
    for title, keep in (("worst, with descriptions", True), ("worst, names only", False)):
        part = [f for r, f in figures if r.variant.has_descriptions == keep]
        if not part:
            continue
        cells = []
        for c in COLUMNS:
            values = [f[c] for f in part if c in f and f[c] == f[c]]
            value = (max(values) if c in worst else min(values)) if values else float("nan")
            cells.append(f"{value:6.3f}")
        lines.append(f"{title:34} " + " ".join(cells))
    for depth in (0, 1):
        pooled = [x for r, _ in figures for x in r.calib.get(depth, [])]
        lines.append(f"pooled ECE level {depth}: {ece(pooled):.3f} over {len(pooled)} levels")
    pooled = [x for r, _ in figures for x in r.paths]
    lines.append(f"pooled ECE of the path's confidence: {ece(pooled):.3f} over {len(pooled)} "
                 f"paths; {sum(r.unknown for r, _ in figures)} unknown")
    for lo, hi in PATH_BINS:
        b = [(p, ok) for p, ok in pooled if lo <= p < hi]
        if b:
            lines.append(f"  path stated [{lo:.2f}, {min(hi, 1):.2f})  n={len(b):5}  "
                         f"stated {sum(p for p, _ in b) / len(b):.3f}  "
                         f"right {sum(ok for _, ok in b) / len(b):.3f}")
    return lines


def confirmed(variant: variants_mod.Variant, tuning: list[corpus.CorpusDoc],
              per_label: int) -> list[dict[str, Any]]:
    """Up to ``per_label`` tuning-half contracts of each contract label as the engine's
    ``training_examples`` (``{text: first 3000 characters, labels: path}``), the path in the
    variant's names."""
    mine = {v: k for k, v in variant.original.items()}
    taken: Counter[str] = Counter()
    out = []
    for d in tuning:
        if d.labels[0] != "Contract" or len(d.labels) < 2 or taken[d.labels[1]] >= per_label:
            continue
        taken[d.labels[1]] += 1
        out.append({"text": d.text[:3000], "labels": [mine[x] for x in d.labels[:2]]})
    return out


def curve_folds(limit: int | None, half: str) -> list[tuple[list[corpus.CorpusDoc],
                                                              list[corpus.CorpusDoc]]]:
    """(documents the confirmations are taken from, CUAD contracts scored) pairs: on the
    held-out half, the tuning half's documents and the held-out contracts; with ``--half
    tuning`` (to choose the method's constants without the held-out half), the tuning half
    split in two by position, each part confirming for the other (so fewer confirmations
    per label are available than asked)."""
    tuning, _ = load_documents(limit, "tuning")
    if half == "held-out":
        held_out = [d for d in load_documents(limit, "held-out")[0]
                    if d.file.startswith("cuad/")]
        return [(tuning, held_out)]
    parts = [tuning[0::2], tuning[1::2]]
    return [(parts[i], [d for d in parts[1 - i] if d.file.startswith("cuad/")])
            for i in (0, 1)]


def learning_curve(variants: list[variants_mod.Variant], plugin: Any, configs: dict[str, Any],
                   stats: dict[str, Any], limit: int | None,
                   half: str = "held-out") -> list[str]:
    """Each variant's contract type on the CUAD contracts of ``half`` after :data:`CURVE`
    confirmations per label (:func:`curve_folds`), and the worst with descriptions / names
    only at each point; then, pooled over the variants at each point, the share right of the
    decisions stated at p >= 0.8 and the contract-type level's ECE."""
    folds = curve_folds(limit, half)
    lines = [f"{'variant':34} " + " ".join(f"{k:>6}" for k in CURVE) + "   (per label)"]
    worst: dict[bool, list[float]] = {}
    confident: dict[int, list[bool]] = defaultdict(list)
    calib: dict[int, list[tuple[float, bool]]] = defaultdict(list)
    cpu: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])  # k -> [seconds, documents]
    for v in variants:
        row = []
        for k in CURVE:
            right = total = 0
            for source, scored in folds:
                run = VariantRun(v, plugin, configs, stats, confirmed(v, source, k))
                t0 = time.process_time()
                for d in scored:
                    run.run(d, None)
                cpu[k][0] += time.process_time() - t0
                cpu[k][1] += len(scored)
                right += run.tally["type"][0]
                total += run.tally["type"][1]
                confident[k] += run.confident
                calib[k] += run.calib.get(1, [])
            row.append(right / total if total else float("nan"))
        lines.append(f"{v.name[:34]:34} " + " ".join(f"{x:6.3f}" for x in row))
        prev = worst.get(v.has_descriptions)
        worst[v.has_descriptions] = row if prev is None else [min(a, b) for a, b in
                                                              zip(prev, row, strict=True)]
    for keep, title in ((True, "worst, with descriptions"), (False, "worst, names only")):
        if keep in worst:
            lines.append(f"{title:34} " + " ".join(f"{x:6.3f}" for x in worst[keep]))
    lines.append(f"{'p>=.8 right (pooled)':34} " + " ".join(
        f"{sum(confident[k]) / max(len(confident[k]), 1):6.3f}" for k in CURVE))
    lines.append(f"{'n at p>=.8':34} " + " ".join(f"{len(confident[k]):6}" for k in CURVE))
    lines.append(f"{'ECE level 1 (pooled)':34} " + " ".join(
        f"{ece(calib[k]):6.3f}" for k in CURVE))
    lines.append(f"{'CPU ms per document (2 walks)':34} " + " ".join(
        f"{1000 * cpu[k][0] / max(cpu[k][1], 1):6.0f}" for k in CURVE))
    return lines


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--half", choices=("held-out", "tuning"), default="held-out")
    parser.add_argument("--variants", default="", help="comma-separated recipe names")
    parser.add_argument("--wording", action="append", default=[], type=Path,
                        help="a hand-written wording (wordings/*.json) instead of the "
                             "generated ones, as written and names only; repeatable")
    parser.add_argument("--limit", type=int, default=None, help="documents per dataset")
    parser.add_argument("--ood", action="store_true", help="also the out-of-domain files")
    parser.add_argument("--dump", default="", help="JSON lines of every level asked")
    parser.add_argument("--curve", action="store_true", help="the learning curve instead")
    parser.add_argument("--config", action="append", default=[],
                        help="NAME=VALUE: a classifier setting other than its default")
    args = parser.parse_args(argv)
    docs, every = load_documents(args.limit, args.half)
    if args.ood:
        import ood
        docs += ood.load(args.half)
    plugin = load_plugin("classifier.py").OntologyClassifier()
    configs = {p.parameter_name: p.default_value for p in plugin.configurable_parameters}
    configs["use_llm"] = False
    for setting in args.config:
        name, _, value = setting.partition("=")
        configs[name] = type(configs[name])(float(value)) if name in configs else value
    stats = corpus.corpus_statistics([d.text for d in every])
    chosen = set(filter(None, args.variants.split(",")))
    variants = [v for v in variants_mod.standard_variants(corpus.customer_ontology(), args.seed)
                if not chosen or v.name.split("@")[0] in chosen]
    if args.wording:
        variants = [v for path in args.wording for v in variants_mod.handwritten_variants(path)]
    if args.curve:
        t0 = time.perf_counter()
        lines = learning_curve(variants, plugin, configs, stats, args.limit, args.half)
        print(f"learning curve, seed {args.seed}, {args.half} CUAD contract type, "
              f"{time.perf_counter() - t0:.0f} s; load {os.getloadavg()[0]:.1f}")
        print("\n".join(lines))
        return 0
    runs = [VariantRun(v, plugin, configs, stats) for v in variants]
    dump = open(args.dump, "w", encoding="utf-8") if args.dump else None  # noqa: SIM115
    t0 = time.perf_counter()
    for d in docs:  # documents outside: each is analysed once for all variants
        # on the tuning half each document is scored against prototypes it is not part of
        with fit_prototypes.left_out(d) if args.half == "tuning" else nullcontext():
            for r in runs:
                r.run(d, dump)
    if dump is not None:
        dump.close()
    print(f"{args.half} half, seed {args.seed}: {len(docs)} documents x {len(runs)} variants "
          f"in {time.perf_counter() - t0:.0f} s; load {os.getloadavg()[0]:.1f}")
    print("\n".join(table(runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
