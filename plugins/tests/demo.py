"""What the tests of the built-in plugins share: loading a plugin file as a module, and the
demo ontology's labels with their descriptions, keywords and paths."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

PLUGINS = Path(__file__).resolve().parents[1]


def load_plugin(name: str, module_name: str | None = None) -> ModuleType:
    """``plugins/<name>.py`` imported as a module (named ``module_name``, default
    ``plugin_<name>``), as the runtime loads a plugin file."""
    spec = importlib.util.spec_from_file_location(module_name or f"plugin_{name}",
                                                  PLUGINS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def labels_meta(ontology: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every label of ``ontology`` (``{"labels": [...]}``) by name: its ``description``,
    ``keywords`` and ``path`` (root first), as the engine passes them in ``labels_meta``."""
    out: dict[str, dict[str, Any]] = {}

    def walk(labels: list[dict[str, Any]], path: list[str]) -> None:
        for label in labels:
            out[label["name"]] = {"description": label["description"],
                                  "keywords": label["keywords"], "path": [*path, label["name"]]}
            walk(label["children"], [*path, label["name"]])

    walk(ontology["labels"], [])
    return out
