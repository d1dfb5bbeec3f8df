from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.organization_tree_kind import OrganizationTreeKind

T = TypeVar("T", bound="OrganizationTree")


@_attrs_define
class OrganizationTree:
    """
    Attributes:
        id (UUID):
        name (str):
        slug (str):
        kind (OrganizationTreeKind):
        parent_id (None | UUID):
        created_at (str):
        deleted_at (None | str):
        children (list[OrganizationTree]):
    """

    id: UUID
    name: str
    slug: str
    kind: OrganizationTreeKind
    parent_id: None | UUID
    created_at: str
    deleted_at: None | str
    children: list[OrganizationTree]

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        slug = self.slug

        kind = self.kind.value

        parent_id: None | str
        if isinstance(self.parent_id, UUID):
            parent_id = str(self.parent_id)
        else:
            parent_id = self.parent_id

        created_at = self.created_at

        deleted_at: None | str
        deleted_at = self.deleted_at

        children = []
        for children_item_data in self.children:
            children_item = children_item_data.to_dict()
            children.append(children_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "slug": slug,
                "kind": kind,
                "parent_id": parent_id,
                "created_at": created_at,
                "deleted_at": deleted_at,
                "children": children,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        slug = d.pop("slug")

        kind = OrganizationTreeKind(d.pop("kind"))

        def _parse_parent_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                parent_id_type_0 = UUID(data)

                return parent_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        parent_id = _parse_parent_id(d.pop("parent_id"))

        created_at = d.pop("created_at")

        def _parse_deleted_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deleted_at = _parse_deleted_at(d.pop("deleted_at"))

        children = []
        _children = d.pop("children")
        for children_item_data in _children:
            children_item = OrganizationTree.from_dict(children_item_data)

            children.append(children_item)

        organization_tree = cls(
            id=id,
            name=name,
            slug=slug,
            kind=kind,
            parent_id=parent_id,
            created_at=created_at,
            deleted_at=deleted_at,
            children=children,
        )

        return organization_tree
