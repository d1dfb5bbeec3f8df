from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PromptInput")


@_attrs_define
class PromptInput:
    """
    Attributes:
        prompt_id (str):
        version (int): version number, from 1
        text (str):
        created_at (str): when this version was stored (ISO 8601 UTC)
    """

    prompt_id: str
    version: int
    text: str
    created_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        prompt_id = self.prompt_id

        version = self.version

        text = self.text

        created_at = self.created_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "prompt_id": prompt_id,
                "version": version,
                "text": text,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        prompt_id = d.pop("prompt_id")

        version = d.pop("version")

        text = d.pop("text")

        created_at = d.pop("created_at")

        prompt_input = cls(
            prompt_id=prompt_id,
            version=version,
            text=text,
            created_at=created_at,
        )

        prompt_input.additional_properties = d
        return prompt_input

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
