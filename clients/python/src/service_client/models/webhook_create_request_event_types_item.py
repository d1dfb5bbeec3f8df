from enum import StrEnum


class WebhookCreateRequestEventTypesItem(StrEnum):
    ALERT_CREATED = "alert.created"
    ALERT_UPDATED = "alert.updated"
    BENCHMARK_COMPUTED = "benchmark.computed"
    BENCHMARK_FLAGGED = "benchmark.flagged"
    CONTRACT_CREATED = "contract.created"
    CONTRACT_RENEWAL_UPCOMING = "contract.renewal_upcoming"
    CONTRACT_UPDATED = "contract.updated"
    DOCUMENT_CLASSIFIED = "document.classified"
    DOCUMENT_EXTRACTED = "document.extracted"
    DOCUMENT_FAILED = "document.failed"
    DOCUMENT_RECEIVED = "document.received"
    SOURCE_REQUIRES_REAUTHORIZATION = "source.requires_reauthorization"
    SOURCE_SYNC_COMPLETED = "source.sync_completed"
    VALUE_13 = "*"

    def __str__(self) -> str:
        return str(self.value)
