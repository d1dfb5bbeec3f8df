import { afterEach, describe, expect, it } from 'vitest';
import { KEEPER_WAIT_MS, PluginHost, type SharedArg } from '../../src/engine/plugin-host.js';
import type { PluginHostOptions } from '../../src/engine/plugin-host-options.js';
import { CLASSIFY_SIGNATURE, limits, python } from './fixtures.js';

/**
 * Answers with what it received: the file's length, the text, the page count, its process id
 * (after 30 s for the text `sleep`, after N s for `nap N`).
 */
const ECHO = {
  id: 'echo@1',
  source: `import os
from typing import Any

from service_sdk import ClassificationPlugin, Document


class Echo(ClassificationPlugin):${CLASSIFY_SIGNATURE}
        if document.text == "sleep":
            import asyncio
            await asyncio.sleep(30)
        if document.text.startswith("nap "):
            import asyncio
            await asyncio.sleep(float(document.text.split()[1]))
        return f"{len(file_data or b'')}|{document.text[:12]}|{len(document.pages)}|{os.getpid()}"
`,
};

/** Answers with the whole text it received and the page count. */
const WHOLE_TEXT = {
  id: 'whole-text@1',
  source: `from typing import Any

from service_sdk import ClassificationPlugin, Document


class WholeText(ClassificationPlugin):${CLASSIFY_SIGNATURE}
        return f"{document.text}|{len(document.pages)}"
`,
};

const args = (level: string[]) => ({
  document: { id: 'd1', filename: 'a.pdf' },
  mime_type: 'application/pdf',
  available_labels: level,
  current_path: [],
  configs: {},
});

/** A call of ECHO for a document run, with the run's scope as its affinity (as the engine calls). */
const echoOf = (h: PluginHost) => (doc: ReturnType<typeof run>, scope: string) =>
  h.call('org-a', ECHO, 'classify', args(['A', 'B']), { shared: doc.shared, affinity: scope });

/**
 * Documents d1 and d2 (texts `one`, `two`) classified at once, which fills a pool of two with a
 * process each: their runs, the ECHO call and each one's first answer (`a`, `b`).
 */
async function twoDocuments(h: PluginHost, one: string, two: string) {
  const runs = { one: run('d1#1', one), two: run('d2#1', two) };
  const call = echoOf(h);
  const [a, b] = await Promise.all([call(runs.one, 'd1#1'), call(runs.two, 'd2#1')]);
  return { ...runs, call, a, b };
}

/** A document run's shared values, counting how often each value had to be computed (= sent). */
function run(scope: string, text: string) {
  const sent = { file: 0, text: 0, pages: 0 };
  const shared: SharedArg[] = [
    {
      path: 'file_data',
      key: `${scope}/file`,
      scope,
      value: () => {
        sent.file += 1;
        return Buffer.from('%PDF-1.7 twelve').toString('base64');
      },
    },
    {
      path: 'document.text',
      key: `${scope}/text`,
      scope,
      value: () => {
        sent.text += 1;
        return text;
      },
    },
    {
      path: 'document.pages',
      key: `${scope}/pages`,
      scope,
      value: () => {
        sent.pages += 1;
        return [text, 'page two'];
      },
    },
  ];
  return { sent, shared };
}

describe('PluginHost shared values: a document travels to a runtime once (docs/plugin-runtime.md)', () => {
  const hosts: PluginHost[] = [];
  const host = (opts: Partial<PluginHostOptions> = {}) => {
    const h = new PluginHost({
      python,
      limits,
      poolSize: 1,
      recycleAfter: 1000,
      log: () => undefined,
      sandbox: { state: 'disabled-unsafe' },
      ...opts,
    });
    hosts.push(h);
    return h;
  };
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((h) => h.close()));
  });

  it('sends the file, text and pages with the first call only; later calls get the same values', async () => {
    const h = host();
    const doc = run('d1#1', 'Master services agreement');
    const answers = [];
    for (const level of [
      ['Contracts', 'Invoices'],
      ['NDA', 'Lease'],
      ['A', 'B'],
    ])
      answers.push(await h.call('org-a', ECHO, 'classify', args(level), { shared: doc.shared }));
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^15\|Master servi\|2\|\d+$/);
    expect(doc.sent).toEqual({ file: 1, text: 1, pages: 1 });
  });

  it('sends them again after the run is released, and to a fresh process after a crash', async () => {
    const h = host({ limits: { ...limits, timeoutSeconds: 1 } });
    const doc = run('d1#1', 'Lease agreement');
    const first = String(await h.call('org-a', ECHO, 'classify', args(['A', 'B']), { shared: doc.shared }));
    h.releaseShared('org-a', 'd1#1');
    expect(await h.call('org-a', ECHO, 'classify', args(['A', 'B']), { shared: doc.shared })).toBe(first);
    expect(doc.sent).toEqual({ file: 2, text: 2, pages: 2 });
    // The process dies (wall-clock limit); its successor keeps nothing and is sent everything.
    const hang = run('d2#1', 'sleep');
    await expect(
      h.call('org-a', ECHO, 'classify', args(['A', 'B']), { shared: hang.shared }),
    ).rejects.toMatchObject({
      errorType: 'Timeout',
    });
    const after = String(await h.call('org-a', ECHO, 'classify', args(['A', 'B']), { shared: doc.shared }));
    expect(after.split('|').slice(0, 3)).toEqual(first.split('|').slice(0, 3));
    expect(after.split('|')[3]).not.toBe(first.split('|')[3]);
    expect(doc.sent).toEqual({ file: 3, text: 3, pages: 3 });
  });

  it('sends the values again when the runtime no longer keeps them (SharedMiss), and the call succeeds', async () => {
    // A 10 kB bound: the 20 kB text is used but never kept, so every later call misses it.
    const h = host({ limits: { ...limits, sharedCacheMb: 0.01 } });
    const doc = run('d1#1', 'x'.repeat(20_000));
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await h.call('org-a', ECHO, 'classify', args(['A', 'B']), { shared: doc.shared }));
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^15\|xxxxxxxxxxxx\|2\|/);
    expect(doc.sent.text).toBe(3);
  });

  it('carries a text that is the joined pages once: the text names the pages key (join)', async () => {
    const h = host();
    let computed = 0;
    const pages = () => {
      computed += 1;
      return [`Master services agreement ${'a'.repeat(5000)}`, 'page two'];
    };
    const shared: SharedArg[] = [
      { path: 'document.pages', key: 'd1#1/pages', scope: 'd1#1', value: pages },
      { path: 'document.text', key: 'd1#1/pages', scope: 'd1#1', value: pages, join: '\n\n' },
    ];
    const before = h.callBytes;
    const answer = await h.call('org-a', WHOLE_TEXT, 'classify', args(['A', 'B']), { shared });
    expect(answer).toBe(`Master services agreement ${'a'.repeat(5000)}\n\npage two|2`);
    expect(computed).toBe(1);
    // The 5 kB of text crossed once (as the pages), not twice.
    expect(h.callBytes - before).toBeGreaterThan(5000);
    expect(h.callBytes - before).toBeLessThan(6000);
    expect(await h.call('org-a', WHOLE_TEXT, 'classify', args(['C', 'D']), { shared })).toBe(answer);
    expect(computed).toBe(1);
  });

  it('sends a value named by two paths once when the runtime missed it', async () => {
    // A 10 kB bound: the 20 kB pages are used but never kept, so every later call misses them.
    const h = host({ limits: { ...limits, sharedCacheMb: 0.01 } });
    let computed = 0;
    const pages = () => {
      computed += 1;
      return ['x'.repeat(20_000), 'y'];
    };
    const shared: SharedArg[] = [
      { path: 'document.pages', key: 'd1#1/pages', scope: 'd1#1', value: pages },
      { path: 'document.text', key: 'd1#1/pages', scope: 'd1#1', value: pages, join: '\n\n' },
    ];
    for (let i = 0; i < 3; i++)
      expect(await h.call('org-a', WHOLE_TEXT, 'classify', args(['A']), { shared })).toBe(
        `${'x'.repeat(20_000)}\n\ny|2`,
      );
    expect(computed).toBe(3);
  });

  it('sends a later call of a document to the process that keeps it', async () => {
    const h = host({ poolSize: 2 });
    const one = run('d1#1', 'first document');
    const two = run('d2#1', 'second document');
    // Two documents at once fill the pool with two processes.
    const [a, b] = await Promise.all([
      h.call('org-a', ECHO, 'classify', args(['A', 'B']), { shared: one.shared, affinity: 'd1#1' }),
      h.call('org-a', ECHO, 'classify', args(['A', 'B']), { shared: two.shared, affinity: 'd2#1' }),
    ]);
    for (let i = 0; i < 3; i++) {
      expect(
        await h.call('org-a', ECHO, 'classify', args(['A', 'B']), { shared: two.shared, affinity: 'd2#1' }),
      ).toBe(b);
      expect(
        await h.call('org-a', ECHO, 'classify', args(['A', 'B']), { shared: one.shared, affinity: 'd1#1' }),
      ).toBe(a);
    }
    expect(one.sent).toEqual({ file: 1, text: 1, pages: 1 });
    expect(two.sent).toEqual({ file: 1, text: 1, pages: 1 });
  });

  it('gives a process that frees up to the waiting call of the document it keeps, not the first in line', async () => {
    const { one, two, call, a, b } = await twoDocuments(host({ poolSize: 2 }), 'nap 0.4', 'nap 0.6');
    // Both processes busy again; then d2's call waits first in line and d1's second. d1's process
    // frees up first (0.4 s) and goes to d1's call; d2's process frees up next (0.6 s), while
    // d1's is busy again, and goes to d2's call. First in line, both would have been sent again.
    const busy = [call(one, 'd1#1'), call(two, 'd2#1')];
    const waiting = [call(two, 'd2#1'), call(one, 'd1#1')];
    expect(await Promise.all([...busy, ...waiting])).toEqual([a, b, b, a]);
    expect(one.sent).toEqual({ file: 1, text: 1, pages: 1 });
    expect(two.sent).toEqual({ file: 1, text: 1, pages: 1 });
  });

  it('holds a call for the busy process keeping its document rather than send it all to an idle one', async () => {
    const { one, call, a, b } = await twoDocuments(host({ poolSize: 2 }), 'nap 0.03', 'nap 0');
    expect(String(a).split('|')[3]).not.toBe(String(b).split('|')[3]);
    // d1's process is busy for 30 ms, d2's is idle: d1's next call waits for its own process
    const first = call(one, 'd1#1');
    const next = call(one, 'd1#1');
    expect(await Promise.all([first, next])).toEqual([a, a]);
    expect(one.sent).toEqual({ file: 1, text: 1, pages: 1 });
  });

  it(`takes an idle process after ${KEEPER_WAIT_MS} ms when the one keeping its document stays busy`, async () => {
    const { one, call, a, b } = await twoDocuments(host({ poolSize: 2 }), 'nap 1.5', 'nap 0');
    const busy = call(one, 'd1#1');
    const started = Date.now();
    // the keeper naps 1.5 s: the call goes to d2's idle process after the wait (and naps 1.5 s
    // there; waiting for the keeper would have taken 3 s), sent everything again
    const answer = await call(one, 'd1#1');
    expect(String(answer).split('|')[3]).toBe(String(b).split('|')[3]);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(await busy).toBe(a);
    expect(one.sent.text).toBe(2);
  });
});
