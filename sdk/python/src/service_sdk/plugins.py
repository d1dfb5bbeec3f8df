"""Base classes of the four plugin types (spec 4.11) and the event-handler decorator.

A plugin file defines exactly one class inheriting exactly one of :class:`SourcePlugin`,
:class:`ClassificationPlugin`, :class:`ExtractionPlugin` or :class:`BaseBenchmark` and
implements the type's methods with the exact parameter names below. Plugin methods are
``async def``; benchmark methods are plain ``def``. The base implementations raise
``NotImplementedError``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, ClassVar, TypeVar

from .models import (
    BaseSourceState,
    ConfigurableParameter,
    Document,
    DocumentInput,
    DynamicCredential,
    ExtendedDocument,
    ExtractionResult,
    MatchRule,
    OntologyField,
    ScoredDocument,
)

__all__ = [
    "BaseBenchmark",
    "ClassificationPlugin",
    "ExtractionPlugin",
    "SourcePlugin",
    "event_handlers",
    "on_event",
]

EVENT_ATTR = "__service_event_types__"

_Handler = TypeVar("_Handler", bound=Callable[..., Awaitable[Any]])


def on_event(*event_types: str) -> Callable[[_Handler], _Handler]:
    """Declare an ``async`` method as a handler of one or more event types.

    The event types are those of api-decisions section 4 (e.g.
    ``"contract.renewal_upcoming"``); ``"*"`` matches every event and ``"contract.*"``
    every event of a prefix. The handler receives the event dict
    ``{type, id, timestamp, organization_id, data}``; its return value is ignored::

        @on_event("contract.renewal_upcoming")
        async def remind(self, event: dict[str, Any]) -> None:
            logger.info("renewal of %s", event["data"]["contract_id"])

    Raises:
        ValueError: no event type, or an empty one, was given.
    """
    if not event_types or not all(isinstance(t, str) and t for t in event_types):
        raise ValueError("on_event needs at least one non-empty event type")

    def decorate(func: _Handler) -> _Handler:
        existing: tuple[str, ...] = getattr(func, EVENT_ATTR, ())
        setattr(func, EVENT_ATTR, existing + tuple(event_types))
        return func

    return decorate


def _event_matches(pattern: str, event_type: str) -> bool:
    if pattern in ("*", event_type):
        return True
    return pattern.endswith(".*") and event_type.startswith(pattern[:-1])


def event_handlers(plugin: object, event_type: str | None = None) -> dict[str, list[str]]:
    """Return ``{method name: [declared event types]}`` for the handlers of ``plugin``;
    with ``event_type``, only the handlers matching it."""
    found: dict[str, list[str]] = {}
    for name in dir(type(plugin)):
        func = getattr(type(plugin), name, None)
        types: tuple[str, ...] = getattr(func, EVENT_ATTR, ())
        if not types:
            continue
        if event_type is None or any(_event_matches(t, event_type) for t in types):
            found[name] = list(types)
    return found


class _PluginBase:
    """Attributes common to every plugin type."""

    #: Runtime parameters; values reach the code in ``configs``.
    configurable_parameters: ClassVar[list[ConfigurableParameter]] = []


class SourcePlugin(_PluginBase):
    """Base class of custom sources (spec 4.11 "fetch and has_new_data").

    Class attributes:
        source_type: unique source identifier (required), e.g. ``"acme_invoices"``.
        source_state_model: subclass of :class:`BaseSourceState` (required).
        credential_fields: credential field names users configure (optional).
        configurable_parameters: runtime parameters (optional).

    The engine injects ``credentials`` from its vault, loads ``state``, saves
    ``state.to_dict()`` after each yielded document and creates the documents.
    """

    source_type: str
    source_state_model: type[BaseSourceState]
    credential_fields: ClassVar[list[str]] = []

    async def fetch(
        self, credentials: DynamicCredential, state: Any, configs: dict[str, Any]
    ) -> AsyncIterator[DocumentInput]:
        """Yield the new files as :class:`DocumentInput` (an async generator), mutating
        ``state`` as progress is made."""
        raise NotImplementedError(f"{type(self).__name__} must implement fetch()")
        yield  # pragma: no cover - makes this an async generator

    async def has_new_data(
        self, credentials: DynamicCredential, state: Any, configs: dict[str, Any]
    ) -> bool:
        """Return ``True`` when ``fetch`` would yield something (used by auto-sync)."""
        raise NotImplementedError(f"{type(self).__name__} must implement has_new_data()")


class ClassificationPlugin(_PluginBase):
    """Base class of classifiers (spec 4.11 "classify").

    The engine calls ``classify`` once per ontology level with the labels of that level;
    returning a label of ``available_labels`` continues to its children, another label
    stops as ``llm_suggested``, ``None`` starts the suggestion workflow.
    """

    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        """Return one label (normally one of ``available_labels``) or ``None``."""
        raise NotImplementedError(f"{type(self).__name__} must implement classify()")


class ExtractionPlugin(_PluginBase):
    """Base class of extractors (spec 4.11 "extract")."""

    async def extract(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        fields: list[OntologyField],
        configs: dict[str, Any],
    ) -> ExtractionResult:
        """Return the values of ``fields`` as an :class:`ExtractionResult`."""
        raise NotImplementedError(f"{type(self).__name__} must implement extract()")


class BaseBenchmark:
    """Base class of benchmarks (spec 4.11 "Benchmarks"). Synchronous, no I/O.

    Class attributes:
        name: unique benchmark identifier (required).
        target_labels: labels the benchmark applies to (required).
        metric_unit: unit of the score, e.g. ``"EUR"`` or ``"%"`` (required).
        group_by: field names to group documents by before ``compute`` (optional), each
            read like :meth:`ExtendedDocument.get` (``"document_type"`` is the extraction's
            document type).
        MATCH_RULES: rules linking related documents into ``document.aggregations``.
        configurable_parameters: runtime parameters (optional); their values are in
            ``self.configs`` during each call.
    """

    name: str
    target_labels: list[str]
    metric_unit: str
    group_by: ClassVar[list[str]] = []
    MATCH_RULES: ClassVar[list[MatchRule]] = []
    configurable_parameters: ClassVar[list[ConfigurableParameter]] = []

    #: The configs of the current call (defaults of ``configurable_parameters`` merged
    #: with the organization's values); set by the runtime before each method call, since
    #: benchmark methods have no ``configs`` parameter.
    configs: dict[str, Any] = {}  # noqa: RUF012 - replaced per call, never mutated

    def score(self, document: ExtendedDocument) -> float | None:
        """Return the document's score, or ``None`` when it cannot be scored (skipped)."""
        raise NotImplementedError(f"{type(self).__name__} must implement score()")

    def compute(self, results: list[ScoredDocument]) -> float:
        """Return the benchmark value of a group from its non-empty scored documents."""
        raise NotImplementedError(f"{type(self).__name__} must implement compute()")

    def compare(self, document_score: float, benchmark_score: float) -> bool:
        """Return ``True`` when the document scores unfavorably and requires action."""
        raise NotImplementedError(f"{type(self).__name__} must implement compare()")
