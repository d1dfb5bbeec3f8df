from typing import Any

from service_sdk import ClassificationPlugin, Document


class ScoringMixin:
    def score_label(self, text: str, label: str) -> int:
        return text.lower().count(label.lower())


class BaseScoringClassifier(ClassificationPlugin, ScoringMixin):
    threshold = 1


class CountingClassifier(BaseScoringClassifier):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        scored = sorted(
            ((self.score_label(document.text, label), label) for label in available_labels),
            reverse=True,
        )
        if scored and scored[0][0] >= self.threshold:
            return scored[0][1]
        return None
