from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.organization_settings_dto_email_forwarding_sender_policy import (
    OrganizationSettingsDtoEmailForwardingSenderPolicy,
)

if TYPE_CHECKING:
    from ..models.chosen_plugin import ChosenPlugin


T = TypeVar("T", bound="OrganizationSettingsDto")


@_attrs_define
class OrganizationSettingsDto:
    """
    Attributes:
        classification_plugin_id (None | UUID):
        extraction_plugin_id (None | UUID):
        renewal_alert_days (list[int]):
        timezone (str):
        email_forwarding_enabled (bool):
        email_forwarding_sender_policy (OrganizationSettingsDtoEmailForwardingSenderPolicy): What forwarded mail must
            pass: ALLOWLIST_AND_DMARC (default) accepts it when its From address is on the allowlist and its domain
            authenticated it (DMARC: an aligned DKIM signature or SPF pass); ALLOWLIST_ONLY accepts an allowlisted envelope
            or From address without checking (docs/sources.md). A message that fails is quarantined in the email-forwarding
            audit.
        classification_plugin (ChosenPlugin | None): the plugin of classification_plugin_id (read-only); null for the
            built-in classifier
        extraction_plugin (ChosenPlugin | None): the plugin of extraction_plugin_id (read-only); null for the built-in
            extractor
    """

    classification_plugin_id: None | UUID
    extraction_plugin_id: None | UUID
    renewal_alert_days: list[int]
    timezone: str
    email_forwarding_enabled: bool
    email_forwarding_sender_policy: OrganizationSettingsDtoEmailForwardingSenderPolicy
    classification_plugin: ChosenPlugin | None
    extraction_plugin: ChosenPlugin | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.chosen_plugin import ChosenPlugin

        classification_plugin_id: None | str
        if isinstance(self.classification_plugin_id, UUID):
            classification_plugin_id = str(self.classification_plugin_id)
        else:
            classification_plugin_id = self.classification_plugin_id

        extraction_plugin_id: None | str
        if isinstance(self.extraction_plugin_id, UUID):
            extraction_plugin_id = str(self.extraction_plugin_id)
        else:
            extraction_plugin_id = self.extraction_plugin_id

        renewal_alert_days = self.renewal_alert_days

        timezone = self.timezone

        email_forwarding_enabled = self.email_forwarding_enabled

        email_forwarding_sender_policy = self.email_forwarding_sender_policy.value

        classification_plugin: dict[str, Any] | None
        if isinstance(self.classification_plugin, ChosenPlugin):
            classification_plugin = self.classification_plugin.to_dict()
        else:
            classification_plugin = self.classification_plugin

        extraction_plugin: dict[str, Any] | None
        if isinstance(self.extraction_plugin, ChosenPlugin):
            extraction_plugin = self.extraction_plugin.to_dict()
        else:
            extraction_plugin = self.extraction_plugin

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "classification_plugin_id": classification_plugin_id,
                "extraction_plugin_id": extraction_plugin_id,
                "renewal_alert_days": renewal_alert_days,
                "timezone": timezone,
                "email_forwarding_enabled": email_forwarding_enabled,
                "email_forwarding_sender_policy": email_forwarding_sender_policy,
                "classification_plugin": classification_plugin,
                "extraction_plugin": extraction_plugin,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.chosen_plugin import ChosenPlugin

        d = dict(src_dict)

        def _parse_classification_plugin_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                classification_plugin_id_type_0 = UUID(data)

                return classification_plugin_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        classification_plugin_id = _parse_classification_plugin_id(
            d.pop("classification_plugin_id")
        )

        def _parse_extraction_plugin_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                extraction_plugin_id_type_0 = UUID(data)

                return extraction_plugin_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        extraction_plugin_id = _parse_extraction_plugin_id(
            d.pop("extraction_plugin_id")
        )

        renewal_alert_days = cast(list[int], d.pop("renewal_alert_days"))

        timezone = d.pop("timezone")

        email_forwarding_enabled = d.pop("email_forwarding_enabled")

        email_forwarding_sender_policy = (
            OrganizationSettingsDtoEmailForwardingSenderPolicy(
                d.pop("email_forwarding_sender_policy")
            )
        )

        def _parse_classification_plugin(data: object) -> ChosenPlugin | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                classification_plugin_type_0 = ChosenPlugin.from_dict(data)

                return classification_plugin_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChosenPlugin | None, data)

        classification_plugin = _parse_classification_plugin(
            d.pop("classification_plugin")
        )

        def _parse_extraction_plugin(data: object) -> ChosenPlugin | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                extraction_plugin_type_0 = ChosenPlugin.from_dict(data)

                return extraction_plugin_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChosenPlugin | None, data)

        extraction_plugin = _parse_extraction_plugin(d.pop("extraction_plugin"))

        organization_settings_dto = cls(
            classification_plugin_id=classification_plugin_id,
            extraction_plugin_id=extraction_plugin_id,
            renewal_alert_days=renewal_alert_days,
            timezone=timezone,
            email_forwarding_enabled=email_forwarding_enabled,
            email_forwarding_sender_policy=email_forwarding_sender_policy,
            classification_plugin=classification_plugin,
            extraction_plugin=extraction_plugin,
        )

        return organization_settings_dto
