from enum import StrEnum


class GetHealthResponse503PluginMemoryLimit(StrEnum):
    CGROUP_V2 = "cgroup-v2"
    RLIMIT = "rlimit"

    def __str__(self) -> str:
        return str(self.value)
