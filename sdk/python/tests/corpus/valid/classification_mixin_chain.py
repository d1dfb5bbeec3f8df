"""Methods and attributes inherited through helper classes defined in the same file."""

from abc import ABC
from typing import Any

from service_sdk import ClassificationPlugin, Document


class KeywordMixin(ABC):
    keywords: dict[str, list[str]] = {"Invoice": ["invoice", "amount due"]}

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
        for label in available_labels:
            if any(k in text for k in self.keywords.get(label, [label.lower()])):
                return label
        return None


class BaseKeywordClassifier(ClassificationPlugin):
    pass


class ContractKeywordClassifier(KeywordMixin, BaseKeywordClassifier):
    keywords = {"Contract": ["agreement", "party"], "Invoice": ["invoice"]}
