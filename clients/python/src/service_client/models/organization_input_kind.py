from enum import StrEnum


class OrganizationInputKind(StrEnum):
    PERSONAL = "PERSONAL"
    TEAM = "TEAM"

    def __str__(self) -> str:
        return str(self.value)
