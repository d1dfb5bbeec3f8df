from enum import StrEnum


class ListEmailForwardingAuditResponse200ContentItemDecision(StrEnum):
    ACCEPTED = "ACCEPTED"
    QUARANTINED = "QUARANTINED"
    REJECTED = "REJECTED"

    def __str__(self) -> str:
        return str(self.value)
