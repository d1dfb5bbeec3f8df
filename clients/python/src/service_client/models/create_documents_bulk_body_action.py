from enum import StrEnum


class CreateDocumentsBulkBodyAction(StrEnum):
    CONFIRM_LABELS = "confirm_labels"
    DELETE = "delete"
    REPROCESS = "reprocess"
    SET_LABELS = "set_labels"

    def __str__(self) -> str:
        return str(self.value)
