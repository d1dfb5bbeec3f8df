from typing import Any

from service_sdk import ClassificationPlugin, Document


class Renamed(ClassificationPlugin):
    async def classify(
        self,
        doc: Document,
        file_data: bytes | None,
        mime_type: str | None,
        labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        return None
