"""CUAD contract PDFs as the API reads them: text by the server's own PDF parser (``unpdf``).

Through the API a PDF is parsed by ``packages/server/src/parsing`` (pdf.js through
``unpdf``: text items in content order, a line break where pdf.js marks a line end, pages
joined by a blank line), not by ``pdftotext`` as in ``direct_run.py``; the two texts break
lines and hyphenate differently. This module runs the built server's ``parseDocument``
(``packages/server/dist``, ``make install`` builds it) over the CUAD PDFs once and caches the
texts as one JSON file (``$QUALITY_CACHE/unpdf-cuad-11b.json``, default under
``/tmp/service-quality-cache``), so the extraction rules can be tuned and measured on the
text the API gives them.

Usage: ``.venv/bin/python bench/quality/unpdf_text_11b.py`` (fills the cache and prints how
many texts it holds); :func:`cuad_unpdf_texts` from Python.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import corpus_root

REPO = Path(__file__).resolve().parents[2]
#: Reads PDF paths (JSON list on stdin), writes {path: text} (JSON on stdout); a file the
#: parser rejects maps to "".
_NODE_SCRIPT = """
import { readFileSync } from 'node:fs';
const { parseDocument } = await import(process.argv[1]);
const paths = JSON.parse(readFileSync(0, 'utf8'));
const out = {};
for (const p of paths) {
  try { out[p] = (await parseDocument(new Uint8Array(readFileSync(p)), { filename: p })).text; }
  catch { out[p] = ''; }
}
process.stdout.write(JSON.stringify(out));
"""


def cache_file() -> Path:
    """Where the texts are cached."""
    base = Path(os.environ.get("QUALITY_CACHE", "/tmp/service-quality-cache"))
    return base / "unpdf-cuad-11b.json"


def cuad_unpdf_texts(root: Path | None = None) -> dict[str, str]:
    """``"cuad/<txt path>"`` (the truth key of :mod:`score`) → the unpdf text of its PDF, for
    every CUAD row that has a PDF (137). Parses on the first call, then reads the cache.

    Raises:
        RuntimeError: ``node`` is missing or the server is not built (run ``make install``).
    """
    base = (root or corpus_root()) / "cuad"
    with (base / "labels.jsonl").open(encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    keys = {str(base / r["pdf"]): "cuad/" + r["txt"] for r in rows if r.get("pdf")}
    target = cache_file()
    if target.is_file():
        cached: dict[str, str] = json.loads(target.read_text(encoding="utf-8"))
        if set(cached) == set(keys.values()):
            return cached
    node = shutil.which("node")
    parser = REPO / "packages" / "server" / "dist" / "parsing" / "index.js"
    if node is None or not parser.is_file():
        raise RuntimeError("needs node and the built server (make install)")
    done = subprocess.run([node, "--input-type=module", "-e", _NODE_SCRIPT, str(parser)],
                          input=json.dumps(sorted(keys)), capture_output=True, text=True,
                          check=True)
    texts = {keys[path]: text for path, text in json.loads(done.stdout).items()}
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(texts), encoding="utf-8")
    return texts


if __name__ == "__main__":
    got = cuad_unpdf_texts()
    print(f"{len(got)} CUAD PDFs, {sum(1 for t in got.values() if t)} with text: {cache_file()}")
