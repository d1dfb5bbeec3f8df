from typing import Any

from service_sdk import ClassificationPlugin


class OldStyle(ClassificationPlugin):
    async def execute(self, context: Any) -> Any:
        return context.document.labels
