from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ConfirmLabelsRequest")


@_attrs_define
class ConfirmLabelsRequest:
    """
    Attributes:
        labels (list[str]): a path of the ontology, root first
    """

    labels: list[str]

    def to_dict(self) -> dict[str, Any]:
        labels = self.labels

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "labels": labels,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        labels = cast(list[str], d.pop("labels"))

        confirm_labels_request = cls(
            labels=labels,
        )

        return confirm_labels_request
