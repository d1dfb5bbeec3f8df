"""Syntax-tree validator of plugin source code (spec 4.11 "Local validation", section 7).

The validator parses the source with :mod:`ast` and never imports or executes it, so it is
safe on untrusted code. The same module serves ``service validate`` and the server's
submission check (through the runtime's ``validate`` message). Each finding has exactly the
shape of an entry of ``error.errors`` in spec section 7::

    {"line": int | None, "error_type": str, "message": str,
     "fix_suggestion": str, "documentation": str | None}

``documentation`` is ``<docs base><anchor>`` where the anchor is the lower-cased
``error_type`` (the headings of the "Validator rules" section of ``docs/plugins.md``). The
base defaults to ``docs/plugins.md#``; override it per call (``docs_base=``) or with the
environment variable ``SERVICE_SDK_DOCS_BASE``. Findings are sorted by line, whole-file
findings (line ``None``) first.
"""

from __future__ import annotations

import ast
import os
import sys
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .contract import CONTRACTS, MethodContract, PluginContract
from .models import MATCH_TYPES, PARAMETER_TYPES

__all__ = [
    "DEFAULT_DOCS_BASE",
    "RULES",
    "Analysis",
    "Finding",
    "analyze_source",
    "validate_file",
    "validate_source",
]

DEFAULT_DOCS_BASE = "docs/plugins.md#"

#: Every rule the validator applies: error_type → one-line description.
RULES: dict[str, str] = {
    "SyntaxError": "the file must parse as Python 3.11",
    "MissingSdkImport": "the file must import from service_sdk",
    "InvalidBaseClass": "exactly one class inheriting exactly one of the four base classes",
    "MissingMethod": "the methods of the plugin type must be defined",
    "UnresolvableBaseClass": "methods or the plugin base come from a class the validator "
    "cannot see",
    "WrongSignature": "methods take exactly the parameter names of the contract, in order",
    "MustBeAsync": "plugin methods and event handlers are async def",
    "MustBeSync": "benchmark methods are plain def",
    "MissingReturnAnnotation": "contract methods carry a return annotation",
    "WrongReturnType": "return annotations and returned values match the contract",
    "MissingClassAttribute": "required class attributes are defined",
    "InvalidClassAttribute": "class attributes have the contract's types",
    "LegacyExecuteMethod": "execute(self, context) is the removed interface",
    "MissingAwait": "prompt_llm, get_prompt and other coroutines must be awaited",
    "PrintInsteadOfLogger": "use service_sdk.logger, not print",
    "BenchmarkIO": "benchmarks perform no I/O",
    "DynamicImport": "no __import__, importlib, builtins or __builtins__: import modules by name",
    "DynamicCode": "no exec, eval or compile of strings",
    "ForbiddenModule": "no ctypes, subprocess, socket or other process/network modules",
    "ForbiddenCall": "no os.system, os.popen, os.exec*, os.fork or os.spawn*",
}

_SERVICES = ("prompt_llm", "get_prompt", "report_classification")
_AWAIT_WRAPPERS = frozenset(
    {"gather", "wait_for", "create_task", "ensure_future", "shield", "wait", "as_completed",
     "run", "timeout", "TaskGroup", "run_until_complete", "run_coroutine_threadsafe"}
)
#: How many stored names one coroutine is followed through (``a = …; b = a; c = b`` …).
_MAX_ALIASES = 64
#: ``x.append(coroutine)`` and friends store the coroutine in ``x``.
_STORE_METHODS = frozenset({"append", "appendleft", "add", "extend", "insert", "setdefault"})
_IO_MODULES = frozenset(
    {"socket", "ssl", "requests", "httpx", "urllib", "urllib3", "aiohttp", "http",
     "subprocess", "ftplib", "smtplib", "telnetlib", "asyncio.subprocess"}
)
_IO_PATH_METHODS = frozenset({"read_text", "read_bytes", "write_text", "write_bytes"})
_OS_IO = frozenset({"system", "popen", "startfile"})
#: Escapes from the sandbox's rules that no plugin needs (docs/security.md): the sandbox stops
#: them anyway; the validator names them at submission as a second line of defence.
_DYNAMIC_IMPORT_NAMES = frozenset({"__import__", "__builtins__"})
_DYNAMIC_IMPORT_MODULES = frozenset({"importlib", "builtins", "imp"})
_DYNAMIC_CODE = frozenset({"exec", "eval", "compile"})
_FORBIDDEN_MODULES = frozenset(
    {"ctypes", "subprocess", "socket", "multiprocessing", "pty", "_posixsubprocess", "cffi",
     "asyncio.subprocess"}
)
_OS_PROCESS = frozenset({"system", "popen", "fork", "forkpty", "startfile", "posix_spawn",
                         "posix_spawnp"})


@dataclass(frozen=True)
class Finding:
    """One failed rule (spec section 7, entry of ``error.errors``).

    Attributes:
        line: 1-based line in the source, or ``None`` for whole-file findings.
        error_type: rule identifier, a key of :data:`RULES`.
        message: human-readable description.
        fix_suggestion: remediation hint, often a code snippet.
        documentation: link to the rule's section, or ``None``.
    """

    line: int | None
    error_type: str
    message: str
    fix_suggestion: str
    documentation: str | None

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON shape ``{line, error_type, message, fix_suggestion,
        documentation}``."""
        return {
            "line": self.line,
            "error_type": self.error_type,
            "message": self.message,
            "fix_suggestion": self.fix_suggestion,
            "documentation": self.documentation,
        }


@dataclass
class Analysis:
    """Result of :func:`analyze_source`.

    Attributes:
        findings: sorted findings (empty when the plugin is valid).
        plugin_type: ``source``, ``classification``, ``extraction``, ``benchmark`` or
            ``None`` when no single plugin class was found.
        class_name: name of the plugin class, or ``None``.
    """

    findings: list[Finding] = field(default_factory=list)
    plugin_type: str | None = None
    class_name: str | None = None


def _docs_base(explicit: str | None) -> str:
    if explicit is not None:
        return explicit
    return os.environ.get("SERVICE_SDK_DOCS_BASE", DEFAULT_DOCS_BASE)


def validate_source(source: str, *, docs_base: str | None = None) -> list[Finding]:
    """Validate plugin source text; return its findings (empty list = valid).

    Never raises on any input string, including invalid syntax and null bytes.
    """
    return analyze_source(source, docs_base=docs_base).findings


def validate_file(path: str | os.PathLike[str], *, docs_base: str | None = None) -> list[Finding]:
    """Validate the plugin file at ``path`` (read as UTF-8, undecodable bytes replaced).

    Raises:
        OSError: the file cannot be read.
    """
    data = Path(path).read_bytes()
    return validate_source(data.decode("utf-8", errors="replace"), docs_base=docs_base)


def analyze_source(source: str, *, docs_base: str | None = None) -> Analysis:
    """Validate ``source`` and report the plugin type and class found.

    Never raises on any input string.
    """
    checker = _Checker(source, _docs_base(docs_base))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # e.g. invalid escape sequences in the plugin
            checker.run()
    except (RecursionError, MemoryError):
        checker.findings = []
        checker.add(
            None,
            "SyntaxError",
            "the source is nested too deeply to be analyzed",
            "Flatten deeply nested expressions.",
        )
    findings = sorted(
        checker.findings, key=lambda f: (f.line if f.line is not None else 0, f.error_type)
    )
    return Analysis(findings, checker.plugin_type, checker.class_name)


# --------------------------------------------------------------------------------------
# annotation normalization


def _terminal_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return f"{inner}.{node.attr}" if inner else None
    return None


def _norm_annotation(node: ast.expr, depth: int = 0) -> frozenset[str]:
    """Normalize an annotation to a set of union members, e.g. ``Optional[str]`` →
    ``{"str", "None"}``, ``typing.AsyncGenerator[DocumentInput, None]`` →
    ``{"AsyncGenerator[DocumentInput]"}``."""
    if depth > 20:
        return frozenset({"?"})
    if isinstance(node, ast.Constant):
        if node.value is None:
            return frozenset({"None"})
        if isinstance(node.value, str):
            try:
                inner = ast.parse(node.value.strip(), mode="eval").body
            except (SyntaxError, ValueError):
                return frozenset({node.value})
            return _norm_annotation(inner, depth + 1)
        return frozenset({repr(node.value)})
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _norm_annotation(node.left, depth + 1) | _norm_annotation(node.right, depth + 1)
    if isinstance(node, ast.Subscript):
        base = _terminal_name(node.value) or ast.unparse(node.value)
        elts = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if base == "Optional" and len(elts) == 1:
            return _norm_annotation(elts[0], depth + 1) | frozenset({"None"})
        if base == "Union":
            out: frozenset[str] = frozenset()
            for elt in elts:
                out |= _norm_annotation(elt, depth + 1)
            return out
        if base == "AsyncGenerator" and len(elts) == 2:
            elts = elts[:1]
        args = ", ".join(
            " | ".join(sorted(_norm_annotation(e, depth + 1))) for e in elts
        )
        return frozenset({f"{base}[{args}]"})
    name = _terminal_name(node)
    if name is not None:
        return frozenset({name})
    return frozenset({ast.unparse(node)})


def _show(members: frozenset[str]) -> str:
    return " | ".join(sorted(members, key=lambda m: (m == "None", m)))


# --------------------------------------------------------------------------------------
# the checker


def _own_nodes(func: ast.AST) -> Iterator[ast.AST]:
    """Walk ``func``'s body without entering nested functions, lambdas or classes."""
    stack: list[ast.AST] = list(ast.iter_child_nodes(func))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
            continue
        stack.extend(ast.iter_child_nodes(node))


_FuncDef = ast.FunctionDef | ast.AsyncFunctionDef


def _is_generator(func: ast.AST) -> bool:
    return any(isinstance(n, ast.Yield | ast.YieldFrom) for n in _own_nodes(func))


@dataclass(frozen=True)
class _Fate:
    """Where a coroutine goes: ``awaited``, ``discarded`` (expression statement),
    ``stored`` (``detail``: the names, never awaited), ``async_return`` (``detail``: the
    async def returning it un-awaited) or ``value`` (used as a plain value)."""

    kind: str
    detail: str = ""


_AWAITED = _Fate("awaited")


def _target_keys(targets: list[ast.expr]) -> list[str]:
    """Dotted names bound by assignment targets (``jobs[k]`` binds into ``jobs``)."""
    keys: list[str] = []
    stack = list(targets)
    while stack:
        target = stack.pop()
        if isinstance(target, ast.Tuple | ast.List):
            stack.extend(target.elts)
        elif isinstance(target, ast.Starred | ast.Subscript):
            stack.append(target.value)
        elif (key := _dotted(target)) is not None:
            keys.append(key)
    return keys


def _unpacked_target(child: ast.AST, parent: ast.AST, stmt: ast.AST | None) -> ast.expr | None:
    """The target matching ``child`` in ``a, b = child, other`` (same length, no star)."""
    if not (
        isinstance(parent, ast.Tuple | ast.List)
        and isinstance(stmt, ast.Assign)
        and stmt.value is parent
        and len(stmt.targets) == 1
    ):
        return None
    target = stmt.targets[0]
    if not isinstance(target, ast.Tuple | ast.List) or len(target.elts) != len(parent.elts):
        return None
    if any(isinstance(e, ast.Starred) for e in [*target.elts, *parent.elts]):
        return None
    for elt, bound in zip(parent.elts, target.elts, strict=True):
        if elt is child:
            return bound
    return None


#: ``zip(tasks, labels)``, ``list(tasks)``, ``jobs.values()`` … still hold the coroutines.
_CARRYING_CALLS = frozenset({"zip", "enumerate", "reversed", "list", "tuple", "iter", "dict"})
_CARRYING_METHODS = frozenset({"values", "items", "copy"})


def _carries(child: ast.AST, parent: ast.AST) -> bool:
    """``parent`` holds the value of ``child`` as is (a literal's element, a
    comprehension's element, a branch of ``a if c else b``, ``zip(child, …)``,
    ``child.values()`` …)."""
    if isinstance(parent, ast.List | ast.Tuple | ast.Set | ast.Starred):
        return True
    if isinstance(parent, ast.Attribute):
        return parent.attr in _CARRYING_METHODS
    if isinstance(parent, ast.Call):
        if child is parent.func:
            return isinstance(child, ast.Attribute) and child.attr in _CARRYING_METHODS
        return isinstance(parent.func, ast.Name) and parent.func.id in _CARRYING_CALLS
    if isinstance(parent, ast.Dict):
        return child in parent.values
    if isinstance(parent, ast.ListComp | ast.SetComp | ast.GeneratorExp):
        return child is parent.elt
    if isinstance(parent, ast.DictComp):
        return child is parent.value
    if isinstance(parent, ast.IfExp):
        return child is not parent.test
    return False


def _await_message(name: str, fate: _Fate) -> tuple[str, str]:
    """Message and fix of a MissingAwait finding on a call of ``name``."""
    if fate.kind == "discarded":
        return (
            f"{name}(...) is called without await: the coroutine is created and discarded, "
            "so the call never runs",
            f"await {name}(...)",
        )
    if fate.kind == "stored":
        first = fate.detail.split(", ")[0]
        return (
            f"the coroutine of {name}(...) is stored in {fate.detail}, which is never "
            f"awaited (no `await {first}`, and {first} is not passed to asyncio.gather, "
            "create_task, wait_for …)",
            f"result = await {first}",
        )
    if fate.kind == "async_return":
        return (
            f"{fate.detail} is an async def that returns {name}(...) without await: "
            f"`await {fate.detail}(...)` then gives a coroutine object, not the result",
            f"return await {name}(...)  # or make {fate.detail} a plain def that returns "
            "the coroutine",
        )
    return (
        f"{name}(...) is a coroutine function called without await; the call returns a "
        "coroutine object instead of the result",
        f"result = await {name}(...)",
    )


class _Checker:
    def __init__(self, source: str, docs_base: str) -> None:
        self.source = source
        self.docs_base = docs_base
        self.findings: list[Finding] = []
        self.plugin_type: str | None = None
        self.class_name: str | None = None
        self.tree: ast.Module | None = None
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

    # -- helpers -------------------------------------------------------------------------

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

    # -- entry ---------------------------------------------------------------------------

    def run(self) -> None:
        try:
            tree = ast.parse(self.source)
        except SyntaxError as exc:
            line = exc.lineno if isinstance(exc.lineno, int) and exc.lineno > 0 else None
            self.add(
                line,
                "SyntaxError",
                f"invalid Python syntax: {exc.msg}",
                "Fix the syntax error; run `python -m py_compile <file>` to see it.",
            )
            return
        except ValueError as exc:  # e.g. null bytes
            self.add(
                None,
                "SyntaxError",
                f"the source cannot be parsed: {exc}",
                "Save the plugin as plain UTF-8 Python source.",
            )
            return
        self.tree = tree
        for parent in ast.walk(tree):
            for child in ast.iter_child_nodes(parent):
                self.parents[child] = parent
        self.collect_module(tree)
        self.check_classes()
        self.check_await(tree)
        self.check_print(tree)
        if self.plugin_type == "benchmark":
            self.check_benchmark_io(tree)
        self.check_escapes(tree)

    def collect_module(self, tree: ast.Module) -> None:
        sdk_import = False
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    local = alias.asname or alias.name.split(".")[0]
                    self.imported.add(local)
                    self.import_origin[local] = (
                        alias.name if alias.asname else alias.name.split(".")[0], 0
                    )
                    if alias.name == "service_sdk" or alias.name.startswith("service_sdk."):
                        sdk_import = True
                        self.sdk_modules.add(local)
            elif isinstance(node, ast.ImportFrom):
                module = node.module or ""
                is_sdk = node.level == 0 and (
                    module == "service_sdk" or module.startswith("service_sdk.")
                )
                sdk_import = sdk_import or is_sdk
                for alias in node.names:
                    local = alias.asname or alias.name
                    self.imported.add(local)
                    self.import_origin[local] = (module, node.level)
                    if is_sdk:
                        self.sdk_names[local] = alias.name
        for stmt in tree.body:
            if isinstance(stmt, ast.ClassDef):
                self.classes[stmt.name] = stmt
            elif isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    if isinstance(target, ast.Name):
                        self.module_values[target.id] = stmt.value
            elif (
                isinstance(stmt, ast.AnnAssign)
                and stmt.value is not None
                and isinstance(stmt.target, ast.Name)
            ):
                self.module_values[stmt.target.id] = stmt.value
        if not sdk_import:
            self.add(
                None,
                "MissingSdkImport",
                "the plugin does not import from service_sdk; base classes, models and "
                "services all come from the SDK",
                "Add e.g. `from service_sdk import ClassificationPlugin, Document, logger`.",
            )

    # -- classes -------------------------------------------------------------------------

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

    def check_classes(self) -> None:
        plugin_classes = [c for c in self.classes.values() if self.effective_bases(c)]
        parents = {p.name for c in plugin_classes for p in self.local_parents(c)}
        leaves = [c for c in plugin_classes if c.name not in parents]
        all_methods = {m.name for c in CONTRACTS.values() for m in c.methods} | {"execute"}
        if not leaves:
            local_parents = {p.name for c in self.classes.values() for p in self.local_parents(c)}
            opaque = {
                c.name: found
                for c in self.classes.values()
                if c.name not in local_parents and (found := self.opaque_bases(c))
            }
            suspects = [
                c
                for c in self.classes.values()
                if c.name in opaque
                or c.name.endswith(("Plugin", "Benchmark", "Source", "Classifier", "Extractor"))
                or any(
                    isinstance(s, _FuncDef) and s.name in all_methods for s in c.body
                )
            ]
            bases = ", ".join(CONTRACTS)
            if not suspects:
                self.add(
                    None,
                    "InvalidBaseClass",
                    f"no class inherits from one of the plugin base classes ({bases})",
                    "Define one class, e.g. `class MyClassifier(ClassificationPlugin):`.",
                )
            for cls in suspects:
                if cls.name in opaque:
                    self.add(
                        cls.lineno,
                        "InvalidBaseClass",
                        f"class {cls.name} inherits {', '.join(opaque[cls.name])}, not one of "
                        f"{bases}; the validator reads only this file and cannot follow "
                        "that import (a plugin is registered as this single file)",
                        "Inherit the plugin base class directly, e.g. "
                        f"`class {cls.name}(ClassificationPlugin):`, and define the plugin "
                        "methods in this file.",
                    )
                    self.check_legacy(cls, None)
                    continue
                names = ", ".join(ast.unparse(b) for b in cls.bases) or "no base class"
                self.add(
                    cls.lineno,
                    "InvalidBaseClass",
                    f"class {cls.name} inherits from {names}, not from one of {bases}",
                    "Inherit from the base class of your plugin type, e.g. "
                    f"`class {cls.name}(ClassificationPlugin):`.",
                )
                self.check_legacy(cls, None)
            return
        plugin = leaves[0]
        for extra in leaves[1:]:
            self.add(
                extra.lineno,
                "InvalidBaseClass",
                f"a plugin file defines exactly one plugin class; found {plugin.name} "
                f"(line {plugin.lineno}) and {extra.name}",
                "Keep one plugin class per file; move shared code into a helper class that "
                "does not inherit a plugin base class.",
            )
        self.class_name = plugin.name
        found = self.effective_bases(plugin)
        if len(found) > 1:
            self.add(
                plugin.lineno,
                "InvalidBaseClass",
                f"class {plugin.name} inherits several plugin base classes "
                f"({', '.join(found)}); a plugin has exactly one type",
                "Split it into one plugin per type, each in its own file.",
            )
            return
        contract = CONTRACTS[found[0]]
        self.plugin_type = contract.plugin_type
        self.check_plugin(plugin, contract)

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

    def check_legacy(self, cls: ast.ClassDef, contract: PluginContract | None) -> bool:
        for stmt in cls.body:
            if isinstance(stmt, _FuncDef) and stmt.name == "execute":
                wanted = (
                    "\n".join(m.signature for m in contract.methods)
                    if contract
                    else "the type-specific method(s), e.g. `async def classify(self, document, "
                    "file_data, mime_type, available_labels, current_path, configs)`"
                )
                self.add(
                    stmt.lineno,
                    "LegacyExecuteMethod",
                    "execute(self, context) is the removed single-method interface; the "
                    "engine calls type-specific methods",
                    f"Replace execute() with:\n{wanted}",
                )
                return True
        return False

    def check_plugin(self, cls: ast.ClassDef, contract: PluginContract) -> None:
        methods = self.methods_of(cls)
        legacy = self.check_legacy(cls, contract)
        own = {m.name for m in contract.methods}
        if not own & methods.keys():
            for other in CONTRACTS.values():
                if other is contract:
                    continue
                hit = [m.name for m in other.methods if m.name in methods]
                if hit:
                    self.add(
                        cls.lineno,
                        "InvalidBaseClass",
                        f"class {cls.name} inherits {contract.base} but implements "
                        f"{', '.join(h + '()' for h in hit)} of {other.base}",
                        f"Inherit from {other.base}: `class {cls.name}({other.base}):`, or "
                        f"implement {', '.join(m.name + '()' for m in contract.methods)}.",
                    )
                    return
        opaque = self.opaque_bases(cls)
        missing: list[str] = []
        for method in contract.methods:
            node = methods.get(method.name)
            if node is None:
                if opaque:
                    missing.append(f"{method.name}()")
                    continue
                # An old-form plugin (only execute()) lacks every type-specific method: each is
                # reported (spec 4.11, 7), besides LegacyExecuteMethod on execute() itself.
                self.add(
                    cls.lineno,
                    "MissingMethod",
                    f"{contract.base} {cls.name} does not define {method.name}()"
                    + (" (execute() no longer replaces it)" if legacy else ""),
                    f"Add:\n    {method.signature}:",
                )
                continue
            self.check_method(node, method, contract)
        missing += self.check_attributes(cls, contract, report_missing=not opaque)
        if missing:
            self.add(
                cls.lineno,
                "UnresolvableBaseClass",
                f"{contract.base} {cls.name} does not define {', '.join(missing)} in this "
                f"file; {'it' if len(missing) == 1 else 'they'} may be inherited from "
                f"{', '.join(opaque)}, but the validator reads only this file and cannot "
                "see what that class defines",
                f"Define {', '.join(missing)} in {cls.name} (or in a helper class of this "
                f"file), or inherit directly from {contract.base}: a plugin is registered "
                "as this single file.",
            )
        self.check_event_handlers(methods)

    def check_method(self, node: ast.FunctionDef | ast.AsyncFunctionDef, method: MethodContract,
                     contract: PluginContract) -> None:
        args = node.args
        names = tuple(a.arg for a in [*args.posonlyargs, *args.args])
        if names != method.params or args.vararg or args.kwarg or args.kwonlyargs:
            got = ast.unparse(args)
            self.add(
                node.lineno,
                "WrongSignature",
                f"{method.name} must take exactly ({', '.join(method.params)}); got ({got})",
                f"{method.signature}:",
            )
        is_async = isinstance(node, ast.AsyncFunctionDef)
        if method.is_async and not is_async:
            self.add(
                node.lineno,
                "MustBeAsync",
                f"{contract.base}.{method.name} must be declared with async def",
                f"{method.signature}:",
            )
        elif not method.is_async and is_async:
            self.add(
                node.lineno,
                "MustBeSync",
                f"benchmark method {method.name} must be a plain def (benchmarks are "
                "synchronous)",
                f"{method.signature}:",
            )
        if node.returns is None:
            self.add(
                node.lineno,
                "MissingReturnAnnotation",
                f"{method.name} has no return annotation; the contract requires "
                f"-> {method.returns}",
                f"{method.signature}:",
            )
        else:
            got_ann = _norm_annotation(node.returns)
            if got_ann not in method.accepted_returns:
                self.add(
                    node.returns.lineno,
                    "WrongReturnType",
                    f"{method.name} must be annotated -> {method.returns}, got "
                    f"-> {_show(got_ann)}",
                    f"{method.signature}:",
                )
        own = list(_own_nodes(node))
        if method.generator and is_async and not any(
            isinstance(n, ast.Yield | ast.YieldFrom) for n in own
        ):
            self.add(
                node.lineno,
                "WrongReturnType",
                f"{method.name} must be an async generator that yields DocumentInput; it "
                "has no yield",
                "yield DocumentInput(file_data=..., filename=..., metadata={...}) for each "
                "file instead of returning a list",
            )
        for ret in own:
            if not isinstance(ret, ast.Return) or ret.value is None:
                continue
            value = ret.value
            if method.name == "classify" and isinstance(
                value, ast.List | ast.ListComp | ast.Tuple | ast.Set
            ):
                self.add(
                    ret.lineno,
                    "WrongReturnType",
                    "classify must return a single label (str) or None, not a "
                    f"{type(value).__name__.lower().replace('comp', ' comprehension')}",
                    "return the one best label, e.g. `return available_labels[0]`, or None",
                )
            elif method.name == "extract" and (
                isinstance(value, ast.Dict | ast.DictComp)
                or (isinstance(value, ast.Call) and _terminal_name(value.func) == "dict")
            ):
                self.add(
                    ret.lineno,
                    "WrongReturnType",
                    "extract must return an ExtractionResult, not a bare dict",
                    "return ExtractionResult(data={...}, llm_fields=[...])",
                )

    def check_event_handlers(
        self, methods: dict[str, ast.FunctionDef | ast.AsyncFunctionDef]
    ) -> None:
        for node in methods.values():
            if not any(
                isinstance(d, ast.Call) and _terminal_name(d.func) == "on_event"
                for d in node.decorator_list
            ):
                continue
            if not isinstance(node, ast.AsyncFunctionDef):
                self.add(
                    node.lineno,
                    "MustBeAsync",
                    f"event handler {node.name} must be declared with async def",
                    f"async def {node.name}(self, event: dict[str, Any]) -> None:",
                )
            args = node.args
            if len([*args.posonlyargs, *args.args]) != 2 or args.vararg or args.kwonlyargs:
                self.add(
                    node.lineno,
                    "WrongSignature",
                    f"event handler {node.name} must take exactly (self, event)",
                    f"async def {node.name}(self, event: dict[str, Any]) -> None:",
                )

    # -- class attributes ----------------------------------------------------------------

    def check_attributes(
        self, cls: ast.ClassDef, contract: PluginContract, *, report_missing: bool = True
    ) -> list[str]:
        """Check the class attributes; return the missing required ones that were not
        reported (``report_missing=False``)."""
        attrs = self.attributes_of(cls)
        missing: list[str] = []
        for name in contract.required_attributes:
            if name not in attrs and not report_missing:
                missing.append(name)
            elif name not in attrs:
                self.add(
                    cls.lineno,
                    "MissingClassAttribute",
                    f"{contract.base} {cls.name} does not define the class attribute {name}",
                    _ATTRIBUTE_FIX[name],
                )
        for name, (line, value) in attrs.items():
            if value is None:
                continue
            problem = self.attribute_problem(name, self.resolve(value), contract)
            if problem:
                self.add(
                    getattr(value, "lineno", line),
                    "InvalidClassAttribute",
                    f"{name} {problem}",
                    _ATTRIBUTE_FIX.get(name, "See the plugin guide."),
                )
        return missing

    def attribute_problem(self, name: str, value: ast.expr, contract: PluginContract) -> str | None:
        relevant = (*contract.required_attributes, *contract.optional_attributes)
        if name not in relevant:
            return None
        if name in ("source_type", "name", "metric_unit"):
            if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
                return "must be a string literal"
            if name != "metric_unit" and not value.value.strip():
                return "must not be empty"
            return None
        if name in ("target_labels", "credential_fields", "group_by"):
            if not self.is_str_list(value):
                return "must be a list of string literals"
            if name == "target_labels" and not value.elts:  # type: ignore[attr-defined]
                return "must name at least one label"
            return None
        if name == "source_state_model":
            return self.state_model_problem(value)
        if name == "configurable_parameters":
            return self.calls_problem(value, "ConfigurableParameter")
        if name == "MATCH_RULES":
            return self.calls_problem(value, "MatchRule")
        return None

    def is_str_list(self, value: ast.expr) -> bool:
        return isinstance(value, ast.List | ast.Tuple) and all(
            isinstance(self.resolve(e), ast.Constant)
            and isinstance(self.resolve(e).value, str)  # type: ignore[attr-defined]
            for e in value.elts
        )

    def state_model_problem(self, value: ast.expr) -> str | None:
        if isinstance(value, ast.Name):
            if value.id in self.classes:
                if self.inherits_state(self.classes[value.id], set()):
                    return None
                return f"names class {value.id}, which does not inherit BaseSourceState"
            if value.id in self.imported:
                return None
            return f"names {value.id}, which is neither defined nor imported in the file"
        if isinstance(value, ast.Attribute):
            root = _dotted(value)
            if root and root.split(".")[0] in self.imported:
                return None
        return "must be a class inheriting BaseSourceState"

    def inherits_state(self, cls: ast.ClassDef, seen: set[str]) -> bool:
        seen.add(cls.name)
        for base in cls.bases:
            if isinstance(base, ast.Name) and base.id in self.classes:
                if base.id not in seen and self.inherits_state(self.classes[base.id], seen):
                    return True
                continue
            if self.sdk_name(base) == "BaseSourceState":
                return True
            if isinstance(base, ast.Name) and base.id in self.imported:
                return True  # an imported state base class: trust it
        return False

    def calls_problem(self, value: ast.expr, callee: str) -> str | None:
        if not isinstance(value, ast.List | ast.Tuple):
            return f"must be a list of {callee}(...)"
        for elt in value.elts:
            if not (isinstance(elt, ast.Call) and _terminal_name(elt.func) == callee):
                return f"must be a list of {callee}(...), got {ast.unparse(elt)[:60]}"
            problem = self.call_args_problem(elt, callee)
            if problem:
                return problem
        return None

    def call_args_problem(self, call: ast.Call, callee: str) -> str | None:
        def arg(name: str, position: int) -> ast.expr | None:
            for kw in call.keywords:
                if kw.arg == name:
                    return kw.value
            return call.args[position] if len(call.args) > position else None

        if callee == "ConfigurableParameter":
            ptype = arg("parameter_type", 1)
            if ptype is not None:
                ptype = self.resolve(ptype)
                if isinstance(ptype, ast.Constant) and ptype.value not in PARAMETER_TYPES:
                    return (
                        f"parameter_type {ptype.value!r} is not one of "
                        f"{', '.join(PARAMETER_TYPES)}"
                    )
        elif callee == "MatchRule":
            conditions = arg("conditions", 3)
            if conditions is not None:
                return self.calls_problem(self.resolve(conditions), "MatchCondition")
        elif callee == "MatchCondition":
            mtype = arg("match_type", 2)
            if mtype is not None:
                mtype = self.resolve(mtype)
                if isinstance(mtype, ast.Constant) and mtype.value not in MATCH_TYPES:
                    return f"match_type {mtype.value!r} is not one of {', '.join(MATCH_TYPES)}"
        return None

    # -- file-wide rules -----------------------------------------------------------------

    # MissingAwait: where does the coroutine created by a call go?  ``await_fate`` follows
    # the value up the syntax tree to its statement and answers with one of the _Fate
    # verdicts; a coroutine stored in a name (or attribute, or container held in one) is
    # followed to every load of that name in the same function (``self.x``: the same class).

    def await_fate(self, expr: ast.expr, seen: set[tuple[int, str]]) -> _Fate:
        node: ast.AST = expr
        direct = True  # so far the value itself, or inside a list/tuple/… literal
        while node in self.parents:
            parent = self.parents[node]
            if isinstance(parent, ast.Await):
                return _AWAITED
            if isinstance(parent, ast.Lambda):
                return _AWAITED if direct else _Fate("value")
            if isinstance(parent, ast.Call) and node is not parent.func:
                if _terminal_name(parent.func) in _AWAIT_WRAPPERS:
                    return _AWAITED
                if (
                    direct
                    and isinstance(parent.func, ast.Attribute)
                    and parent.func.attr in _STORE_METHODS
                ):
                    key = _dotted(parent.func.value)  # tasks.append(prompt_llm(p))
                    return self.stored_fate([key] if key else [], parent, seen)
            if isinstance(parent, ast.Return):
                func = self.enclosing_function(parent)
                if isinstance(func, ast.AsyncFunctionDef):
                    return _Fate("async_return", func.name) if direct else _Fate("value")
                # a plain helper returns the coroutine; its callers are checked in turn
                return _AWAITED if direct else _Fate("value")
            if isinstance(parent, ast.NamedExpr):
                return self.stored_fate([parent.target.id], parent, seen) if direct else (
                    _Fate("value")
                )
            if isinstance(parent, ast.Expr):  # prompt_llm(p) alone on its line
                return _Fate("discarded" if node is expr else "value")
            if isinstance(parent, ast.stmt):
                return self.statement_fate(node, parent, seen) if direct else _Fate("value")
            target = _unpacked_target(node, parent, self.parents.get(parent))
            if direct and target is not None:  # a, b = prompt_llm(x), prompt_llm(y)
                return self.stored_fate(_target_keys([target]), parent, seen)
            direct = direct and _carries(node, parent)
            node = parent
        return _Fate("value")

    def statement_fate(self, node: ast.AST, stmt: ast.stmt, seen: set[tuple[int, str]]) -> _Fate:
        targets: list[ast.expr] = []
        if isinstance(stmt, ast.Assign) and node is stmt.value:
            targets = list(stmt.targets)
        elif isinstance(stmt, ast.AnnAssign | ast.AugAssign) and node is stmt.value:
            targets = [stmt.target]
        if isinstance(stmt, ast.For | ast.AsyncFor) and node is stmt.iter:
            targets = [stmt.target]
        return self.stored_fate(_target_keys(targets), stmt, seen)

    def stored_fate(self, keys: list[str], where: ast.AST, seen: set[tuple[int, str]]) -> _Fate:
        """The coroutine is stored under ``keys``: awaited when one load of them is."""
        if not keys:
            return _Fate("value")
        if len(seen) > _MAX_ALIASES:
            return _AWAITED  # give up on long alias chains rather than guess
        scope: ast.AST | None = self.enclosing_function(where)
        fates: list[_Fate] = []
        for key in keys:
            key_scope = self.enclosing_class(where) if key.startswith("self.") else scope
            marker = (id(key_scope), key)
            if marker in seen:
                continue
            seen.add(marker)
            for load in self.loads_in(key_scope or self.tree or where).get(key, []):
                fates.append(self.await_fate(load, seen))
        if any(f.kind == "awaited" for f in fates):
            return _AWAITED
        returned = [f for f in fates if f.kind == "async_return"]
        return returned[0] if returned else _Fate("stored", ", ".join(keys))

    def loads_in(self, scope: ast.AST) -> dict[str, list[ast.expr]]:
        """Every ``name`` / ``a.b`` read in ``scope`` (nested functions included), by
        dotted name."""
        index = self.load_index.get(scope)
        if index is None:
            index = {}
            for node in ast.walk(scope):
                if isinstance(node, ast.Name | ast.Attribute) and isinstance(node.ctx, ast.Load):
                    key = _dotted(node)
                    if key is not None:
                        index.setdefault(key, []).append(node)
            self.load_index[scope] = index
        return index

    def enclosing_function(self, node: ast.AST) -> ast.AST | None:
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, _FuncDef | ast.Lambda):
                return node
        return None

    def coroutine_names(self, call: ast.Call) -> str | None:
        """Name of the coroutine function ``call`` invokes, if it is a known one."""
        func = call.func
        if isinstance(func, ast.Name):
            if self.sdk_names.get(func.id) in _SERVICES or func.id in _SERVICES:
                return func.id
            value = self.module_async.get(func.id)
            return func.id if value else None
        if isinstance(func, ast.Attribute):
            if func.attr in _SERVICES and isinstance(func.value, ast.Name) and (
                func.value.id in self.sdk_modules
            ):
                return func.attr
            if isinstance(func.value, ast.Name) and func.value.id in ("self", "cls"):
                cls = self.enclosing_class(call)
                if cls is not None and func.attr in self.async_methods(cls):
                    return f"self.{func.attr}"
        return None

    def enclosing_class(self, node: ast.AST) -> ast.ClassDef | None:
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, ast.ClassDef):
                return node
        return None

    def returns_coroutine(self, func: ast.FunctionDef) -> bool:
        """A plain def whose ``return`` hands back a coroutine call (``return
        prompt_llm(p)``): calling it is like calling a coroutine function."""
        return any(
            isinstance(n, ast.Return)
            and isinstance(n.value, ast.Call)
            and self.coroutine_names(n.value) is not None
            for n in _own_nodes(func)
        )

    def async_methods(self, cls: ast.ClassDef) -> set[str]:
        """Methods of ``cls`` (and its in-file ancestors) whose call gives a coroutine."""
        if cls in self.coro_methods:
            return self.coro_methods[cls]
        methods = self.methods_of(cls)
        out = {
            name
            for name, node in methods.items()
            if isinstance(node, ast.AsyncFunctionDef) and not _is_generator(node)
        }
        self.coro_methods[cls] = out  # partial while the helpers below are resolved
        for _ in range(len(methods)):
            grown = {
                name
                for name, node in methods.items()
                if name not in out
                and isinstance(node, ast.FunctionDef)
                and self.returns_coroutine(node)
            }
            if not grown:
                break
            out |= grown
        return out

    def check_await(self, tree: ast.Module) -> None:
        self.module_async = {
            stmt.name: True
            for stmt in tree.body
            if isinstance(stmt, ast.AsyncFunctionDef) and not _is_generator(stmt)
        }
        helpers = [stmt for stmt in tree.body if isinstance(stmt, ast.FunctionDef)]
        for _ in range(len(helpers)):
            grown = [
                f for f in helpers if f.name not in self.module_async and self.returns_coroutine(f)
            ]
            if not grown:
                break
            self.module_async.update((f.name, True) for f in grown)
        self.coro_methods.clear()  # computed above against a partial module_async
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = self.coroutine_names(node)
            if name is None:
                continue
            fate = self.await_fate(node, set())
            if fate.kind == "awaited":
                continue
            message, fix = _await_message(name, fate)
            self.add(node.lineno, "MissingAwait", message, fix)

    def check_print(self, tree: ast.Module) -> None:
        for node in ast.walk(tree):
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
        for node in ast.walk(tree):
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
        for node in ast.walk(tree):
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


_ATTRIBUTE_FIX = {
    "source_type": 'source_type = "my_source"  # unique identifier of the source',
    "source_state_model": (
        "class MyState(BaseSourceState):\n    cursor: str | None = None\n\n"
        "source_state_model = MyState"
    ),
    "credential_fields": 'credential_fields = ["api_key"]',
    "name": 'name = "my_benchmark"',
    "target_labels": 'target_labels = ["Invoice"]',
    "metric_unit": 'metric_unit = "EUR"',
    "group_by": 'group_by = ["vendor"]',
    "configurable_parameters": (
        'configurable_parameters = [ConfigurableParameter("threshold", "float", 0.5, '
        '"Minimum confidence")]'
    ),
    "MATCH_RULES": (
        'MATCH_RULES = [MatchRule("orders", ["Invoice"], ["Purchase Order"], '
        '[MatchCondition("po_number", "po_number", "==")])]'
    ),
}
