from typing import Any

from service_sdk import ClassificationPlugin, Document


class Chatty(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        print("classifying", document.filename)
        if not available_labels:
            print("no labels")
        return None
