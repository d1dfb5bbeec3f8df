from typing import Any

from service_sdk import ClassificationPlugin, Document, logger, on_event


class RenewalAwareClassifier(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        return "Contracts" if "Contracts" in available_labels else None

    @on_event("contract.renewal_upcoming")
    async def on_renewal(self, event: dict[str, Any]) -> None:
        logger.info("renewal upcoming for %s", event.get("data", {}).get("contract_id"))
