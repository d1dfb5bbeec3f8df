"""Quality of the built-in plugins measured through the real API of a running instance.

Uploads corpus documents (CUAD contract PDFs, Kleister NDA PDFs, and policies and invoices
as negatives) to a fresh organization with the demo ontology, waits for the pipeline, and
prints per-field precision, recall and F1 (``score.py``) and classification accuracy per
level, plus root-level accuracy on the negatives.

Usage: ``python bench/quality/api_run.py --url URL --api-key KEY [--cuad N] [--kleister N]``
(``bench/quality/run`` starts a server and calls this).
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
from corpus import corpus_root, demo_ontology
from score import format_table, load_truth, score


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


def pick(root: Path, cuad: int, kleister: int) -> list[tuple[Path, str]]:
    """(file to upload, truth key) pairs: CUAD PDFs keyed by their txt, Kleister PDFs, negatives."""
    out: list[tuple[Path, str]] = []
    with (root / "cuad" / "labels.jsonl").open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    for row in [r for r in rows if r.get("pdf")][:cuad]:
        out.append((root / "cuad" / row["pdf"], "cuad/" + row["txt"]))
    with (root / "kleister-nda" / "labels.jsonl").open(encoding="utf-8") as fh:
        for row in [json.loads(line) for line in fh][:kleister]:
            out.append((root / "kleister-nda" / row["pdf"], "kleister-nda/" + row["pdf"]))
    for p in sorted((root / "policies-md").rglob("*.md")):
        if p.name != "LICENSE.md":
            out.append((p, "negative:Policy"))
    for p in sorted((root / "invoices" / "zugferd-facturx").rglob("*.pdf")):
        out.append((p, "negative:Invoice"))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--api-key", required=True)
    parser.add_argument("--cuad", type=int, default=137, help="CUAD PDFs (137 exist)")
    parser.add_argument("--kleister", type=int, default=100, help="Kleister NDA PDFs")
    parser.add_argument("--out", default="/tmp/quality-predictions.jsonl")
    parser.add_argument("--timeout", type=int, default=3600)
    args = parser.parse_args(argv)

    api = Api(args.url, args.api_key)
    org = api.call("POST", "/api/v1/organizations", {"name": f"Quality {time.strftime('%Y%m%d-%H%M%S')}"})
    api.org = org["id"]
    api.call("PUT", "/api/v1/ontology", {"labels": demo_ontology()["labels"]})
    files = pick(corpus_root(), args.cuad, args.kleister)
    started = time.monotonic()
    uploaded: dict[str, str] = {}
    for path, key in files:
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

    predictions = []
    negatives: dict[str, list[int]] = {}
    failed = 0
    for doc_id, key in uploaded.items():
        d = docs[doc_id]
        failed += d["status"] == "FAILED"
        if key.startswith("negative:"):
            want = key.split(":", 1)[1]
            hit = negatives.setdefault(want, [0, 0])
            hit[0] += int(d["labels"][:1] == [want])
            hit[1] += 1
            continue
        data = (d.get("extraction") or {}).get("data")
        predictions.append({"file": key, "labels": d["labels"], "data": data})
    Path(args.out).write_text("".join(json.dumps(p) + "\n" for p in predictions), encoding="utf-8")
    result = score(predictions, load_truth())
    print(f"{len(uploaded)} documents through {args.url} in {seconds:.0f} s "
          f"({len(uploaded) / seconds:.2f} docs/s), {failed} failed")
    print(format_table(result))
    for label, (ok, n) in sorted(negatives.items()):
        print(f"negatives classified {label}: {ok}/{n} = {ok / n:.3f}")
    print(f"predictions: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
