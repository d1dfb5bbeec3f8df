from typing import Any

from service_sdk import ClassificationPlugin, Document, prompt_llm


class Forgetful(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        answer = prompt_llm(f"Pick one of {available_labels}: {document.text}")
        return str(answer)
