from typing import Any

from service_sdk import Document, ExtractionResult, OntologyField, ClassificationPlugin


class Misfiled(ClassificationPlugin):
    async def extract(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        fields: list[OntologyField],
        configs: dict[str, Any],
    ) -> ExtractionResult:
        return ExtractionResult(data={})
