from enum import StrEnum


class ContractDetailInputOrigin(StrEnum):
    DOCUMENT = "DOCUMENT"
    MANUAL = "MANUAL"

    def __str__(self) -> str:
        return str(self.value)
