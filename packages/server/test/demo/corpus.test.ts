import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundledCorpusDir, sharedCorpusDir } from '../../src/config/paths.js';
import { loadConfig } from '../../src/config.js';
import { checkCorpusDir, DemoCorpusError, demoFiles } from '../../src/demo/demo.js';
import { cli, ensureBuilt, run } from '../support/cli.js';

describe("the demo's corpus", () => {
  it('is the repository’s own demo-corpus/ when ../shared is absent, so a fresh clone runs the demo', () => {
    const files = demoFiles(bundledCorpusDir, 20).map((f) => path.relative(bundledCorpusDir, f));
    expect(files.filter((f) => f.startsWith('cuad/pdf/')).length).toBeGreaterThanOrEqual(10);
    expect(files.filter((f) => f.startsWith('invoices/')).length).toBeGreaterThanOrEqual(4);
    expect(files.filter((f) => f.startsWith('policies-md/')).length).toBe(2);
    expect(() => checkCorpusDir(bundledCorpusDir)).not.toThrow();
  });

  it('is SERVICE_DEMO_CORPUS when set, else ../shared/corpus when present, else demo-corpus/', () => {
    const secret = { SERVICE_SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789' };
    const chosen = loadConfig({
      ...secret,
      SERVICE_DEMO_CORPUS: '/srv/corpus',
      SERVICE_OAUTH_DEV_PROVIDER: 'true',
    });
    expect(chosen.sources.demoCorpusDir).toBe('/srv/corpus');
    expect(chosen.sources.devProvider?.filesDir).toBe('/srv/corpus/agreements-md/commonpaper');
    expect([sharedCorpusDir, bundledCorpusDir]).toContain(loadConfig(secret).sources.demoCorpusDir);
  });

  it('names a missing or empty folder instead of failing on the file system', () => {
    expect(() => checkCorpusDir('/no/such/corpus')).toThrow(DemoCorpusError);
    expect(() => checkCorpusDir('/no/such/corpus')).toThrow(
      /the corpus folder \/no\/such\/corpus does not exist/,
    );
    const empty = mkdtempSync(path.join(tmpdir(), 'corpus-'));
    expect(() => checkCorpusDir(empty)).toThrow(/holds none of the demo's documents/);
  });
});

describe('service-server demo with a missing corpus', () => {
  beforeAll(ensureBuilt, 180_000);

  it('prints one line saying what is wrong and exits 2, without a stack trace', async () => {
    const err = await run(process.execPath, [
      cli,
      'demo',
      '--url',
      'http://127.0.0.1:9',
      '--api-key',
      'dis_x',
      '--corpus',
      '/no/such/corpus',
    ]).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err?.code).toBe(2);
    expect(err?.stderr.trim()).toMatch(/^error: the corpus folder \/no\/such\/corpus does not exist/);
    expect(err?.stderr).not.toMatch(/\n\s+at /);
  });
});
