from enum import StrEnum


class ContractInputOrigin(StrEnum):
    DOCUMENT = "DOCUMENT"
    MANUAL = "MANUAL"

    def __str__(self) -> str:
        return str(self.value)
