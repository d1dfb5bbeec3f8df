from enum import StrEnum


class OrganizationTreeKind(StrEnum):
    PERSONAL = "PERSONAL"
    TEAM = "TEAM"

    def __str__(self) -> str:
        return str(self.value)
