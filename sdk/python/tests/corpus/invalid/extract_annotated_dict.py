from typing import Any

from service_sdk import Document, ExtractionPlugin, OntologyField


class DictExtractor(ExtractionPlugin):
    async def extract(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        fields: list[OntologyField],
        configs: dict[str, Any],
    ) -> dict[str, Any]:
        result: dict[str, Any] = {}
        return result
