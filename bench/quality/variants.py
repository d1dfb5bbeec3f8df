"""Variants of the customer ontology, made by documented, seeded transformations.

Every customer writes their own ontology. The robustness bench (:mod:`robustness`) puts the
same documents to many wordings of ``customer_ontology.json`` (the 28 kinds of issue 11 under
other names and descriptions) and reports each wording's figures and their minimum.

Transformations (each applied label by label with a :class:`random.Random` seeded by the
variant's seed, so a variant is reproducible and a new seed makes new wordings):

``synonym``
    the label's name replaced by a synonym or near-synonym a customer might use
    (:data:`SYNONYMS`; "Transportation" -> "Logistics", "Supply" -> "Procurement");
``generic``
    a generic word appended to some child names (:data:`GENERIC_WORDS`: "Agreement",
    "Contract", "Deal", "Services"; ``rate`` of them), as "Supply Agreement";
``paraphrase``
    the description replaced by one that does not repeat the name (:data:`PARAPHRASES`);
``names_only``
    every description removed;
``strip_name_words``
    the description kept without the words of the label's name ("Affiliate and referral
    program agreements." -> "and referral program agreements.");
``reorder``
    siblings shuffled;
``casing``
    names upper-, lower- or title-cased (``upper``, ``lower``, ``title``).

The synonym and paraphrase tables were written once, before the classifier's matching was
reworked for issue 33, from what customers call these kinds; they are not tuned to it.
:func:`standard_variants` is the list the bench reports (21 recipes incl. the original);
``seed`` changes the synonyms, paraphrases, generic words, the labels they hit and the order.
:func:`handwritten_variants` reads a wording a person wrote instead (``wordings/``), which no
table here produced.
"""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any, NamedTuple

#: Synonyms and near-synonyms of each label name (the original name is not among them).
SYNONYMS: dict[str, list[str]] = {
    "Contract": ["Agreement", "Contracts", "Legal Agreement", "Signed Contract"],
    "Invoice": ["Invoices", "Bill", "Supplier Invoice", "Billing"],
    "Policy": ["Policies", "Company Policy", "Guidelines", "Terms and Policies"],
    "Affiliate": ["Affiliate Program", "Referral", "Affiliate Marketing", "Referral Partner"],
    "Agency": ["Agent", "Sales Agency", "Sales Representative", "Agent Appointment"],
    "Co-Branding": ["Co-Brand", "Cobranding", "Joint Branding", "Co-Branded Offering"],
    "Collaboration": ["Research Collaboration", "Cooperation", "R&D Collaboration",
                      "Joint Research"],
    "Consulting": ["Consultancy", "Advisory", "Consultant", "Consulting Engagement"],
    "Development": ["Software Development", "Product Development", "Custom Development",
                    "Engineering"],
    "Distributor": ["Distribution", "Distributorship", "Wholesale Distribution", "Dealer"],
    "Endorsement": ["Celebrity Endorsement", "Spokesperson", "Athlete Endorsement",
                    "Endorser"],
    "Franchise": ["Franchising", "Franchisee", "Franchise Rights"],
    "Hosting": ["Web Hosting", "Cloud Hosting", "Data Center", "Hosted Services"],
    "IP": ["Intellectual Property", "IP Assignment", "Patents and Trademarks", "IP Transfer"],
    "Joint Venture": ["JV", "Joint Enterprise", "Joint Venture Company"],
    "License": ["Licence", "Licensing", "Software License", "Technology Licensing"],
    "Maintenance": ["Support", "Maintenance and Support", "Technical Support", "Upkeep"],
    "Manufacturing": ["Contract Manufacturing", "Production", "Manufacture",
                      "OEM Manufacturing"],
    "Marketing": ["Advertising", "Marketing Program", "Digital Marketing"],
    "Non-Compete": ["Non-Competition", "Restrictive Covenant", "Noncompetition",
                    "Covenant Not to Compete", "Non-Solicitation"],
    "Outsourcing": ["Outsourced Services", "Business Process Outsourcing", "Outsource",
                    "BPO"],
    "Promotion": ["Co-Promotion", "Promotional", "Product Promotion"],
    "Reseller": ["Resale", "Value Added Reseller", "VAR", "Resellers"],
    "Service": ["Services", "Professional Services", "Master Services", "Service Provider"],
    "Sponsorship": ["Sponsor", "Event Sponsorship", "Sponsoring"],
    "Strategic Alliance": ["Alliance", "Strategic Partnership", "Partnership",
                           "Business Alliance"],
    "Supply": ["Supplier", "Procurement", "Purchasing", "Goods Supply"],
    "Transportation": ["Transport", "Shipping", "Logistics", "Freight", "Carriage"],
    "Non-Disclosure": ["NDA", "Confidentiality", "Nondisclosure", "Secrecy",
                       "Confidential Information"],
}

#: Descriptions that do not repeat the label's name (two per label).
PARAPHRASES: dict[str, list[str]] = {
    "Contract": ["Documents signed by us and another party.",
                 "Binding deals we made with other companies."],
    "Invoice": ["Bills from vendors asking for payment.",
                "Requests for payment with amounts, tax and due dates."],
    "Policy": ["Rules for users, terms of service and privacy statements.",
               "What our users may and may not do, and how we handle their data."],
    "Affiliate": ["Partners earn a commission for sending customers to a web site.",
                  "Commission programs for referred customers and links."],
    "Agency": ["Someone appointed to solicit orders or represent a principal.",
               "A representative who sells on behalf of another company for commission."],
    "Co-Branding": ["Two companies put both their marks and logos on one offering.",
                    "Joint use of two brands on the same product or web pages."],
    "Collaboration": ["Joint research and commercialization work with milestones.",
                      "Two companies share a research program and its results."],
    "Consulting": ["An independent expert advises us for an hourly rate.",
                   "Advice from outside experts on our business."],
    "Development": ["Building software or products to specifications with deliverables.",
                    "Work to create new technology for a customer."],
    "Distributor": ["A company buys our products to sell them on in a territory.",
                    "Wholesale resale of goods in a region."],
    "Endorsement": ["An athlete or celebrity lends name and likeness to products.",
                    "A famous person promotes a brand with personal appearances."],
    "Franchise": ["A franchisee runs a business under our system and pays royalty fees.",
                  "Operating outlets under another company's brand and manual."],
    "Hosting": ["Running web sites and applications on servers in a data center.",
                "Servers, bandwidth and uptime provided by a third party."],
    "IP": ["Assigning or transferring patents, trademarks and copyrights.",
           "Who owns inventions, marks and creative works."],
    "Joint Venture": ["Two parties form a jointly owned company with capital contributions.",
                      "A new business owned and run together by shareholders."],
    "License": ["Rights to use software, technology, patents or brands for royalties.",
                "Permission to use someone else's technology or marks."],
    "Maintenance": ["Repairs, updates and technical support for systems we run.",
                    "Keeping equipment and software working after delivery."],
    "Manufacturing": ["A producer makes goods to our specifications with quality control.",
                      "Production of products by a third-party factory."],
    "Marketing": ["Advertising campaigns and promotion of products by a third party.",
                  "Campaigns to win customers for our products."],
    "Non-Compete": ["Promises not to compete or solicit employees for a period.",
                    "Restrictions on working for competitors."],
    "Outsourcing": ["Handing a business process to an external provider.",
                    "A vendor takes over functions we used to run ourselves."],
    "Promotion": ["Co-promotion of products by sales representatives.",
                  "Detailing and promotional activities for someone else's products."],
    "Reseller": ["Partners who resell our software to end users.",
                 "Companies that buy and sell on our products with their own margin."],
    "Service": ["Work performed for a fee under a statement of work.",
                "Tasks a provider performs for us for fees."],
    "Sponsorship": ["Paying to be the official sponsor of an event or team.",
                    "Money for signage and naming rights at events."],
    "Strategic Alliance": ["Long-term cooperation between partners on shared goals.",
                           "Two companies join forces to grow their businesses."],
    "Supply": ["Purchases of goods from a vendor with forecasts and deliveries.",
               "A vendor delivers the products we buy, at agreed prices."],
    "Transportation": ["Carrying goods or gas by truck, ship or pipeline.",
                       "Moving cargo for a shipper by a carrier."],
    "Non-Disclosure": ["Keeping each other's confidential information secret.",
                       "Protecting secrets shared during talks."],
}

#: Generic words a customer adds to names: they say nothing the parent level did not decide.
GENERIC_WORDS = ("Agreement", "Contract", "Deal", "Services", "Agreements")


class Recipe(NamedTuple):
    """The transformations of one variant (see the module documentation)."""

    name: str
    synonym: float = 0.0  # share of labels renamed by a synonym
    generic: float = 0.0  # share of child labels given a generic word
    paraphrase: bool = False
    names_only: bool = False
    strip_name_words: bool = False
    reorder: bool = False
    casing: str = ""  # "", "upper", "lower", "title"


#: The variants the bench reports: the original and 20 transformed wordings.
RECIPES: tuple[Recipe, ...] = (
    Recipe("original"),
    Recipe("synonyms-a", synonym=1.0),
    Recipe("synonyms-b", synonym=1.0, reorder=True),
    Recipe("synonyms-half", synonym=0.5),
    Recipe("generic-half", generic=0.5),
    Recipe("generic-all", generic=1.0),
    Recipe("generic-third", generic=0.33, reorder=True),
    Recipe("synonyms+generic", synonym=1.0, generic=0.5),
    Recipe("synonyms+generic-all", synonym=1.0, generic=1.0),
    Recipe("paraphrase", paraphrase=True),
    Recipe("paraphrase+generic", paraphrase=True, generic=0.5),
    Recipe("paraphrase+synonyms", paraphrase=True, synonym=1.0),
    Recipe("paraphrase+synonyms+generic", paraphrase=True, synonym=1.0, generic=0.7),
    Recipe("strip-name-words", strip_name_words=True),
    Recipe("strip-name-words+synonyms", strip_name_words=True, synonym=0.5, generic=0.3),
    Recipe("upper+reorder", casing="upper", reorder=True),
    Recipe("lower+synonyms", casing="lower", synonym=1.0, reorder=True),
    Recipe("title+paraphrase+generic", casing="title", paraphrase=True, generic=0.5),
    Recipe("names-only", names_only=True),
    Recipe("names-only+synonyms", names_only=True, synonym=1.0),
    Recipe("names-only+generic", names_only=True, generic=0.5, reorder=True),
)


class Variant(NamedTuple):
    """A transformed ontology and the original name of each of its labels."""

    name: str
    seed: int
    ontology: dict[str, Any]
    original: dict[str, str]  # variant label name -> original label name
    has_descriptions: bool


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[^\W_]+", text)}


def _strip_words(description: str, name: str) -> str:
    """``description`` without the words of ``name`` (and their plural / -ing forms)."""
    drop = set()
    for word in _words(name):
        drop |= {word, word + "s", word + "es", word.rstrip("e") + "ing"}
    kept = [w for w in re.split(r"(\s+)", description) if w.strip().strip(".,;:").lower()
            not in drop]
    return re.sub(r"\s+", " ", "".join(kept)).strip()


def _case(name: str, casing: str) -> str:
    return {"upper": name.upper(), "lower": name.lower(), "title": name.title()}.get(
        casing, name)


def make_variant(base: dict[str, Any], recipe: Recipe, seed: int) -> Variant:
    """``base`` transformed by ``recipe`` with ``random.Random(f"{recipe.name}/{seed}")``."""
    rng = random.Random(f"{recipe.name}/{seed}")
    ontology = copy.deepcopy(base)
    original: dict[str, str] = {}
    used: set[str] = set()

    def transform(labels: list[dict[str, Any]], depth: int) -> None:
        for label in labels:
            old = label["name"]
            name = old
            if recipe.synonym and rng.random() < recipe.synonym:
                name = rng.choice(SYNONYMS.get(old, [old]))
            if depth > 0 and recipe.generic and rng.random() < recipe.generic:
                word = rng.choice(GENERIC_WORDS)
                if word.lower() not in _words(name):
                    name = f"{name} {word}"
            name = _case(name, recipe.casing)
            if name.lower() in used:  # two labels may not share a name
                name = _case(old, recipe.casing)
            used.add(name.lower())
            description = str(label.get("description") or "")
            if recipe.paraphrase:
                description = rng.choice(PARAPHRASES.get(old, [description]))
            if recipe.strip_name_words:
                description = _strip_words(description, old)
            if recipe.names_only:
                label.pop("description", None)
            else:
                label["description"] = description
            label["name"] = name
            original[name] = old
            children = label.get("children") or []
            transform(children, depth + 1)
            if recipe.reorder:
                rng.shuffle(children)
        if recipe.reorder:
            rng.shuffle(labels)

    transform(ontology["labels"], 0)
    name = recipe.name if seed == 0 else f"{recipe.name}@{seed}"
    return Variant(name, seed, ontology, original, not recipe.names_only)


def standard_variants(base: dict[str, Any], seed: int = 0) -> list[Variant]:
    """The :data:`RECIPES` applied to ``base`` with ``seed`` (the original stays as it is)."""
    return [make_variant(base, r, seed) for r in RECIPES]


def handwritten_variants(path: Path) -> list[Variant]:
    """A wording a person wrote (``bench/quality/wordings/*.json``: the API's ontology shape,
    each label with ``"original"``, the issue-11 label it stands for), as written and without
    its descriptions. Such files are written before their figures are seen and never tuned on:
    they check that what holds on generated wordings holds on a human's."""
    spec = json.loads(path.read_text(encoding="utf-8"))
    return [_written(spec, path.stem, names_only) for names_only in (False, True)]


def _written(spec: dict[str, Any], stem: str, names_only: bool) -> Variant:
    """:func:`handwritten_variants`' one wording: ``spec`` without its ``original`` keys (and
    descriptions, with ``names_only``)."""
    ontology = copy.deepcopy(spec)
    original: dict[str, str] = {}

    def strip(labels: list[dict[str, Any]]) -> None:
        for label in labels:
            original[label["name"]] = label.pop("original")
            if names_only:
                label.pop("description", None)
            strip(label.get("children") or [])

    strip(ontology["labels"])
    return Variant(stem + ("+names-only" if names_only else ""), 0, ontology, original,
                   not names_only)
