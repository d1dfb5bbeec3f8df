import asyncio
from typing import Any

from service_sdk import ClassificationPlugin, Document, get_prompt, prompt_llm


class HalfAwaited(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        template = get_prompt("classify")
        first, second = prompt_llm(document.text), prompt_llm(str(template))
        checks = [prompt_llm(label) for label in available_labels]
        await asyncio.gather(*checks)
        answer = await first
        if isinstance(answer, dict) and str(second) in available_labels:
            return str(answer.get("label"))
        return None
