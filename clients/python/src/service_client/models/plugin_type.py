from enum import StrEnum


class PluginType(StrEnum):
    BENCHMARK = "BENCHMARK"
    CLASSIFICATION = "CLASSIFICATION"
    EXTRACTION = "EXTRACTION"
    SOURCE = "SOURCE"

    def __str__(self) -> str:
        return str(self.value)
