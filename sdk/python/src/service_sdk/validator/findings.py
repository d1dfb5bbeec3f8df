"""What the validator reports: its rules, and the finding and analysis shapes."""

from __future__ import annotations

from typing import Any, NamedTuple

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


# The validator's shapes are NamedTuples, not dataclasses: importing dataclasses (and its
# inspect) was a tenth of `service validate`'s start-up (docs/performance.md, decision 240).
class Finding(NamedTuple):
    """One failed rule (spec section 7, entry of ``error.errors``); immutable.

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


class Analysis(NamedTuple):
    """Result of :func:`analyze_source`.

    Attributes:
        findings: sorted findings (empty when the plugin is valid).
        plugin_type: ``source``, ``classification``, ``extraction``, ``benchmark`` or
            ``None`` when no single plugin class was found.
        class_name: name of the plugin class, or ``None``.
    """

    findings: list[Finding]
    plugin_type: str | None = None
    class_name: str | None = None
