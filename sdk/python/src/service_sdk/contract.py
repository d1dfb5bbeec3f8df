"""The plugin contract of spec 4.11 as data, shared by the validator and the runtime.

``CONTRACTS`` maps each base class name to its plugin type, the required methods (exact
parameter names in order, async or sync, the accepted return annotations) and the required
class attributes.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "CONTRACTS",
    "MATCH_TYPES",
    "PARAMETER_TYPES",
    "PLUGIN_BASES",
    "MethodContract",
    "PluginContract",
    "contract_for_type",
]

#: Match types a :class:`~service_sdk.models.MatchCondition` may use. The engine performs the join.
MATCH_TYPES: tuple[str, ...] = ("==", "!=", "<", "<=", ">", ">=", "contains")

#: Values allowed for :attr:`~service_sdk.models.ConfigurableParameter.parameter_type`.
PARAMETER_TYPES: tuple[str, ...] = ("str", "int", "float", "bool")


# NamedTuples, not dataclasses: `service validate` starts without importing dataclasses
# (decision 240).
class MethodContract(NamedTuple):
    """One required method.

    Attributes:
        name: method name.
        params: parameter names in order, ``self`` included.
        is_async: ``True`` for ``async def`` (plugins), ``False`` for ``def`` (benchmarks).
        returns: human-readable return contract, e.g. ``"str | None"``.
        accepted_returns: accepted return annotations, each as a set of normalized
            members (see :mod:`service_sdk.validator`), e.g. ``{"str", "None"}``.
        generator: the method must be an async generator (``fetch``).
    """

    name: str
    params: tuple[str, ...]
    is_async: bool
    returns: str
    accepted_returns: tuple[frozenset[str], ...]
    generator: bool = False

    @property
    def signature(self) -> str:
        """The definition line to write, e.g. ``async def classify(self, ...)``."""
        prefix = "async def" if self.is_async else "def"
        return f"{prefix} {self.name}({', '.join(self.params)}) -> {self.returns}"


class PluginContract(NamedTuple):
    """The contract of one plugin type.

    Attributes:
        base: base class name (``ClassificationPlugin`` …).
        plugin_type: ``source``, ``classification``, ``extraction`` or ``benchmark``.
        methods: required methods.
        required_attributes: class attributes that must be defined.
        optional_attributes: class attributes that may be defined.
    """

    base: str
    plugin_type: str
    methods: tuple[MethodContract, ...]
    required_attributes: tuple[str, ...] = ()
    optional_attributes: tuple[str, ...] = ("configurable_parameters",)


def _fs(*members: str) -> frozenset[str]:
    return frozenset(members)


_ASYNC_ITER = tuple(
    _fs(f"{kind}[DocumentInput]")
    for kind in ("AsyncIterator", "AsyncGenerator", "AsyncIterable")
)

CONTRACTS: dict[str, PluginContract] = {
    "SourcePlugin": PluginContract(
        base="SourcePlugin",
        plugin_type="source",
        methods=(
            MethodContract(
                "fetch",
                ("self", "credentials", "state", "configs"),
                True,
                "AsyncIterator[DocumentInput]",
                _ASYNC_ITER,
                generator=True,
            ),
            MethodContract(
                "has_new_data",
                ("self", "credentials", "state", "configs"),
                True,
                "bool",
                (_fs("bool"),),
            ),
        ),
        required_attributes=("source_type", "source_state_model"),
        optional_attributes=("credential_fields", "configurable_parameters"),
    ),
    "ClassificationPlugin": PluginContract(
        base="ClassificationPlugin",
        plugin_type="classification",
        methods=(
            MethodContract(
                "classify",
                (
                    "self",
                    "document",
                    "file_data",
                    "mime_type",
                    "available_labels",
                    "current_path",
                    "configs",
                ),
                True,
                "str | None",
                (_fs("str", "None"), _fs("str")),
            ),
        ),
    ),
    "ExtractionPlugin": PluginContract(
        base="ExtractionPlugin",
        plugin_type="extraction",
        methods=(
            MethodContract(
                "extract",
                ("self", "document", "file_data", "mime_type", "fields", "configs"),
                True,
                "ExtractionResult",
                (_fs("ExtractionResult"),),
            ),
        ),
    ),
    "BaseBenchmark": PluginContract(
        base="BaseBenchmark",
        plugin_type="benchmark",
        methods=(
            MethodContract(
                "score", ("self", "document"), False, "float | None",
                (_fs("float", "None"), _fs("float")),
            ),
            MethodContract("compute", ("self", "results"), False, "float", (_fs("float"),)),
            MethodContract(
                "compare",
                ("self", "document_score", "benchmark_score"),
                False,
                "bool",
                (_fs("bool"),),
            ),
        ),
        required_attributes=("name", "target_labels", "metric_unit"),
        optional_attributes=("group_by", "MATCH_RULES", "configurable_parameters"),
    ),
}

#: Names of the four base classes.
PLUGIN_BASES: tuple[str, ...] = tuple(CONTRACTS)


def contract_for_type(plugin_type: str) -> PluginContract:
    """Return the contract of ``plugin_type`` (``source``, ``classification`` …).

    Raises:
        KeyError: unknown plugin type.
    """
    for contract in CONTRACTS.values():
        if contract.plugin_type == plugin_type:
            return contract
    raise KeyError(plugin_type)
