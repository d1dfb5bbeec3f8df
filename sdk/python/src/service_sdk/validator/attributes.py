"""InvalidClassAttribute and MissingClassAttribute: the class attributes a plugin type needs."""

from __future__ import annotations

import ast

from ..contract import MATCH_TYPES, PARAMETER_TYPES, PluginContract
from .names import _dotted, _terminal_name
from .state import CheckerState


class AttributeChecks(CheckerState):
    """The class-attribute rules."""

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
