from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_documents_bulk_response_200_action import (
    CreateDocumentsBulkResponse200Action,
)

if TYPE_CHECKING:
    from ..models.create_documents_bulk_response_200_results_item import (
        CreateDocumentsBulkResponse200ResultsItem,
    )


T = TypeVar("T", bound="CreateDocumentsBulkResponse200")


@_attrs_define
class CreateDocumentsBulkResponse200:
    """
    Attributes:
        action (CreateDocumentsBulkResponse200Action):
        succeeded (int):
        failed (int):
        results (list[CreateDocumentsBulkResponse200ResultsItem]):
    """

    action: CreateDocumentsBulkResponse200Action
    succeeded: int
    failed: int
    results: list[CreateDocumentsBulkResponse200ResultsItem]

    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        succeeded = self.succeeded

        failed = self.failed

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "succeeded": succeeded,
                "failed": failed,
                "results": results,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_documents_bulk_response_200_results_item import (
            CreateDocumentsBulkResponse200ResultsItem,
        )

        d = dict(src_dict)
        action = CreateDocumentsBulkResponse200Action(d.pop("action"))

        succeeded = d.pop("succeeded")

        failed = d.pop("failed")

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = CreateDocumentsBulkResponse200ResultsItem.from_dict(
                results_item_data
            )

            results.append(results_item)

        create_documents_bulk_response_200 = cls(
            action=action,
            succeeded=succeeded,
            failed=failed,
            results=results,
        )

        return create_documents_bulk_response_200
