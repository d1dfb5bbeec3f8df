from enum import StrEnum


class BenchmarkRunInputStatus(StrEnum):
    FAILED = "FAILED"
    RUNNING = "RUNNING"
    SUCCEEDED = "SUCCEEDED"

    def __str__(self) -> str:
        return str(self.value)
