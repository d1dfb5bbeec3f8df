"""What the checker knows about the file: its imports, classes and module constants,
and the findings so far."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable

from ..contract import CONTRACTS
from .findings import Finding
from .names import _dotted, _FuncDef


class CheckerState:
    """The file being checked, and the lookups every check shares."""

    def __init__(self, source: str, docs_base: str) -> None:
        self.source = source
        self.docs_base = docs_base
        self.findings: list[Finding] = []
        self.plugin_type: str | None = None
        self.class_name: str | None = None
        self.tree: ast.Module | None = None
        # Every node of ``tree``, breadth first (set by ``Checker.run``).
        self.nodes: list[ast.AST] = []
        # The calls a function returns (``return f(...)``), by function (``returns_coroutine``).
        self.returned_calls: dict[ast.AST, list[ast.Call]] = {}
        self.sdk_names: dict[str, str] = {}  # local name -> name in service_sdk
        self.sdk_modules: set[str] = set()  # local names bound to service_sdk (sub)modules
        self.imported: set[str] = set()  # every local name bound by an import
        self.import_origin: dict[str, tuple[str, int]] = {}  # local name -> (module, level)
        self.classes: dict[str, ast.ClassDef] = {}
        self.module_values: dict[str, ast.expr] = {}
        self.parents: dict[ast.AST, ast.AST] = {}
        #: Nodes already reported as BenchmarkIO (not reported again as an escape).
        self.benchmark_io_nodes: set[int] = set()
        self.module_async: dict[str, bool] = {}
        self.coro_methods: dict[ast.ClassDef, set[str]] = {}
        self.load_index: dict[ast.AST, dict[str, list[ast.expr]]] = {}

    def walk_module(self, scope: ast.AST) -> Iterable[ast.AST]:
        """The nodes of ``scope`` as ``ast.walk`` yields them; the module's from the one walk."""
        return self.nodes if scope is self.tree and self.nodes else ast.walk(scope)

    def add(self, line: int | None, error_type: str, message: str, fix: str) -> None:
        self.findings.append(
            Finding(line, error_type, message, fix, f"{self.docs_base}{error_type.lower()}")
        )

    def sdk_name(self, node: ast.expr) -> str | None:
        """Name in service_sdk that ``node`` refers to (``CP`` → ``ClassificationPlugin``)."""
        if isinstance(node, ast.Name):
            if node.id in self.sdk_names:
                return self.sdk_names[node.id]
            return node.id if node.id not in self.classes else None
        if isinstance(node, ast.Attribute):
            return node.attr
        return None

    def resolve(self, node: ast.expr) -> ast.expr:
        """Follow one module-level constant: ``name = NAME`` → the value of ``NAME``."""
        if isinstance(node, ast.Name) and node.id in self.module_values:
            return self.module_values[node.id]
        return node

    def direct_sdk_bases(self, cls: ast.ClassDef) -> list[str]:
        found = []
        for base in cls.bases:
            if isinstance(base, ast.Name) and base.id in self.classes:
                continue
            name = self.sdk_name(base)
            if name in CONTRACTS:
                found.append(name)
        return found

    def local_parents(self, cls: ast.ClassDef) -> list[ast.ClassDef]:
        return [
            self.classes[b.id]
            for b in cls.bases
            if isinstance(b, ast.Name) and b.id in self.classes and b.id != cls.name
        ]

    def lineage(self, cls: ast.ClassDef) -> list[ast.ClassDef]:
        """``cls`` then its in-file ancestors, depth first, without repeats."""
        seen: list[ast.ClassDef] = []
        stack = [cls]
        while stack:
            current = stack.pop(0)
            if current in seen:
                continue
            seen.append(current)
            stack.extend(self.local_parents(current))
        return seen

    def effective_bases(self, cls: ast.ClassDef) -> list[str]:
        out: list[str] = []
        for c in self.lineage(cls):
            for b in self.direct_sdk_bases(c):
                if b not in out:
                    out.append(b)
        return out

    def opaque_base(self, base: ast.expr) -> str | None:
        """Describe ``base`` when it is a class imported from a module the validator cannot
        read (not ``service_sdk``, not the standard library), e.g. ``helpers.Base (imported
        from helpers)``; ``None`` for in-file, SDK, standard-library and builtin bases."""
        if isinstance(base, ast.Subscript):  # Generic[T], Mixin[Any] …
            base = base.value
        dotted = _dotted(base)
        if dotted is None:
            return None
        root = dotted.split(".")[0]
        if isinstance(base, ast.Name) and base.id in self.classes:
            return None
        if root in self.sdk_modules or root in self.sdk_names or root not in self.imported:
            return None
        module, level = self.import_origin.get(root, ("", 0))
        if level == 0 and module.split(".")[0] in sys.stdlib_module_names:
            return None
        return f"{dotted} (imported from {'.' * level if level else ''}{module})"

    def opaque_bases(self, cls: ast.ClassDef) -> list[str]:
        """:meth:`opaque_base` of every base of ``cls`` and of its in-file ancestors."""
        out: list[str] = []
        for c in self.lineage(cls):
            for base in c.bases:
                described = self.opaque_base(base)
                if described is not None and described not in out:
                    out.append(described)
        return out

    def methods_of(self, cls: ast.ClassDef) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
        methods: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        for c in self.lineage(cls):
            for stmt in c.body:
                if isinstance(stmt, _FuncDef) and stmt.name not in methods:
                    methods[stmt.name] = stmt
        return methods

    def attributes_of(self, cls: ast.ClassDef) -> dict[str, tuple[int, ast.expr | None]]:
        attrs: dict[str, tuple[int, ast.expr | None]] = {}
        for c in self.lineage(cls):
            for stmt in c.body:
                if isinstance(stmt, ast.Assign):
                    for target in stmt.targets:
                        if isinstance(target, ast.Name) and target.id not in attrs:
                            attrs[target.id] = (stmt.lineno, stmt.value)
                elif (
                    isinstance(stmt, ast.AnnAssign)
                    and isinstance(stmt.target, ast.Name)
                    and stmt.target.id not in attrs
                    and stmt.value is not None
                ):
                    attrs[stmt.target.id] = (stmt.lineno, stmt.value)
        return attrs
