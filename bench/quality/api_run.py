"""Quality of the built-in plugins measured through the real API of a running instance.

Uploads corpus documents (CUAD contract PDFs, Kleister NDA PDFs, and policies and invoices
as negatives) to a fresh organization with the customer-style ontology
(``customer_ontology.json``: names and one-line descriptions only, the customer's field
names) or the demo ontology (``--ontology demo``), waits for the pipeline, and prints, for
the tuning (even) half, the held-out (odd) half and all documents: classification accuracy
per level, negatives (correct or abstained), the abstention rate, per-field precision,
recall and F1 (``score.py``; the ontology's field names are mapped to the scorer's through
the field registry) and the Kleister NDA micro-F1.

``--variant RECIPE[@SEED]`` puts one of the robustness bench's wordings of the customer ontology
instead (``variants.py``: "paraphrase+synonyms@7"), as another customer would, and scores its
labels by the issue-11 label each stands for; the ontology report's warnings are printed.
``--wording FILE`` puts a wording a person wrote (``wordings/*.json``) instead, as written or,
with ``--names-only``, without its descriptions; such a wording defines no fields, so only
the classification is printed.

Usage: ``python bench/quality/api_run.py --url URL --api-key KEY [--ontology customer|demo]
[--variant RECIPE[@SEED] | --wording FILE [--names-only]] [--cuad N] [--kleister N]`` (``bench/quality/run`` starts a server and calls this).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import variants
from corpus import corpus_root, customer_ontology, demo_ontology
from direct_run import classification_table, fields_for_path, kleister_micro_f1
from score import format_table, load_truth, score
from service_sdk import match_field


class Api:
    """Minimal JSON client of the service API (urllib; multipart for uploads)."""

    def __init__(self, url: str, key: str) -> None:
        self.url = url.rstrip("/")
        self.key = key
        self.org: str | None = None

    def _headers(self) -> dict[str, str]:
        h = {"Authorization": f"Bearer {self.key}"}
        if self.org:
            h["X-Organization-Id"] = self.org
        return h

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """One JSON request; waits out a 429 for its Retry-After and tries again."""
        data = None if body is None else json.dumps(body).encode()
        headers = self._headers()
        if data is not None:
            headers["Content-Type"] = "application/json"
        for _ in range(10):
            req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(req, timeout=120) as res:
                    raw = res.read()
                return json.loads(raw) if raw else None
            except urllib.error.HTTPError as err:
                if err.code != 429:
                    raise
                time.sleep(float(err.headers.get("Retry-After") or 5))
        raise RuntimeError(f"{method} {path}: still rate limited")

    def all_documents(self) -> list[dict[str, Any]]:
        """Every document of the organization, through the paginated list."""
        out: list[dict[str, Any]] = []
        page = 0
        while True:
            res = self.call("GET", f"/api/v1/documents?page={page}&size=100")
            out.extend(res["content"])
            page += 1
            if page >= res["page"]["total_pages"]:
                return out

    def count(self, status: str) -> int:
        res = self.call("GET", f"/api/v1/documents?status={status}&size=1")
        return int(res["page"]["total_elements"])

    def upload(self, path: Path, metadata: dict[str, Any]) -> dict[str, Any]:
        boundary = uuid.uuid4().hex
        parts = [
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"metadata\"\r\n\r\n"
            f"{json.dumps(metadata)}\r\n".encode(),
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; "
            f"filename=\"{path.name}\"\r\nContent-Type: application/octet-stream\r\n\r\n".encode()
            + path.read_bytes() + b"\r\n",
            f"--{boundary}--\r\n".encode(),
        ]
        headers = {**self._headers(), "Content-Type": f"multipart/form-data; boundary={boundary}"}
        req = urllib.request.Request(self.url + "/api/v1/documents", data=b"".join(parts),
                                     method="POST", headers=headers)
        with urllib.request.urlopen(req, timeout=120) as res:
            result: dict[str, Any] = json.loads(res.read())
        return result


def pick(root: Path, cuad: int, kleister: int, cuad_text: int = 0) -> list[tuple[Path, str, bool]]:
    """(file to upload, truth key, in the tuning half) triples: CUAD PDFs keyed by their txt,
    the first ``cuad_text`` CUAD contracts the corpus has only as text (uploaded as ``.txt``),
    Kleister PDFs, and negatives keyed ``negative:<label>:<path>``. The tuning half is the
    even index of each dataset (CUAD and Kleister: the row of ``labels.jsonl``; negatives:
    sorted path), as in ``direct_run.py``."""
    out: list[tuple[Path, str, bool]] = []
    with (root / "cuad" / "labels.jsonl").open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    with_pdf = [(i, r) for i, r in enumerate(rows) if r.get("pdf")][:cuad]
    out += [(root / "cuad" / r["pdf"], "cuad/" + r["txt"], i % 2 == 0) for i, r in with_pdf]
    text_only = [(i, r) for i, r in enumerate(rows) if not r.get("pdf")][:cuad_text]
    out += [(root / "cuad" / r["txt"], "cuad/" + r["txt"], i % 2 == 0) for i, r in text_only]
    with (root / "kleister-nda" / "labels.jsonl").open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh][:kleister]
    out += [(root / "kleister-nda" / r["pdf"], "kleister-nda/" + r["pdf"], i % 2 == 0)
            for i, r in enumerate(rows)]
    policies = [p for p in sorted((root / "policies-md").rglob("*.md")) if p.name != "LICENSE.md"]
    invoices = sorted((root / "invoices" / "zugferd-facturx").rglob("*.pdf"))
    for label, paths in (("Policy", policies), ("Invoice", invoices)):
        out += [(p, f"negative:{label}:{p.relative_to(root)}", i % 2 == 0)
                for i, p in enumerate(paths)]
    return out


def canonical(data: dict[str, Any], fields: list[dict[str, Any]]) -> dict[str, Any]:
    """The scorer's field names for the ontology's (``notice_period_to_terminate_renewal`` →
    ``notice_period``), by the field registry's matching."""
    out = dict(data)
    for field in fields:
        spec = match_field(field["name"], field.get("dtype"), field.get("description", ""))
        if spec is not None and field["name"] in data:
            out[spec.name] = data[field["name"]]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--api-key", required=True)
    parser.add_argument("--cuad", type=int, default=137, help="CUAD PDFs (137 exist)")
    parser.add_argument("--cuad-text", type=int, default=140,
                        help="CUAD contracts the corpus has as text only (140 exist)")
    parser.add_argument("--kleister", type=int, default=100, help="Kleister NDA PDFs")
    parser.add_argument("--out", default="/tmp/quality-predictions.jsonl")
    parser.add_argument("--timeout", type=int, default=3600)
    parser.add_argument("--ontology", choices=("customer", "demo"), default="customer")
    parser.add_argument("--variant", default="",
                        help="RECIPE[@SEED]: put this wording of the customer ontology "
                             "(variants.py) instead, as another customer would write it")
    parser.add_argument("--wording", default="",
                        help="a hand-written wording (wordings/*.json) instead")
    parser.add_argument("--names-only", action="store_true",
                        help="with --wording: its labels without their descriptions")
    args = parser.parse_args(argv)

    api = Api(args.url, args.api_key)
    org = api.call("POST", "/api/v1/organizations", {"name": f"Quality {time.strftime('%Y%m%d-%H%M%S')}"})
    api.org = org["id"]
    ontology = customer_ontology() if args.ontology == "customer" else demo_ontology()
    # variant label -> issue 11's label; identity for the two fixed ontologies
    original: dict[str, str] = {}
    if args.variant:
        recipe, _, seed = args.variant.partition("@")
        chosen = next(v for v in variants.standard_variants(customer_ontology(), int(seed or 0))
                      if v.name.split("@")[0] == recipe)
        ontology, original = chosen.ontology, chosen.original
    elif args.wording:
        written = variants.handwritten_variants(Path(args.wording))[1 if args.names_only else 0]
        ontology, original = written.ontology, written.original
    mine = {o: n for n, o in original.items()}
    report = api.call("PUT", "/api/v1/ontology?report=true", {"labels": ontology["labels"]})
    for warning in (report or {}).get("report", {}).get("warnings", []):
        print(f"ontology report: {warning['code']}: {warning['message']}")
    files = pick(corpus_root(), args.cuad, args.kleister, args.cuad_text)
    tuning = {key for _, key, tune in files if tune}
    started = time.monotonic()
    uploaded: dict[str, str] = {}
    for path, key, _tune in files:
        try:
            doc = api.upload(path, {"quality_key": key})
        except urllib.error.HTTPError as err:
            print(f"upload {path.name}: {err.code} {err.read().decode()[:200]}", file=sys.stderr)
            continue
        uploaded.setdefault(doc["id"], key)
    while time.monotonic() - started < args.timeout:
        if api.count("RECEIVED") + api.count("PROCESSING") == 0:
            break
        time.sleep(3)
    seconds = time.monotonic() - started
    docs = {d["id"]: d for d in api.all_documents()}

    truth = load_truth()
    rows = []
    failed = 0
    for doc_id, key in uploaded.items():
        d = docs[doc_id]
        failed += d["status"] == "FAILED"
        true = [key.split(":")[1]] if key.startswith("negative:") else truth[key]["labels"]
        data = (d.get("extraction") or {}).get("data") or {}
        data = canonical(data, fields_for_path(ontology, [mine.get(t, t) for t in true]))
        pred = [original.get(x, x) for x in d["labels"]]
        rows.append({"file": key, "true": true, "pred": pred, "labels": pred, "data": data})
    Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    shown = args.variant or (f"{Path(args.wording).stem}{'+names-only' if args.names_only else ''}"
                             if args.wording else args.ontology)
    print(f"ontology: {shown}; {len(uploaded)} documents through {args.url} in "
          f"{seconds:.0f} s ({len(uploaded) / seconds:.2f} docs/s), {failed} failed")
    for name, subset in (("tuning half (even)", [r for r in rows if r["file"] in tuning]),
                         ("held-out half (odd)", [r for r in rows if r["file"] not in tuning]),
                         ("all", rows)):
        print(f"\n== {name}")
        print("\n".join(classification_table(subset)))
        if args.wording:
            # a hand-written wording names labels only: no fields, so nothing is extracted
            continue
        print(format_table(score(subset, truth)))
        kleister = [r for r in subset if r["file"].startswith("kleister")]
        print(f"Kleister NDA micro-F1 {kleister_micro_f1(score(kleister, truth)):.3f}")
    print(f"predictions: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
