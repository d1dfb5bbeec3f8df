"""An out-of-domain set: real files on this machine that are no business document of the
customer ontology (no contract, invoice or policy), for the root level's "none of these".

Collected reproducibly from what is installed here (nothing is copied into the repository):

* ``readme``: package READMEs of ``node_modules/*/README.md``;
* ``changelog``: ``node_modules/*/CHANGELOG.md`` and Debian changelogs
  (``/usr/share/doc/*/changelog*.gz``);
* ``source``: Python modules of the venv's site-packages (``.venv/lib/*/site-packages``);
* ``doc``: READMEs of ``/usr/share/doc`` (Debian packages' documentation);
* ``email``: the corpus's e-mails (``shared/corpus/email``, mail-parser test messages:
  personal mail, forwarded messages, notifications; the text parts, as the engine's e-mail
  parser gives them).

Licence and copyright files are left out: a licence is a legal agreement a contract label
may rightly claim. From each source the files are sorted by the SHA-1 of their path and the
first ``PER_SOURCE`` with at least 200 characters of text are taken; the SHA-1's parity
splits them into a tuning half (even) and a held-out half (odd), so the same machine gives
the same set wherever the repository and the corpus are checked out (the SHA-1 is of the path
relative to them; until 2026-12-01 of the absolute path, so two checkouts drew different sets),
and the held-out files are never looked at one by one.

Usage: ``.venv/bin/python bench/quality/ood.py`` lists the files (source, half, path).
"""

from __future__ import annotations

import email
import email.policy
import gzip
import hashlib
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus

REPO = Path(__file__).resolve().parents[2]
#: Files taken per source.
PER_SOURCE = {"readme": 40, "changelog": 40, "source": 40, "doc": 30, "email": 40}
#: Characters read of a file.
MAX_CHARS = 100_000
_LEGAL = re.compile(r"licen[cs]e|copying|copyright|notice|patents|authors", re.IGNORECASE)


def _digest(path: Path) -> str:
    """The SHA-1 of ``path`` relative to the checkout or the corpus where it lies in one, so
    that the set does not depend on where the repository or the corpus was cloned."""
    for root in (REPO, corpus.corpus_root()):
        if path.is_relative_to(root):
            return hashlib.sha1(str(path.relative_to(root)).encode()).hexdigest()
    return hashlib.sha1(str(path).encode()).hexdigest()


def _candidates() -> dict[str, list[Path]]:
    site = sorted((REPO / ".venv" / "lib").glob("python*/site-packages"))
    return {
        "readme": sorted((REPO / "node_modules").glob("*/README.md")),
        "changelog": sorted([*(REPO / "node_modules").glob("*/CHANGELOG.md"),
                             *Path("/usr/share/doc").glob("*/changelog*.gz")]),
        "source": sorted(p for s in site for p in s.glob("*/*.py")
                         if p.name != "__init__.py"),
        "doc": sorted(p for p in Path("/usr/share/doc").glob("*/README*")
                      if p.suffix in ("", ".md", ".txt", ".gz")),
        "email": sorted((corpus.corpus_root() / "email").rglob("*.eml")),
    }


def _email_text(raw: bytes) -> str:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    head = (f"From: {message.get('from', '')}\nTo: {message.get('to', '')}\n"
            f"Subject: {message.get('subject', '')}\n")
    parts = [head]
    for part in message.walk():
        if part.get_content_type() == "text/plain" and not part.is_attachment():
            try:
                parts.append(str(part.get_content()))
            except (LookupError, ValueError):
                continue
    return "\n".join(parts)


def read(path: Path, source: str) -> str:
    """The text of ``path`` (decompressed, an e-mail's headers and text parts)."""
    raw = path.read_bytes()
    if path.suffix == ".gz":
        raw = gzip.decompress(raw)
    if source == "email":
        return _email_text(raw)[:MAX_CHARS]
    return raw.decode("utf-8", errors="replace")[:MAX_CHARS]


def collect() -> list[tuple[str, str, Path]]:
    """(source, half, path) of every file of the set."""
    out = []
    for source, paths in _candidates().items():
        kept = 0
        for path in sorted(paths, key=_digest):
            if kept >= PER_SOURCE[source]:
                break
            if _LEGAL.search(path.name) or not path.is_file():
                continue
            if len(read(path, source).strip()) < 200:
                continue
            kept += 1
            half = "tuning" if int(_digest(path), 16) % 2 == 0 else "held-out"
            out.append((source, half, path))
    return out


def load(half: str) -> list[corpus.CorpusDoc]:
    """The set's files of ``half`` (``tuning`` or ``held-out``) as corpus documents whose
    label path is ``["(none)", source]``."""
    return [corpus.CorpusDoc(f"ood/{source}/{path}", read(path, source), ["(none)", source],
                             {}, "text/plain")
            for source, h, path in collect() if h == half]


if __name__ == "__main__":
    for source, half, path in collect():
        print(f"{source}\t{half}\t{path}")
