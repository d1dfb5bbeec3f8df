from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PromptVersion")


@_attrs_define
class PromptVersion:
    """
    Attributes:
        prompt_id (str):
        version (int): version number, from 1
        created_at (str): when this version was stored (ISO 8601 UTC)
    """

    prompt_id: str
    version: int
    created_at: str

    def to_dict(self) -> dict[str, Any]:
        prompt_id = self.prompt_id

        version = self.version

        created_at = self.created_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "prompt_id": prompt_id,
                "version": version,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        prompt_id = d.pop("prompt_id")

        version = d.pop("version")

        created_at = d.pop("created_at")

        prompt_version = cls(
            prompt_id=prompt_id,
            version=version,
            created_at=created_at,
        )

        return prompt_version
