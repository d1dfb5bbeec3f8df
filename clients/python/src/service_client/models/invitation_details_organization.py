from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="InvitationDetailsOrganization")


@_attrs_define
class InvitationDetailsOrganization:
    """
    Attributes:
        id (UUID):
        name (str):
        slug (str):
    """

    id: UUID
    name: str
    slug: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        slug = self.slug

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "slug": slug,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        slug = d.pop("slug")

        invitation_details_organization = cls(
            id=id,
            name=name,
            slug=slug,
        )

        return invitation_details_organization
