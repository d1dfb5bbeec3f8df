"""The ``load`` message: compiling plugin source into a module and finding its plugin class."""

from __future__ import annotations

import asyncio
import dataclasses
import linecache
import re
import sys
import types
from typing import Any

from ..contract import CONTRACTS, PluginContract
from ..models import BaseSourceState, ConfigurableParameter
from ..plugins import (
    BaseBenchmark,
    ClassificationPlugin,
    ExtractionPlugin,
    SourcePlugin,
    event_handlers,
)
from .errors import CallError, plugin_exception
from .values import safe_jsonable

__all__ = ["BASES", "METHODS", "LoadedPlugin", "load_plugin"]

#: The four plugin base classes and their names in the contract.
BASES: dict[type, str] = {
    SourcePlugin: "SourcePlugin",
    ClassificationPlugin: "ClassificationPlugin",
    ExtractionPlugin: "ExtractionPlugin",
    BaseBenchmark: "BaseBenchmark",
}

#: The methods a ``call`` may name, by plugin type (``handle_event`` is allowed for all).
METHODS: dict[str, tuple[str, ...]] = {
    "source": ("fetch", "has_new_data"),
    "classification": ("classify",),
    "extraction": ("extract",),
    "benchmark": ("score", "score_batch", "compute", "compare"),
}


@dataclasses.dataclass
class LoadedPlugin:
    """A plugin class loaded by a ``load`` message, with its instance."""

    plugin_id: str
    cls: type[Any]
    instance: Any
    contract: PluginContract
    module: types.ModuleType

    @property
    def plugin_type(self) -> str:
        return self.contract.plugin_type

    def describe(self) -> dict[str, Any]:
        """The ``value`` of the ``load`` result (see docs/plugin-runtime.md)."""
        cls = self.cls
        params = [
            p.to_dict() if isinstance(p, ConfigurableParameter) else p
            for p in getattr(cls, "configurable_parameters", []) or []
        ]
        attributes: dict[str, Any] = {}
        if self.plugin_type == "source":
            model = getattr(cls, "source_state_model", None)
            attributes = {
                "source_type": getattr(cls, "source_type", None),
                "credential_fields": list(getattr(cls, "credential_fields", []) or []),
                "source_state_model": getattr(model, "__name__", None),
            }
        elif self.plugin_type == "benchmark":
            attributes = {
                "name": getattr(cls, "name", None),
                "target_labels": list(getattr(cls, "target_labels", []) or []),
                "metric_unit": getattr(cls, "metric_unit", None),
                "group_by": list(getattr(cls, "group_by", []) or []),
                "match_rules": [
                    r.to_dict() if hasattr(r, "to_dict") else r
                    for r in getattr(cls, "MATCH_RULES", []) or []
                ],
            }
        return {
            "plugin_id": self.plugin_id,
            "class_name": cls.__name__,
            "plugin_type": self.plugin_type,
            "methods": list(METHODS[self.plugin_type]),
            "attributes": safe_jsonable(attributes),
            "configurable_parameters": safe_jsonable(params),
            "event_handlers": event_handlers(self.instance),
        }

    def default_configs(self) -> dict[str, Any]:
        """``{parameter_name: default_value}`` of the class's ``configurable_parameters``."""
        out: dict[str, Any] = {}
        for p in getattr(self.cls, "configurable_parameters", []) or []:
            if isinstance(p, ConfigurableParameter):
                out[p.parameter_name] = p.default_value
        return out


def load_plugin(
    plugin_id: str, source: str, class_name: str | None, sequence: int
) -> LoadedPlugin:
    """Compile ``source`` into a fresh module (file ``<plugin:PLUGIN_ID>``), run it, find the
    plugin class and instantiate it. The module is registered in ``sys.modules`` under a name
    made unique by ``sequence``; on failure it is removed again.

    Raises:
        CallError: ``SyntaxError``, ``PluginException`` (module code or constructor raised),
            ``InvalidBaseClass``, ``MissingMethod`` or ``InvalidClassAttribute``.
    """
    module_name = f"service_plugin_{re.sub(r'[^0-9A-Za-z_]', '_', plugin_id)}_{sequence}"
    filename = f"<plugin:{plugin_id}>"
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        line = getattr(exc, "lineno", None)
        raise CallError("SyntaxError", f"line {line}: {exc}" if line else str(exc)) from None
    module = types.ModuleType(module_name)
    module.__file__ = filename
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    sys.modules[module_name] = module
    try:
        exec(code, module.__dict__)
    except BaseException as exc:
        sys.modules.pop(module_name, None)
        if isinstance(exc, KeyboardInterrupt | asyncio.CancelledError):
            raise
        raise plugin_exception(exc, "loading the plugin module") from None
    try:
        cls = find_class(module, class_name)
        contract = _check_class(cls)
        try:
            instance = cls()
        except Exception as exc:
            raise plugin_exception(exc, f"{cls.__name__}()") from None
    except CallError:
        sys.modules.pop(module_name, None)
        raise
    return LoadedPlugin(plugin_id, cls, instance, contract, module)


def _check_class(cls: type) -> PluginContract:
    """The contract of ``cls``, checked: one base class, every required method defined, and a
    state model for sources."""
    bases = [name for base, name in BASES.items() if issubclass(cls, base)]
    if len(bases) != 1:
        raise CallError(
            "InvalidBaseClass",
            f"{cls.__name__} inherits {', '.join(bases)}; a plugin has exactly one type",
        )
    contract = CONTRACTS[bases[0]]
    base = next(b for b, name in BASES.items() if name == bases[0])
    for method in contract.methods:
        if getattr(cls, method.name) is getattr(base, method.name):
            raise CallError("MissingMethod", f"{cls.__name__} does not define {method.name}()")
    if contract.plugin_type == "source":
        model = getattr(cls, "source_state_model", None)
        if not (isinstance(model, type) and issubclass(model, BaseSourceState)):
            raise CallError(
                "InvalidClassAttribute",
                "source_state_model must be a class inheriting BaseSourceState",
            )
    return contract


def find_class(module: types.ModuleType, class_name: str | None) -> type:
    """The plugin class of ``module``: the one named ``class_name``, else the single class
    defined there that inherits a base class and is not subclassed by another.

    Raises:
        CallError: ``InvalidBaseClass`` when there is none or several.
    """
    candidates = [
        obj
        for obj in vars(module).values()
        if isinstance(obj, type)
        and obj.__module__ == module.__name__
        and any(issubclass(obj, base) for base in BASES)
    ]
    if class_name is not None:
        for cls in candidates:
            if cls.__name__ == class_name:
                return cls
        raise CallError("InvalidBaseClass", f"no plugin class named {class_name!r}")
    leaves = [c for c in candidates if not any(o is not c and issubclass(o, c)
                                                 for o in candidates)]
    if not leaves:
        raise CallError(
            "InvalidBaseClass",
            "no class inherits SourcePlugin, ClassificationPlugin, ExtractionPlugin or "
            "BaseBenchmark",
        )
    if len(leaves) > 1:
        names = ", ".join(sorted(c.__name__ for c in leaves))
        raise CallError(
            "InvalidBaseClass", f"several plugin classes ({names}); define one or pass class_name"
        )
    return leaves[0]
