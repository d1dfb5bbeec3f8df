from enum import StrEnum


class SavedViewColumnsItem(StrEnum):
    CONFIDENCE = "confidence"
    CREATED_AT = "created_at"
    FIELDS = "fields"
    FILENAME = "filename"
    LABELS = "labels"
    LABEL_CONFIDENCE = "label_confidence"
    STATUS = "status"

    def __str__(self) -> str:
        return str(self.value)
