from typing import Any

from helpers import KeywordMixin

from service_sdk import ClassificationPlugin, Document


class KeywordClassifier(KeywordMixin, ClassificationPlugin):
    threshold = 2

    def _score(self, document: Document, label: str) -> int:
        return document.text.count(label)

    async def on_labels(self, available_labels: list[str], configs: dict[str, Any]) -> None:
        return None
