from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PromptSummary")


@_attrs_define
class PromptSummary:
    """
    Attributes:
        prompt_id (str):
        version (int): the latest version
        updated_at (str): when the latest version was stored (ISO 8601 UTC)
    """

    prompt_id: str
    version: int
    updated_at: str

    def to_dict(self) -> dict[str, Any]:
        prompt_id = self.prompt_id

        version = self.version

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "prompt_id": prompt_id,
                "version": version,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        prompt_id = d.pop("prompt_id")

        version = d.pop("version")

        updated_at = d.pop("updated_at")

        prompt_summary = cls(
            prompt_id=prompt_id,
            version=version,
            updated_at=updated_at,
        )

        return prompt_summary
