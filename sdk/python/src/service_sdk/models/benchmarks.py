"""What a benchmark plugin declares: match rules for the engine's join and its parameters."""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

# MATCH_TYPES and PARAMETER_TYPES live in the light contract module, which the validator
# imports without the models (`service validate` start-up, docs/performance.md).
from ..contract import MATCH_TYPES, PARAMETER_TYPES

MatchType = Literal["==", "!=", "<", "<=", ">", ">=", "contains"]
ParameterType = Literal["str", "int", "float", "bool"]


@dataclasses.dataclass
class MatchCondition:
    """One join condition of a :class:`MatchRule`: ``left.<left_field> <match_type>
    right.<right_field>``. The engine performs the join (hash join on ``==``).

    Attributes:
        left_field: field of documents in the rule's left group.
        right_field: field of documents in the rule's right group.
        match_type: one of :data:`MATCH_TYPES` (``==`` by default); ``contains`` means the
            left value (string or list) contains the right value.

    Raises:
        ValueError: at construction, for a match type outside :data:`MATCH_TYPES`.
    """

    left_field: str
    right_field: str
    match_type: MatchType = "=="

    def __post_init__(self) -> None:
        if self.match_type not in MATCH_TYPES:
            raise ValueError(
                f"match_type must be one of {list(MATCH_TYPES)}, got {self.match_type!r}"
            )

    def to_dict(self) -> dict[str, str]:
        """Return ``{"left_field", "right_field", "match_type"}``."""
        return dataclasses.asdict(self)


@dataclasses.dataclass
class MatchRule:
    """Links documents of ``left_group`` labels to documents of ``right_group`` labels when
    all ``conditions`` hold; linked documents appear in
    ``document.aggregations[name]`` (spec 4.11).

    Attributes:
        name: key in :attr:`ExtendedDocument.aggregations`.
        left_group: labels of the scored documents' side.
        right_group: labels of the related documents' side.
        conditions: all must hold (logical AND).
    """

    name: str
    left_group: list[str]
    right_group: list[str]
    conditions: list[MatchCondition] = dataclasses.field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"name", "left_group", "right_group", "conditions": [...]}``."""
        return {
            "name": self.name,
            "left_group": list(self.left_group),
            "right_group": list(self.right_group),
            "conditions": [c.to_dict() for c in self.conditions],
        }


@dataclasses.dataclass
class ConfigurableParameter:
    """A runtime parameter of a plugin or benchmark; its value reaches the code in
    ``configs`` (read with ``configs.get(parameter_name, default)``).

    Attributes:
        parameter_name: key in ``configs``.
        parameter_type: ``"str"``, ``"int"``, ``"float"`` or ``"bool"``.
        default_value: value used when the organization did not set one.
        description: shown to administrators.

    Raises:
        ValueError: at construction, for a type outside :data:`PARAMETER_TYPES`.
    """

    parameter_name: str
    parameter_type: ParameterType = "str"
    default_value: Any = None
    description: str = ""

    def __post_init__(self) -> None:
        if self.parameter_type not in PARAMETER_TYPES:
            raise ValueError(
                f"parameter_type must be one of {list(PARAMETER_TYPES)}, "
                f"got {self.parameter_type!r}"
            )

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"parameter_name", "parameter_type", "default_value", "description"}``."""
        return dataclasses.asdict(self)
