from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.api_key_created_status import ApiKeyCreatedStatus

T = TypeVar("T", bound="ApiKeyCreated")


@_attrs_define
class ApiKeyCreated:
    """
    Attributes:
        id (UUID):
        name (str):
        prefix (str): first characters of the key, safe to show
        status (ApiKeyCreatedStatus):
        organization_id (None | UUID):
        created_at (str):
        expires_at (None | str):
        last_used_at (None | str):
        key (str): the plaintext key; shown only in this response
    """

    id: UUID
    name: str
    prefix: str
    status: ApiKeyCreatedStatus
    organization_id: None | UUID
    created_at: str
    expires_at: None | str
    last_used_at: None | str
    key: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        prefix = self.prefix

        status = self.status.value

        organization_id: None | str
        if isinstance(self.organization_id, UUID):
            organization_id = str(self.organization_id)
        else:
            organization_id = self.organization_id

        created_at = self.created_at

        expires_at: None | str
        expires_at = self.expires_at

        last_used_at: None | str
        last_used_at = self.last_used_at

        key = self.key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "prefix": prefix,
                "status": status,
                "organization_id": organization_id,
                "created_at": created_at,
                "expires_at": expires_at,
                "last_used_at": last_used_at,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        prefix = d.pop("prefix")

        status = ApiKeyCreatedStatus(d.pop("status"))

        def _parse_organization_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                organization_id_type_0 = UUID(data)

                return organization_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        organization_id = _parse_organization_id(d.pop("organization_id"))

        created_at = d.pop("created_at")

        def _parse_expires_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        def _parse_last_used_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        key = d.pop("key")

        api_key_created = cls(
            id=id,
            name=name,
            prefix=prefix,
            status=status,
            organization_id=organization_id,
            created_at=created_at,
            expires_at=expires_at,
            last_used_at=last_used_at,
            key=key,
        )

        return api_key_created
