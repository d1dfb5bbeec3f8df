from enum import StrEnum


class ListContractsSort(StrEnum):
    ANNUAL_VALUE = "annual_value"
    RENEWAL_DATE = "renewal_date"
    VENDOR = "vendor"

    def __str__(self) -> str:
        return str(self.value)
