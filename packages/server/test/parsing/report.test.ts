import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ARCHIVE_LIMITS, parseDocument } from '../../src/parsing/index.js';
import { parseFileReport } from '../../src/parsing/report.js';
import { cli, ensureBuilt, run, serviceEnv } from '../support/cli.js';
import { corpusDir, fixturesDir } from './corpus.js';

const settings = {
  archiveLimits: DEFAULT_ARCHIVE_LIMITS,
  ocr: { enabled: false, languages: 'eng', maxPages: 1, pageTimeoutSeconds: 10 },
};
const nda = path.join(corpusDir, 'kleister-nda', 'pdf', '2f9077637a572fb939dfc6e8b08c4ad8.pdf');

describe('parseFileReport', () => {
  it("gives a PDF's text and pages as the pipeline's parser does", async () => {
    const report = await parseFileReport(nda, settings);
    const parsed = await parseDocument(new Uint8Array(readFileSync(nda)), { filename: path.basename(nda) });
    expect(report).toMatchObject({ file: nda, kind: 'pdf', mime: 'application/pdf', text: parsed.text });
    expect('pages' in report && report.pages).toEqual(parsed.pages);
  });

  it('reports a file it cannot read or parse instead of throwing', async () => {
    expect(await parseFileReport(path.join(os.tmpdir(), 'no-such-file.pdf'), settings)).toMatchObject({
      error: { code: 'UNREADABLE' },
    });
    const empty = path.join(os.tmpdir(), `empty-${process.pid}.txt`);
    writeFileSync(empty, '');
    expect(await parseFileReport(empty, settings)).toMatchObject({ error: { code: 'EMPTY' } });
  });
});

describe('service-server parse', () => {
  beforeAll(async () => {
    await ensureBuilt();
  }, 120_000);

  it('prints one JSON line per file and exits 1 when one could not be parsed', async () => {
    const layout = path.join(fixturesDir, 'layout.html');
    const missing = path.join(os.tmpdir(), 'no-such-file.docx');
    const failure = (await run(process.execPath, [cli, 'parse', layout, missing], {
      env: serviceEnv({ SERVICE_OCR_ENABLED: 'false' }),
      timeout: 60_000,
    }).catch((e) => e)) as { code: number; stdout: string };
    expect(failure.code).toBe(1);
    const [first, second] = failure.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(first).toMatchObject({ file: layout, kind: 'html', pages: [first.text] });
    expect(first.text).toBe(readFileSync(path.join(fixturesDir, 'layout.html.txt'), 'utf8'));
    expect(second).toMatchObject({ file: missing, error: { code: 'UNREADABLE' } });
  }, 60_000);
});
