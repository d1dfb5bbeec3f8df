import asyncio
from typing import Any

from service_sdk import ClassificationPlugin, Document, prompt_llm


class VotingClassifier(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        prompts = [f"Is this document a {label}? Answer {{\"yes\": bool}}.\n{document.text}"
                   for label in available_labels]
        answers = await asyncio.gather(*[prompt_llm(p) for p in prompts])
        for label, answer in zip(available_labels, answers, strict=True):
            if isinstance(answer, dict) and answer.get("yes") is True:
                return label
        return None
