"""Keyword classifier: picks the label of this level whose keywords occur most often."""

from typing import Any

from service_sdk import (
    ClassificationPlugin,
    ConfigurableParameter,
    Document,
    logger,
)

KEYWORDS: dict[str, list[str]] = {
    "Contracts": ["agreement", "contract", "party", "term"],
    "Invoices": ["invoice", "amount due", "vat", "bill to"],
    "Supply Agreement": ["supply", "supplier", "delivery"],
    "NDA": ["confidential", "non-disclosure"],
}


class KeywordClassifier(ClassificationPlugin):
    configurable_parameters = [
        ConfigurableParameter(
            parameter_name="min_hits",
            parameter_type="int",
            default_value=1,
            description="Keyword hits needed before a label is chosen",
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
        text = document.text.lower()
        min_hits = int(configs.get("min_hits", 1))
        best: str | None = None
        best_hits = 0
        for label in available_labels:
            words = KEYWORDS.get(label, [label.lower()])
            hits = sum(text.count(word) for word in words)
            if hits > best_hits:
                best, best_hits = label, hits
        logger.info("level %d: best=%s hits=%d", len(current_path), best, best_hits)
        return best if best_hits >= min_hits else None
