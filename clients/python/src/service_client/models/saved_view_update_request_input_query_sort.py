from enum import StrEnum


class SavedViewUpdateRequestInputQuerySort(StrEnum):
    CREATED_AT = "created_at"
    FILENAME = "filename"
    LABEL_CONFIDENCE = "label_confidence"
    STATUS = "status"

    def __str__(self) -> str:
        return str(self.value)
