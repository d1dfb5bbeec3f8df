"""Coroutines stored in names and awaited later are awaited (MissingAwait false positives)."""

from typing import Any

from service_sdk import ClassificationPlugin, Document, get_prompt, prompt_llm


class DeferredClassifier(ClassificationPlugin):
    def _ask(self, text: str) -> Any:
        # a plain helper may hand the coroutine back: its callers await it
        return prompt_llm(text)

    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        template_task = get_prompt("classify")
        task = self._ask(f"Labels: {available_labels}\n{document.text}")
        template = await template_task
        result = await task
        checks = []
        for label in available_labels:
            checks.append(prompt_llm(f"{template}\nIs this a {label}? {document.text}"))
        for label, check in zip(available_labels, checks, strict=True):
            answer = await check
            if isinstance(answer, dict) and answer.get("yes") is True:
                return label
        if isinstance(result, dict) and result.get("label") in available_labels:
            return str(result["label"])
        return None
