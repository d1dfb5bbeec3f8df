from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UploadedDocumentSearch")


@_attrs_define
class UploadedDocumentSearch:
    """present when the list was searched with `q`

    Attributes:
        rank (float): ts_rank_cd relevance; higher is better
        snippet (str): HTML-escaped excerpts around the matches, each match in <mark>…</mark>
    """

    rank: float
    snippet: str

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        snippet = self.snippet

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rank": rank,
                "snippet": snippet,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        rank = d.pop("rank")

        snippet = d.pop("snippet")

        uploaded_document_search = cls(
            rank=rank,
            snippet=snippet,
        )

        return uploaded_document_search
