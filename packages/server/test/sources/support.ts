import type { TestApp } from '../support/app.js';

/** A SourcePlugin for tests: `count` text files, optional failure before index `fail_at`, `delay` s per file. */
export const TEST_SOURCE = `"""Test source: numbered text files, a configurable failure and delay."""

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from service_sdk import (
    BaseSourceState,
    ConfigurableParameter,
    DocumentInput,
    DynamicCredential,
    SourcePlugin,
    logger,
)


class FilesState(BaseSourceState):
    cursor: int = 0


class NumberedFiles(SourcePlugin):
    source_type = "numbered_files"
    source_state_model = FilesState
    credential_fields = ["api_key"]
    configurable_parameters = [
        ConfigurableParameter("count", "int", 5, "How many files exist"),
        ConfigurableParameter("fail_at", "int", -1, "Raise before yielding this index"),
        ConfigurableParameter("delay", "float", 0.0, "Seconds before each file"),
        ConfigurableParameter("tag", "str", "t", "Makes the content unique"),
    ]

    async def has_new_data(
        self, credentials: DynamicCredential, state: FilesState, configs: dict[str, Any]
    ) -> bool:
        return state.cursor < int(configs.get("count", 5))

    async def fetch(
        self, credentials: DynamicCredential, state: FilesState, configs: dict[str, Any]
    ) -> AsyncIterator[DocumentInput]:
        if credentials.api_key != "k-123":
            raise PermissionError("the API refused the key")
        count = int(configs.get("count", 5))
        fail_at = int(configs.get("fail_at", -1))
        delay = float(configs.get("delay", 0.0))
        tag = str(configs.get("tag", "t"))
        while state.cursor < count:
            i = state.cursor
            if i == fail_at:
                raise RuntimeError(f"the API failed at file {i}")
            if delay:
                await asyncio.sleep(delay)
            state.cursor += 1
            logger.info(f"file {i}")
            yield DocumentInput(
                file_data=f"{tag}: numbered file {i}\\n".encode(),
                filename=f"file-{i}.txt",
                metadata={"folder": f"/dir{i % 2}", "index": i},
            )
`;

export type Json = Record<string, unknown>;

/** Polls `fn` until it returns a truthy value (or throws after `ms`). */
export async function until<T>(
  fn: () => Promise<T | undefined | null | false>,
  ms = 20_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the newest sync of a source is no longer RUNNING and returns it. */
export async function finishedSync(
  app: TestApp,
  headers: Record<string, string>,
  sourceId: string,
  ms = 30_000,
) {
  return until(
    async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/sources/${sourceId}/activity?size=1`,
        headers,
      });
      const first = (res.json() as { content: Json[] }).content[0];
      return first && first.status !== 'RUNNING' ? first : undefined;
    },
    ms,
    'the sync to finish',
  );
}

/** Registers TEST_SOURCE as the organization's SourcePlugin `numbered` (source_type `numbered_files`). */
export async function registerTestSource(app: TestApp, headers: Record<string, string>): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/plugins',
    headers,
    payload: { name: 'numbered', code: TEST_SOURCE },
  });
  if (res.statusCode !== 201) throw new Error(`registering the test source → ${res.statusCode}: ${res.body}`);
}
