from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.update_organization_settings_body_email_forwarding_sender_policy import (
    UpdateOrganizationSettingsBodyEmailForwardingSenderPolicy,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateOrganizationSettingsBody")


@_attrs_define
class UpdateOrganizationSettingsBody:
    """
    Attributes:
        classification_plugin_id (None | Unset | UUID):
        extraction_plugin_id (None | Unset | UUID):
        renewal_alert_days (list[int] | Unset):
        timezone (str | Unset):
        email_forwarding_enabled (bool | Unset):
        email_forwarding_sender_policy (UpdateOrganizationSettingsBodyEmailForwardingSenderPolicy | Unset): What
            forwarded mail must pass: ALLOWLIST_AND_DMARC (default) accepts it when its From address is on the allowlist and
            its domain authenticated it (DMARC: an aligned DKIM signature or SPF pass); ALLOWLIST_ONLY accepts an
            allowlisted envelope or From address without checking (docs/sources.md). A message that fails is quarantined in
            the email-forwarding audit.
    """

    classification_plugin_id: None | Unset | UUID = UNSET
    extraction_plugin_id: None | Unset | UUID = UNSET
    renewal_alert_days: list[int] | Unset = UNSET
    timezone: str | Unset = UNSET
    email_forwarding_enabled: bool | Unset = UNSET
    email_forwarding_sender_policy: (
        UpdateOrganizationSettingsBodyEmailForwardingSenderPolicy | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        classification_plugin_id: None | str | Unset
        if isinstance(self.classification_plugin_id, Unset):
            classification_plugin_id = UNSET
        elif isinstance(self.classification_plugin_id, UUID):
            classification_plugin_id = str(self.classification_plugin_id)
        else:
            classification_plugin_id = self.classification_plugin_id

        extraction_plugin_id: None | str | Unset
        if isinstance(self.extraction_plugin_id, Unset):
            extraction_plugin_id = UNSET
        elif isinstance(self.extraction_plugin_id, UUID):
            extraction_plugin_id = str(self.extraction_plugin_id)
        else:
            extraction_plugin_id = self.extraction_plugin_id

        renewal_alert_days: list[int] | Unset = UNSET
        if not isinstance(self.renewal_alert_days, Unset):
            renewal_alert_days = self.renewal_alert_days

        timezone = self.timezone

        email_forwarding_enabled = self.email_forwarding_enabled

        email_forwarding_sender_policy: str | Unset = UNSET
        if not isinstance(self.email_forwarding_sender_policy, Unset):
            email_forwarding_sender_policy = self.email_forwarding_sender_policy.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if classification_plugin_id is not UNSET:
            field_dict["classification_plugin_id"] = classification_plugin_id
        if extraction_plugin_id is not UNSET:
            field_dict["extraction_plugin_id"] = extraction_plugin_id
        if renewal_alert_days is not UNSET:
            field_dict["renewal_alert_days"] = renewal_alert_days
        if timezone is not UNSET:
            field_dict["timezone"] = timezone
        if email_forwarding_enabled is not UNSET:
            field_dict["email_forwarding_enabled"] = email_forwarding_enabled
        if email_forwarding_sender_policy is not UNSET:
            field_dict["email_forwarding_sender_policy"] = (
                email_forwarding_sender_policy
            )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_classification_plugin_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                classification_plugin_id_type_0 = UUID(data)

                return classification_plugin_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        classification_plugin_id = _parse_classification_plugin_id(
            d.pop("classification_plugin_id", UNSET)
        )

        def _parse_extraction_plugin_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                extraction_plugin_id_type_0 = UUID(data)

                return extraction_plugin_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        extraction_plugin_id = _parse_extraction_plugin_id(
            d.pop("extraction_plugin_id", UNSET)
        )

        renewal_alert_days = cast(list[int], d.pop("renewal_alert_days", UNSET))

        timezone = d.pop("timezone", UNSET)

        email_forwarding_enabled = d.pop("email_forwarding_enabled", UNSET)

        _email_forwarding_sender_policy = d.pop("email_forwarding_sender_policy", UNSET)
        email_forwarding_sender_policy: (
            UpdateOrganizationSettingsBodyEmailForwardingSenderPolicy | Unset
        )
        if isinstance(_email_forwarding_sender_policy, Unset):
            email_forwarding_sender_policy = UNSET
        else:
            email_forwarding_sender_policy = (
                UpdateOrganizationSettingsBodyEmailForwardingSenderPolicy(
                    _email_forwarding_sender_policy
                )
            )

        update_organization_settings_body = cls(
            classification_plugin_id=classification_plugin_id,
            extraction_plugin_id=extraction_plugin_id,
            renewal_alert_days=renewal_alert_days,
            timezone=timezone,
            email_forwarding_enabled=email_forwarding_enabled,
            email_forwarding_sender_policy=email_forwarding_sender_policy,
        )

        return update_organization_settings_body
