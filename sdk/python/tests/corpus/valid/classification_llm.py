import json
from typing import Any

from service_sdk import ClassificationPlugin, Document, get_prompt, logger, prompt_llm


class LlmClassifier(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        template = await get_prompt("classify-level")
        prompt = template.format(
            labels=json.dumps(available_labels), path="/".join(current_path), text=document.text
        )
        answer = await prompt_llm(prompt, file_data=file_data, mime_type=mime_type)
        if isinstance(answer, dict) and isinstance(answer.get("label"), str):
            label: str = answer["label"]
            return label
        logger.warning("no label in the LLM answer")
        return None
