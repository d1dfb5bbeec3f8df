from typing import Any

import service_sdk as sdk


class MimeClassifier(sdk.ClassificationPlugin):
    async def classify(
        self,
        document: sdk.Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        wanted = "Invoices" if mime_type == "application/pdf" else "Contracts"
        sdk.logger.debug("mime %s", mime_type)
        return wanted if wanted in available_labels else None
