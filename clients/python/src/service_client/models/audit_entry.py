from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.audit_entry_actor import AuditEntryActor
    from ..models.audit_entry_changes import AuditEntryChanges


T = TypeVar("T", bound="AuditEntry")


@_attrs_define
class AuditEntry:
    """
    Attributes:
        id (UUID):
        organization_id (None | UUID): null for platform actions
        actor (AuditEntryActor):
        action (str): <resource>.<verb>, or "<METHOD> <route>" for calls audited by the HTTP layer
        resource_type (str):
        resource_id (None | str):
        changes (AuditEntryChanges): changed fields; secrets appear as [REDACTED]
        ip_address (None | str):
        user_agent (None | str):
        request_id (None | str):
        in_transaction (bool): written in the transaction of the change
        created_at (str):
    """

    id: UUID
    organization_id: None | UUID
    actor: AuditEntryActor
    action: str
    resource_type: str
    resource_id: None | str
    changes: AuditEntryChanges
    ip_address: None | str
    user_agent: None | str
    request_id: None | str
    in_transaction: bool
    created_at: str

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        organization_id: None | str
        if isinstance(self.organization_id, UUID):
            organization_id = str(self.organization_id)
        else:
            organization_id = self.organization_id

        actor = self.actor.to_dict()

        action = self.action

        resource_type = self.resource_type

        resource_id: None | str
        resource_id = self.resource_id

        changes = self.changes.to_dict()

        ip_address: None | str
        ip_address = self.ip_address

        user_agent: None | str
        user_agent = self.user_agent

        request_id: None | str
        request_id = self.request_id

        in_transaction = self.in_transaction

        created_at = self.created_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "organization_id": organization_id,
                "actor": actor,
                "action": action,
                "resource_type": resource_type,
                "resource_id": resource_id,
                "changes": changes,
                "ip_address": ip_address,
                "user_agent": user_agent,
                "request_id": request_id,
                "in_transaction": in_transaction,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.audit_entry_actor import AuditEntryActor
        from ..models.audit_entry_changes import AuditEntryChanges

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        def _parse_organization_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                organization_id_type_0 = UUID(data)

                return organization_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        organization_id = _parse_organization_id(d.pop("organization_id"))

        actor = AuditEntryActor.from_dict(d.pop("actor"))

        action = d.pop("action")

        resource_type = d.pop("resource_type")

        def _parse_resource_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        resource_id = _parse_resource_id(d.pop("resource_id"))

        changes = AuditEntryChanges.from_dict(d.pop("changes"))

        def _parse_ip_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ip_address = _parse_ip_address(d.pop("ip_address"))

        def _parse_user_agent(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_agent = _parse_user_agent(d.pop("user_agent"))

        def _parse_request_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        request_id = _parse_request_id(d.pop("request_id"))

        in_transaction = d.pop("in_transaction")

        created_at = d.pop("created_at")

        audit_entry = cls(
            id=id,
            organization_id=organization_id,
            actor=actor,
            action=action,
            resource_type=resource_type,
            resource_id=resource_id,
            changes=changes,
            ip_address=ip_address,
            user_agent=user_agent,
            request_id=request_id,
            in_transaction=in_transaction,
            created_at=created_at,
        )

        return audit_entry
