from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PromptPutRequest")


@_attrs_define
class PromptPutRequest:
    """
    Attributes:
        text (str): the prompt text, 1–100000 characters, stored verbatim
    """

    text: str

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        text = d.pop("text")

        prompt_put_request = cls(
            text=text,
        )

        return prompt_put_request
