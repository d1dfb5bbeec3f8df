"""Coroutines handed to asyncio.gather / create_task / wait_for are awaited."""

import asyncio
from typing import Any

from service_sdk import (
    Document,
    ExtractionPlugin,
    ExtractionResult,
    OntologyField,
    get_prompt,
    prompt_llm,
)


class ParallelExtractor(ExtractionPlugin):
    async def extract(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        fields: list[OntologyField],
        configs: dict[str, Any],
    ) -> ExtractionResult:
        template = asyncio.create_task(get_prompt("extract"))
        summary, language = await asyncio.gather(
            prompt_llm(f"Summarize: {document.text}"),
            prompt_llm(f"Language of: {document.text}"),
        )
        title = await asyncio.wait_for(prompt_llm(f"Title of: {document.text}"), 5)
        jobs = {f.name: prompt_llm(f"{await template}\n{f.name}: {document.text}") for f in fields}
        answers = await asyncio.gather(*jobs.values())
        data: dict[str, Any] = dict(zip(jobs, answers, strict=True))
        data.update(summary=summary, language=language, title=title)
        return ExtractionResult(data=data, llm_fields=list(data))
