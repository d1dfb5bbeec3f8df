from typing import Any

from service_sdk import ClassificationPlugin, Document, logger, on_event


class SyncHandler(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        return None

    @on_event("contract.renewal_upcoming")
    def on_renewal(self, event: dict[str, Any]) -> None:
        logger.info("renewal")
