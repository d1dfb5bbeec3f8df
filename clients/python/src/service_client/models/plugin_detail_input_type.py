from enum import StrEnum


class PluginDetailInputType(StrEnum):
    BENCHMARK = "BENCHMARK"
    CLASSIFICATION = "CLASSIFICATION"
    EXTRACTION = "EXTRACTION"
    SOURCE = "SOURCE"

    def __str__(self) -> str:
        return str(self.value)
