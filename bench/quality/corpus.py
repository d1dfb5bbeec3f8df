"""Load the shared corpus (``shared/corpus``) as plain-text documents with their labels.

Sources and ground truth (see ``shared/corpus/README.md``):

* ``cuad/txt/*.txt`` — 277 contracts, label path from ``cuad/labels.jsonl``;
* ``kleister-nda/pdf/*.pdf`` — 254 NDAs, text from ``pdftotext`` (poppler-utils), label
  path ``["Contract", "Non-Disclosure"]``;
* ``policies-md/**.md`` — GitHub policies (``LICENSE.md`` excluded), label ``["Policy"]``;
* ``invoices/zugferd-facturx/**.pdf`` — e-invoices, text from ``pdftotext``, ``["Invoice"]``.

PDF text is cached under ``$QUALITY_CACHE`` (default ``/tmp/service-quality-cache``). With
``parser="unpdf"`` PDFs are read by the server's own parser instead (``packages/server/dist``,
unpdf / pdf.js, through ``unpdf_text.mjs``; needs ``make build`` and Node), so the text is the
one the plugins get through the API; CUAD is then read from its PDFs (the 137 that have one).
"""

from __future__ import annotations

import dataclasses
import functools
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


def _cache_dir() -> Path:
    return Path(os.environ.get("QUALITY_CACHE", "/tmp/service-quality-cache"))


_PARSING_DIST = Path(__file__).resolve().parents[2] / "packages" / "server" / "dist" / "parsing"


@functools.cache
def _parser_build() -> str:
    """Fingerprint of the built server parser, so a rebuilt parser never reads stale texts."""
    digest = hashlib.sha256()
    for js in sorted(_PARSING_DIST.glob("*.js")):
        digest.update(js.name.encode())
        digest.update(js.read_bytes())
    return digest.hexdigest()[:16]


def _cache_key(path: Path, parser: str) -> str:
    build = _parser_build() if parser == "unpdf" else ""
    ident = f"{path.resolve()}:{path.stat().st_mtime_ns}:{build}".encode()
    prefix = "" if parser == "pdftotext" else f"{parser}-"
    return f"{prefix}{hashlib.sha256(ident).hexdigest()[:16]}-{path.stem[:40]}.txt"


def pdf_text(path: Path, parser: str = "pdftotext") -> str:
    """Text of a PDF via ``pdftotext`` (reading order) or, with ``parser="unpdf"``, the
    server's parser (:func:`unpdf_texts`); cached by path and mtime (unpdf: and by the built
    parser's code).

    Raises:
        RuntimeError: ``pdftotext`` is not installed (apt-get install poppler-utils), or the
            server's parser cannot be run (see :func:`unpdf_texts`).
    """
    if parser == "unpdf":
        return unpdf_texts([path])[0]
    target = _cache_dir() / _cache_key(path, parser)
    if target.is_file():
        return target.read_text(encoding="utf-8")
    exe = shutil.which("pdftotext")
    if exe is None:
        raise RuntimeError("pdftotext not found: apt-get install poppler-utils")
    target.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([exe, "-q", "-enc", "UTF-8", str(path), str(target)], check=False)
    return target.read_text(encoding="utf-8") if target.is_file() else ""


def unpdf_texts(paths: list[Path]) -> list[str]:
    """Texts of PDFs as the server parses them (``parseDocument`` of
    ``packages/server/dist/parsing``: unpdf / pdf.js, pages joined by a blank line), in one
    Node process for the uncached ones; cached like :func:`pdf_text`.

    Raises:
        RuntimeError: ``node`` or the built server (``make build``) is missing.
    """
    cache = _cache_dir()
    keys = [_cache_key(p, "unpdf") for p in paths]
    missing = [f"{k}={p}" for k, p in zip(keys, paths, strict=True) if not (cache / k).is_file()]
    if missing:
        here = Path(__file__).resolve().parent
        parsing = _PARSING_DIST / "index.js"
        node = shutil.which("node")
        if node is None or not parsing.is_file():
            raise RuntimeError(f"--parser unpdf needs node and {parsing} (make build)")
        cache.mkdir(parents=True, exist_ok=True)
        for i in range(0, len(missing), 200):  # keep the command line short
            subprocess.run([node, str(here / "unpdf_text.mjs"), str(parsing), str(cache),
                            *missing[i:i + 200]], check=True)
    return [(cache / k).read_text(encoding="utf-8") for k in keys]


def load_cuad(root: Path | None = None, limit: int | None = None,
              parser: str = "txt") -> list[CorpusDoc]:
    """CUAD contracts with their ``labels.jsonl`` rows as truth: the ``txt/`` text, or with
    ``parser="unpdf"`` the server's parse of the PDF (only contracts that have one; the
    dataset index ``i`` of each is kept in ``truth["index"]`` for the tuning/held-out split)."""
    base = (root or corpus_root()) / "cuad"
    rows = []
    with (base / "labels.jsonl").open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            row = json.loads(line)
            if parser == "unpdf" and not row.get("pdf"):
                continue
            rows.append({**row, "index": i})
            if limit and len(rows) >= limit:
                break
    if parser == "unpdf":
        texts = unpdf_texts([base / r["pdf"] for r in rows])
    else:
        texts = [(base / r["txt"]).read_text(encoding="utf-8", errors="replace") for r in rows]
    return [CorpusDoc("cuad/" + r["txt"], t, list(r["label_path"]), r,
                      "application/pdf" if parser == "unpdf" else "text/plain")
            for r, t in zip(rows, texts, strict=True)]


def load_kleister(root: Path | None = None, limit: int | None = None,
                  parser: str = "pdftotext") -> list[CorpusDoc]:
    """Kleister NDA PDFs (text via ``parser``: pdftotext or unpdf) with their
    ``labels.jsonl`` rows as truth."""
    base = (root or corpus_root()) / "kleister-nda"
    rows = []
    with (base / "labels.jsonl").open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            rows.append({**json.loads(line), "index": i})
            if limit and len(rows) >= limit:
                break
    paths = [base / r["pdf"] for r in rows]
    texts = unpdf_texts(paths) if parser == "unpdf" else [pdf_text(p) for p in paths]
    return [CorpusDoc("kleister-nda/" + r["pdf"], t, list(r["label_path"]), r,
                      "application/pdf") for r, t in zip(rows, texts, strict=True)]


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


def load_invoices(root: Path | None = None, parser: str = "pdftotext") -> list[CorpusDoc]:
    """ZUGFeRD / Factur-X invoice PDFs (text via ``parser``), labelled ``["Invoice"]``."""
    base = (root or corpus_root()) / "invoices" / "zugferd-facturx"
    paths = sorted(base.rglob("*.pdf"))
    texts = unpdf_texts(paths) if parser == "unpdf" else [pdf_text(p) for p in paths]
    return [CorpusDoc(str(p.relative_to(base.parents[1])), t, ["Invoice"], {}, "application/pdf")
            for p, t in zip(paths, texts, strict=True)]


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
