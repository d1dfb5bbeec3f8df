from typing import Any

from service_sdk import ClassificationPlugin, Document


class Empty(ClassificationPlugin):
    def helper(self, document: Document) -> str:
        return document.text
