from enum import StrEnum


class ContractDetailTermType0Unit(StrEnum):
    DAY = "day"
    MONTH = "month"
    WEEK = "week"
    YEAR = "year"

    def __str__(self) -> str:
        return str(self.value)
