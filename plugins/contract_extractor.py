"""Built-in contract extractor: rules over the contract text, no LLM needed.

Extracts, among the requested ``fields`` (matched to the field registry,
``fields/registry.json``, by name, alias, description cues and dtype; others are left out), the
registry's fields whose ``rules`` list ``contract`` (:data:`CONTRACT_FIELDS`: parties,
counterparty, dates, term, renewal, notice, governing law, contract value, currency) from
``document.text``; each entry's ``description`` says what its value is. ``counterparty`` (the
party that is not the organization, from ``metadata["organization_identities"]``) is produced
whenever ``parties`` or ``counterparty`` is requested.

The fields whose ``rules`` list ``invoice`` (:data:`INVOICE_FIELDS`) are extracted with
German / French / English e-invoice cues when any invoice-only field is requested; ``currency``
then comes from the invoice rules. Dates are ISO ``YYYY-MM-DD``; money is ``{"amount": float,
"currency": "USD"}``.

Durations are objects ``{"value": number, "unit": "day"|"week"|"month"|"year", "iso":
"P90D"}`` (``iso`` is the ISO 8601 duration).

Evidence: ``data["_evidence"]`` maps every extracted field to a list of
``{"start", "end", "text"}`` character offsets into ``document.text`` (``end`` exclusive,
``text == document.text[start:end]``); the engine moves it to the stored extraction's
``evidence``. ``data["_confidence"]`` maps every extracted field to the calibrated chance that
its value is right (0..1, from the rule that answered and its context, fitted on the quality
corpus's tuning half: ``service_builtins.extraction.confidence``). With ``use_llm`` true,
fields the rules did not find are asked from the organization's LLM (JSON schema; on
``RuntimeError`` — no provider — they stay missing) and listed in ``llm_fields``.

The rules live in ``service_builtins.extraction`` (one module per concern: ``text``,
``dates`` (dateparser), ``durations``, ``money``, ``parties``, ``contract_dates``, ``term``,
``renewal``, ``law``, ``invoices``, ``llm``, ``confidence``, and ``rules``, the finder table);
this file is the plugin around them.

Sources of the patterns: the clause wording of US commercial contracts as collected in
CUAD (Hendrycks et al., "CUAD: An Expert-Annotated NLP Dataset for Legal Contract Review",
NeurIPS 2021) and Kleister NDA (Stanisławek et al., ICDAR 2021).
"""

from __future__ import annotations

from typing import Any

from service_builtins.extraction.invoices import INVOICE_FIELDS, INVOICE_ONLY, find_invoice_fields
from service_builtins.extraction.llm import ask_llm, llm_value, locate
from service_builtins.extraction.rules import (
    CONTRACT_FIELDS,
    LLM_CONFIDENCE,
    RULE_CONFIDENCE,
    UNMEASURED_CONFIDENCE,
    extract_contract_fields,
    resolve_field,
)
from service_sdk import (
    ConfigurableParameter,
    Document,
    ExtractionPlugin,
    ExtractionResult,
    OntologyField,
    logger,
)

__all__ = ["CONTRACT_FIELDS", "INVOICE_FIELDS", "ContractExtractor", "resolve_field"]


class ContractExtractor(ExtractionPlugin):
    """Rule-based extraction of contract fields with character-offset evidence; optional
    LLM for the fields the rules miss. Reads ``metadata["organization_identities"]``."""

    configurable_parameters = [  # noqa: RUF012 - read-only, the SDK's declared form
        ConfigurableParameter(
            parameter_name="use_llm",
            parameter_type="bool",
            default_value=False,
            description="Ask the organization's LLM for requested fields the rules did not "
            "find (listed in llm_fields)",
        ),
    ]

    async def extract(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        fields: list[OntologyField],
        configs: dict[str, Any],
    ) -> ExtractionResult:
        """Extract the requested fields; see the module docstring for shapes."""
        finder_of = {f.name: resolve_field(f) for f in fields}
        wanted = {finder for finder in finder_of.values() if finder is not None}
        identities = (document.metadata or {}).get("organization_identities")
        invoice = bool(wanted & INVOICE_ONLY)
        # a field both rule sets answer (the currency) comes from the invoice rules on an invoice
        contract_wanted = wanted & set(CONTRACT_FIELDS)
        if invoice:
            contract_wanted -= set(INVOICE_FIELDS)
        rules = extract_contract_fields(document.text, contract_wanted | (
            {"counterparty"} if "parties" in wanted else set()), identities)
        found, found_evidence, found_confidence = rules.data, rules.evidence, rules.confidence
        if invoice:
            inv_data, inv_evidence = find_invoice_fields(
                document.text, wanted & set(INVOICE_FIELDS))
            found.update(inv_data)
            found_evidence.update(inv_evidence)
        # Values go out under the names the ontology asked for.
        data: dict[str, Any] = {}
        evidence: dict[str, list[dict[str, Any]]] = {}
        confidence: dict[str, float] = {}
        for name, finder in finder_of.items():
            if finder is not None and finder in found:
                data[name] = found[finder]
                evidence[name] = found_evidence.get(finder, [])
                confidence[name] = found_confidence.get(
                    finder, RULE_CONFIDENCE.get(finder, UNMEASURED_CONFIDENCE))
        if "counterparty" in found and "counterparty" not in data:
            data["counterparty"] = found["counterparty"]
            evidence["counterparty"] = found_evidence.get("counterparty", [])
            confidence["counterparty"] = found_confidence["counterparty"]
        unsupported = [name for name, finder in finder_of.items() if finder is None]
        llm_fields: list[str] = []
        missing = [f for f in fields if f.name not in data and f.name != "counterparty"]
        if bool(configs.get("use_llm", False)) and missing and document.text.strip():
            answers = await ask_llm(document, missing)
            for field in missing:
                value = llm_value(answers.get(field.name), field.dtype)
                if value is None:
                    continue
                data[field.name] = value
                confidence[field.name] = LLM_CONFIDENCE
                llm_fields.append(field.name)
                located = locate(document.text, value)
                if located is not None:
                    evidence[field.name] = [located]
        logger.info("extracted %d of %d requested fields (%d from the LLM)",
                    len(set(data) & wanted), len(wanted), len(llm_fields))
        data["_evidence"] = evidence
        data["_confidence"] = confidence
        unsupported = [name for name in unsupported if name not in data]
        if unsupported:
            data["_unsupported"] = unsupported
        return ExtractionResult(
            data=data,
            llm_fields=llm_fields,
            document_type=document.labels[-1] if document.labels else None,
        )
