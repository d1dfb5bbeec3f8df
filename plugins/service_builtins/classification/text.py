"""Text helpers of the classifier: word tokens, Snowball stems, n-gram counts, title lines."""

from __future__ import annotations

import contextlib
import re
from collections import Counter, OrderedDict
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

import snowballstemmer  # type: ignore[import-untyped]

#: Characters of the document that count as its title and preamble.
HEAD_CHARS = 1500

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
STOPWORDS = frozenset([
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "of",
    "on", "or", "that", "the", "this", "to", "with",
])



#: ``bytes.translate`` table: an ASCII byte that is not a letter or a digit becomes a space;
#: letters, digits and the bytes of non-ASCII characters (UTF-8, all >= 0x80) are kept.
_ASCII_BREAKS = bytes(
    b if b >= 0x80 or chr(b).isalnum() else 0x20 for b in range(256))


def tokenize(text: str) -> list[str]:
    """Lower-case word tokens of ``text`` (Unicode letters and digits; hyphens split): the
    runs of ``[^\\W_]`` in ``text.lower()``, as ``_TOKEN.findall`` finds them.

    ``re`` tests each of a contract's ~40,000 characters against the class (~1.1 ms); the
    ASCII ones are classified here at once by ``bytes.translate`` over the UTF-8 encoding
    (a non-letter, non-digit ASCII character becomes a space, ``str.split`` then cuts
    there and at any other white space), and only a piece that has a non-ASCII character
    (a curly quote, a dash, an accented letter) goes through ``_TOKEN``."""
    lowered = text.lower()
    # "surrogatepass": a lone surrogate (JSON may carry one) is no letter either
    pieces = lowered.encode("utf-8", "surrogatepass").translate(_ASCII_BREAKS).decode(
        "utf-8", "surrogatepass").split()
    if lowered.isascii():
        return pieces
    tokens: list[str] = []
    for piece in pieces:
        if piece.isascii():
            tokens.append(piece)
        else:
            tokens += _TOKEN.findall(piece)
    return tokens


def ngram_counts(tokens: list[str], max_n: int) -> Counter[tuple[str, ...]]:
    counts: Counter[tuple[str, ...]] = Counter()
    for n in range(1, max_n + 1):
        counts.update(zip(*(tokens[i:] for i in range(n)), strict=False))
    return counts


_STEMMER = snowballstemmer.stemmer("english")

_STEMS: dict[str, str] = {}
_STEMS_MAX = 200_000


def stem(word: str) -> str:
    """Porter2 (Snowball English) stem of a lower-case word (memoised: the pure-Python
    stemmer costs ~0.4 ms a word, a document repeats its words)."""
    hit = _STEMS.get(word)
    if hit is None:
        if len(_STEMS) >= _STEMS_MAX:
            _STEMS.clear()
        hit = _STEMS[word] = _STEMMER.stemWord(word)
    return hit


def stems(text: str) -> tuple[str, ...]:
    """Stems of the word tokens of ``text`` (:func:`token_stems` of :func:`tokenize`)."""
    return token_stems(tokenize(text))


def token_stems(tokens: list[str]) -> tuple[str, ...]:
    """Stems of word ``tokens``: each different word stemmed (:func:`stem`) once, the tokens
    then mapped through the memo (a contract has ~6,000 tokens, ~700 words)."""
    new = set(tokens).difference(_STEMS)
    if len(_STEMS) + len(new) > _STEMS_MAX:
        _STEMS.clear()
        new = set(tokens)
    for word in new:
        _STEMS[word] = _STEMMER.stemWord(word)
    return tuple(map(_STEMS.__getitem__, tokens))


@lru_cache(maxsize=8192)
def phrase_stems(phrase: str) -> tuple[str, ...]:
    """:func:`stems` of a short phrase (label names, descriptions, knowledge-base names and
    cues), memoised: the same phrases are stemmed at every call. An acronym's plural is
    its singular ("NDAs", "SOWs": Porter2 keeps the "s" after a vowel)."""
    return stems(_ACRONYM_PLURAL.sub(r"\1", phrase))


#: An acronym (two or more capitals) with a plural "s": "NDAs", "MSAs", "POs".
_ACRONYM_PLURAL = re.compile(r"\b([A-Z]{2,})s\b")


def contains_phrase(haystack: tuple[str, ...], needle: tuple[str, ...]) -> bool:
    n = len(needle)
    return n > 0 and any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))


def find_phrase(haystack: tuple[str, ...], needle: tuple[str, ...]) -> int:
    """Index of the first occurrence of ``needle`` in ``haystack``, -1 when none: the places
    of its first word found by ``tuple.index`` (C speed; a contract's first "agreement" is
    in its title), each then compared whole."""
    n = len(needle)
    if not n:
        return -1
    first = needle[0]
    at = -1
    with contextlib.suppress(ValueError):
        while True:
            at = haystack.index(first, at + 1)
            if haystack[at:at + n] == needle:
                return at
    return -1



#: Filing stamps that are not part of a title ("CONFIDENTIAL TREATMENT REQUESTED", "STRICTLY
#: PRIVATE AND CONFIDENTIAL"): their "confidential" would name a confidentiality agreement.
_STAMP = re.compile(
    r"\bconfidential\s+treatment(?:\s+(?:has\s+been\s+)?requested)?"
    r"|(?:\bstrictly\s+)?\bprivate\s+and\s+confidential\b"
    r"|\bconfidential\b(?!\s+(?:and|or|disclosure|information|agreement))", re.IGNORECASE)
#: The redaction legend of an exhibit filed with the SEC ("INFORMATION IN THIS EXHIBIT
#: IDENTIFIED BY [***] IS CONFIDENTIAL AND HAS BEEN EXCLUDED BECAUSE IT IS BOTH (I) NOT
#: MATERIAL AND …", Regulation S-K Item 601(b)(10)(iv); older exhibits: "CONFIDENTIAL PORTIONS
#: … HAVE BEEN OMITTED AND FILED SEPARATELY WITH THE COMMISSION"): a line of it is in capitals
#: but no title, and its "confidential" would name a confidentiality agreement.
_LEGEND = re.compile(
    r"\b(?:has|have)\s+been\s+(?:excluded|omitted|redacted)\b|\bcompetitive\s+harm\b"
    r"|\bnot\s+material\b|\bfiled\s+separately\b|\[\s*\*[\s*]*\]", re.IGNORECASE)
#: A word of letters only (a title has one; a reference code such as "COMPRA0832" has none).
_WORD = re.compile(r"(?<![^\W_])[^\W\d_]{3,}(?![^\W_])")
#: A form field naming an agreement's reference rather than the document's title.
_FIELD_LABEL = re.compile(r"\bagreement\s*(?:ref|no|nr|number|id|#)\b", re.IGNORECASE)
#: Short words a title leaves in lower case ("Non-Solicitation of Employees Agreement").
_MINOR = frozenset(["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the",
                    "to", "with"])


def _title_cased(line: str) -> bool:
    """Whether the words of ``line`` are capitalised like a title, not like a sentence."""
    words = [w for w in re.findall(r"[^\W\d_][^\W_]*", line) if w.lower() not in _MINOR]
    return bool(words) and sum(w[0].isupper() for w in words) / len(words) >= 0.75


def title_lines(text: str) -> str:
    """The document's title zone: up to three of the first lines of its head that are
    mostly capitals, or that name an agreement in title case (letters only; "EXHIBIT 10.1"
    lines, filing stamps and lines of a redaction legend skipped). A sentence that mentions
    "this Agreement" is no title."""
    picked: list[str] = []
    for raw in text[:HEAD_CHARS].splitlines():
        line = _STAMP.sub(" ", raw)
        letters = [c for c in line if c.isalpha()]
        if len(letters) < 4 or len(line) > 120:
            continue
        low = line.lower()
        if low.strip().startswith(("exhibit", "execution", "[*")) or _LEGEND.search(raw):
            continue
        if not _WORD.search(line) or _FIELD_LABEL.search(line):
            continue  # a reference code ("COMPRA0832") or a form field ("Agreement Ref.")
        upper = sum(c.isupper() for c in letters) / len(letters)
        if upper >= 0.7 or ("agreement" in low and _title_cased(line)):
            picked.append(line)
        if len(picked) >= 3:
            break
    return " ".join(picked)


#: Longest n-gram of a query term (``labels.label_query`` keeps terms of up to 4 words).
MAX_NGRAM = 4


#: What :class:`NgramCounts` joins the words with: no token contains it (``_TOKEN`` finds
#: letters and digits only).
_SEP = "\x00"


class NgramCounts:
    """The counts of the n-grams of a document's tokens, read like the ``Counter`` of
    :func:`ngram_counts` (``get(term, default)``), counted on demand: single words at once,
    a longer term when first asked, from the places of its first word, and kept.

    The scores only look up their queries' terms (a few hundred per level), while a contract
    has ~20,000 different 1..4-grams: counting them all was half of the classifier's work per
    document. Words and pairs of words are counted at once (most query terms are one or two
    words); a longer term one of whose pairs the document lacks is 0 at once, else it is
    counted in the words joined by NUL.
    """

    __slots__ = ("_joined", "_memo", "pairs", "tokens", "words")

    def __init__(self, tokens: tuple[str, ...]) -> None:
        self.tokens = tokens
        #: count of each single word
        self.words: Counter[str] = Counter(tokens)
        #: count of each pair of adjacent words
        self.pairs: Counter[tuple[str, str]] = Counter(pairwise(tokens))
        self._memo: dict[tuple[str, ...], int] = {}
        self._joined: str | None = None

    def get(self, term: tuple[str, ...], default: int | None = None) -> int | None:
        """How often ``term`` (a tuple of words) occurs, ``default`` when never (as
        ``Counter.get`` of :func:`ngram_counts` up to :data:`MAX_NGRAM`: a longer term is
        never counted)."""
        n = len(term)
        if n == 1:
            count = self.words.get(term[0], 0)
        elif n == 2:
            count = self.pairs.get((term[0], term[1]), 0)
        else:
            memo = self._memo.get(term)
            count = self._count(term) if memo is None else memo
        return count if count else default

    def _count(self, term: tuple[str, ...]) -> int:
        count = 0
        pairs = self.pairs
        if len(term) <= MAX_NGRAM and all(pairs.get(pair) for pair in pairwise(term)):
            # the words joined by NUL, which no token contains, so an occurrence of the
            # term's NUL-delimited words is an occurrence of the term; counted overlapping,
            # as the n-grams are ("a b a" twice in "a b a b a")
            needle = _SEP + _SEP.join(term) + _SEP
            joined = self._joined
            if joined is None:
                joined = self._joined = _SEP + _SEP.join(self.tokens) + _SEP
            at = joined.find(needle)
            while at >= 0:
                count += 1
                at = joined.find(needle, at + 1)
        self._memo[term] = count
        return count

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NgramCounts) and other.tokens == self.tokens

    def __hash__(self) -> int:
        return hash(self.tokens)


class DocumentTerms(NamedTuple):
    """What the zero-shot scores read of a document, computed once per document and shared
    by its levels: token counts and stemmed 1..:data:`MAX_NGRAM`-gram counts of the whole
    text, of its head (first :data:`HEAD_CHARS` characters) and of its title lines; and the
    lower-case words the stems of the whole text and of the title lines are of (``words``,
    ``title_words``: one per stem of ``body.tokens``, ``title_tokens``; read only), from
    which :func:`document_words` gives the evidence in the document's own words: the lists
    :func:`tokenize` gave the stems, kept as they are (no second pass, no copy; ~0.3 MiB for
    a median CUAD contract)."""

    body_length: int
    head_length: int
    title_tokens: tuple[str, ...]
    body: NgramCounts
    head: Counter[tuple[str, ...]]
    title: Counter[tuple[str, ...]]
    words: Sequence[str] = ()
    title_words: Sequence[str] = ()


def document_words(terms: DocumentTerms, term: tuple[str, ...], title: bool = False) -> str:
    """The document's own words (lower case, joined by spaces) that the stems ``term`` stand
    for: those of ``term``'s first occurrence in the whole text, or in the title lines with
    ``title`` ("suppli agreement" -> "supply agreement", "deliveri" -> "deliveries"); the
    stems joined by spaces when ``term`` does not occur there (a term counted in the head
    alone: the head's last word cut at :data:`HEAD_CHARS`)."""
    tokens, words = ((terms.title_tokens, terms.title_words) if title
                     else (terms.body.tokens, terms.words))
    at = find_phrase(tokens, term)
    if at < 0 or len(words) != len(tokens):
        return " ".join(term)
    return " ".join(words[at:at + len(term)])


#: A YAML front matter block at the start of a Markdown file (``---`` lines around ``key:
#: value`` lines): the file's metadata, not its text. The engine's Markdown parser drops it
#: (packages/server/src/parsing/markdown.ts); a text that still has it is read the same way.
_FRONT_MATTER = re.compile(
    r"\A---[ \t]*\r?\n(?=[A-Za-z_][\w-]*:)[\s\S]*?\r?\n---[ \t]*(?:\r?\n|\Z)")


def without_front_matter(text: str) -> str:
    """``text`` without a leading YAML front matter block (:data:`_FRONT_MATTER`): its
    ``title: … Agreement`` would otherwise be read as the document's title line."""
    match = _FRONT_MATTER.match(text)
    return text if match is None else text[match.end():].lstrip("\r\n")


def analyse(text: str) -> DocumentTerms:
    """Tokenise, stem and count ``text`` without its front matter (see :class:`DocumentTerms`
    and :func:`without_front_matter`)."""
    text = without_front_matter(text)
    body_words = tokenize(text)
    body_tokens = token_stems(body_words)
    head_tokens = list(stems(text[:HEAD_CHARS]))
    title_words = tokenize(title_lines(text))
    title_tokens = token_stems(title_words)
    return DocumentTerms(len(body_tokens), len(head_tokens), title_tokens,
                         NgramCounts(body_tokens),
                         ngram_counts(head_tokens, MAX_NGRAM),
                         ngram_counts(list(title_tokens), MAX_NGRAM),
                         body_words, title_words)


#: Analysed documents kept for the next level's call: key (document id, text hash) ->
#: (text, terms). The engine classifies one document level by level (2-3 calls, the same
#: text); a few entries cover the documents a runtime has in progress (an entry is 2 MiB for
#: a median CUAD contract, 8 MiB for the largest, and the words kept for the evidence 0.3 and
#: 2.9 MiB more). Least recently used out; the stored text is compared, so a hash collision
#: cannot mix documents.
_DOCUMENTS: OrderedDict[tuple[str, int], tuple[str, DocumentTerms]] = OrderedDict()
DOCUMENT_CACHE_SIZE = 4


def document_terms(document_id: str | None, text: str) -> DocumentTerms:
    """:func:`analyse` of ``text``, reused across the calls of the same document (keyed by
    ``document_id`` and the text's hash; see :data:`_DOCUMENTS`)."""
    key = (document_id or "", hash(text))
    hit = _DOCUMENTS.get(key)
    if hit is not None and (hit[0] is text or hit[0] == text):
        _DOCUMENTS.move_to_end(key)
        return hit[1]
    terms = analyse(text)
    _DOCUMENTS[key] = (text, terms)
    while len(_DOCUMENTS) > DOCUMENT_CACHE_SIZE:
        _DOCUMENTS.popitem(last=False)
    return terms
