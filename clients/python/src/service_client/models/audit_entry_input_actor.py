from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.audit_entry_input_actor_type import AuditEntryInputActorType

T = TypeVar("T", bound="AuditEntryInputActor")


@_attrs_define
class AuditEntryInputActor:
    """
    Attributes:
        type_ (AuditEntryInputActorType):
        user_id (None | UUID):
        email (None | str):
        api_key_id (None | UUID):
        plugin_id (None | UUID):
    """

    type_: AuditEntryInputActorType
    user_id: None | UUID
    email: None | str
    api_key_id: None | UUID
    plugin_id: None | UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

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
        field_dict.update(self.additional_properties)
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
        type_ = AuditEntryInputActorType(d.pop("type"))

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

        audit_entry_input_actor = cls(
            type_=type_,
            user_id=user_id,
            email=email,
            api_key_id=api_key_id,
            plugin_id=plugin_id,
        )

        audit_entry_input_actor.additional_properties = d
        return audit_entry_input_actor

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
