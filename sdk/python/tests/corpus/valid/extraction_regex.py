import re
from typing import Any

from service_sdk import Document, ExtractionPlugin, ExtractionResult, OntologyField

PATTERNS = {
    "invoice_number": re.compile(r"invoice\s*(?:no\.?|number)[:\s]*([A-Z0-9-]+)", re.I),
    "total_amount": re.compile(r"total[:\s]*([0-9]+(?:\.[0-9]{2})?)", re.I),
    "vendor": re.compile(r"vendor[:\s]*(.+)", re.I),
}


class RegexExtractor(ExtractionPlugin):
    async def extract(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        fields: list[OntologyField],
        configs: dict[str, Any],
    ) -> ExtractionResult:
        data: dict[str, Any] = {}
        for field in fields:
            pattern = PATTERNS.get(field.name)
            match = pattern.search(document.text) if pattern else None
            if match:
                value: Any = match.group(1).strip()
                if field.dtype in ("number", "money"):
                    value = float(value)
                data[field.name] = value
        return ExtractionResult(data=data, llm_fields=[], document_type="invoice")
