from enum import StrEnum


class ListAlertsSort(StrEnum):
    CREATED_AT = "created_at"
    DUE_DATE = "due_date"

    def __str__(self) -> str:
        return str(self.value)
