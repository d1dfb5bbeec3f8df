from typing import Any

from service_sdk import ClassificationPlugin, ConfigurableParameter, Document


class BadParam(ClassificationPlugin):
    configurable_parameters = [
        ConfigurableParameter("threshold", "double", 0.5, "Minimum score"),
    ]

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
