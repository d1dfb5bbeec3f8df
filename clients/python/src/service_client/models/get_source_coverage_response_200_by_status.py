from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetSourceCoverageResponse200ByStatus")


@_attrs_define
class GetSourceCoverageResponse200ByStatus:
    """
    Attributes:
        received (int):
        processing (int):
        processed (int):
        failed (int):
    """

    received: int
    processing: int
    processed: int
    failed: int

    def to_dict(self) -> dict[str, Any]:
        received = self.received

        processing = self.processing

        processed = self.processed

        failed = self.failed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "RECEIVED": received,
                "PROCESSING": processing,
                "PROCESSED": processed,
                "FAILED": failed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        received = d.pop("RECEIVED")

        processing = d.pop("PROCESSING")

        processed = d.pop("PROCESSED")

        failed = d.pop("FAILED")

        get_source_coverage_response_200_by_status = cls(
            received=received,
            processing=processing,
            processed=processed,
            failed=failed,
        )

        return get_source_coverage_response_200_by_status
