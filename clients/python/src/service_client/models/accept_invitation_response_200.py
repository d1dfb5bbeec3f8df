from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.invitation import Invitation
    from ..models.membership import Membership


T = TypeVar("T", bound="AcceptInvitationResponse200")


@_attrs_define
class AcceptInvitationResponse200:
    """
    Attributes:
        invitation (Invitation):
        membership (Membership):
    """

    invitation: Invitation
    membership: Membership

    def to_dict(self) -> dict[str, Any]:
        invitation = self.invitation.to_dict()

        membership = self.membership.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "invitation": invitation,
                "membership": membership,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.invitation import Invitation
        from ..models.membership import Membership

        d = dict(src_dict)
        invitation = Invitation.from_dict(d.pop("invitation"))

        membership = Membership.from_dict(d.pop("membership"))

        accept_invitation_response_200 = cls(
            invitation=invitation,
            membership=membership,
        )

        return accept_invitation_response_200
