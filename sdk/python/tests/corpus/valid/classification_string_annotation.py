from __future__ import annotations

import typing

from service_sdk import ClassificationPlugin, Document


class FilenameClassifier(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, typing.Any],
    ) -> "typing.Optional[str]":
        name = document.filename.lower()
        for label in available_labels:
            if label.lower().rstrip("s") in name:
                return label
        return None
