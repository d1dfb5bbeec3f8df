from typing import Any

from service_sdk import ExtractionPlugin, ExtractionResult


class FieldHelpers:
    def normalize(self, value: str) -> str:
        return value.strip().lower()


class BaseExtractor(ExtractionPlugin):
    async def extract(self, document: Any, fields: list[Any]) -> dict[str, Any]:
        return {"fields": [self.normalize(f.name) for f in fields]}

    def normalize(self, value: str) -> str:
        return value


class HelperExtractor(FieldHelpers, BaseExtractor):
    pass
