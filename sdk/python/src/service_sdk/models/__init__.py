"""Plugin-side models of the service (spec section 2.4).

Every model is a plain dataclass built from the standard library only. Models that travel
over the runtime protocol (see ``docs/plugin-runtime.md``) have ``from_dict``/``to_dict``
helpers that read and write the JSON shapes of that protocol: snake_case keys, timestamps as
ISO 8601 strings, bytes as base64 strings. ``from_dict`` ignores unknown keys so that the
engine may add fields without breaking older plugins.

The models are grouped by the plugins that use them: :mod:`.documents`, :mod:`.extraction`,
:mod:`.sources`, :mod:`.benchmarks`; import them from here or from :mod:`service_sdk`.
"""

from ..contract import MATCH_TYPES, PARAMETER_TYPES
from .benchmarks import (
    ConfigurableParameter,
    MatchCondition,
    MatchRule,
    MatchType,
    ParameterType,
)
from .documents import Document, DocumentInput, ExtendedDocument, ScoredDocument
from .extraction import ExtractionResult, OntologyField
from .sources import BaseSourceState, DynamicCredential

__all__ = [
    "MATCH_TYPES",
    "PARAMETER_TYPES",
    "BaseSourceState",
    "ConfigurableParameter",
    "Document",
    "DocumentInput",
    "DynamicCredential",
    "ExtendedDocument",
    "ExtractionResult",
    "MatchCondition",
    "MatchRule",
    "MatchType",
    "OntologyField",
    "ParameterType",
    "ScoredDocument",
]
