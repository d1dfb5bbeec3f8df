from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.audit_entry_actor_type import AuditEntryActorType

T = TypeVar("T", bound="AuditEntryActor")


@_attrs_define
class AuditEntryActor:
    """
    Attributes:
        type_ (AuditEntryActorType):
        user_id (None | UUID):
        email (None | str):
        api_key_id (None | UUID):
        plugin_id (None | UUID):
    """

    type_: AuditEntryActorType
    user_id: None | UUID
    email: None | str
    api_key_id: None | UUID
    plugin_id: None | UUID

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        user_id: None | str
        if isinstance(self.user_id, UUID):
            user_id = str(self.user_id)
        else:
            user_id = self.user_id

        email: None | str
        email = self.email

        api_key_id: None | str
        if isinstance(self.api_key_id, UUID):
            api_key_id = str(self.api_key_id)
        else:
            api_key_id = self.api_key_id

        plugin_id: None | str
        if isinstance(self.plugin_id, UUID):
            plugin_id = str(self.plugin_id)
        else:
            plugin_id = self.plugin_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "user_id": user_id,
                "email": email,
                "api_key_id": api_key_id,
                "plugin_id": plugin_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = AuditEntryActorType(d.pop("type"))

        def _parse_user_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                user_id_type_0 = UUID(data)

                return user_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        user_id = _parse_user_id(d.pop("user_id"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        def _parse_api_key_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                api_key_id_type_0 = UUID(data)

                return api_key_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        api_key_id = _parse_api_key_id(d.pop("api_key_id"))

        def _parse_plugin_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                plugin_id_type_0 = UUID(data)

                return plugin_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        plugin_id = _parse_plugin_id(d.pop("plugin_id"))

        audit_entry_actor = cls(
            type_=type_,
            user_id=user_id,
            email=email,
            api_key_id=api_key_id,
            plugin_id=plugin_id,
        )

        return audit_entry_actor
