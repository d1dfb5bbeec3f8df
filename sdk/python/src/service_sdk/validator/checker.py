"""The checker: the file's facts collected once, then every rule run over them."""

from __future__ import annotations

import ast

from .await_flow import AwaitFlow
from .classes import ClassChecks
from .file_rules import FileRules


class Checker(ClassChecks, AwaitFlow, FileRules):
    """Runs every rule over one source text; ``findings`` holds the result."""

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
        # One walk of the tree (breadth first, the order of ast.walk) gives every node and its
        # parent; the module-wide checks iterate this list (``walk_module``) instead of walking
        # again, which made validation of an 800-line plugin several times slower
        # (docs/performance.md).
        nodes: list[ast.AST] = [tree]
        i = 0
        while i < len(nodes):
            parent = nodes[i]
            i += 1
            for child in ast.iter_child_nodes(parent):
                self.parents[child] = parent
                nodes.append(child)
        self.nodes = nodes
        self.collect_module(tree)
        self.check_classes()
        self.check_await(tree)
        self.check_print(tree)
        if self.plugin_type == "benchmark":
            self.check_benchmark_io(tree)
        self.check_escapes(tree)

    def collect_module(self, tree: ast.Module) -> None:
        sdk_import = False
        for node in self.walk_module(tree):
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
