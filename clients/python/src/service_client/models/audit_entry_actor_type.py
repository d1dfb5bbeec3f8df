from enum import StrEnum


class AuditEntryActorType(StrEnum):
    API_KEY = "API_KEY"
    PLUGIN = "PLUGIN"
    SYSTEM = "SYSTEM"
    USER = "USER"

    def __str__(self) -> str:
        return str(self.value)
