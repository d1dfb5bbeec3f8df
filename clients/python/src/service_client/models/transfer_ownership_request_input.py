from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="TransferOwnershipRequestInput")


@_attrs_define
class TransferOwnershipRequestInput:
    """
    Attributes:
        new_owner_id (UUID):
    """

    new_owner_id: UUID

    def to_dict(self) -> dict[str, Any]:
        new_owner_id = str(self.new_owner_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "new_owner_id": new_owner_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        new_owner_id = UUID(d.pop("new_owner_id"))

        transfer_ownership_request_input = cls(
            new_owner_id=new_owner_id,
        )

        return transfer_ownership_request_input
