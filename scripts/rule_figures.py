"""Figures of the extractor's rules for docs/architecture.md (issue 34): how much of the
extractor is regular expressions in Python code, and how much is rule data with examples.

Counted over ``plugins/service_builtins/extraction/*.py`` except ``matcher.py`` (the matcher
itself) with :mod:`ast`:

* **regex literals**: calls ``re.compile / search / match / fullmatch / finditer / findall /
  sub / split`` whose pattern is written in the code (a string, an f-string, or a ``+`` of
  them), and the source lines inside those calls;
* **pattern strings**: module-level string constants whose text is a regular expression
  fragment joined into a pattern elsewhere (a name ending in ``_RE`` or holding ``(?:``), such
  as ``_START_ANCHOR``;

and over ``plugins/service_builtins/extraction/rulebook/<language>/*.toml`` (the rule book,
:mod:`service_builtins.extraction.matcher`): rules, rules with examples, with
counterexamples, with decision references, per language.

Usage: ``.venv/bin/python scripts/rule_figures.py [--at REV] [--rule ID]`` (``--at``: count the
Python of a git revision instead of the worktree, e.g. ``--at main``; the rule book is read
from the worktree only; ``--rule``: print what the rule an evidence names is for — its file,
doc, decisions, examples and counterexamples — instead of the figures).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "plugins/service_builtins/extraction"
_RE_CALLS = {"compile", "search", "match", "fullmatch", "finditer", "findall", "sub", "split"}


def _written(node: ast.expr) -> bool:
    """Whether a pattern argument is written in the code (a literal, an f-string, a join)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _written(node.left) or _written(node.right)
    return False


def python_figures(sources: dict[str, str]) -> dict[str, Counter[str]]:
    """Per module: ``calls`` (regex calls with a written pattern), ``lines`` (source lines
    inside them) and ``strings`` (module-level pattern strings)."""
    out: dict[str, Counter[str]] = {}
    for name, source in sources.items():
        tree = ast.parse(source)
        figures: Counter[str] = Counter()
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"
                    and node.func.attr in _RE_CALLS and node.args and _written(node.args[0])):
                figures["calls"] += 1
                figures["lines"] += (node.end_lineno or node.lineno) - node.lineno + 1
        for stmt in tree.body:
            if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                    and isinstance(stmt.targets[0], ast.Name) and _written(stmt.value)):
                text = ast.unparse(stmt.value)
                if stmt.targets[0].id.endswith("_RE") or "(?:" in text:
                    figures["strings"] += 1
        out[name] = figures
    return out


def _sources(rev: str | None) -> dict[str, str]:
    if rev is None:
        return {p.name: p.read_text(encoding="utf-8") for p in sorted((ROOT / PACKAGE).glob("*.py"))
                if p.name != "matcher.py"}
    names = subprocess.run(["git", "ls-tree", "--name-only", f"{rev}:{PACKAGE}"], cwd=ROOT,
                           check=True, capture_output=True, text=True).stdout.split()
    return {n: subprocess.run(["git", "show", f"{rev}:{PACKAGE}/{n}"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout
            for n in names if n.endswith(".py") and n != "matcher.py"}


def _rulebook() -> dict[str, Any]:
    """The extractor's rule book (``service_builtins.extraction.matcher.rulebook()``), from the
    worktree's plugins/."""
    sys.path.insert(0, str(ROOT / "plugins"))
    matcher = importlib.import_module("service_builtins.extraction.matcher")
    book: dict[str, Any] = matcher.rulebook()
    return book


def rulebook_figures() -> dict[str, Counter[str]]:
    """Per language: ``rules``, ``examples`` (rules with examples), ``counterexamples``,
    ``decisions`` (rules that name the decisions they come from)."""
    out: dict[str, Counter[str]] = {}
    for rule in _rulebook().values():
        figures = out.setdefault(rule.language, Counter())
        figures["rules"] += 1
        figures["examples"] += bool(rule.examples)
        figures["counterexamples"] += bool(rule.counterexamples)
        figures["decisions"] += bool(rule.decisions)
    return out


def print_rule(rule_id: str) -> None:
    """Print the rule ``rule_id`` of the book; exit 1 naming the ids that start alike when
    there is none (an evidence's rule of a finder branch, ``parties.preamble``, is no rule of
    the book yet)."""
    book = _rulebook()
    rule = book.get(rule_id)
    if rule is None:
        near = sorted(i for i in book if i.split(".")[0] == rule_id.split(".")[0])
        sys.exit(f"no rule {rule_id!r} in the rule book; rules of that field: "
                 f"{', '.join(near) or 'none'}")
    print(f"{rule.id}  ({rule.language}, rulebook/{rule.source}, production {rule.production})")
    print(f"  {rule.doc}")
    if rule.decisions:
        print(f"  decisions: {', '.join(map(str, rule.decisions))} (docs/decisions.md)")
    for example in rule.examples:
        value = "" if example.value is None else f"  → {example.value!r}"
        print(f"  matches:     {example.text!r}{value}")
    for text in rule.counterexamples:
        print(f"  not matched: {text!r}")


def _bar(value: int, most: int, width: int = 20) -> str:
    return "█" * max(1 if value else 0, round(width * value / most)) if most else ""


def main() -> None:
    """Print the figures (module documentation)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--at", help="count the Python of this git revision")
    parser.add_argument("--rule", help="print the rule of this id (e.g. term.clause)")
    args = parser.parse_args()
    if args.rule:
        print_rule(args.rule)
        return
    python = python_figures(_sources(args.at))
    total = sum(python.values(), Counter())
    print(f"regex literals in Python outside the matcher ({args.at or 'worktree'}): "
          f"{total['calls']} calls, {total['lines']} lines inside them, "
          f"{total['strings']} pattern strings")
    most = max((f["calls"] for f in python.values()), default=0)
    for name, f in sorted(python.items(), key=lambda kv: -kv[1]["calls"]):
        if f["calls"] or f["strings"]:
            print(f"  {name:<20} {_bar(f['calls'], most):<20} {f['calls']:>4} calls "
                  f"{f['lines']:>4} lines {f['strings']:>3} strings")
    if args.at:
        return
    book = rulebook_figures()
    rules = sum(book.values(), Counter())
    print(f"rules in the rule book: {rules['rules']}; with examples {rules['examples']}, "
          f"with counterexamples {rules['counterexamples']}, naming their decisions "
          f"{rules['decisions']}")
    for language, f in sorted(book.items()):
        print(f"  {language:<4} {_bar(f['rules'], rules['rules']):<20} {f['rules']:>4} rules "
              f"{f['examples']:>4} with examples {f['counterexamples']:>4} with counterexamples")


if __name__ == "__main__":
    main()
