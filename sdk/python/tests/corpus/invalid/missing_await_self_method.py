from typing import Any

from service_sdk import ClassificationPlugin, Document, prompt_llm


class Helper(ClassificationPlugin):
    async def _ask(self, text: str) -> Any:
        return await prompt_llm(text)

    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        self._ask(document.text)
        return None
