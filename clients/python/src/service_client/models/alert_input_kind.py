from enum import StrEnum


class AlertInputKind(StrEnum):
    BENCHMARK_FLAGGED = "benchmark.flagged"
    CONTRACT_RENEWAL_UPCOMING = "contract.renewal_upcoming"

    def __str__(self) -> str:
        return str(self.value)
