import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { documents } from '../../src/db/schema.js';
import type { PluginHost } from '../../src/engine/plugin-host.js';
import type { PluginCode } from '../../src/engine/plugin-host-options.js';
import { PluginError } from '../../src/engine/runtime-protocol.js';
import { stopAllSyncs, waitForSync } from '../../src/sources/sync.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../support/app.js';
import { finishedSync, type Json, until } from './support.js';

/** A source that yields a file at once, then awaits `pause` seconds (asyncio.sleep) before each next one. */
const PAUSING_SOURCE = `import asyncio
from collections.abc import AsyncIterator
from typing import Any

from service_sdk import (
    BaseSourceState,
    ConfigurableParameter,
    DocumentInput,
    DynamicCredential,
    SourcePlugin,
)


class PauseState(BaseSourceState):
    cursor: int = 0


class PausingFiles(SourcePlugin):
    source_type = "pausing_files"
    source_state_model = PauseState
    credential_fields = ["api_key"]
    configurable_parameters = [
        ConfigurableParameter("count", "int", 5, "How many files exist"),
        ConfigurableParameter("pause", "float", 30.0, "Seconds after each file"),
        ConfigurableParameter("tag", "str", "t", "Makes the content unique"),
    ]

    async def has_new_data(
        self, credentials: DynamicCredential, state: PauseState, configs: dict[str, Any]
    ) -> bool:
        return state.cursor < int(configs.get("count", 5))

    async def fetch(
        self, credentials: DynamicCredential, state: PauseState, configs: dict[str, Any]
    ) -> AsyncIterator[DocumentInput]:
        count = int(configs.get("count", 5))
        pause = float(configs.get("pause", 30.0))
        tag = str(configs.get("tag", "t"))
        while state.cursor < count:
            i = state.cursor
            state.cursor += 1
            yield DocumentInput(file_data=f"{tag}: file {i}\\n".encode(), filename=f"file-{i}.txt")
            await asyncio.sleep(pause)
`;

type CallArgs = Parameters<PluginHost['call']>;

describe('stopping a sync cancels the running plugin fetch (docs/sources.md)', () => {
  let app: TestApp;
  let owner: TestUser;
  let calls: MockInstance<PluginHost['call']>;

  const createSource = async (name: string, configs: Json) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/sources/custom',
      headers: owner.headers,
      payload: { name, source_type: 'pausing_files', credentials: { api_key: 'k' }, configs },
    });
    expect(res.statusCode, res.body).toBe(201);
    return String((res.json() as Json).id);
  };
  const documentCount = async (id: string) =>
    (await app.ctx.db.select().from(documents).where(eq(documents.sourceId, id))).length;
  /** Starts a sync and waits for its first document. */
  const syncUntilFirstDocument = async (id: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/sources/${id}/sync`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(202);
    await until(async () => (await documentCount(id)) > 0, 20_000, 'the first document');
  };
  /** How the plugin-host `fetch` call of the sync settled (index of the newest fetch call). */
  const fetchOutcome = async () => {
    const i = calls.mock.calls.findLastIndex((c) => c[2] === 'fetch');
    expect(i).toBeGreaterThanOrEqual(0);
    const call = calls.mock.calls[i] as CallArgs;
    const promise = calls.mock.results[i]?.value as Promise<unknown>;
    const error = await promise.then(
      () => undefined,
      (err: unknown) => err,
    );
    return { call, error };
  };

  beforeAll(async () => {
    // One runtime process per organization: a fetch left running would block the next call.
    ({ app } = await createTestApp({ SERVICE_PLUGIN_POOL_SIZE: '1' }));
    owner = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/plugins',
      headers: owner.headers,
      payload: { name: 'pausing', code: PAUSING_SOURCE },
    });
    expect(res.statusCode, res.body).toBe(201);
    calls = vi.spyOn(app.ctx.plugins, 'call');
  }, 60_000);
  afterAll(async () => {
    calls.mockRestore();
    await app.close();
  });

  it('DELETE during a fetch cancels it at once: the sync ends promptly and creates nothing more', async () => {
    const id = await createSource('Deleted mid-fetch', { count: 5, pause: 30, tag: 'deleted' });
    await syncUntilFirstDocument(id);
    const started = Date.now();
    const del = await app.inject({ method: 'DELETE', url: `/api/v1/sources/${id}`, headers: owner.headers });
    expect(del.statusCode, del.body).toBe(204);
    await waitForSync(app.ctx, id);
    expect(Date.now() - started).toBeLessThan(3000);

    const { call, error } = await fetchOutcome();
    expect(error).toBeInstanceOf(PluginError);
    expect((error as PluginError).errorType).toBe('Cancelled');

    // The organization's only runtime process is free again: the plugin no longer runs there.
    const [key, code, , args] = call;
    const quick = Date.now();
    expect(await app.ctx.plugins.call(key, code as PluginCode, 'has_new_data', args)).toBe(true);
    expect(Date.now() - quick).toBeLessThan(3000);

    await new Promise((r) => setTimeout(r, 500));
    expect(await documentCount(id)).toBe(1);
  });

  it('stopping the syncs of the process (shutdown) cancels the fetch and records the sync ABORTED', async () => {
    const id = await createSource('Stopped mid-fetch', { count: 5, pause: 30, tag: 'stopped' });
    await syncUntilFirstDocument(id);
    const started = Date.now();
    await stopAllSyncs(app.ctx);
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await fetchOutcome()).error).toMatchObject({ errorType: 'Cancelled' });
    expect(await finishedSync(app, owner.headers, id, 5000)).toMatchObject({
      status: 'ABORTED',
      error: 'stopped',
      documents_created: 1,
    });
    const conn = await app.inject({ method: 'GET', url: `/api/v1/sources/${id}`, headers: owner.headers });
    expect(conn.json()).toMatchObject({ status: 'ACTIVE' });
    expect(await documentCount(id)).toBe(1);
  });
});
