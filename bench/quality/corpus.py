"""Load the shared corpus (``shared/corpus``) as plain-text documents with their labels.

Sources and ground truth (see ``shared/corpus/README.md``):

* ``cuad/txt/*.txt`` — 277 contracts, label path from ``cuad/labels.jsonl``;
* ``kleister-nda/pdf/*.pdf`` — 254 NDAs, text from ``pdftotext`` (poppler-utils), label
  path ``["Contract", "Non-Disclosure"]``;
* ``policies-md/**.md`` — GitHub policies (``LICENSE.md`` excluded), label ``["Policy"]``;
* ``invoices/zugferd-facturx/**.pdf`` — e-invoices, text from ``pdftotext``, ``["Invoice"]``.

PDF text is cached under ``$QUALITY_CACHE`` (default ``/tmp/service-quality-cache``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

DEFAULT_CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"


def corpus_root() -> Path:
    """The corpus folder: ``$SERVICE_CORPUS`` or ``<repo>/../shared/corpus``."""
    return Path(os.environ.get("SERVICE_CORPUS", str(DEFAULT_CORPUS)))


@dataclasses.dataclass
class CorpusDoc:
    """One corpus document as the plugins see it, plus its ground truth."""

    file: str  # path relative to the corpus root
    text: str
    labels: list[str]
    truth: dict[str, Any]
    mime_type: str = "text/plain"


def pdf_text(path: Path) -> str:
    """Text of a PDF via ``pdftotext`` (reading order), cached by path and mtime.

    Raises:
        RuntimeError: ``pdftotext`` is not installed (apt-get install poppler-utils).
    """
    cache = Path(os.environ.get("QUALITY_CACHE", "/tmp/service-quality-cache"))
    ident = f"{path.resolve()}:{path.stat().st_mtime_ns}".encode()
    key = f"{hashlib.sha256(ident).hexdigest()[:16]}-{path.stem[:40]}.txt"
    target = cache / key
    if target.is_file():
        return target.read_text(encoding="utf-8")
    exe = shutil.which("pdftotext")
    if exe is None:
        raise RuntimeError("pdftotext not found: apt-get install poppler-utils")
    cache.mkdir(parents=True, exist_ok=True)
    subprocess.run([exe, "-q", "-enc", "UTF-8", str(path), str(target)], check=False)
    return target.read_text(encoding="utf-8") if target.is_file() else ""


def load_cuad(root: Path | None = None, limit: int | None = None) -> list[CorpusDoc]:
    """CUAD contracts (txt) with their ``labels.jsonl`` rows as truth."""
    base = (root or corpus_root()) / "cuad"
    docs = []
    with (base / "labels.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            text = (base / row["txt"]).read_text(encoding="utf-8", errors="replace")
            docs.append(CorpusDoc("cuad/" + row["txt"], text, list(row["label_path"]), row))
            if limit and len(docs) >= limit:
                break
    return docs


def load_kleister(root: Path | None = None, limit: int | None = None) -> list[CorpusDoc]:
    """Kleister NDA PDFs (text via pdftotext) with their ``labels.jsonl`` rows as truth."""
    base = (root or corpus_root()) / "kleister-nda"
    docs = []
    with (base / "labels.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            text = pdf_text(base / row["pdf"])
            docs.append(CorpusDoc("kleister-nda/" + row["pdf"], text,
                                  list(row["label_path"]), row, "application/pdf"))
            if limit and len(docs) >= limit:
                break
    return docs


def load_policies(root: Path | None = None) -> list[CorpusDoc]:
    """GitHub policies (Markdown), labelled ``["Policy"]``; as the engine's Markdown parser
    gives them to plugins: without the YAML front matter (``markdown_text``)."""
    base = (root or corpus_root()) / "policies-md"
    return [
        CorpusDoc(str(p.relative_to(base.parent)), markdown_text(p.read_text(encoding="utf-8")),
                  ["Policy"], {}, "text/markdown")
        for p in sorted(base.rglob("*.md"))
        if p.name != "LICENSE.md"
    ]


_FRONT_MATTER = re.compile(r"^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)")


def markdown_text(source: str) -> str:
    """The text plugins get of a Markdown file: as ``parseMarkdown``
    (packages/server/src/parsing/markdown.ts), newlines normalised and a leading YAML front
    matter block dropped (its ``title:`` goes to the document's metadata, not its text)."""
    text = source.replace("\r\n", "\n").replace("\r", "\n")
    front = _FRONT_MATTER.match(text)
    return text if front is None else text[front.end():].lstrip("\n")


def load_invoices(root: Path | None = None) -> list[CorpusDoc]:
    """ZUGFeRD / Factur-X invoice PDFs (text via pdftotext), labelled ``["Invoice"]``."""
    base = (root or corpus_root()) / "invoices" / "zugferd-facturx"
    return [
        CorpusDoc(str(p.relative_to(base.parents[1])), pdf_text(p), ["Invoice"], {},
                  "application/pdf")
        for p in sorted(base.rglob("*.pdf"))
    ]


def ontology_labels(ontology: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The ``metadata["ontology_labels"]`` entry the engine builds from an ontology."""
    out: dict[str, dict[str, Any]] = {}

    def walk(labels: list[dict[str, Any]], path: list[str]) -> None:
        for label in labels:
            here = [*path, label["name"]]
            out[label["name"]] = {
                "description": label.get("description", ""),
                "keywords": list(label.get("keywords") or []),
                "path": here,
            }
            walk(label.get("children") or [], here)

    walk(ontology.get("labels") or [], [])
    return out


def demo_ontology() -> dict[str, Any]:
    """``plugins/demo_ontology.json``: labels with hand-written keyword lists and the
    extractor's own field names."""
    path = Path(__file__).resolve().parents[2] / "plugins" / "demo_ontology.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def customer_ontology() -> dict[str, Any]:
    """``bench/quality/customer_ontology.json``: what a new customer writes — label names and
    one-line descriptions only, no keywords, field names of their choosing."""
    path = Path(__file__).resolve().parent / "customer_ontology.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def corpus_statistics(texts: list[str], chars: int = 3000) -> dict[str, Any]:
    """The ``metadata["corpus_statistics"]`` entry the engine builds for an organization:
    ``{"documents": n, "df": {word: number of documents whose first chars contain it}}``
    (lower-cased word tokens, as the classifier tokenizes)."""
    df: dict[str, int] = {}
    for text in texts:
        for word in set(re.findall(r"[^\W_]+", text[:chars].lower())):
            df[word] = df.get(word, 0) + 1
    return {"documents": len(texts), "df": df}
