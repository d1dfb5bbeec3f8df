from enum import StrEnum


class ListSourceActivityResponse200ContentItemTrigger(StrEnum):
    AUTO = "AUTO"
    MANUAL = "MANUAL"

    def __str__(self) -> str:
        return str(self.value)
