from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.plugin_attributes_input_match_rules_item import (
        PluginAttributesInputMatchRulesItem,
    )


T = TypeVar("T", bound="PluginAttributesInput")


@_attrs_define
class PluginAttributesInput:
    """class attributes read when the code was loaded; empty for CLASSIFICATION and EXTRACTION

    Attributes:
        source_type (str | Unset): SOURCE: unique source identifier
        credential_fields (list[str] | Unset): SOURCE: credential field names
        source_state_model (str | Unset): SOURCE: name of the state model class
        name (str | Unset): BENCHMARK: unique benchmark identifier
        target_labels (list[str] | Unset): BENCHMARK: labels it applies to
        metric_unit (str | Unset): BENCHMARK: unit of measurement
        group_by (list[str] | Unset): BENCHMARK: field names to group by
        match_rules (list[PluginAttributesInputMatchRulesItem] | Unset): BENCHMARK: MATCH_RULES
    """

    source_type: str | Unset = UNSET
    credential_fields: list[str] | Unset = UNSET
    source_state_model: str | Unset = UNSET
    name: str | Unset = UNSET
    target_labels: list[str] | Unset = UNSET
    metric_unit: str | Unset = UNSET
    group_by: list[str] | Unset = UNSET
    match_rules: list[PluginAttributesInputMatchRulesItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        source_type = self.source_type

        credential_fields: list[str] | Unset = UNSET
        if not isinstance(self.credential_fields, Unset):
            credential_fields = self.credential_fields

        source_state_model = self.source_state_model

        name = self.name

        target_labels: list[str] | Unset = UNSET
        if not isinstance(self.target_labels, Unset):
            target_labels = self.target_labels

        metric_unit = self.metric_unit

        group_by: list[str] | Unset = UNSET
        if not isinstance(self.group_by, Unset):
            group_by = self.group_by

        match_rules: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.match_rules, Unset):
            match_rules = []
            for match_rules_item_data in self.match_rules:
                match_rules_item = match_rules_item_data.to_dict()
                match_rules.append(match_rules_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if source_type is not UNSET:
            field_dict["source_type"] = source_type
        if credential_fields is not UNSET:
            field_dict["credential_fields"] = credential_fields
        if source_state_model is not UNSET:
            field_dict["source_state_model"] = source_state_model
        if name is not UNSET:
            field_dict["name"] = name
        if target_labels is not UNSET:
            field_dict["target_labels"] = target_labels
        if metric_unit is not UNSET:
            field_dict["metric_unit"] = metric_unit
        if group_by is not UNSET:
            field_dict["group_by"] = group_by
        if match_rules is not UNSET:
            field_dict["match_rules"] = match_rules

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.plugin_attributes_input_match_rules_item import (
            PluginAttributesInputMatchRulesItem,
        )

        d = dict(src_dict)
        source_type = d.pop("source_type", UNSET)

        credential_fields = cast(list[str], d.pop("credential_fields", UNSET))

        source_state_model = d.pop("source_state_model", UNSET)

        name = d.pop("name", UNSET)

        target_labels = cast(list[str], d.pop("target_labels", UNSET))

        metric_unit = d.pop("metric_unit", UNSET)

        group_by = cast(list[str], d.pop("group_by", UNSET))

        _match_rules = d.pop("match_rules", UNSET)
        match_rules: list[PluginAttributesInputMatchRulesItem] | Unset = UNSET
        if _match_rules is not UNSET:
            match_rules = []
            for match_rules_item_data in _match_rules:
                match_rules_item = PluginAttributesInputMatchRulesItem.from_dict(
                    match_rules_item_data
                )

                match_rules.append(match_rules_item)

        plugin_attributes_input = cls(
            source_type=source_type,
            credential_fields=credential_fields,
            source_state_model=source_state_model,
            name=name,
            target_labels=target_labels,
            metric_unit=metric_unit,
            group_by=group_by,
            match_rules=match_rules,
        )

        plugin_attributes_input.additional_properties = d
        return plugin_attributes_input

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
