from collections.abc import Awaitable
from typing import Any

from service_sdk import (
    Document,
    ExtractionPlugin,
    ExtractionResult,
    OntologyField,
    prompt_llm,
)


def ask(text: str) -> Awaitable[dict[str, Any] | list[Any] | None]:
    return prompt_llm(f"Summarize: {text}")


class SummaryExtractor(ExtractionPlugin):
    async def extract(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        fields: list[OntologyField],
        configs: dict[str, Any],
    ) -> ExtractionResult:
        answer = await ask(document.text)
        summary = answer.get("summary") if isinstance(answer, dict) else None
        return ExtractionResult(data={"summary": summary}, llm_fields=["summary"])
