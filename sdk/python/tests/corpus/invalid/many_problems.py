from typing import Any

from service_sdk import ClassificationPlugin, Document, prompt_llm


class Messy(ClassificationPlugin):
    def classify(self, document: Document, labels: list[str]) -> list[str]:
        print(document.filename)
        answer = prompt_llm("classify")
        return [str(answer)]
