"""service_sdk: the Python SDK of the Document Intelligence Service plugin interface.

Everything a plugin needs is importable from here (spec 4.11): the base classes
(:class:`SourcePlugin`, :class:`ClassificationPlugin`, :class:`ExtractionPlugin`,
:class:`BaseBenchmark`), the models of spec 2.4, the services (:func:`prompt_llm`,
:func:`get_prompt`, :func:`report_classification`, :func:`format_fields_for_prompt`,
:data:`logger`), the field registry
(:func:`match_field`, :func:`field_registry`) and the
:func:`on_event` decorator. The validator lives in :mod:`service_sdk.validator`, the plugin
runtime in :mod:`service_sdk.runtime`, the ``service`` command in :mod:`service_sdk.cli`.
"""

from __future__ import annotations

__version__ = "1.0.0"

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .fields import FieldSpec, field_registry, match_field
    from .models import (
        MATCH_TYPES,
        PARAMETER_TYPES,
        BaseSourceState,
        ConfigurableParameter,
        Document,
        DocumentInput,
        DynamicCredential,
        ExtendedDocument,
        ExtractionResult,
        MatchCondition,
        MatchRule,
        OntologyField,
        ScoredDocument,
    )
    from .plugins import (
        BaseBenchmark,
        ClassificationPlugin,
        ExtractionPlugin,
        SourcePlugin,
        on_event,
    )
    from .services import (
        HttpResponse,
        ServiceError,
        ServiceUnavailableError,
        format_fields_for_prompt,
        get_prompt,
        http_request,
        logger,
        prompt_llm,
        report_classification,
    )

# PEP 562: names load their module on first use, so `service validate` (which needs only the
# validator) does not pay for pydantic models and the services at start-up.
_LAZY = {
    "FieldSpec": "fields",
    "field_registry": "fields",
    "match_field": "fields",
    "HttpResponse": "services",
    "http_request": "services",
    "MATCH_TYPES": "models",
    "PARAMETER_TYPES": "models",
    "BaseSourceState": "models",
    "ConfigurableParameter": "models",
    "Document": "models",
    "DocumentInput": "models",
    "DynamicCredential": "models",
    "ExtendedDocument": "models",
    "ExtractionResult": "models",
    "MatchCondition": "models",
    "MatchRule": "models",
    "OntologyField": "models",
    "ScoredDocument": "models",
    "BaseBenchmark": "plugins",
    "ClassificationPlugin": "plugins",
    "ExtractionPlugin": "plugins",
    "SourcePlugin": "plugins",
    "on_event": "plugins",
    "ServiceError": "services",
    "ServiceUnavailableError": "services",
    "format_fields_for_prompt": "services",
    "get_prompt": "services",
    "logger": "services",
    "prompt_llm": "services",
    "report_classification": "services",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "MATCH_TYPES",
    "PARAMETER_TYPES",
    "BaseBenchmark",
    "BaseSourceState",
    "ClassificationPlugin",
    "ConfigurableParameter",
    "Document",
    "DocumentInput",
    "DynamicCredential",
    "ExtendedDocument",
    "ExtractionPlugin",
    "ExtractionResult",
    "FieldSpec",
    "HttpResponse",
    "MatchCondition",
    "MatchRule",
    "OntologyField",
    "ScoredDocument",
    "ServiceError",
    "ServiceUnavailableError",
    "SourcePlugin",
    "__version__",
    "field_registry",
    "format_fields_for_prompt",
    "get_prompt",
    "http_request",
    "logger",
    "match_field",
    "on_event",
    "prompt_llm",
    "report_classification",
]
