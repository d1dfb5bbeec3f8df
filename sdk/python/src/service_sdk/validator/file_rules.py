"""Whole-file rules: print instead of the logger, I/O in benchmarks, and escapes from the
sandbox's rules (dynamic imports and code, forbidden modules and calls)."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from .names import (
    _DYNAMIC_CODE,
    _DYNAMIC_IMPORT_MODULES,
    _DYNAMIC_IMPORT_NAMES,
    _FORBIDDEN_MODULES,
    _IO_MODULES,
    _IO_PATH_METHODS,
    _OS_IO,
    _OS_PROCESS,
    _dotted,
)
from .state import CheckerState


class FileRules(CheckerState):
    """Rules that look at every node of the file."""

    def check_print(self, tree: ast.Module) -> None:
        for node in self.walk_module(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "print"
            ):
                message = "print() output is not collected by the engine; use the SDK logger"
            elif (
                isinstance(node, ast.Name)
                and node.id == "print"
                and isinstance(node.ctx, ast.Load)
                and not self.is_called(node)
            ):
                # `emit = print`, `callbacks.append(print)`, `functools.partial(print, …)`
                message = "print is passed around as a value (an alias of print); use the logger"
            else:
                continue
            self.add(
                node.lineno,
                "PrintInsteadOfLogger",
                message,
                "from service_sdk import logger\nlogger.info(\"...\")",
            )

    def check_benchmark_io(self, tree: ast.Module) -> None:
        fix = (
            "Benchmarks get everything they need in the document and its aggregations; "
            "move data loading into an extraction or source plugin."
        )
        for node in self.walk_module(tree):
            modules: Sequence[str] = ()
            if isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            bad = [m for m in modules if m in _IO_MODULES or m.split(".")[0] in _IO_MODULES]
            if bad:
                self.benchmark_io_nodes.add(id(node))
                self.add(
                    getattr(node, "lineno", None),
                    "BenchmarkIO",
                    f"benchmarks perform no I/O; importing {', '.join(bad)} is not allowed",
                    fix,
                )
                continue
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            what: str | None = None
            if isinstance(func, ast.Name) and func.id == "open":
                what = "open()"
            elif isinstance(func, ast.Attribute):
                owner = _dotted(func.value)
                if owner == "io" and func.attr == "open":
                    what = "io.open()"
                elif owner == "os" and (
                    func.attr in _OS_IO or func.attr.startswith(("spawn", "exec"))
                ):
                    what = f"os.{func.attr}()"
                elif func.attr in _IO_PATH_METHODS:
                    what = f".{func.attr}()"
            if what:
                self.benchmark_io_nodes.add(id(node))
                self.add(
                    node.lineno,
                    "BenchmarkIO",
                    f"benchmarks perform no I/O; {what} is not allowed",
                    fix,
                )

    def is_called(self, node: ast.expr) -> bool:
        """Whether ``node`` is the function of a call (``print(...)``), not a value."""
        parent = self.parents.get(node)
        return isinstance(parent, ast.Call) and parent.func is node

    def module_of(self, node: ast.expr) -> str | None:
        """The module a name or attribute owner stands for (``import os as o``: ``o`` → ``os``)."""
        if isinstance(node, ast.Name):
            origin = self.import_origin.get(node.id)
            if origin is not None and origin[1] == 0:
                return origin[0]
            return node.id
        return _dotted(node)

    def check_escapes(self, tree: ast.Module) -> None:
        """Rules DynamicImport, DynamicCode, ForbiddenModule, ForbiddenCall (docs/security.md).

        A static second line of defence: the sandbox contains these anyway; the findings say at
        submission that a plugin tries what no plugin needs.
        """
        sandbox_fix = (
            "Plugins run in a sandbox without processes or network; reach other systems "
            "through a SourcePlugin's `http_request` and the SDK services."
        )
        for node in self.walk_module(tree):
            if id(node) in self.benchmark_io_nodes or id(self.parents.get(node)) in (
                self.benchmark_io_nodes
            ):
                continue
            modules: list[tuple[str, list[str]]] = []
            if isinstance(node, ast.Import):
                modules = [(a.name, []) for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [(node.module, [a.name for a in node.names])]
            line: int | None = getattr(node, "lineno", None)
            for module, names in modules:
                root = module.split(".")[0]
                if root in _DYNAMIC_IMPORT_MODULES:
                    self.add(
                        line,
                        "DynamicImport",
                        f"importing {module} lets code load modules by computed names",
                        "Import what the plugin needs by name at the top of the file "
                        "(`import json`).",
                    )
                elif root in _FORBIDDEN_MODULES or module in _FORBIDDEN_MODULES:
                    self.add(
                        line,
                        "ForbiddenModule",
                        f"plugins may not use {module}: it starts processes, opens sockets "
                        "or calls native code",
                        sandbox_fix,
                    )
                elif root == "os" and (bad := sorted(n for n in names if _os_process(n))):
                    self.add(
                        line,
                        "ForbiddenCall",
                        f"plugins may not start processes ({', '.join('os.' + n for n in bad)})",
                        sandbox_fix,
                    )
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                if node.id in _DYNAMIC_IMPORT_NAMES and node.id not in self.imported:
                    self.add(
                        node.lineno,
                        "DynamicImport",
                        f"{node.id} loads modules by computed names",
                        "Import what the plugin needs by name at the top of the file "
                        "(`import json`).",
                    )
                elif node.id in _DYNAMIC_CODE and node.id not in self.imported:
                    self.add(
                        node.lineno,
                        "DynamicCode",
                        f"{node.id}() runs code built from strings",
                        "Write the logic as Python code; parse data with json or ast.literal_eval.",
                    )
            elif (
                isinstance(node, ast.Attribute)
                and _os_process(node.attr)
                and self.module_of(node.value) == "os"
            ):
                self.add(
                    node.lineno,
                    "ForbiddenCall",
                    f"plugins may not start processes (os.{node.attr})",
                    sandbox_fix,
                )


def _os_process(name: str) -> bool:
    """``os`` functions that run or fork processes: system, popen, fork, exec*, spawn*."""
    return name in _OS_PROCESS or name.startswith(("exec", "spawn"))
