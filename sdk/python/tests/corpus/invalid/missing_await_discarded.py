import asyncio
from typing import Any

from service_sdk import ClassificationPlugin, Document, prompt_llm


def ask(text: str) -> Any:
    return prompt_llm(text)


class FireAndForget(ClassificationPlugin):
    def _warm_up(self, text: str) -> Any:
        return ask(text)

    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        prompt_llm(f"Preload: {document.filename}")
        self._warm_up(document.text)
        ask(document.text)
        answers = await asyncio.gather(*(ask(label) for label in available_labels))
        for label, answer in zip(available_labels, answers, strict=True):
            if answer:
                return label
        return None
