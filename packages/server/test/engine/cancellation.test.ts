import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PluginHost } from '../../src/engine/plugin-host.js';
import { RuntimeProcess } from '../../src/engine/runtime-client.js';
import { PluginError } from '../../src/engine/runtime-protocol.js';
import { classifyArgs, eventually, limits, processGone, python, STEERED } from './fixtures.js';

/** A source whose `fetch` yields a file, then awaits `pause` seconds (asyncio.sleep) before the next. */
const TICKER = `import asyncio
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


class TickState(BaseSourceState):
    cursor: int = 0


class Ticker(SourcePlugin):
    source_type = "ticker"
    source_state_model = TickState
    credential_fields = ["token"]
    configurable_parameters = [
        ConfigurableParameter("pause", "float", 30.0, "Seconds between files"),
        ConfigurableParameter("count", "int", 100, "How many files"),
    ]

    async def has_new_data(
        self, credentials: DynamicCredential, state: TickState, configs: dict[str, Any]
    ) -> bool:
        return state.cursor < int(configs.get("count", 100))

    async def fetch(
        self, credentials: DynamicCredential, state: TickState, configs: dict[str, Any]
    ) -> AsyncIterator[DocumentInput]:
        pause = float(configs.get("pause", 30.0))
        count = int(configs.get("count", 100))
        while state.cursor < count:
            state.cursor += 1
            logger.info("tick %d", state.cursor)
            yield DocumentInput(file_data=f"tick {state.cursor}".encode(), filename=f"tick-{state.cursor}.txt")
            await asyncio.sleep(pause)
`;

const fetchArgs = (pause = 30, count = 100) => ({
  credentials: { token: 't' },
  state: { cursor: 0 },
  configs: { pause, count },
});

/** The PluginError a promise rejects with, and how long it took. */
async function failure(p: Promise<unknown>): Promise<{ err: PluginError; ms: number }> {
  const started = Date.now();
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(PluginError);
    return { err: err as PluginError, ms: Date.now() - started };
  }
  throw new Error('expected the call to fail');
}

/** Resolves once `n` items have arrived through the returned onItem handler. */
function itemCounter(n: number) {
  const items: unknown[] = [];
  let reached: () => void = () => undefined;
  const enough = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const onItem = (value: unknown) => {
    items.push(value);
    if (items.length >= n) reached();
  };
  return { items, onItem, enough };
}

describe('RuntimeProcess cancellation (AbortSignal → cancel {id, call_id})', () => {
  let proc: RuntimeProcess;

  beforeAll(async () => {
    proc = new RuntimeProcess(python, limits);
    await proc.send({ type: 'load', plugin_id: 'ticker', source: TICKER });
    await proc.send({ type: 'load', plugin_id: 'steered', source: STEERED });
  });
  afterAll(async () => {
    await proc.close();
  });

  it('cancels a fetch that sleeps between yields; the process serves the next call', async () => {
    const controller = new AbortController();
    const { items, onItem, enough } = itemCounter(2);
    const call = proc.send(
      { type: 'call', plugin_id: 'ticker', method: 'fetch', args: fetchArgs(0.2) },
      { onItem, signal: controller.signal },
    );
    await enough;
    controller.abort();
    const { err, ms } = await failure(call);
    expect(err.errorType).toBe('Cancelled');
    expect(ms).toBeLessThan(3000);
    const seen = items.length;
    await new Promise((r) => setTimeout(r, 500));
    expect(items.length).toBe(seen);
    // Same process, still alive and usable.
    expect(proc.alive).toBe(true);
    expect(await proc.send({ type: 'ping' })).toBe('pong');
    const done = await proc.send({
      type: 'call',
      plugin_id: 'ticker',
      method: 'fetch',
      args: fetchArgs(0, 2),
    });
    expect(done).toMatchObject({ count: 2 });
  });

  it('cancels a long asyncio.sleep at once', async () => {
    const controller = new AbortController();
    const call = proc.send(
      { type: 'call', plugin_id: 'steered', method: 'classify', args: classifyArgs('sleep 60') },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 200);
    const { err, ms } = await failure(call);
    expect(err.errorType).toBe('Cancelled');
    expect(ms).toBeLessThan(3000);
    expect(
      await proc.send({ type: 'call', plugin_id: 'steered', method: 'classify', args: classifyArgs('x') }),
    ).toBe('Contracts');
  });

  it('rejects an already-aborted signal at once without sending the message', async () => {
    const callsBefore = proc.calls;
    const { err, ms } = await failure(
      proc.send(
        { type: 'call', plugin_id: 'steered', method: 'classify', args: classifyArgs('x') },
        { signal: AbortSignal.abort() },
      ),
    );
    expect(err.errorType).toBe('Cancelled');
    expect(ms).toBeLessThan(100);
    expect(proc.calls).toBe(callsBefore);
  });

  it('does not disturb a call that finished before the abort', async () => {
    const controller = new AbortController();
    const value = await proc.send(
      { type: 'call', plugin_id: 'steered', method: 'classify', args: classifyArgs('x') },
      { signal: controller.signal },
    );
    expect(value).toBe('Contracts');
    controller.abort();
    expect(await proc.send({ type: 'ping' })).toBe('pong');
  });

  it('kills the process group when the runtime cannot answer the cancel (busy loop) within ~2 s', async () => {
    const spinner = new RuntimeProcess(python, limits);
    try {
      const pid = spinner.pid as number;
      await spinner.send({ type: 'load', plugin_id: 's', source: STEERED });
      const controller = new AbortController();
      const call = spinner.send(
        { type: 'call', plugin_id: 's', method: 'classify', args: classifyArgs('spin') },
        { signal: controller.signal },
      );
      await new Promise((r) => setTimeout(r, 300));
      controller.abort();
      const { err, ms } = await failure(call);
      expect(err.errorType).toBe('Cancelled');
      expect(err.message).toMatch(/did not stop it/);
      expect(ms).toBeGreaterThanOrEqual(1900);
      expect(ms).toBeLessThan(3000);
      expect(await eventually(() => processGone(pid))).toBe(true);
      expect(spinner.alive).toBe(false);
    } finally {
      spinner.kill();
    }
  });
});

describe('PluginHost.call with a signal', () => {
  const hosts: PluginHost[] = [];
  const host = () => {
    const h = new PluginHost({ python, limits, poolSize: 1, recycleAfter: 1000, log: () => undefined });
    hosts.push(h);
    return h;
  };
  const ticker = { id: 'ticker@1', source: TICKER };
  const steered = { id: 'steered@1', source: STEERED };
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((h) => h.close()));
  });

  it('cancels a running fetch and serves the next call from the same process', async () => {
    const h = host();
    const before = Number(await h.call('org-a', steered, 'classify', classifyArgs('pid')));
    const controller = new AbortController();
    const { items, onItem, enough } = itemCounter(1);
    const call = h.call('org-a', ticker, 'fetch', fetchArgs(30), { onItem, signal: controller.signal });
    await enough;
    controller.abort();
    const { err, ms } = await failure(call);
    expect(err.errorType).toBe('Cancelled');
    expect(ms).toBeLessThan(3000);
    expect(items).toHaveLength(1);
    const started = Date.now();
    expect(Number(await h.call('org-a', steered, 'classify', classifyArgs('pid')))).toBe(before);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives up waiting for a busy pool when aborted, and rejects an aborted signal before acquiring', async () => {
    const h = host();
    const first = new AbortController();
    const running = h.call('org-a', steered, 'classify', classifyArgs('sleep 60'), { signal: first.signal });
    await new Promise((r) => setTimeout(r, 300));
    const second = new AbortController();
    const queued = h.call('org-a', steered, 'classify', classifyArgs('x'), { signal: second.signal });
    setTimeout(() => second.abort(), 100);
    const q = await failure(queued);
    expect(q.err.errorType).toBe('Cancelled');
    expect(q.err.message).toMatch(/waiting for a runtime process/);
    expect(q.ms).toBeLessThan(1000);

    const pre = await failure(
      h.call('org-a', steered, 'classify', classifyArgs('x'), { signal: AbortSignal.abort() }),
    );
    expect(pre.err.errorType).toBe('Cancelled');
    expect(pre.ms).toBeLessThan(100);

    first.abort();
    expect((await failure(running)).err.errorType).toBe('Cancelled');
    expect(await h.call('org-a', steered, 'classify', classifyArgs('x'))).toBe('Contracts');
  });
});
