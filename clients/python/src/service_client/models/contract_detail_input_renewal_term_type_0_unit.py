from enum import StrEnum


class ContractDetailInputRenewalTermType0Unit(StrEnum):
    DAY = "day"
    MONTH = "month"
    WEEK = "week"
    YEAR = "year"

    def __str__(self) -> str:
        return str(self.value)
