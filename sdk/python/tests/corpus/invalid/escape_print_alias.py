from typing import Any

from service_sdk import ClassificationPlugin, Document

emit = print


class Chatty(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        emit("classifying", document.id)
        sinks = [print]
        sinks[0]("done")
        return available_labels[0] if available_labels else None
