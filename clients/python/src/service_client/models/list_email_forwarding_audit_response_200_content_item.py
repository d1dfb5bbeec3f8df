from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.list_email_forwarding_audit_response_200_content_item_decision import (
    ListEmailForwardingAuditResponse200ContentItemDecision,
)

T = TypeVar("T", bound="ListEmailForwardingAuditResponse200ContentItem")


@_attrs_define
class ListEmailForwardingAuditResponse200ContentItem:
    """
    Attributes:
        id (UUID):
        decision (ListEmailForwardingAuditResponse200ContentItemDecision): ACCEPTED: stored as a document; REJECTED:
            refused (recipient disabled, sender not allowlisted, storage refused, or a temporary failure the sender
            retries); QUARANTINED: allowlisted but failed sender authentication (DKIM/SPF/DMARC), not stored
        reason (str):
        sender (None | str):
        recipient (str):
        message_id (None | str):
        document_id (None | UUID):
        remote_address (None | str):
        at (str): ISO 8601 UTC timestamp
    """

    id: UUID
    decision: ListEmailForwardingAuditResponse200ContentItemDecision
    reason: str
    sender: None | str
    recipient: str
    message_id: None | str
    document_id: None | UUID
    remote_address: None | str
    at: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        decision = self.decision.value

        reason = self.reason

        sender: None | str
        sender = self.sender

        recipient = self.recipient

        message_id: None | str
        message_id = self.message_id

        document_id: None | str
        if isinstance(self.document_id, UUID):
            document_id = str(self.document_id)
        else:
            document_id = self.document_id

        remote_address: None | str
        remote_address = self.remote_address

        at = self.at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "decision": decision,
                "reason": reason,
                "sender": sender,
                "recipient": recipient,
                "message_id": message_id,
                "document_id": document_id,
                "remote_address": remote_address,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        decision = ListEmailForwardingAuditResponse200ContentItemDecision(
            d.pop("decision")
        )

        reason = d.pop("reason")

        def _parse_sender(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        sender = _parse_sender(d.pop("sender"))

        recipient = d.pop("recipient")

        def _parse_message_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        message_id = _parse_message_id(d.pop("message_id"))

        def _parse_document_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                document_id_type_0 = UUID(data)

                return document_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        document_id = _parse_document_id(d.pop("document_id"))

        def _parse_remote_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        remote_address = _parse_remote_address(d.pop("remote_address"))

        at = d.pop("at")

        list_email_forwarding_audit_response_200_content_item = cls(
            id=id,
            decision=decision,
            reason=reason,
            sender=sender,
            recipient=recipient,
            message_id=message_id,
            document_id=document_id,
            remote_address=remote_address,
            at=at,
        )

        return list_email_forwarding_audit_response_200_content_item
