from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_custom_source_body_credentials import (
        CreateCustomSourceBodyCredentials,
    )
    from ..models.source_configs_input import SourceConfigsInput


T = TypeVar("T", bound="CreateCustomSourceBody")


@_attrs_define
class CreateCustomSourceBody:
    """
    Attributes:
        source_type (str): a registered SourcePlugin's source_type
        name (str):
        credentials (CreateCustomSourceBodyCredentials | Unset): one value per credential_fields entry
        configs (SourceConfigsInput | Unset):
        auto_sync (bool | Unset):  Default: False.
        interval_minutes (int | Unset):
    """

    source_type: str
    name: str
    credentials: CreateCustomSourceBodyCredentials | Unset = UNSET
    configs: SourceConfigsInput | Unset = UNSET
    auto_sync: bool | Unset = False
    interval_minutes: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        source_type = self.source_type

        name = self.name

        credentials: dict[str, Any] | Unset = UNSET
        if not isinstance(self.credentials, Unset):
            credentials = self.credentials.to_dict()

        configs: dict[str, Any] | Unset = UNSET
        if not isinstance(self.configs, Unset):
            configs = self.configs.to_dict()

        auto_sync = self.auto_sync

        interval_minutes = self.interval_minutes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source_type": source_type,
                "name": name,
            }
        )
        if credentials is not UNSET:
            field_dict["credentials"] = credentials
        if configs is not UNSET:
            field_dict["configs"] = configs
        if auto_sync is not UNSET:
            field_dict["auto_sync"] = auto_sync
        if interval_minutes is not UNSET:
            field_dict["interval_minutes"] = interval_minutes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_custom_source_body_credentials import (
            CreateCustomSourceBodyCredentials,
        )
        from ..models.source_configs_input import SourceConfigsInput

        d = dict(src_dict)
        source_type = d.pop("source_type")

        name = d.pop("name")

        _credentials = d.pop("credentials", UNSET)
        credentials: CreateCustomSourceBodyCredentials | Unset
        if isinstance(_credentials, Unset):
            credentials = UNSET
        else:
            credentials = CreateCustomSourceBodyCredentials.from_dict(_credentials)

        _configs = d.pop("configs", UNSET)
        configs: SourceConfigsInput | Unset
        if isinstance(_configs, Unset):
            configs = UNSET
        else:
            configs = SourceConfigsInput.from_dict(_configs)

        auto_sync = d.pop("auto_sync", UNSET)

        interval_minutes = d.pop("interval_minutes", UNSET)

        create_custom_source_body = cls(
            source_type=source_type,
            name=name,
            credentials=credentials,
            configs=configs,
            auto_sync=auto_sync,
            interval_minutes=interval_minutes,
        )

        return create_custom_source_body
