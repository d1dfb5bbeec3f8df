"""MissingAwait: where does the coroutine a call creates go?

``await_fate`` follows the value up the syntax tree to its statement and answers with one
of the :class:`_Fate` verdicts; a coroutine stored in a name (or attribute, or container held
in one) is followed to every load of that name in the same function (``self.x``: the same
class)."""

from __future__ import annotations

import ast
from typing import NamedTuple

from .names import (
    _AWAIT_WRAPPERS,
    _MAX_ALIASES,
    _SERVICES,
    _STORE_METHODS,
    _dotted,
    _FuncDef,
    _is_generator,
    _own_nodes,
    _terminal_name,
)
from .state import CheckerState


class _Fate(NamedTuple):
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


class AwaitFlow(CheckerState):
    """The MissingAwait rule."""

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
            for node in self.walk_module(scope):
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
        calls = self.returned_calls.get(func)
        if calls is None:
            # Asked again for each round of check_await's fixed point: walk the body once.
            calls = [
                n.value
                for n in _own_nodes(func)
                if isinstance(n, ast.Return) and isinstance(n.value, ast.Call)
            ]
            self.returned_calls[func] = calls
        return any(self.coroutine_names(c) is not None for c in calls)

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
        for node in self.walk_module(tree):
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
