from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.get_source_state_response_200_state import (
        GetSourceStateResponse200State,
    )


T = TypeVar("T", bound="GetSourceStateResponse200")


@_attrs_define
class GetSourceStateResponse200:
    """
    Attributes:
        source_id (UUID):
        state (GetSourceStateResponse200State): the SourcePlugin's saved BaseSourceState (never credentials)
        updated_at (str): ISO 8601 UTC timestamp
        last_synced_at (None | str):
    """

    source_id: UUID
    state: GetSourceStateResponse200State
    updated_at: str
    last_synced_at: None | str

    def to_dict(self) -> dict[str, Any]:
        source_id = str(self.source_id)

        state = self.state.to_dict()

        updated_at = self.updated_at

        last_synced_at: None | str
        last_synced_at = self.last_synced_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source_id": source_id,
                "state": state,
                "updated_at": updated_at,
                "last_synced_at": last_synced_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_source_state_response_200_state import (
            GetSourceStateResponse200State,
        )

        d = dict(src_dict)
        source_id = UUID(d.pop("source_id"))

        state = GetSourceStateResponse200State.from_dict(d.pop("state"))

        updated_at = d.pop("updated_at")

        def _parse_last_synced_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_synced_at = _parse_last_synced_at(d.pop("last_synced_at"))

        get_source_state_response_200 = cls(
            source_id=source_id,
            state=state,
            updated_at=updated_at,
            last_synced_at=last_synced_at,
        )

        return get_source_state_response_200
