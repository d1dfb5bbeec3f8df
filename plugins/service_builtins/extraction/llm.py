"""The optional LLM step: ask the organization's LLM for the requested fields the rules did
not find, check its answers against the field's dtype and locate them in the text."""

from __future__ import annotations

from typing import Any

from service_sdk import Document, OntologyField, format_fields_for_prompt, logger, prompt_llm

from .durations import ISO_UNIT
from .matcher import pattern

#: Characters of the document sent to the LLM.
LLM_CHARS = 12000

#: the shape of a date the LLM answers, YYYY-MM-DD
_ISO_DATE = pattern("shared.iso_date")
_JSON_TYPES: dict[str, dict[str, Any]] = {
    "string": {"type": ["string", "null"]},
    "number": {"type": ["number", "null"]},
    "integer": {"type": ["integer", "null"]},
    "boolean": {"type": ["boolean", "null"]},
    "date": {"type": ["string", "null"], "description": "ISO date YYYY-MM-DD"},
    "list[string]": {"type": ["array", "null"], "items": {"type": "string"}},
    "money": {
        "type": ["object", "null"],
        "properties": {"amount": {"type": "number"}, "currency": {"type": "string"}},
        "required": ["amount", "currency"],
    },
    "duration": {
        "type": ["object", "null"],
        "properties": {
            "value": {"type": "number"},
            "unit": {"enum": ["day", "week", "month", "year"]},
        },
        "required": ["value", "unit"],
    },
}


async def ask_llm(document: Document, fields: list[OntologyField]) -> dict[str, Any]:
    """The LLM's answer ``{field name: value}`` for ``fields`` (JSON schema by dtype);
    ``{}`` when no provider is configured (``prompt_llm`` raises ``RuntimeError``)."""
    schema = {
        "type": "object",
        "properties": {
            f.name: _JSON_TYPES.get(f.dtype, {"type": ["string", "null"]}) for f in fields
        },
        "required": [f.name for f in fields],
    }
    prompt = (
        "Extract these fields from the contract below. Use null when a field is not "
        "stated. Dates as YYYY-MM-DD.\n" + format_fields_for_prompt(fields)
        + f"\n\nContract text:\n{document.text[:LLM_CHARS]}"
    )
    try:
        answer = await prompt_llm(prompt, schema=schema)
    except RuntimeError as exc:
        logger.info("LLM unavailable; missing fields stay empty: %s", exc)
        return {}
    return answer if isinstance(answer, dict) else {}


def llm_value(value: Any, dtype: str) -> Any:
    """The LLM's ``value`` as stored (a duration gains its ``iso``), or ``None`` when it
    does not have the field's ``dtype``."""
    if value is None:
        return None
    if dtype == "date":
        ok = isinstance(value, str) and _ISO_DATE.fullmatch(value) is not None
    elif dtype == "duration":
        if not (isinstance(value, dict) and isinstance(value.get("value"), int | float)
                and value.get("unit") in ISO_UNIT):
            return None
        return {**value, "iso": f"P{value['value']}{ISO_UNIT[value['unit']]}"}
    elif dtype == "money":
        ok = isinstance(value, dict) and isinstance(value.get("amount"), int | float)
    elif dtype == "list[string]":
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
    else:
        ok = isinstance(value, str | int | float | bool)
    return value if ok else None


def locate(text: str, value: Any) -> dict[str, Any] | None:
    """Evidence for an LLM value: its first case-insensitive occurrence in ``text``."""
    needle = value if isinstance(value, str) else None
    if isinstance(value, list) and value and isinstance(value[0], str):
        needle = value[0]
    if not needle or len(needle) < 3:
        return None
    index = text.lower().find(needle.lower())
    if index < 0:
        return None
    return {"start": index, "end": index + len(needle), "text": text[index:index + len(needle)]}
