import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';

/**
 * The server's submission check against the validator corpus shared with the SDK's pytest suite
 * (sdk/python/tests/corpus/README.md): every invalid file answers 400 INVALID_PLUGIN_CODE whose
 * (line, error_type) multiset equals `<name>.expected.json`, and every valid file is registered.
 * The `service validate` CLI is also run on the same files and must report exactly the same list.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpusDir = path.join(repoRoot, 'sdk/python/tests/corpus');
const invalidDir = path.join(corpusDir, 'invalid');
const validDir = path.join(corpusDir, 'valid');
const invalidFiles = readdirSync(invalidDir)
  .filter((f) => f.endsWith('.py'))
  .sort();
const validFiles = readdirSync(validDir)
  .filter((f) => f.endsWith('.py'))
  .sort();

interface Finding {
  line: number | null;
  error_type: string;
  message: string;
  fix_suggestion: string;
  documentation: string | null;
}

/** The multiset of (line, error_type) pairs, as a sorted list of keys. */
function pairs(list: { line: number | null; error_type: string }[]): string[] {
  return list.map((f) => `${f.line ?? 'null'}:${f.error_type}`).sort();
}

/** Runs `fn` over `items` in batches of `size` at a time. */
async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

describe('validator corpus through POST /api/v1/plugins', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  let python: string;
  let docsBase: string;
  const answers = new Map<
    string,
    { status: number; body: { error?: { code: string; errors: Finding[] }; type?: string; version?: number } }
  >();

  beforeAll(async () => {
    let config: Awaited<ReturnType<typeof createTestApp>>['config'];
    ({ app, config } = await createTestApp({ SERVICE_PLUGIN_POOL_SIZE: '4' }));
    python = config.python;
    docsBase = `${config.publicUrl}/guides/plugins#`;
    const owner = await signUp(app);
    headers = inOrg(owner, await createTeam(app, owner));
    const all = [
      ...invalidFiles.map((f) => ({ key: `invalid/${f}`, file: path.join(invalidDir, f) })),
      ...validFiles.map((f) => ({ key: `valid/${f}`, file: path.join(validDir, f) })),
    ];
    await inBatches(all, 8, async ({ key, file }) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/plugins',
        headers,
        payload: { name: key, code: readFileSync(file, 'utf8') },
      });
      answers.set(key, { status: res.statusCode, body: res.json() });
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('covers the whole corpus', () => {
    expect(invalidFiles.length).toBeGreaterThanOrEqual(30);
    expect(validFiles.length).toBeGreaterThanOrEqual(15);
  });

  it.each(invalidFiles)('rejects invalid/%s with the expected findings', (file) => {
    const expected = JSON.parse(
      readFileSync(path.join(invalidDir, file.replace(/\.py$/, '.expected.json')), 'utf8'),
    );
    const answer = answers.get(`invalid/${file}`);
    expect(answer?.status).toBe(400);
    expect(answer?.body.error?.code).toBe('INVALID_PLUGIN_CODE');
    const errors = answer?.body.error?.errors ?? [];
    expect(pairs(errors)).toEqual(pairs(expected));
    for (const e of errors) {
      expect(e.message).not.toBe('');
      expect(e.fix_suggestion).not.toBe('');
      expect(e.documentation).toBe(`${docsBase}${e.error_type.toLowerCase()}`);
    }
  });

  it.each(validFiles)('registers valid/%s (201)', (file) => {
    const answer = answers.get(`valid/${file}`);
    expect(answer?.status, JSON.stringify(answer?.body).slice(0, 500)).toBe(201);
    expect(answer?.body.version).toBe(1);
  });

  it('registers all four plugin types from the valid corpus', () => {
    const types = new Set(validFiles.map((f) => answers.get(`valid/${f}`)?.body.type));
    expect(types).toEqual(new Set(['SOURCE', 'CLASSIFICATION', 'EXTRACTION', 'BENCHMARK']));
  });

  it('reports exactly what the `service validate` CLI reports for the same files', () => {
    const files = invalidFiles.map((f) => path.join(invalidDir, f));
    let out: string;
    try {
      out = execFileSync(
        python,
        ['-m', 'service_sdk.cli', 'validate', '--format', 'json', '--docs-base', docsBase, ...files],
        { encoding: 'utf8' },
      );
    } catch (err) {
      // The CLI exits non-zero when a file has findings; its report is still on stdout.
      out = String((err as { stdout?: string }).stdout ?? '');
    }
    const report = JSON.parse(out) as { file: string; errors: Finding[] }[];
    expect(report).toHaveLength(files.length);
    for (const entry of report) {
      const server = answers.get(`invalid/${path.basename(entry.file)}`)?.body.error?.errors;
      expect(server, entry.file).toEqual(entry.errors);
    }
  });
});
