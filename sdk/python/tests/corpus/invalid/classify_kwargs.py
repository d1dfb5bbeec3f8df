from typing import Any

from service_sdk import ClassificationPlugin, Document


class Loose(ClassificationPlugin):
    async def classify(self, document: Document, *args: Any, **kwargs: Any) -> str | None:
        return None
