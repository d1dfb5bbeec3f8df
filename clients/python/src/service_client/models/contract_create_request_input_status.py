from enum import StrEnum


class ContractCreateRequestInputStatus(StrEnum):
    ACTIVE = "ACTIVE"
    EXPIRED = "EXPIRED"
    EXPIRING = "EXPIRING"
    TERMINATED = "TERMINATED"

    def __str__(self) -> str:
        return str(self.value)
