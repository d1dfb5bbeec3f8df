"""The finder table: which rule answers which contract field, run over one document.

Each finder takes the document's :class:`ContractRules` and returns ``(value, [spans])`` or
``None``; a finder may ask for another field (the expiration date is the effective date plus
the term), and each field is computed at most once per document.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from service_sdk import OntologyField, match_field
from service_sdk.fields import finder_fields

from .confidence import calibrated, value_features
from .contract_dates import find_agreement_date, find_effective_date
from .law import find_governing_law
from .matcher import evidence_rule
from .money import find_contract_value, find_currency
from .onset import find_onset
from .other_languages import find_in_other_languages
from .parties import (
    find_individual_signatories,
    find_parties,
    find_parties_defined,
    find_parties_labelled,
    find_parties_letter,
    find_parties_made_by,
    find_parties_signing,
    pick_counterparty,
    same_party,
)
from .renewal import find_notice_period, find_renewal_term
from .term import find_expiration_date, find_term
from .text import Found, NormText, Span

#: Contract fields the rules answer: the field registry's entries whose ``rules`` list
#: ``contract`` (``fields/registry.json``), in registry order. :data:`FINDERS` has one finder
#: for each (``plugins/tests/extraction/test_vocabulary.py``).
CONTRACT_FIELDS = finder_fields("contract")

#: Confidence reported for a field the calibration (:mod:`.confidence`, ``confidence.json``)
#: has no entry for: the precision of the field's rules measured with
#: ``bench/quality/direct_run.py`` on the tuning half of the corpus (CUAD + Kleister NDA;
#: invoice fields on the ZUGFeRD / Factur-X samples). Unmeasured fields get
#: :data:`UNMEASURED_CONFIDENCE`. The fields the corpus scores get a per-value confidence.
RULE_CONFIDENCE = {
    "parties": 0.94, "counterparty": 0.85, "agreement_date": 0.98, "effective_date": 0.96,
    "expiration_date": 0.98, "term": 0.93, "renewal_term": 0.95, "notice_period": 0.97,
    "governing_law": 0.99, "invoice_number": 1.0, "invoice_date": 0.97, "total_amount": 0.97,
    "seller": 1.0, "buyer": 1.0,
}
UNMEASURED_CONFIDENCE = 0.5
#: Confidence of a value the text does not state but the rules infer, without a calibration
#: file: the effective date of an agreement that states no start is its agreement date
#: (decisions 101, 400). Measured the same way, on those documents only.
INFERRED_CONFIDENCE = {"effective_date": 0.67}
#: Confidence of a value the LLM gave (unmeasured: no LLM runs in the quality bench).
LLM_CONFIDENCE = 0.5


class ContractRules:
    """The contract finders over one document (``identities``: the organization's
    ``metadata["organization_identities"]``, for the counterparty)."""

    def __init__(self, text: str, identities: Any = None) -> None:
        self.norm = NormText(text)
        self.identities = identities
        self._found: dict[str, Found | None] = {}
        #: fields whose value is inferred, not stated (:data:`INFERRED_CONFIDENCE`)
        self.inferred: set[str] = set()

    def get(self, field: str) -> Found | None:
        """The value and spans of ``field`` (a key of :data:`FINDERS`), computed once."""
        if field not in self._found:
            self._found[field] = FINDERS[field](self)
        return self._found[field]


def _parties(r: ContractRules) -> Found | None:
    found = _named_parties(r)
    if found is None or len(found[0]) >= 2:
        return found
    r.norm.note("parties", r.norm.rules.get("parties", "") + "+signatures")
    # one party named in the text ("the Company" and "you", a letter to its addressee): the
    # other signs, as an organisation through someone ("ACCEPTED AND AGREED: X LP By:") or in
    # their own name
    names, spans = found
    signing = find_parties_signing(r.norm) or ([], [])
    for name, span in [*zip(*signing, strict=True),
                       *zip(*find_individual_signatories(r.norm), strict=True)]:
        if not any(same_party(name, known) for known in names):
            names, spans = [*names, name], [*spans, span]
    return names, spans


def _named_parties(r: ContractRules) -> Found | None:
    for rule, finder in (("preamble", find_parties), ("labelled", find_parties_labelled)):
        found = finder(r.norm)
        if found is not None:
            r.norm.note("parties", rule)
            return found
    # a German or French preamble ("zwischen der Muster GmbH ... und der Beispiel AG", "ENTRE
    # LES SOUSSIGNÉS : ... ET ..."), before the English defined terms would read its "„Kunde")"
    found = find_in_other_languages(r.norm, "parties")
    if found is not None:
        return found
    found = find_parties_defined(r.norm)
    if found is not None:
        r.norm.note("parties", "defined_terms")
        return found
    # a letter agreement or a one-sided undertaking: the letter's sender and addressee,
    # a party introduced by a defined term ("Ann Taylor, Inc. (the "Company")"), and the one
    # nameable party of a preamble "between H&S and the undersigned"
    names: list[str] = []
    spans: list[Span] = []
    for more in (find_parties_letter(r.norm), find_parties_defined(r.norm, least=1),
                 find_parties(r.norm, least=1)):
        for name, span in zip(*(more or ([], [])), strict=True):
            if not any(same_party(name, known) for known in names):
                names.append(name)
                spans.append(span)
    if names:
        r.norm.note("parties", "one_named")
        return names, spans
    # "This Agreement is entered into by Acme Inc. and Beta LLC" (only here: read before the
    # finders above, it cost right names on the held-out half, decision 292)
    made_by = find_parties_made_by(r.norm)
    if made_by is not None:
        r.norm.note("parties", "made_by")
        return made_by
    # no preamble names anyone (a joint filing agreement): the organisations that sign
    r.norm.note("parties", "signing")
    return find_parties_signing(r.norm)


def _counterparty(r: ContractRules) -> Found | None:
    parties = r.get("parties")
    if parties is None:
        return None
    names, spans = parties
    counterparty = pick_counterparty(names, r.identities)
    r.norm.note("counterparty", "other_party")
    return None if counterparty is None else (counterparty, [spans[names.index(counterparty)]])


def _effective_date(r: ContractRules) -> Found | None:
    found = r.get(_EFFECTIVE_AS_READ)
    if found is not None:
        return found
    # a contract that dates no start of its own (it starts on an undated event, or it amends
    # another) takes effect when it is made, as one that says nothing of it (decision 400)
    made = r.get("agreement_date")
    if made is not None:
        r.inferred.add("effective_date")
        r.norm.note("effective_date", "made_no_dated_start")
    return made


def _effective_as_read(r: ContractRules) -> Found | None:
    """The effective date as the text gives it, or the agreement date of a contract that
    says nothing of its start; ``None`` for one that starts on an undated event or amends
    another (the expiration date counts from this one)."""
    def inferred() -> Found | None:
        made = r.get("agreement_date")
        if made is not None:
            r.inferred.add("effective_date")
        return made

    return find_effective_date(r.norm, lambda: r.get("agreement_date"), inferred)


def _expiration_date(r: ContractRules) -> Found | None:
    effective = r.get(_EFFECTIVE_AS_READ)
    if effective is None and (find_onset(r.norm) or ("",))[0] == "undated":
        # a term counted from an "Effective Date" the contract never dates runs from its
        # making ("shall commence on the Effective Date and shall continue until the four-year
        # anniversary of the Effective Date" in a contract "made this 27th day of March, 2017")
        effective = r.get("agreement_date")
    return find_expiration_date(r.norm, (effective[0], effective[1][0]) if effective else None)


def _notice_period(r: ContractRules) -> Found | None:
    renewal = r.get("renewal_term")
    return find_notice_period(r.norm, renewal[1][0] if renewal else None)


def _currency(r: ContractRules) -> Found | None:
    value = r.get("contract_value")
    if value is None:
        return find_currency(r.norm)
    r.norm.note("currency", "of_contract_value")
    return value[0]["currency"], value[1]


_EFFECTIVE_AS_READ = "effective_date_as_read"
#: keys of :data:`FINDERS` that answer no field of their own (steps other finders ask for)
INTERNAL_FINDERS = frozenset({_EFFECTIVE_AS_READ})
#: field → finder (and :func:`_effective_as_read`, which answers no field of its own)
FINDERS: dict[str, Callable[[ContractRules], Found | None]] = {
    _EFFECTIVE_AS_READ: _effective_as_read,
    "parties": _parties,
    "counterparty": _counterparty,
    "agreement_date": lambda r: find_agreement_date(r.norm),
    "effective_date": _effective_date,
    "expiration_date": _expiration_date,
    "term": lambda r: find_term(r.norm),
    "renewal_term": lambda r: find_renewal_term(r.norm, lambda: r.get("term")),
    "notice_period": _notice_period,
    "governing_law": lambda r: find_governing_law(r.norm),
    "contract_value": lambda r: find_contract_value(r.norm),
    "currency": _currency,
}


@dataclasses.dataclass
class RuleExtraction:
    """What the finders found in one document: ``data`` (field → value), ``evidence`` (field
    → ``[{"start", "end", "text", "rule"}]``: offsets into the text and the id of the rule that
    answered, :func:`.matcher.evidence_rule`), ``confidence`` (field → the
    calibrated chance that the value is right, 0..1, :func:`.confidence.calibrated`; for a
    field without calibration :data:`RULE_CONFIDENCE`, or :data:`INFERRED_CONFIDENCE` for a
    value inferred rather than stated) and ``features`` (field → the features that
    confidence was computed from, :func:`.confidence.value_features`)."""

    data: dict[str, Any] = dataclasses.field(default_factory=dict)
    evidence: dict[str, list[dict[str, Any]]] = dataclasses.field(default_factory=dict)
    confidence: dict[str, float] = dataclasses.field(default_factory=dict)
    features: dict[str, dict[str, float]] = dataclasses.field(default_factory=dict)


def extract_contract_fields(text: str, wanted: set[str], identities: Any = None) -> RuleExtraction:
    """Run the finders of the ``wanted`` contract fields over ``text``."""
    rules = ContractRules(text, identities)
    out = RuleExtraction()
    for name in CONTRACT_FIELDS:
        if name not in wanted:
            continue
        found = rules.get(name)
        if found is not None:
            out.data[name] = found[0]
            rule = evidence_rule(name, rules.norm.rules.get(name))
            out.evidence[name] = [{**rules.norm.evidence(s, e), **({"rule": rule} if rule else {})}
                                  for s, e in found[1]]
            out.features[name] = features = value_features(
                name, found[0], found[1], rules.norm, name in rules.inferred,
                _dates_agree(rules) if name in ("agreement_date", "effective_date") else False)
            fitted = calibrated(name, features)
            out.confidence[name] = fitted if fitted is not None else (
                INFERRED_CONFIDENCE[name] if name in rules.inferred
                else RULE_CONFIDENCE.get(name, UNMEASURED_CONFIDENCE))
    return out


def _dates_agree(rules: ContractRules) -> bool:
    """Whether the agreement and effective dates are found and the same day."""
    made, effective = rules.get("agreement_date"), rules.get("effective_date")
    return made is not None and effective is not None and made[0] == effective[0]


def rule_extract(
    text: str, wanted: set[str], identities: Any = None
) -> tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """Run the finders of the ``wanted`` contract fields; return (values, evidence), the
    evidence as ``{"start", "end", "text"}`` offsets into ``text``
    (:func:`extract_contract_fields` without the confidence)."""
    found = extract_contract_fields(text, wanted, identities)
    return found.data, found.evidence


def resolve_field(field: OntologyField | dict[str, Any]) -> str | None:
    """The finder that answers a requested ontology field, by the SDK's field registry
    (:func:`service_sdk.match_field`: name, alias, description cues and dtype), or ``None``
    when no finder reads it (unsupported)."""
    if isinstance(field, dict):
        name, dtype, description = (str(field.get("name", "")), field.get("dtype"),
                                    str(field.get("description") or ""))
    else:
        name, dtype, description = field.name, field.dtype, field.description or ""
    spec = match_field(name, dtype, description)
    return spec.name if spec is not None else None
