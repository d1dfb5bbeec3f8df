from typing import Any

from service_sdk import ClassificationPlugin, Document, ExtractionPlugin


class Both(ClassificationPlugin, ExtractionPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        return None
