from enum import StrEnum


class CreateDocumentsBulkResponse200Action(StrEnum):
    CONFIRM_LABELS = "confirm_labels"
    DELETE = "delete"
    REPROCESS = "reprocess"
    SET_LABELS = "set_labels"

    def __str__(self) -> str:
        return str(self.value)
