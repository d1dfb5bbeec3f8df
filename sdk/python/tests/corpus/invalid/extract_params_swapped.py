from typing import Any

from service_sdk import Document, ExtractionPlugin, ExtractionResult, OntologyField


class Swapped(ExtractionPlugin):
    async def extract(
        self,
        document: Document,
        file_data: bytes | None,
        fields: list[OntologyField],
        mime_type: str | None,
        configs: dict[str, Any],
    ) -> ExtractionResult:
        return ExtractionResult(data={})
