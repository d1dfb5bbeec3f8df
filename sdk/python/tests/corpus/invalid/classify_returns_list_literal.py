from typing import Any

from service_sdk import ClassificationPlugin, Document


class MultiLabel(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        matches = [label for label in available_labels if label in document.text]
        return [label for label in matches]  # type: ignore[return-value]
