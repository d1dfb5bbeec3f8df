"""CPU of the built-in classifier in a real plugin runtime process, called as the engine calls it.

Starts ``python -m service_sdk.runtime --builtins-path <plugins>``, loads ``classifier.py`` and
classifies CUAD and Kleister NDA texts level by level with the customer-style ontology, the
way the engine does (docs/plugin-runtime.md "Shared values"): the text goes with a document's
first call and is named by key afterwards, the ontology profiles and the corpus statistics
(the 5,000 most frequent words, as the engine sends) go once; a document's values are released
after its last level. No LLM.

Printed: the runtime process's CPU time (``/proc/<pid>/stat``, user + system) per call and per
document, of its first document (the model's load: ~0.4 s, a tenth of the per-document figure
over 40 documents) and per document after it (what a runtime that has served a document
costs), and the host's wall time per call, with the load average.

Usage: ``.venv/bin/python bench/quality/runtime_cpu.py [--plugins DIR] [--limit N]
[--pure-stemmer]`` (``--pure-stemmer`` hides PyStemmer from the runtime, so snowballstemmer
uses its pure-Python stemmers).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus
from service_sdk.runtime.client import RuntimeClient

#: Words of the corpus statistics the engine sends (packages/server/src/pipeline/
#: corpus-statistics.ts ``MAX_WORDS``).
MAX_WORDS = 5000


def process_cpu(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Host:
    """The engine's side of the calls: which shared values the runtime already keeps."""

    def __init__(self, client: RuntimeClient, ontology: dict[str, Any],
                 statistics: dict[str, Any]) -> None:
        self.client = client
        self.ontology = ontology
        self.context = {"document.metadata.ontology_labels": ("ontology",
                                                              corpus.ontology_labels(ontology)),
                        "document.metadata.corpus_statistics": ("corpus", statistics)}
        self.sent: set[str] = set()
        self.calls = 0

    def _shared(self, scope: str, text: str) -> dict[str, Any]:
        values = {"document.text": (f"{scope}/text", text), **self.context}
        shared: dict[str, Any] = {}
        for path, (key, value) in values.items():
            spec: dict[str, Any] = {"key": key}
            if path == "document.text":
                spec["scope"] = scope
            if key not in self.sent:
                spec["value"] = value
                self.sent.add(key)
            shared[path] = spec
        return shared

    def classify(self, scope: str, text: str) -> list[str]:
        """Walk one document's levels; return the path chosen."""
        level = self.ontology["labels"]
        path: list[str] = []
        document = {"id": scope, "filename": "document.txt", "text": "", "metadata": {},
                    "labels": [], "organization_id": "bench", "mime_type": "text/plain"}
        while level:
            available = [x["name"] for x in level]
            got = self.client.call(
                "classifier", "classify",
                {"document": document, "mime_type": "text/plain",
                 "available_labels": available, "current_path": list(path),
                 "configs": {"use_llm": False}},
                shared=self._shared(scope, text))
            self.calls += 1
            if got not in available:
                break
            path.append(got)
            level = level[available.index(got)].get("children") or []
        self.client.release(scope)
        self.sent.discard(f"{scope}/text")
        return path


def main(argv: list[str] | None = None) -> int:
    """CLI entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plugins", default=str(Path(__file__).resolve().parents[2] / "plugins"))
    parser.add_argument("--limit", type=int, default=40, help="documents per dataset")
    parser.add_argument("--pure-stemmer", action="store_true")
    args = parser.parse_args(argv)
    docs = corpus.load_cuad(limit=args.limit) + corpus.load_kleister(limit=args.limit)
    stats = corpus.corpus_statistics([d.text for d in docs])
    top = sorted(stats["df"].items(), key=lambda kv: -kv[1])[:MAX_WORDS]
    statistics = {"documents": stats["documents"], "df": dict(top)}
    with tempfile.TemporaryDirectory() as hide:
        env = None
        if args.pure_stemmer:
            Path(hide, "Stemmer.py").write_text("raise ImportError('hidden')\n")
            env = {**os.environ, "PYTHONPATH": hide}
        with RuntimeClient(["--builtins-path", args.plugins], env=env,
                           on_request=lambda _m: {"result": None}) as client:
            client.load("classifier", Path(args.plugins, "classifier.py").read_text("utf-8"))
            host = Host(client, corpus.customer_ontology(), statistics)
            pid = client.process.pid
            start, wall = process_cpu(pid), time.perf_counter()
            host.classify("warm-0", docs[0].text)
            first = process_cpu(pid) - start
            for i, d in enumerate(docs[1:], 1):
                host.classify(f"doc-{i}", d.text)
            cpu, wall = process_cpu(pid) - start, time.perf_counter() - wall
    print(f"{args.plugins} ({'pure-Python' if args.pure_stemmer else 'default'} stemmer): "
          f"{len(docs)} documents, {host.calls} calls; runtime CPU "
          f"{cpu * 1000 / host.calls:.1f} ms per call, {cpu * 1000 / len(docs):.1f} ms per "
          f"document (first document {first * 1000:.0f} ms, the others "
          f"{(cpu - first) * 1000 / max(len(docs) - 1, 1):.1f} ms each); host wall "
          f"{wall * 1000 / host.calls:.1f} ms per call; loadavg {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
