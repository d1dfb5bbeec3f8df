from enum import StrEnum


class OrganizationSettingsDtoInputEmailForwardingSenderPolicy(StrEnum):
    ALLOWLIST_AND_DMARC = "ALLOWLIST_AND_DMARC"
    ALLOWLIST_ONLY = "ALLOWLIST_ONLY"

    def __str__(self) -> str:
        return str(self.value)
