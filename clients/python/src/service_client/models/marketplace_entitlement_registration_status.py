from enum import StrEnum


class MarketplaceEntitlementRegistrationStatus(StrEnum):
    ACTIVE = "ACTIVE"
    CANCELLED = "CANCELLED"
    EXPIRED = "EXPIRED"
    SUSPENDED = "SUSPENDED"

    def __str__(self) -> str:
        return str(self.value)
