from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClassificationDecision")


@_attrs_define
class ClassificationDecision:
    """
    Attributes:
        label (None | str): the best label the plugin considered, also when it abstained
        probability (float): that label's probability in [0, 1], as the plugin estimates it
        runner_up (None | str): the second-best label
        runner_up_probability (float | None):
        evidence (list[str]): the terms that weighed most for the label, strongest first
        abstention_reason (None | str): why the plugin returned None (e.g. "no evidence", "small margin"); null when it
            answered
    """

    label: None | str
    probability: float
    runner_up: None | str
    runner_up_probability: float | None
    evidence: list[str]
    abstention_reason: None | str

    def to_dict(self) -> dict[str, Any]:
        label: None | str
        label = self.label

        probability = self.probability

        runner_up: None | str
        runner_up = self.runner_up

        runner_up_probability: float | None
        runner_up_probability = self.runner_up_probability

        evidence = self.evidence

        abstention_reason: None | str
        abstention_reason = self.abstention_reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "label": label,
                "probability": probability,
                "runner_up": runner_up,
                "runner_up_probability": runner_up_probability,
                "evidence": evidence,
                "abstention_reason": abstention_reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_label(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        label = _parse_label(d.pop("label"))

        probability = d.pop("probability")

        def _parse_runner_up(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        runner_up = _parse_runner_up(d.pop("runner_up"))

        def _parse_runner_up_probability(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        runner_up_probability = _parse_runner_up_probability(
            d.pop("runner_up_probability")
        )

        evidence = cast(list[str], d.pop("evidence"))

        def _parse_abstention_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        abstention_reason = _parse_abstention_reason(d.pop("abstention_reason"))

        classification_decision = cls(
            label=label,
            probability=probability,
            runner_up=runner_up,
            runner_up_probability=runner_up_probability,
            evidence=evidence,
            abstention_reason=abstention_reason,
        )

        return classification_decision
