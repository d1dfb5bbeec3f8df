"""Built-in classifier: zero-shot from label names and descriptions, plus a supervised model.

The engine calls :meth:`OntologyClassifier.classify` once per ontology level (spec 4.11
"classify") and handles the traversal. Besides the arguments of the contract, the plugin
reads entries that the engine puts in ``document.metadata`` (the built-in plugins'
metadata contract, see ``plugins/README.md``):

``metadata["ontology_labels"]``
    ``{label name: {"description": str, "keywords": [str], "path": [str]}}`` for every label
    of the organization's ontology (``path`` is root first and ends with the label itself).
``metadata["training_examples"]``
    ``[{"text": str, "labels": [str]}]``: the first ~3000 characters and the confirmed label
    path (root first) of the organization's confirmed documents; may be empty or absent.
``metadata["corpus_statistics"]``
    ``{"documents": n, "df": {word: count}}``: document frequencies of the organization's
    recent documents; optional.

How a level is decided
----------------------
1. **Knowledge base.** Each label is mapped onto the common business document types of
   :data:`KNOWLEDGE_BASE` whose names occur (stemmed phrases, Snowball English) in the
   label's name, or in its description (:func:`knowledge_types`); the label's query is its
   name, keywords and description words plus the mapped types' names and text cues
   (:func:`label_query`).
2. **Zero-shot score**: the query is scored against the document with Okapi BM25
   (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond",
   Foundations and Trends in IR 3(4), 2009; k1 = 1.2, b = 0.75) over the whole text, the
   head (title and preamble) again, and a bonus for type names in the title lines. Term
   weights: IDF over the labels of the level times the organization's corpus weight
   (:func:`corpus_idf`). A softmax turns the scores into a distribution.
3. **Supervised score**, when the organization has confirmed at least
   ``min_training_examples`` documents whose path passes through ``current_path`` and that
   cover two or more of the available labels: TF-IDF of word uni- and bi-grams (sublinear
   tf; Salton & Buckley 1988; scikit-learn ``TfidfVectorizer``) fed to a multinomial
   logistic regression (scikit-learn ``LogisticRegression``), cached per organization,
   level and training-set hash. The two distributions are pooled log-linearly (a weighted
   product of experts; the supervised weight grows with the number of examples, up to
   ``max_supervised_weight``).
4. **Decision** (:func:`decide`): the best label, its probability, the runner-up and the
   evidence terms; ``None`` (the engine's suggestion workflow) with a reason when the
   zero-shot evidence is below ``min_evidence``, the probability below ``min_confidence``
   or the lead over the runner-up below ``min_margin``. The decision is logged as JSON.
5. With ``use_llm`` (default true; the engine passes whether an LLM is configured) the
   organization's LLM is asked with this level's labels only, the answer restricted to them
   by a JSON schema; when no provider is configured (``RuntimeError``) or the answer is
   unusable, the classical decision stands.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import Counter
from typing import Any, NamedTuple

import snowballstemmer  # type: ignore[import-untyped]
from sklearn.feature_extraction.text import TfidfVectorizer  # type: ignore[import-untyped]
from sklearn.linear_model import LogisticRegression  # type: ignore[import-untyped]

from service_sdk import (
    ClassificationPlugin,
    ConfigurableParameter,
    Document,
    logger,
    prompt_llm,
)

#: BM25 parameters (Robertson & Zaragoza 2009, the usual defaults).
BM25_K1 = 1.2
BM25_B = 0.75
#: Average document length in tokens assumed for BM25 length normalisation.
BM25_AVGDL = 3000.0
#: Characters of the document that count as its title and preamble.
HEAD_CHARS = 1500
#: Weight of the title/preamble score relative to the whole-document score.
HEAD_WEIGHT = 2.0
#: Softmax temperature applied to the zero-shot scores.
ZERO_SHOT_TEMPERATURE = 1.5
#: Characters of the document used by the supervised model: the title and preamble carry the
#: type (5-fold CV on CUAD: 77% with the first 500 characters, 66% with 3000).
SUPERVISED_CHARS = 800
#: Default least zero-shot score (``min_evidence``) of a chosen label.
MIN_EVIDENCE = 2.0
#: Characters of the document sent to the LLM.
LLM_CHARS = 6000

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_STOPWORDS = frozenset([
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "of",
    "on", "or", "that", "the", "this", "to", "with",
])

#: Fitted supervised models: key (organization, level, training hash) -> fitted model.
_MODEL_CACHE: dict[str, _SupervisedModel | None] = {}
_MODEL_CACHE_MAX = 64


def tokenize(text: str) -> list[str]:
    """Lower-case word tokens of ``text`` (Unicode letters and digits; hyphens split)."""
    return _TOKEN.findall(text.lower())


def _ngram_counts(tokens: list[str], max_n: int) -> Counter[tuple[str, ...]]:
    counts: Counter[tuple[str, ...]] = Counter()
    for n in range(1, max_n + 1):
        counts.update(zip(*(tokens[i:] for i in range(n)), strict=False))
    return counts


#: The knowledge base of common business document types (zero-shot prior). Each entry:
#: ``(key, family, names, cues)``. ``names`` are what a customer calls the type (synonyms,
#: multiword terms; matched against label names and descriptions and against the
#: document's title); ``cues`` are the vocabulary and structure phrases typical of its
#: text. ``family`` groups the contract kinds under ``contract``. Sources: the CUAD
#: agreement types (Hendrycks et al., NeurIPS 2021), the UNTDID 1001 document name codes
#: (invoice 380, credit note 381, purchase order 220, quote 310, receipt 632...), and the
#: usual wording of each kind in US commercial practice.
KNOWLEDGE_BASE: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("contract", "", ("contract", "agreement", "signed agreement", "legal agreement"), (
        "agreement", "parties", "party", "hereby", "whereas", "witnesseth", "in witness whereof",
        "by and between", "entered into", "shall", "term of this agreement", "terminate",
        "termination", "governed by", "governing law", "executed", "obligations",
        "representations and warranties", "indemnify", "counterparts", "effective date",
        "notices", "confidential information", "breach", "assignment", "signature",
        "authorized representative", "intending to be legally bound")),
    ("invoice", "", ("invoice", "bill", "rechnung", "facture", "tax invoice", "e-invoice"), (
        "invoice", "invoice number", "invoice date", "invoice no", "rechnung",
        "rechnungsnummer", "rechnungsdatum", "facture", "amount due", "total due", "subtotal",
        "vat", "ust", "mwst", "tva", "qty", "unit price", "net amount", "iban", "bic",
        "due date", "bill to", "ship to", "zahlbar",
        "betrag", "gesamtbetrag", "nettobetrag", "montant", "total ttc", "total ht", "pos",
        "artikel", "menge", "einzelpreis", "steuernummer", "net à payer", "order number")),
    ("credit_note", "", ("credit note", "credit memo", "gutschrift", "avoir"), (
        "credit note", "credit memo", "gutschrift", "avoir", "refund", "credited")),
    ("receipt", "", ("receipt", "payment receipt", "quittung", "reçu"), (
        "receipt", "paid", "payment received", "change", "cash", "card", "thank you")),
    ("quote", "", ("quote", "quotation", "estimate", "offer", "proposal", "angebot", "devis"), (
        "quotation", "quote", "valid until", "estimate", "offer", "angebot", "devis",
        "unit price", "total")),
    ("purchase_order", "", ("purchase order", "po", "order", "bestellung"), (
        "purchase order", "po number", "order date", "delivery date", "ship to", "bestellung",
        "quantity", "unit price")),
    ("policy", "", ("policy", "policies", "guidelines", "code of conduct"), (
        "policy", "this policy", "these guidelines", "we", "our", "us", "you", "your",
        "users", "prohibited", "we may", "we reserve the right", "violation", "violate",
        "please", "may not", "community", "behavior", "report abuse")),
    ("terms", "", ("terms", "terms of service", "terms of use", "terms and conditions",
                   "tos", "user agreement"), (
        "terms of service", "terms of use", "you agree", "your use", "these terms",
        "your account", "we may", "you", "your", "our", "users")),
    ("privacy_notice", "", ("privacy notice", "privacy policy", "privacy statement",
                            "data protection notice"), (
        "personal data", "personal information", "cookies", "gdpr", "data subject",
        "we collect", "information we collect", "your information", "data protection",
        "opt out", "your rights", "you", "your", "we", "our")),
    ("report", "", ("report", "annual report", "analysis", "findings"), (
        "report", "summary", "findings", "results", "analysis", "figure", "table",
        "conclusion", "recommendations")),
    ("letter", "", ("letter", "correspondence"), (
        "dear", "sincerely", "yours truly", "regards", "re")),
    ("resume", "", ("resume", "cv", "curriculum vitae"), (
        "experience", "education", "skills", "references")),
    ("bank_statement", "", ("bank statement", "account statement", "kontoauszug"), (
        "opening balance", "closing balance", "account number", "statement period")),
    # Contract kinds (family "contract").
    ("affiliate", "contract", ("affiliate", "affiliate agreement", "referral agreement",
                               "affiliate program"), (
        "affiliate", "affiliate program", "referral", "referral fee", "commission", "links",
        "referred customers", "web site", "click")),
    ("agency", "contract", ("agency", "agency agreement", "agent", "sales agent",
                            "sales representative agreement"), (
        "agent", "sales agent", "principal", "appoints", "solicit orders", "commission",
        "sole agent", "exclusive agent", "agency")),
    ("co_branding", "contract", ("co-branding", "co-branded", "co-brand", "cobranding",
                                 "co branding agreement"), (
        "co-branded", "co-branding", "co-brand", "brand features", "marks", "logos",
        "co-branded site", "co-branded pages")),
    ("collaboration", "contract", ("collaboration", "collaboration agreement",
                                   "research and development", "joint research"), (
        "collaboration", "joint steering committee", "research program",
        "development program", "milestone", "milestone payments", "commercialization",
        "royalties", "research plan", "collaboration compound")),
    ("consulting", "contract", ("consulting", "consulting agreement", "consultant",
                                "advisory", "advisor agreement"), (
        "consultant", "consulting services", "advisory services", "advisor",
        "independent contractor", "consulting fee", "hourly rate")),
    ("development", "contract", ("development", "development agreement",
                                 "software development"), (
        "develop", "development", "deliverables", "specifications", "development work",
        "acceptance testing", "prototype", "software development")),
    ("distributor", "contract", ("distributor", "distribution", "distribution agreement",
                                 "distributorship"), (
        "distributor", "distribution", "territory", "exclusive distributor", "resale",
        "purchase orders", "minimum purchase", "products")),
    ("endorsement", "contract", ("endorsement", "endorsement agreement", "endorser",
                                 "spokesperson"), (
        "endorse", "endorsement", "name and likeness", "likeness", "personal appearances",
        "image", "athlete", "spokesperson", "celebrity")),
    ("franchise", "contract", ("franchise", "franchise agreement", "franchising"), (
        "franchisee", "franchisor", "franchise fee", "franchised business", "royalty fee",
        "system", "operations manual", "franchise")),
    ("hosting", "contract", ("hosting", "hosting agreement", "web hosting", "hosted services",
                             "co-location"), (
        "hosting", "hosting services", "data center", "servers", "bandwidth", "uptime",
        "co-location", "hosted", "web site")),
    ("ip", "contract", ("ip", "intellectual property", "ip agreement", "patent assignment",
                        "trademark assignment", "ip assignment"), (
        "intellectual property", "assignment", "patents", "trademarks", "copyrights",
        "assigns", "patent", "assignor", "assignee")),
    ("joint_venture", "contract", ("joint venture", "jv", "joint venture agreement"), (
        "joint venture", "joint venture company", "capital contribution", "shareholders",
        "equity interest", "board of directors", "profits and losses")),
    ("license", "contract", ("license", "licence", "license agreement", "licensing",
                             "software license"), (
        "licensor", "licensee", "license", "licensed", "royalty", "royalties",
        "licensed products", "licensed technology", "sublicense", "grant of license")),
    ("maintenance", "contract", ("maintenance", "maintenance agreement", "support agreement",
                                 "maintenance and support"), (
        "maintenance", "support", "maintenance services", "support services", "repair",
        "updates", "service level", "technical support", "error correction")),
    ("manufacturing", "contract", ("manufacturing", "manufacturing agreement",
                                   "contract manufacturing", "manufacture"), (
        "manufacture", "manufacturer", "manufacturing", "production", "quality control",
        "specifications", "purchase orders", "forecast", "batch")),
    ("marketing", "contract", ("marketing", "marketing agreement", "advertising"), (
        "marketing", "advertising", "marketing services", "promote", "marketing plan",
        "campaign", "marketing fee")),
    ("non_compete", "contract", ("non-compete", "non-competition", "noncompetition",
                                 "covenant not to compete", "non-solicitation",
                                 "restrictive covenant"), (
        "non-competition", "non-compete", "covenant not to compete", "restricted period",
        "compete", "competing business", "non-solicitation", "restrictive covenants",
        "solicit")),
    ("outsourcing", "contract", ("outsourcing", "outsourcing agreement", "outsourced services"), (
        "outsourcing", "outsourced services", "service provider", "transition",
        "business process", "outsource", "service levels")),
    ("promotion", "contract", ("promotion", "co-promotion", "promotion agreement",
                               "promotional"), (
        "promotion", "co-promotion", "promote", "promotional", "promotional activities",
        "detailing", "sales representatives")),
    ("reseller", "contract", ("reseller", "reseller agreement", "value added reseller",
                              "resale agreement"), (
        "reseller", "resell", "value added reseller", "end users", "resale",
        "reseller price")),
    ("service", "contract", ("service", "services", "service agreement",
                             "services agreement", "master services agreement"), (
        "services", "service provider", "statement of work", "fees", "provide services",
        "customer", "scope of services")),
    ("sponsorship", "contract", ("sponsorship", "sponsor", "sponsorship agreement"), (
        "sponsorship", "sponsor", "sponsorship fee", "official sponsor", "event", "signage",
        "naming rights", "team")),
    ("strategic_alliance", "contract", ("strategic alliance", "alliance", "partnership",
                                        "strategic partnership", "partners"), (
        "strategic alliance", "alliance", "alliance partner", "cooperation",
        "strategic partnership", "alliance manager")),
    ("supply", "contract", ("supply", "supply agreement", "supplier agreement"), (
        "supply", "supplier", "supplies", "purchase orders", "forecast", "delivery", "buyer",
        "products", "purchase price")),
    ("transportation", "contract", ("transportation", "transport", "shipping", "carriage",
                                    "freight", "logistics"), (
        "transportation", "carrier", "shipper", "transport", "freight", "pipeline",
        "shipping", "cargo", "vessel")),
    ("nda", "contract", ("non-disclosure", "nondisclosure", "nda", "confidentiality",
                         "confidentiality agreement", "non-disclosure agreement",
                         "secrecy agreement", "mutual nda"), (
        "confidential information", "disclosing party", "receiving party",
        "proprietary information", "trade secrets", "confidentiality", "non-disclosure",
        "nondisclosure", "evaluation material", "recipient", "disclose")),
    ("amendment", "contract", ("amendment", "addendum", "amendment agreement", "modification"), (
        "amendment", "amended", "hereby amended", "addendum", "original agreement",
        "except as amended")),
    ("statement_of_work", "contract", ("statement of work", "sow", "work order"), (
        "statement of work", "deliverables", "milestones", "project", "acceptance")),
    ("employment", "contract", ("employment", "employment agreement", "offer letter",
                                "employee agreement"), (
        "employee", "employer", "salary", "base salary", "employment", "bonus",
        "vacation", "benefits")),
    ("lease", "contract", ("lease", "rental agreement", "tenancy", "sublease"), (
        "landlord", "tenant", "lessor", "lessee", "premises", "rent", "leased premises")),
    ("loan", "contract", ("loan", "credit agreement", "loan agreement", "promissory note"), (
        "borrower", "lender", "principal amount", "interest rate", "repayment", "loan")),
    ("purchase_agreement", "contract", ("purchase agreement", "sale agreement",
                                        "asset purchase", "stock purchase"), (
        "purchaser", "seller", "purchase price", "closing", "assets", "shares")),
)


#: Type names that map a label onto a type but are not searched in documents: as words of
#: a document they mostly mean something else ("the terms of this Agreement").
MAPPING_ONLY = frozenset(["terms", "order", "offer", "statement", "service", "services",
                          "development", "supply", "marketing", "promotion", "maintenance",
                          "license", "transport"])

_STEMMER = snowballstemmer.stemmer("english")
#: Weight of a label's own name and of the names of the knowledge-base types it maps to.
NAME_WEIGHT = 3.0
#: Weight of the vocabulary cues of the mapped knowledge-base types.
CUE_WEIGHT = 1.0
#: Weight of the label's keywords and of the content words of its description.
KEYWORD_WEIGHT = 1.5
DESCRIPTION_WEIGHT = 0.3
#: Weight of a label name (or mapped type name) found in the document's title lines.
TITLE_WEIGHT = 12.0
#: Synonyms of a type count once (the best of them) rather than each.
GROUP_SYNONYMS = False
#: Types named only in a label's description also count when its name maps to a type.
DESCRIPTION_MAPPING_ALWAYS = False
#: Least corpus weight of a term: a word in every document of the organization still counts
#: this much (the root level's discriminating words, "agreement", are in most documents).
CORPUS_WEIGHT_FLOOR = 0.6
#: Mapping strength of a knowledge-base type named in the label's name / description.
MAP_BY_NAME = 1.0
MAP_BY_DESCRIPTION = 0.5


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
    """Stems of the word tokens of ``text``."""
    return tuple(stem(w) for w in tokenize(text))


def _contains(haystack: tuple[str, ...], needle: tuple[str, ...]) -> bool:
    n = len(needle)
    return n > 0 and any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))


def knowledge_types(name: str, description: str) -> dict[str, float]:
    """The knowledge-base types a customer label means: key -> mapping strength
    (:data:`MAP_BY_NAME` when the label's name contains one of the type's names as a
    stemmed phrase, :data:`MAP_BY_DESCRIPTION` when only its description does)."""
    name_st, desc_st = stems(name), stems(description)
    out: dict[str, float] = {}
    for key, _family, names, _cues in KNOWLEDGE_BASE:
        for synonym in names:
            syn = stems(synonym)
            if _contains(name_st, syn):
                out[key] = MAP_BY_NAME
            elif _contains(desc_st, syn):
                out[key] = max(out.get(key, 0.0), MAP_BY_DESCRIPTION)
    return out


Query = tuple[dict[tuple[str, ...], float], dict[tuple[str, ...], str]]


def label_query(name: str, info: dict[str, Any]) -> Query:
    """The weighted stemmed query terms of a label, and the synonym group of its name terms.

    Terms: the label's name (:data:`NAME_WEIGHT`), the names and cues of the knowledge-base
    types it maps to (scaled by the mapping strength), its keywords and the content words
    of its description. Names are synonyms: the terms of one group count once (the best
    of them), so a type with many spellings ("non-compete", "non-competition",
    "noncompetition") does not outweigh one with few."""
    terms: dict[tuple[str, ...], float] = {}
    names: dict[tuple[str, ...], str] = {}

    def add(phrase: str, weight: float, group: str | None = None) -> None:
        toks = stems(phrase)
        if not toks or len(toks) > 4 or (len(toks) == 1 and toks[0] in _STOPWORDS):
            return
        terms[toks] = max(terms.get(toks, 0.0), weight)
        if group is not None:
            names.setdefault(toks, group)

    description = str(info.get("description") or "")
    add(name, NAME_WEIGHT, "name")
    mapped = knowledge_types(name, description)
    mapped_by_name = any(v >= MAP_BY_NAME for v in mapped.values())
    for key, family, type_names, cues in KNOWLEDGE_BASE:
        strength = mapped.get(key)
        if strength is None:
            continue
        # A description naming other kinds of contract ("... often with marketing fees")
        # blurs a contract kind; one naming other document types ("policies, terms and
        # privacy notices") widens a top-level label usefully.
        if (strength < MAP_BY_NAME and mapped_by_name and family
                and not DESCRIPTION_MAPPING_ALWAYS):
            continue
        group = "name" if strength >= MAP_BY_NAME else f"name:{key}"
        for synonym in type_names:
            if synonym not in MAPPING_ONLY:
                add(synonym, NAME_WEIGHT * strength, group)
        for cue in cues:
            add(cue, CUE_WEIGHT * strength)
    for keyword in info.get("keywords") or []:
        if isinstance(keyword, str):
            add(keyword, KEYWORD_WEIGHT)
    for word in tokenize(description):
        if len(word) > 3:
            add(word, DESCRIPTION_WEIGHT)
    return terms, names


_QUERIES: dict[str, Query] = {}


def _cached_query(name: str, info: dict[str, Any]) -> Query:
    key = json.dumps([name, info.get("description"), info.get("keywords")], sort_keys=True)
    if key not in _QUERIES:
        if len(_QUERIES) > 2000:
            _QUERIES.clear()
        _QUERIES[key] = label_query(name, info)
    return _QUERIES[key]


def title_lines(text: str) -> str:
    """The document's title zone: up to three of the first lines of its head that are
    mostly capitals or name an agreement (letters only; "EXHIBIT 10.1" lines skipped)."""
    picked: list[str] = []
    for line in text[:HEAD_CHARS].splitlines():
        letters = [c for c in line if c.isalpha()]
        if len(letters) < 4 or len(line) > 120:
            continue
        low = line.lower()
        if low.strip().startswith(("exhibit", "confidential", "execution", "[*")):
            continue
        upper = sum(c.isupper() for c in letters) / len(letters)
        if upper >= 0.7 or "agreement" in low:
            picked.append(line)
        if len(picked) >= 3:
            break
    return " ".join(picked)


def corpus_idf(statistics: Any) -> dict[str, float] | None:
    """Per-stem weights in [0.1, 1] from ``metadata["corpus_statistics"]``
    (``{"documents": n, "df": {word: df}}``): ``log((n + 1) / (df + 0.5)) / log(n + 1)``, so
    a word in nearly every document of the organization weighs little; ``None`` without
    statistics."""
    if not isinstance(statistics, dict):
        return None
    n = statistics.get("documents")
    df = statistics.get("df")
    if not isinstance(n, int) or n < 20 or not isinstance(df, dict):
        return None
    by_stem: dict[str, int] = {}
    for word, count in df.items():
        if isinstance(word, str) and isinstance(count, int):
            root = stem(word)
            by_stem[root] = max(by_stem.get(root, 0), count)
    top = math.log(n + 1)
    return {root: max(CORPUS_WEIGHT_FLOOR, min(1.0, math.log((n + 1) / (c + 0.5)) / top))
            for root, c in by_stem.items()}


_IDF_CACHE: dict[int, dict[str, float] | None] = {}


def bm25_scores(
    text: str, labels: list[str], ontology: dict[str, dict[str, Any]],
    statistics: Any = None,
) -> dict[str, tuple[float, list[str]]]:
    """Score ``text`` against each label's query with BM25 (whole text, weighted head and
    title lines) over stemmed n-grams.

    Term weight = query weight x IDF over the labels of the level (a term in every label's
    query discriminates nothing) x the organization's corpus weight (:func:`corpus_idf`,
    mean over the term's stems). Returns label -> (score, evidence terms, strongest first).
    """
    queries = {label: _cached_query(label, ontology.get(label) or {}) for label in labels}
    df: Counter[tuple[str, ...]] = Counter()
    for query, _names in queries.values():
        df.update(query.keys())
    n_labels = max(len(labels), 1)
    key = id(statistics)
    if key not in _IDF_CACHE:
        if len(_IDF_CACHE) > 8:
            _IDF_CACHE.clear()
        _IDF_CACHE[key] = corpus_idf(statistics)
    org_idf = _IDF_CACHE[key]
    max_n = max((len(t) for q, _ in queries.values() for t in q), default=1)
    body_tokens = list(stems(text))
    head_tokens = list(stems(text[:HEAD_CHARS]))
    title_tokens = stems(title_lines(text))
    title = _ngram_counts(list(title_tokens), max_n)

    def title_position(term: tuple[str, ...]) -> int:
        n = len(term)
        return next(i for i in range(len(title_tokens) - n + 1)
                    if title_tokens[i:i + n] == term)

    # The type a title names first is its principal subject ("Confidentiality and
    # Non-Competition Agreement"): full title bonus for the earliest, half for the others.
    first_in_title: dict[str, int] = {}
    for label, (_query, names) in queries.items():
        hits = [title_position(t) for t in names if title.get(t)]
        if hits:
            first_in_title[label] = min(hits)
    earliest = min(first_in_title.values(), default=-1)
    body = _ngram_counts(body_tokens, max_n)
    head = _ngram_counts(head_tokens, max_n)

    def weight(term: tuple[str, ...]) -> float:
        idf = math.log(1 + (n_labels - df[term] + 0.5) / (df[term] + 0.5))
        if org_idf is not None:
            idf *= sum(org_idf.get(t, 1.0) for t in term) / len(term)
        return idf

    def part(counts: Counter[tuple[str, ...]], length: int, term: tuple[str, ...]) -> float:
        tf = counts.get(term, 0)
        if not tf:
            return 0.0
        norm = BM25_K1 * (1 - BM25_B + BM25_B * length / BM25_AVGDL)
        return tf * (BM25_K1 + 1) / (tf + norm)

    out: dict[str, tuple[float, list[str]]] = {}
    for label, (query, names) in queries.items():
        best: dict[str, tuple[float, str]] = {}
        for term, w in query.items():
            s = part(body, len(body_tokens), term) + HEAD_WEIGHT * part(
                head, len(head_tokens), term)
            if term in names and title.get(term):
                s += TITLE_WEIGHT * (1.0 if first_in_title.get(label) == earliest else 0.5)
            if not s:
                continue
            group = (names.get(term) if GROUP_SYNONYMS else None) or " ".join(term)
            value = w * weight(term) * s
            if group not in best or value > best[group][0]:
                best[group] = (value, " ".join(term))
        contributions = sorted(best.values(), reverse=True)
        out[label] = (sum(c for c, _ in contributions), [t for _, t in contributions[:5]])
    return out


def softmax(scores: dict[str, float], temperature: float) -> dict[str, float]:
    """Softmax of ``scores`` with ``temperature`` (numerically stable)."""
    if not scores:
        return {}
    top = max(scores.values())
    exps = {k: math.exp((v - top) / temperature) for k, v in scores.items()}
    total = sum(exps.values())
    return {k: v / total for k, v in exps.items()}


class _SupervisedModel:
    """TF-IDF + multinomial logistic regression over the training texts of one level."""

    def __init__(self, texts: list[str], targets: list[str]) -> None:
        self.vectorizer = TfidfVectorizer(
            ngram_range=(1, 2), sublinear_tf=True, min_df=1, max_features=60000,
            token_pattern=r"(?u)\b[^\W\d_][^\W_]+\b",
        )
        matrix = self.vectorizer.fit_transform(texts)
        self.model = LogisticRegression(C=20.0, max_iter=2000, class_weight="balanced")
        self.model.fit(matrix, targets)
        self.classes: list[str] = [str(c) for c in self.model.classes_]

    def predict(self, text: str) -> dict[str, float]:
        probs = self.model.predict_proba(self.vectorizer.transform([text]))[0]
        return {label: float(p) for label, p in zip(self.classes, probs, strict=True)}


def _level_examples(
    examples: list[Any], current_path: list[str], available: list[str]
) -> tuple[list[str], list[str]]:
    """Training texts and targets for this level: examples whose path starts with
    ``current_path`` and continues with one of ``available``."""
    depth = len(current_path)
    texts: list[str] = []
    targets: list[str] = []
    for ex in examples:
        if not isinstance(ex, dict):
            continue
        labels = ex.get("labels")
        text = ex.get("text")
        if not isinstance(labels, list) or not isinstance(text, str) or len(labels) <= depth:
            continue
        if labels[:depth] != current_path or labels[depth] not in available:
            continue
        texts.append(text[:SUPERVISED_CHARS])
        targets.append(str(labels[depth]))
    return texts, targets


def _supervised_model(
    organization: str, current_path: list[str], texts: list[str], targets: list[str]
) -> _SupervisedModel | None:
    """Return the cached model for this training set, fitting it on first use."""
    digest = hashlib.sha256()
    for text, target in zip(texts, targets, strict=True):
        digest.update(target.encode() + b"\0" + text.encode() + b"\1")
    key = json.dumps([organization, current_path, digest.hexdigest()])
    if key not in _MODEL_CACHE:
        if len(_MODEL_CACHE) >= _MODEL_CACHE_MAX:
            _MODEL_CACHE.pop(next(iter(_MODEL_CACHE)))
        model: _SupervisedModel | None = None
        if len(set(targets)) >= 2:
            model = _SupervisedModel(texts, targets)
            logger.info(
                "fitted classifier for level %s on %d examples", current_path, len(texts)
            )
        _MODEL_CACHE[key] = model
    return _MODEL_CACHE[key]


class Decision(NamedTuple):
    """One level's decision, as logged (and stored by an engine that keeps traces).

    ``label`` is ``None`` when the classifier abstains, with ``reason`` saying why
    (``"no evidence"``, ``"low confidence"``, ``"small margin"``)."""

    label: str | None
    probability: float
    runner_up: str | None
    runner_up_probability: float
    evidence: list[str]
    score: float
    reason: str | None = None
    supervised_examples: int = 0


def classical_distribution(
    document: Document,
    available_labels: list[str],
    current_path: list[str],
    configs: dict[str, Any],
) -> tuple[dict[str, float], dict[str, tuple[float, list[str]]], int]:
    """The mixed zero-shot + supervised probability of each available label, the raw
    zero-shot scores with their evidence terms, and the number of training examples used
    (0 when the supervised model does not take part)."""
    metadata = document.metadata or {}
    ontology = metadata.get("ontology_labels")
    if not isinstance(ontology, dict):
        ontology = {}
    raw = bm25_scores(document.text, available_labels, ontology,
                      metadata.get("corpus_statistics"))
    zero = softmax({k: v for k, (v, _) in raw.items()}, ZERO_SHOT_TEMPERATURE)
    examples = metadata.get("training_examples")
    texts, targets = _level_examples(
        examples if isinstance(examples, list) else [], current_path, available_labels
    )
    minimum = int(configs.get("min_training_examples", 10))
    if len(texts) < max(minimum, 2):
        return zero, raw, 0
    model = _supervised_model(
        document.organization_id or "", current_path, texts, targets
    )
    if model is None:
        return zero, raw, 0
    predicted = model.predict(document.text[:SUPERVISED_CHARS])
    # Labels without examples get a neutral share (1/n) instead of a veto: the known labels
    # share the mass k/n of the k labels the model was trained on.
    share = len(predicted) / len(available_labels)
    supervised = {
        label: predicted[label] * share if label in predicted else 1 / len(available_labels)
        for label in available_labels
    }
    weight = min(
        float(configs.get("max_supervised_weight", 0.6)), len(texts) / (len(texts) + 20.0)
    )
    # Log-linear pooling (a weighted product of experts, renormalised).
    pooled = {
        label: (1 - weight) * math.log(zero.get(label, 0.0) + 1e-6)
        + weight * math.log(supervised.get(label, 0.0) + 1e-6)
        for label in available_labels
    }
    return softmax(pooled, 1.0), raw, len(texts)


def decide(
    distribution: dict[str, float],
    raw: dict[str, tuple[float, list[str]]],
    min_confidence: float,
    min_margin: float,
    min_evidence: float,
    supervised_examples: int = 0,
) -> Decision:
    """The best label when it has evidence, is confident enough and leads the runner-up;
    otherwise an abstention (``label`` None) with its reason. Evidence is the zero-shot
    score of the best label; it is not required once the supervised model takes part."""
    ranked = sorted(distribution.items(), key=lambda kv: kv[1], reverse=True)
    if not ranked:
        return Decision(None, 0.0, None, 0.0, [], 0.0, "no labels")
    best, p_best = ranked[0]
    second, p_second = ranked[1] if len(ranked) > 1 else (None, 0.0)
    score, evidence = raw.get(best, (0.0, []))
    decision = Decision(best, p_best, second, p_second, evidence, score,
                        supervised_examples=supervised_examples)
    reason = None
    if score < min_evidence and not supervised_examples:
        reason = "no evidence"
    elif p_best < min_confidence:
        reason = "low confidence"
    elif p_best - p_second < min_margin:
        reason = "small margin"
    return decision if reason is None else decision._replace(label=None, reason=reason)


class OntologyClassifier(ClassificationPlugin):
    """Classifies one ontology level with BM25 over the ontology's label descriptions and
    keywords, plus a TF-IDF logistic regression trained on confirmed documents; optional
    LLM. Reads ``metadata["ontology_labels"]`` and ``metadata["training_examples"]``."""

    configurable_parameters = [  # noqa: RUF012 - read-only, the SDK's declared form
        ConfigurableParameter(
            parameter_name="min_confidence",
            parameter_type="float",
            default_value=0.4,
            description="Probability the best label needs; below it the document goes to "
            "the suggestion workflow (None)",
        ),
        ConfigurableParameter(
            parameter_name="min_margin",
            parameter_type="float",
            default_value=0.05,
            description="Lead over the second-best label the best label needs",
        ),
        ConfigurableParameter(
            parameter_name="min_training_examples",
            parameter_type="int",
            default_value=10,
            description="Confirmed documents needed at a level before the supervised model "
            "is used",
        ),
        ConfigurableParameter(
            parameter_name="max_supervised_weight",
            parameter_type="float",
            default_value=0.6,
            description="Largest weight of the supervised model in the mix (0..1)",
        ),
        ConfigurableParameter(
            parameter_name="min_evidence",
            parameter_type="float",
            default_value=MIN_EVIDENCE,
            description="Zero-shot score the best label needs (sum of its matched terms' "
            "weights); below it the document goes to the suggestion workflow (None)",
        ),
        ConfigurableParameter(
            parameter_name="use_llm",
            parameter_type="bool",
            default_value=True,
            description="Ask the organization's LLM at each level with that level's labels "
            "only (answers restricted to them); falls back to the classical result when no "
            "LLM is configured or the answer is unusable",
        ),
    ]

    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        """Return one of ``available_labels`` or ``None`` when unsure (see module doc)."""
        if not available_labels:
            return None
        if len(available_labels) == 1:
            return available_labels[0]
        decision = self.decide_level(document, available_labels, current_path, configs)
        if self._setting(configs, "use_llm"):
            answer = await self._ask_llm(document, available_labels, current_path)
            if answer is not None:
                logger.info("level %d: LLM -> %s (classical: %s)", len(current_path), answer,
                            json.dumps(decision._asdict()))
                return answer
        logger.info("level %d: %s", len(current_path),
                    json.dumps(decision._asdict()))
        return decision.label

    def _setting(self, configs: dict[str, Any], name: str) -> Any:
        """A config value, else the parameter's declared default (the engine may pass {})."""
        if name in configs:
            return configs[name]
        return next(p.default_value for p in self.configurable_parameters
                    if p.parameter_name == name)

    def decide_level(
        self,
        document: Document,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> Decision:
        """The classical (no LLM) decision of one level with its probability, runner-up,
        evidence terms and abstention reason."""
        distribution, raw, used = classical_distribution(
            document, available_labels, current_path,
            {**{p.parameter_name: p.default_value for p in self.configurable_parameters},
             **configs},
        )
        return decide(
            distribution, raw,
            float(self._setting(configs, "min_confidence")),
            float(self._setting(configs, "min_margin")),
            float(self._setting(configs, "min_evidence")),
            used,
        )

    async def _ask_llm(
        self, document: Document, available_labels: list[str], current_path: list[str]
    ) -> str | None:
        """Ask the LLM to pick one label; ``None`` when it cannot or does not answer."""
        ontology = (document.metadata or {}).get("ontology_labels") or {}
        lines = []
        for label in available_labels:
            info = ontology.get(label) if isinstance(ontology, dict) else None
            description = info.get("description", "") if isinstance(info, dict) else ""
            lines.append(f"- {label}: {description}".rstrip(": "))
        where = " / ".join(current_path) if current_path else "the top level"
        prompt = (
            f"Classify the document below at {where} of our document ontology. Choose "
            "exactly one label from this list, or null when none fits:\n"
            + "\n".join(lines)
            + f"\n\nDocument text (beginning):\n{document.text[:LLM_CHARS]}"
        )
        schema = {
            "type": "object",
            "properties": {"label": {"enum": [*available_labels, None]}},
            "required": ["label"],
            "additionalProperties": False,
        }
        try:
            answer = await prompt_llm(prompt, schema=schema)
        except RuntimeError as exc:
            logger.info("LLM unavailable, using the classical result: %s", exc)
            return None
        chosen: Any = answer.get("label") if isinstance(answer, dict) else None
        if isinstance(chosen, str) and chosen in available_labels:
            return chosen
        logger.info("LLM answer %r is not an available label; using the classical result",
                    answer)
        return None

