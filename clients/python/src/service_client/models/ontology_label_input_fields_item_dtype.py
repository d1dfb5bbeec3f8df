from enum import StrEnum


class OntologyLabelInputFieldsItemDtype(StrEnum):
    BOOLEAN = "boolean"
    DATE = "date"
    DURATION = "duration"
    INTEGER = "integer"
    LISTSTRING = "list[string]"
    MONEY = "money"
    NUMBER = "number"
    STRING = "string"

    def __str__(self) -> str:
        return str(self.value)
