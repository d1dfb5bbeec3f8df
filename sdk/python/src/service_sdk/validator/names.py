"""Shared vocabulary of the checks: module and call names they look for, and how
annotations and function bodies are read."""

from __future__ import annotations

import ast
from collections.abc import Iterator

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
