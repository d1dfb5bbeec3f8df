from typing import Any

from service_sdk import Document, ExtractionPlugin, ExtractionResult, OntologyField, get_prompt


class ReturnsCoroutine(ExtractionPlugin):
    async def extract(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        fields: list[OntologyField],
        configs: dict[str, Any],
    ) -> ExtractionResult:
        template = get_prompt("extract")
        return ExtractionResult(data={"template": str(template)})
