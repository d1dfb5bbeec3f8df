from typing import Any, Optional

from service_sdk import ClassificationPlugin, Document


class FirstLabel(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: Optional[bytes],
        mime_type: Optional[str],
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> Optional[str]:
        return available_labels[0] if available_labels else None
