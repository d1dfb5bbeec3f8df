from typing import Any

from service_sdk import Document, ExtractionPlugin, ExtractionResult, OntologyField


class BareDict(ExtractionPlugin):
    async def extract(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        fields: list[OntologyField],
        configs: dict[str, Any],
    ) -> ExtractionResult:
        return {"vendor": "ACME"}  # type: ignore[return-value]
