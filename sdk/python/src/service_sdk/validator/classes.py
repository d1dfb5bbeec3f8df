"""The plugin class: its base, methods, signatures, return types and event handlers."""

from __future__ import annotations

import ast

from ..contract import CONTRACTS, MethodContract, PluginContract
from .attributes import AttributeChecks
from .names import _FuncDef, _norm_annotation, _own_nodes, _show, _terminal_name


class ClassChecks(AttributeChecks):
    """The rules about the plugin class and its methods."""

    def check_classes(self) -> None:
        plugin_classes = [c for c in self.classes.values() if self.effective_bases(c)]
        parents = {p.name for c in plugin_classes for p in self.local_parents(c)}
        leaves = [c for c in plugin_classes if c.name not in parents]
        if not leaves:
            self.report_no_plugin_class()
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

    def report_no_plugin_class(self) -> None:
        """InvalidBaseClass for a file without a plugin class: on each class that looks like one
        (named like a plugin, defining plugin methods, or inheriting an import the validator
        cannot follow), else once for the file."""
        all_methods = {m.name for c in CONTRACTS.values() for m in c.methods} | {"execute"}
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
        """WrongSignature, MustBeAsync/MustBeSync, the return annotation and returned values."""
        self.check_signature(node, method, contract)
        self.check_return_annotation(node, method)
        self.check_returned_values(node, method)

    def check_signature(self, node: ast.FunctionDef | ast.AsyncFunctionDef, method: MethodContract,
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

    def check_return_annotation(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef, method: MethodContract
    ) -> None:
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

    def check_returned_values(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef, method: MethodContract
    ) -> None:
        own = list(_own_nodes(node))
        is_async = isinstance(node, ast.AsyncFunctionDef)
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
