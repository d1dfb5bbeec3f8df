from typing import Any

from service_sdk import ClassificationPlugin, Document


class LabelHelpers:
    def normalize(self, label: str) -> str:
        return label.strip().lower()


class BaseClassifier(ClassificationPlugin):
    threshold = 2


class HelperClassifier(LabelHelpers, BaseClassifier):
    def pick(self, document: Document, available_labels: list[str]) -> str | None:
        return available_labels[0] if available_labels else None

    def configs(self) -> dict[str, Any]:
        return {}
