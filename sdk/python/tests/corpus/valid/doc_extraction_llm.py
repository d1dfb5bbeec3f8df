"""Extraction with the organization's LLM, falling back to regular expressions."""

import re
from typing import Any

from service_sdk import (
    Document,
    ExtractionPlugin,
    ExtractionResult,
    OntologyField,
    format_fields_for_prompt,
    logger,
    prompt_llm,
)

DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")


class LlmExtractor(ExtractionPlugin):
    async def extract(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        fields: list[OntologyField],
        configs: dict[str, Any],
    ) -> ExtractionResult:
        if not fields:
            return ExtractionResult(data={}, llm_fields=[])
        prompt = (
            "Extract these fields from the document and answer with one JSON object:\n"
            f"{format_fields_for_prompt(fields)}\n\nDocument:\n{document.text[:20000]}"
        )
        schema = {
            "type": "object",
            "properties": {f.name: {} for f in fields},
        }
        answer = await prompt_llm(prompt, schema=schema)
        data: dict[str, Any] = {}
        llm_fields: list[str] = []
        if isinstance(answer, dict):
            for field in fields:
                if answer.get(field.name) is not None:
                    data[field.name] = answer[field.name]
                    llm_fields.append(field.name)
        for field in fields:
            if field.name not in data and field.dtype == "date":
                match = DATE.search(document.text)
                if match:
                    data[field.name] = match.group(1)
        logger.info("extracted %d of %d fields", len(data), len(fields))
        return ExtractionResult(data=data, llm_fields=llm_fields, document_type="contract")
