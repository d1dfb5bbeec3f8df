from typing import Any

from service_sdk import ClassificationPlugin, Document


class ListClassifier(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> list[str]:
        return [available_labels[0]]
