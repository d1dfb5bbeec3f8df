"""Keeping one plugin's changes to the import system from the next plugin of the same runtime
process (``docs/plugin-runtime.md`` "Import isolation").

A runtime serves one organization and may load several of its plugins. After every ``load``
and every call, :meth:`ImportGuard.restore` undoes what the plugin did to the import machinery:
``sys.path``, ``sys.meta_path``, ``sys.path_hooks``, ``sys.path_importer_cache`` and
``builtins.__import__`` go back to what they were at start-up; a module the plugin replaced or
removed in ``sys.modules`` comes back; and a module it added stays only when it was imported
from the interpreter's own directories (the standard library, the virtual environment, the
built-in plugins' helper package) or is built in. So a ``statistics.py`` written to ``/tmp``, a
path inserted before the standard library or a fake ``json`` in ``sys.modules`` lasts at most
until the end of the plugin's own call.

Attributes of a shared module (``json.dumps = ...``) are not restored: plugins of one
organization share a process, and only separate processes separate organizations.
"""

from __future__ import annotations

import builtins
import os
import sys
import types
from collections.abc import Callable, Container
from importlib.machinery import PathFinder
from typing import Any

__all__ = ["ImportGuard"]

_BUILT_IN_ORIGINS = ("built-in", "frozen")
#: A name absent from ``sys.modules`` (an entry may itself be ``None``: an import blocked).
_MISSING: Any = object()


class ImportGuard:
    """The import system as it was at start-up, and what later imports may add to it.

    Args:
        trusted_roots: directories whose modules may stay imported after a plugin's load or
            call (by default the directories of ``sys.path`` at construction, except the
            working directory).
    """

    def __init__(self, trusted_roots: list[str] | None = None) -> None:
        cwd = os.getcwd()
        roots = trusted_roots if trusted_roots is not None else [
            p for p in sys.path if p and os.path.isdir(p) and os.path.realpath(p) != cwd
        ]
        self.roots = tuple(
            {os.path.join(f(r), "") for r in roots for f in (os.path.abspath, os.path.realpath)}
        )
        self.modules: dict[str, types.ModuleType | None] = dict(sys.modules)
        self.path = list(sys.path)
        self.meta_path = list(sys.meta_path)
        self.path_hooks = list(sys.path_hooks)
        self.importer_cache = dict(sys.path_importer_cache)
        self.import_: Callable[..., Any] = builtins.__import__

    def trusted(self, module: Any) -> bool:
        """Whether ``module`` was loaded from a trusted directory or is built in."""
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None)
        if origin in _BUILT_IN_ORIGINS:
            return True
        files: list[Any] = [getattr(module, "__file__", None) or origin]
        if files[0] is None:
            # A namespace package: where its portions live.
            files = list(getattr(module, "__path__", None) or [])
        return bool(files) and all(
            isinstance(f, str)
            and (f.startswith(self.roots) or os.path.realpath(f).startswith(self.roots))
            for f in files
        )

    def may_stay(self, name: str, module: Any) -> bool:
        """Whether a module a plugin's load or call added to ``sys.modules`` under ``name``
        may stay: a trusted module under its own name, or any entry under a name no import
        would find on disk (nothing to shadow: Cython's shared ``_cython_3_x`` modules,
        multiprocessing's ``__mp_main__``)."""
        if getattr(module, "__name__", None) == name and self.trusted(module):
            return True
        return not self.findable(name)

    def findable(self, name: str) -> bool:
        """Whether importing ``name`` would find a module in the trusted path or built in."""
        if name in sys.builtin_module_names:
            return True
        parent, _, _leaf = name.rpartition(".")
        search: Any = self.path
        if parent:
            search = getattr(self.modules.get(parent), "__path__", None)
            if search is None:
                return False
        try:
            return PathFinder.find_spec(name, list(search)) is not None
        except (ImportError, ValueError):
            return False

    def forget(self, name: str) -> None:
        """Stop keeping module ``name`` (the runtime unloaded a plugin module)."""
        self.modules.pop(name, None)

    def restore(self, keep: Container[str] = ()) -> list[str]:
        """Undo a plugin's changes to the import system (see the module's docstring).

        Args:
            keep: names of untrusted modules to keep (the runtime's plugin modules).

        Returns:
            The names whose entry in ``sys.modules`` was removed or put back, sorted.
        """
        sys.path[:] = self.path
        sys.meta_path[:] = self.meta_path
        sys.path_hooks[:] = self.path_hooks
        for key in list(sys.path_importer_cache):
            if key not in self.importer_cache:
                del sys.path_importer_cache[key]
        sys.path_importer_cache.update(self.importer_cache)
        builtins.__import__ = self.import_
        changed: list[str] = []
        for name, module in list(sys.modules.items()):
            known = self.modules.get(name, _MISSING)
            if known is module:
                continue
            if known is not _MISSING:
                sys.modules[name] = known
                changed.append(name)
            elif name in keep or self.may_stay(name, module):
                self.modules[name] = module
            else:
                del sys.modules[name]
                changed.append(name)
        for name, kept in self.modules.items():
            if name not in sys.modules:
                sys.modules[name] = kept  # type: ignore[assignment]  # None blocks an import
                changed.append(name)
        return sorted(changed)
