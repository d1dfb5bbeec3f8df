import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeProcess } from '../../src/engine/runtime-client.js';
import { PluginError, type RuntimeLimits } from '../../src/engine/runtime-protocol.js';
import {
  classifyArgs,
  eventually,
  KEYWORDS,
  LLM_CLASSIFIER,
  limits,
  MEMORY_SOURCE,
  PROTOCOL_ATTACK,
  processGone,
  python,
  REGEX_EXTRACTOR,
  STEERED,
} from './fixtures.js';

/** Catches the PluginError a promise rejects with. */
async function failure(p: Promise<unknown>): Promise<PluginError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(PluginError);
    return err as PluginError;
  }
  throw new Error('expected the call to fail');
}

describe('RuntimeProcess against the real Python runtime (docs/plugin-runtime.md)', () => {
  let proc: RuntimeProcess;

  beforeAll(async () => {
    proc = new RuntimeProcess(python, limits);
    await proc.send({ type: 'ping' });
  });
  afterAll(async () => {
    await proc.close();
  });

  it('loads a classifier and a extractor and calls them', async () => {
    const loaded = (await proc.send({
      type: 'load',
      plugin_id: 'kw',
      source: KEYWORDS,
      class_name: null,
    })) as Record<string, unknown>;
    expect(loaded).toMatchObject({
      plugin_id: 'kw',
      class_name: 'KeywordClassifier',
      plugin_type: 'classification',
    });
    const label = await proc.send({
      type: 'call',
      plugin_id: 'kw',
      method: 'classify',
      args: classifyArgs('INVOICE no. 7, amount due 100, VAT 20'),
    });
    expect(label).toBe('Invoices');
    const none = await proc.send({
      type: 'call',
      plugin_id: 'kw',
      method: 'classify',
      args: classifyArgs('hello'),
    });
    expect(none).toBeNull();

    await proc.send({ type: 'load', plugin_id: 'rx', source: REGEX_EXTRACTOR });
    const result = await proc.send({
      type: 'call',
      plugin_id: 'rx',
      method: 'extract',
      args: {
        document: {
          id: 'd2',
          filename: 'inv.txt',
          text: 'Invoice number: INV-9\nTotal: 120.50\nVendor: Acme',
        },
        file_data: null,
        mime_type: 'text/plain',
        fields: [
          { name: 'invoice_number', dtype: 'string', description: '' },
          { name: 'total_amount', dtype: 'money', description: '' },
        ],
        configs: {},
      },
    });
    expect(result).toEqual({
      data: { invoice_number: 'INV-9', total_amount: 120.5 },
      llm_fields: [],
      document_type: 'invoice',
    });
  });

  it('streams fetch items with the source state at each yield, then the count and final state', async () => {
    await proc.send({ type: 'load', plugin_id: 'mem', source: MEMORY_SOURCE });
    type Item = { filename: string; file_data: string; metadata: unknown };
    const items: { value: Item; state: unknown }[] = [];
    const logs: string[] = [];
    const done = await proc.send(
      {
        type: 'call',
        plugin_id: 'mem',
        method: 'fetch',
        args: {
          credentials: { token: 't' },
          state: { cursor: 1, seen: ['a.txt'] },
          configs: { files: 'a.txt,b.txt,c.txt' },
        },
      },
      {
        onItem: (value, state) => items.push({ value: value as Item, state }),
        log: (_level, message) => logs.push(message),
      },
    );
    expect(items.map((i) => i.value.filename)).toEqual(['b.txt', 'c.txt']);
    expect(Buffer.from(items[0]?.value.file_data ?? '', 'base64').toString()).toBe('content of b.txt');
    expect(items[0]?.value.metadata).toEqual({ index: 1, authenticated: true });
    expect(items.map((i) => i.state)).toEqual([
      { cursor: 2, seen: ['a.txt', 'b.txt'] },
      { cursor: 3, seen: ['a.txt', 'b.txt', 'c.txt'] },
    ]);
    expect(done).toEqual({ count: 2, state: { cursor: 3, seen: ['a.txt', 'b.txt', 'c.txt'] } });
    expect(logs).toEqual(['yielding b.txt', 'yielding c.txt']);
    const more = await proc.send({
      type: 'call',
      plugin_id: 'mem',
      method: 'has_new_data',
      args: { credentials: {}, state: { cursor: 3 }, configs: { files: 'a.txt,b.txt,c.txt' } },
    });
    expect(more).toBe(false);
  });

  it('answers the plugin’s get_prompt and prompt_llm requests with the host ServiceHandler', async () => {
    await proc.send({ type: 'load', plugin_id: 'llm', source: LLM_CLASSIFIER });
    const requests: [string, Record<string, unknown>][] = [];
    const label = await proc.send(
      { type: 'call', plugin_id: 'llm', method: 'classify', args: classifyArgs('a supply agreement') },
      {
        services: async (service, args) => {
          requests.push([service, args]);
          if (service === 'get_prompt') return 'Pick one of {labels} under {path}: {text}';
          return { label: 'Contracts' };
        },
      },
    );
    expect(label).toBe('Contracts');
    expect(requests.map(([s]) => s)).toEqual(['get_prompt', 'prompt_llm']);
    expect(requests[0]?.[1]).toEqual({ prompt_id: 'classify-level' });
    expect(requests[1]?.[1]).toMatchObject({
      prompt: 'Pick one of ["Contracts", "Invoices"] under : a supply agreement',
      mime_type: 'text/plain',
      file_data: null,
    });

    // A service error reaches the plugin as ServiceError, which fails the call as PluginException.
    const err = await failure(
      proc.send(
        { type: 'call', plugin_id: 'llm', method: 'classify', args: classifyArgs('x') },
        {
          services: async () => {
            throw new PluginError('ProviderUnavailable', 'LLM timed out');
          },
        },
      ),
    );
    expect(err.errorType).toBe('PluginException');
    expect(err.message).toContain('LLM timed out');
  });

  it('fails a wrong return type with WrongReturnType and a raising plugin with PluginException', async () => {
    await proc.send({ type: 'load', plugin_id: 'steered', source: STEERED });
    const wrong = await failure(
      proc.send({ type: 'call', plugin_id: 'steered', method: 'classify', args: classifyArgs('list') }),
    );
    expect(wrong.errorType).toBe('WrongReturnType');
    expect(wrong.message).toContain('classify must return str or None, got list');
    expect(wrong.permanent).toBe(true);

    const raised = await failure(
      proc.send({ type: 'call', plugin_id: 'steered', method: 'classify', args: classifyArgs('raise') }),
    );
    expect(raised.errorType).toBe('PluginException');
    expect(raised.message).toContain('ValueError: cannot classify this');
    expect(raised.traceback).toContain('<plugin:steered>');

    const unknown = await failure(
      proc.send({ type: 'call', plugin_id: 'nope', method: 'classify', args: classifyArgs('x') }),
    );
    expect(unknown.errorType).toBe('UnknownPlugin');
    // The process survives plugin errors.
    expect(await proc.send({ type: 'ping' })).toBe('pong');
  });

  it('kills the whole process group when a call outlives the host timeout', async () => {
    const sleeper = new RuntimeProcess(python, { ...limits, timeoutSeconds: 1 });
    try {
      const runtimePid = sleeper.pid as number;
      await sleeper.send({ type: 'load', plugin_id: 's', source: STEERED });
      let childPid: number | undefined;
      const started = Date.now();
      const err = await failure(
        sleeper.send(
          { type: 'call', plugin_id: 's', method: 'classify', args: classifyArgs('child-sleep') },
          {
            log: (_level, message) => {
              const m = /^child (\d+)$/.exec(message);
              if (m) childPid = Number(m[1]);
            },
          },
        ),
      );
      expect(err.errorType).toBe('Timeout');
      expect(Date.now() - started).toBeLessThan(5000);
      expect(childPid).toBeGreaterThan(0);
      expect(await eventually(() => !sleeper.alive)).toBe(true);
      expect(await eventually(() => processGone(runtimePid))).toBe(true);
      // The plugin's own child process (same process group) is gone too.
      expect(await eventually(() => processGone(childPid as number))).toBe(true);
      const after = await failure(sleeper.send({ type: 'ping' }));
      expect(after.errorType).toBe('RuntimeCrashed');
    } finally {
      sleeper.kill();
    }
  });

  it('runs a runtime without the host’s secrets in its environment', async () => {
    process.env.SERVICE_DATABASE_URL_CANARY = 'postgres://secret';
    const probe = new RuntimeProcess(python, limits);
    try {
      await probe.send({
        type: 'load',
        plugin_id: 'env',
        source: STEERED.replace(
          'if command == "pid":',
          'if command == "env":\n            return ",".join(sorted(os.environ))\n        if command == "pid":',
        ),
      });
      const env = String(
        await probe.send({ type: 'call', plugin_id: 'env', method: 'classify', args: classifyArgs('env') }),
      );
      expect(env).not.toContain('SERVICE_');
      expect(env.split(',')).toContain('PATH');
    } finally {
      delete process.env.SERVICE_DATABASE_URL_CANARY;
      await probe.close();
    }
  });
});

describe('protocol bounds: a plugin cannot break the host by what it writes', () => {
  const small = { ...limits, maxMessageBytes: 1024 * 1024, maxCallBytes: 4 * 1024 * 1024 };

  async function loaded(l: RuntimeLimits = small) {
    const proc = new RuntimeProcess(python, l);
    await proc.send({ type: 'load', plugin_id: 'attack', source: PROTOCOL_ATTACK });
    return proc;
  }
  const call = (proc: RuntimeProcess, text: string) =>
    proc.send({ type: 'call', plugin_id: 'attack', method: 'classify', args: classifyArgs(text) });

  it('fails the call with ProtocolError and stops the process on 600 MiB without a newline', async () => {
    const proc = await loaded({ ...limits, timeoutSeconds: 60 });
    const started = Date.now();
    const err = await failure(call(proc, 'flood 600'));
    expect(err.errorType).toBe('ProtocolError');
    expect(err.message).toMatch(/over the 16777216-byte limit.*its process was stopped/);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(proc.alive).toBe(false);
    await eventually(() => processGone(proc.pid ?? 0));
  }, 60_000);

  it('fails the call on a line that is not JSON', async () => {
    const proc = await loaded();
    const err = await failure(call(proc, 'garbage'));
    expect(err.errorType).toBe('ProtocolError');
    expect(err.message).toMatch(/not JSON: "this is not json"/);
    expect(proc.alive).toBe(false);
  }, 30_000);

  it('fails a call that sends back more than its per-call budget in small messages', async () => {
    const proc = await loaded();
    const err = await failure(call(proc, 'chatty 200'));
    expect(err.errorType).toBe('ProtocolError');
    expect(err.message).toMatch(/more than 4194304 bytes for one call/);
  }, 30_000);

  it('leaves a well-behaved call under the limits alone', async () => {
    const proc = await loaded();
    expect(await call(proc, 'chatty 10')).toBe('Contracts');
    await proc.close();
  }, 30_000);
});
