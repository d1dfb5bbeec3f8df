from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.member_role import MemberRole

if TYPE_CHECKING:
    from ..models.member_user import MemberUser


T = TypeVar("T", bound="Member")


@_attrs_define
class Member:
    """
    Attributes:
        organization_id (UUID):
        user_id (UUID):
        role (MemberRole):
        created_at (str):
        user (MemberUser):
    """

    organization_id: UUID
    user_id: UUID
    role: MemberRole
    created_at: str
    user: MemberUser

    def to_dict(self) -> dict[str, Any]:
        organization_id = str(self.organization_id)

        user_id = str(self.user_id)

        role = self.role.value

        created_at = self.created_at

        user = self.user.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "organization_id": organization_id,
                "user_id": user_id,
                "role": role,
                "created_at": created_at,
                "user": user,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.member_user import MemberUser

        d = dict(src_dict)
        organization_id = UUID(d.pop("organization_id"))

        user_id = UUID(d.pop("user_id"))

        role = MemberRole(d.pop("role"))

        created_at = d.pop("created_at")

        user = MemberUser.from_dict(d.pop("user"))

        member = cls(
            organization_id=organization_id,
            user_id=user_id,
            role=role,
            created_at=created_at,
            user=user,
        )

        return member
