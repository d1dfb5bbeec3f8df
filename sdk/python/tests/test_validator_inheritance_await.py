"""MissingAwait data flow, in-file inheritance and UnresolvableBaseClass (docs/plugins.md)."""

from __future__ import annotations

import textwrap

import pytest

from service_sdk.validator import Finding, analyze_source, validate_source

HEADER = """\
import asyncio
from typing import Any

from service_sdk import ClassificationPlugin, Document, get_prompt, prompt_llm
"""

SIGNATURE = (
    "async def classify(self, document: Document, file_data: bytes | None, "
    "mime_type: str | None, available_labels: list[str], current_path: list[str], "
    "configs: dict[str, Any]) -> str | None:"
)


def classifier(body: str, *, before: str = "", members: str = "") -> str:
    """A classification plugin whose classify runs ``body`` then returns None."""
    return (
        HEADER
        + textwrap.dedent(before)
        + "\n\nclass C(ClassificationPlugin):\n"
        + textwrap.indent(textwrap.dedent(members), "    ")
        + f"    {SIGNATURE}\n"
        + textwrap.indent(textwrap.dedent(body), "        ")
        + "        return None\n"
    )


def pairs(findings: list[Finding]) -> list[tuple[int | None, str]]:
    return [(f.line, f.error_type) for f in findings]


def awaits(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.error_type == "MissingAwait"]


# -- MissingAwait: awaited ---------------------------------------------------------------

AWAITED = {
    "stored then awaited": "task = prompt_llm('p')\nresult = await task\n",
    "stored, awaited after other work": (
        "task = prompt_llm('p')\ntemplate = await get_prompt('x')\nresult = await task\n"
    ),
    "gather of calls": "a, b = await asyncio.gather(prompt_llm('a'), prompt_llm('b'))\n",
    "create_task": "t = asyncio.create_task(get_prompt('x'))\nawait t\n",
    "wait_for": "r = await asyncio.wait_for(prompt_llm('p'), 5)\n",
    "stored then wait_for": "t = prompt_llm('p')\nr = await asyncio.wait_for(t, 5)\n",
    "stored then gathered": (
        "t1 = prompt_llm('a')\nt2 = get_prompt('b')\nr = await asyncio.gather(t1, t2)\n"
    ),
    "list comprehension gathered": (
        "tasks = [prompt_llm(p) for p in available_labels]\nr = await asyncio.gather(*tasks)\n"
    ),
    "append then gathered": (
        "tasks = []\nfor p in available_labels:\n    tasks.append(prompt_llm(p))\n"
        "r = await asyncio.gather(*tasks)\n"
    ),
    "augmented assignment": "tasks = []\ntasks += [prompt_llm('a')]\nawait asyncio.wait(tasks)\n",
    "loop awaits each": "tasks = [prompt_llm(p) for p in 'ab']\nfor t in tasks:\n    r = await t\n",
    "zip loop awaits each": (
        "tasks = [prompt_llm(p) for p in available_labels]\n"
        "for label, t in zip(available_labels, tasks, strict=True):\n    r = await t\n"
    ),
    "dict values gathered": (
        "jobs = {l: prompt_llm(l) for l in available_labels}\n"
        "r = await asyncio.gather(*jobs.values())\n"
    ),
    "subscript store": "jobs = {}\njobs['a'] = prompt_llm('a')\nr = await jobs['a']\n",
    "tuple unpacking": "a, b = prompt_llm('a'), get_prompt('b')\nr = await a\ns = await b\n",
    "conditional expression": (
        "t = prompt_llm('a') if available_labels else get_prompt('b')\nr = await t\n"
    ),
    "walrus": "if (t := prompt_llm('a')) is not None:\n    r = await t\n",
    "rebinding the awaited value": "answer = prompt_llm('a')\nanswer = await answer\n",
    "task group": (
        "async with asyncio.TaskGroup() as tg:\n    t = tg.create_task(prompt_llm('a'))\n"
    ),
    "awaited in a closure": (
        "t = prompt_llm('a')\nasync def inner() -> Any:\n    return await t\nr = await inner()\n"
    ),
    "as_completed": (
        "tasks = [prompt_llm(p) for p in 'ab']\n"
        "for fut in asyncio.as_completed(tasks):\n    r = await fut\n"
    ),
}


@pytest.mark.parametrize("body", AWAITED.values(), ids=AWAITED.keys())
def test_awaited_coroutines_are_not_reported(body: str) -> None:
    assert pairs(validate_source(classifier(body))) == []


def test_attribute_awaited_in_another_method_is_awaited() -> None:
    source = classifier(
        "self._pending = prompt_llm('a')\n",
        members="async def later(self) -> Any:\n    return await self._pending\n\n",
    )
    assert pairs(validate_source(source)) == []


def test_plain_def_helper_returning_the_coroutine_is_awaited_by_its_caller() -> None:
    source = classifier(
        "r = await ask('t')\ns = await self._ask('u')\n",
        before="def ask(t: str) -> Any:\n    return prompt_llm(t)\n",
        members="def _ask(self, t: str) -> Any:\n    return ask(t)\n\n",
    )
    assert pairs(validate_source(source)) == []


# -- MissingAwait: still reported --------------------------------------------------------

# The classify body starts on line 9 of the generated source (12 with the _ask member).
FLAGGED = {
    "bare call": ("prompt_llm('p')\n", 9, "discarded"),
    "bare self method": (
        "self._ask('p')\n", 12, "discarded",
    ),
    "stored, never awaited": ("x = prompt_llm('p')\ny = str(x)\n", 9, "stored in x"),
    "stored, returned converted": ("x = get_prompt('p')\nreturn str(x)\n", 9, "stored in x"),
    "stored, returned from async def": ("x = prompt_llm('p')\nreturn x\n", 9, "async def"),
    "returned from async def": ("return prompt_llm('p')\n", 9, "async def"),
    "one of two unpacked": (
        "a, b = prompt_llm('a'), prompt_llm('b')\nr = await a\n", 9, "stored in b",
    ),
    "appended, never gathered": (
        "tasks = []\ntasks.append(prompt_llm('a'))\nn = len(tasks)\n", 10, "stored in tasks",
    ),
    "converted before storing": ("x = str(prompt_llm('p'))\nawait x\n", 9, "coroutine function"),
    "used as condition": ("if prompt_llm('p'):\n    pass\n", 9, "coroutine function"),
    "argument of a plain call": ("len(prompt_llm('p'))\n", 9, "coroutine function"),
    "lambda converting it": ("f = lambda: str(prompt_llm('p'))\n", 9, "coroutine function"),
}


@pytest.mark.parametrize(("body", "line", "fragment"), FLAGGED.values(), ids=FLAGGED.keys())
def test_unawaited_coroutines_are_reported(body: str, line: int, fragment: str) -> None:
    members = "async def _ask(self, t: str) -> Any:\n    return await prompt_llm(t)\n\n"
    source = classifier(body, members=members if "_ask" in body else "")
    found = awaits(validate_source(source))
    assert [f.line for f in found] == [line], source
    assert fragment in found[0].message
    assert found[0].fix_suggestion
    assert found[0].documentation == "docs/plugins.md#missingawait"


def test_async_helper_returning_a_coroutine_is_reported_even_when_awaited() -> None:
    source = classifier(
        "r = await ask('t')\n",
        before="async def ask(t: str) -> Any:\n    return prompt_llm(t)\n",
    )
    (finding,) = awaits(validate_source(source))
    assert finding.line == 6
    assert "ask is an async def that returns prompt_llm(...) without await" in finding.message
    assert finding.fix_suggestion.startswith("return await prompt_llm(...)")


def test_plain_def_helpers_make_their_calls_coroutine_calls() -> None:
    source = classifier(
        "ask2('t')\nself._ask('u')\nv = await ask2('w')\n",
        before="def ask(t: str) -> Any:\n    return prompt_llm(t)\n\n"
        "def ask2(t: str) -> Any:\n    return ask(t)\n",
        members="def _ask(self, t: str) -> Any:\n    return prompt_llm(t)\n\n",
    )
    found = awaits(validate_source(source))
    assert [f.message.split("(")[0] for f in found] == ["ask2", "self._ask"]


def test_module_level_coroutine_is_reported() -> None:
    source = HEADER + "X = prompt_llm('a')\n" + classifier("")[len(HEADER):]
    assert [(f.line, "stored in X" in f.message) for f in awaits(validate_source(source))] == [
        (5, True)
    ]


def test_long_alias_chains_do_not_crash() -> None:
    chain = "".join(f"a{i + 1} = a{i}\n" for i in range(2000))
    # past _MAX_ALIASES names the validator gives up (no finding) instead of recursing
    source = classifier("a0 = prompt_llm('p')\n" + chain + "await a2000\n")
    assert awaits(validate_source(source)) == []
    assert awaits(validate_source(source.replace("await a2000", "str(a2000)"))) == []
    source = classifier("a0 = prompt_llm('p')\n" + chain[:300] + "str(a30)\n")
    assert [f.line for f in awaits(validate_source(source))] == [9]


# -- in-file inheritance ------------------------------------------------------------------

PLUGIN_METHOD = textwrap.indent(f"{SIGNATURE}\n    return None\n", "    ")


def test_methods_and_base_through_a_chain_of_in_file_classes() -> None:
    source = (
        HEADER
        + "\n\nclass Mixin:\n" + PLUGIN_METHOD
        + "\n\nclass Base(ClassificationPlugin):\n    pass\n"
        + "\n\nclass Middle(Base):\n    pass\n"
        + "\n\nclass Mine(Mixin, Middle):\n    pass\n"
    )
    analysis = analyze_source(source)
    assert analysis.findings == []
    assert (analysis.plugin_type, analysis.class_name) == ("classification", "Mine")


def test_in_file_chain_without_the_method_is_still_missing_method() -> None:
    source = (
        HEADER
        + "\n\nclass Base(ClassificationPlugin):\n    threshold = 1\n"
        + "\n\nclass Mine(Base):\n    pass\n"
    )
    assert pairs(validate_source(source)) == [(11, "MissingMethod")]


def test_inherited_in_file_method_is_checked_on_its_own_line() -> None:
    source = (
        HEADER
        + "\n\nclass Base(ClassificationPlugin):\n    def classify(self, document):\n"
        + "        return None\n"
        + "\n\nclass Mine(Base):\n    pass\n"
    )
    assert sorted(pairs(validate_source(source))) == [
        (8, "MissingReturnAnnotation"), (8, "MustBeAsync"), (8, "WrongSignature")
    ]


# -- imported bases ------------------------------------------------------------------------

IMPORTED = {
    "from import": ("from helpers import Mixin\n", "Mixin", "Mixin (imported from helpers)"),
    "module attribute": (
        "import helpers\n", "helpers.Mixin", "helpers.Mixin (imported from helpers)"
    ),
    "relative import": ("from .shared import Mixin\n", "Mixin", "Mixin (imported from .shared)"),
    "aliased package": (
        "import shared.helpers as sh\n", "sh.Mixin", "sh.Mixin (imported from shared.helpers)"
    ),
    "generic mixin": ("from helpers import Mixin\n", "Mixin[Any]", "Mixin (imported from helpers)"),
}


@pytest.mark.parametrize(("imports", "base", "named"), IMPORTED.values(), ids=IMPORTED.keys())
def test_missing_members_with_an_imported_base_are_unresolvable(
    imports: str, base: str, named: str
) -> None:
    source = HEADER + imports + f"\n\nclass Mine({base}, ClassificationPlugin):\n    x = 1\n"
    (finding,) = validate_source(source)
    assert finding.error_type == "UnresolvableBaseClass"
    assert finding.line == source.splitlines().index(
        f"class Mine({base}, ClassificationPlugin):"
    ) + 1
    assert "does not define classify() in this file" in finding.message
    assert named in finding.message
    assert "inherit directly from ClassificationPlugin" in finding.fix_suggestion
    assert finding.documentation == "docs/plugins.md#unresolvablebaseclass"
    assert set(finding.to_dict()) == {
        "line", "error_type", "message", "fix_suggestion", "documentation"
    }


def test_unresolvable_lists_methods_and_attributes_once() -> None:
    source = (
        "from service_sdk import SourcePlugin\nfrom helpers import ApiBase\n\n\n"
        "class Mine(ApiBase, SourcePlugin):\n    pass\n"
    )
    (finding,) = validate_source(source)
    assert (finding.line, finding.error_type) == (5, "UnresolvableBaseClass")
    for member in ("fetch()", "has_new_data()", "source_type", "source_state_model"):
        assert member in finding.message


def test_imported_base_through_an_in_file_helper() -> None:
    source = (
        HEADER + "from helpers import Mixin\n"
        "\n\nclass Local(Mixin):\n    pass\n"
        "\n\nclass Mine(Local, ClassificationPlugin):\n    pass\n"
    )
    assert pairs(validate_source(source)) == [(12, "UnresolvableBaseClass")]


def test_imported_mixin_is_fine_when_everything_is_defined_in_the_file() -> None:
    source = HEADER + "from helpers import Mixin\n\n\nclass Mine(Mixin, ClassificationPlugin):\n"
    assert validate_source(source + PLUGIN_METHOD) == []


@pytest.mark.parametrize(
    ("imports", "base"),
    [
        ("from abc import ABC\n", "ABC"),
        ("import abc\n", "abc.ABC"),
        ("from typing import Generic, TypeVar\nT = TypeVar('T')\n", "Generic[T]"),
        ("from service_sdk import logger\n", "object"),
    ],
)
def test_standard_library_and_builtin_bases_do_not_hide_missing_methods(
    imports: str, base: str
) -> None:
    source = HEADER + imports + f"\n\nclass Mine({base}, ClassificationPlugin):\n    x = 1\n"
    assert [f.error_type for f in validate_source(source)] == ["MissingMethod"]


def test_imported_base_without_a_plugin_class_names_the_import() -> None:
    source = (
        "from helpers import Base\n\nfrom service_sdk import Document\n\n\n"
        "class Tagger(Base):\n    pass\n"
    )
    (finding,) = validate_source(source)
    assert (finding.line, finding.error_type) == (6, "InvalidBaseClass")
    assert "Base (imported from helpers)" in finding.message
    assert "cannot follow that import" in finding.message
