from typing import Any

from service_sdk import Document, ExtractionPlugin, ExtractionResult, OntologyField, prompt_llm


async def ask(text: str) -> Any:
    return prompt_llm(f"Summarize: {text}")


class DoubleCoroutine(ExtractionPlugin):
    async def extract(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        fields: list[OntologyField],
        configs: dict[str, Any],
    ) -> ExtractionResult:
        answer = await ask(document.text)
        return ExtractionResult(data={"summary": answer})
