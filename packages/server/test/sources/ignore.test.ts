/**
 * Ignore patterns of a source connection (src/sources/ignore.ts, docs/sources.md "Ignoring
 * files"): validated on the API, matched like gitignore, and applied by the sync before a file is
 * downloaded — for the local OAuth development provider's folder and for a SourcePlugin's items —
 * with the skipped files counted in the sync's `documents_ignored`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../src/db/schema.js';
import { DEV_PROVIDER_ID, type DevProvider, startDevProvider } from '../../src/sources/dev-provider.js';
import { ignoreMatcher, relativePath } from '../../src/sources/ignore.js';
import { registerProvider } from '../../src/sources/oauth.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';
import { finishedSync, type Json, registerTestSource } from './support.js';

describe('ignore patterns: matching', () => {
  it('matches a slashless pattern in any folder, a path pattern from the top, and folders', () => {
    const ignored = ignoreMatcher({
      ignore_patterns: ['README.md', 'drafts/**', '/TOP.txt', 'archive/', '*.tmp'],
    });
    const cases: [string, boolean][] = [
      ['README.md', true],
      ['BAA/README.md', true],
      ['BAA/readme.md', false], // case-sensitive, as gitignore
      ['BAA/BAA.md', false],
      ['drafts/lease.pdf', true],
      ['old/drafts/lease.pdf', false],
      ['TOP.txt', true],
      ['sub/TOP.txt', false],
      ['x/archive/2019/lease.pdf', true],
      ['archive', false], // a file named like the folder pattern
      ['.cache.tmp', true], // "*" matches names starting with a dot
    ];
    for (const [p, want] of cases) expect(ignored(p), p).toBe(want);
  });

  it('skips operating-system and editor junk by default, unless ignore_defaults is false', () => {
    const junk = [
      '.DS_Store',
      'a/._lease.pdf',
      'Thumbs.db',
      'a/desktop.ini',
      '~$lease.docx',
      '.~lock.lease.odt#',
      '.stversions/lease~20240101.pdf',
      'a/.stfolder/x',
    ];
    const defaults = ignoreMatcher({});
    const none = ignoreMatcher({ ignore_defaults: false });
    for (const p of junk) {
      expect(defaults(p), p).toBe(true);
      expect(none(p), p).toBe(false);
    }
    expect(defaults('lease.pdf')).toBe(false);
  });

  it('builds the relative path from the folder the source reports', () => {
    expect(relativePath('a.md', '/')).toBe('a.md');
    expect(relativePath('a.md', null)).toBe('a.md');
    expect(relativePath('a.md', '/BAA')).toBe('BAA/a.md');
    expect(relativePath('a.md', 'x/y/')).toBe('x/y/a.md');
  });
});

describe('ignore patterns of a connection', () => {
  let app: TestApp;
  let dev: DevProvider;
  let unregister: () => void;
  let dir: string;
  let h: Record<string, string>;
  let orgId: string;
  /** Names of the files the service downloaded from the development provider. */
  const downloaded: string[] = [];

  const get = (url: string) => app.inject({ method: 'GET', url, headers: h });
  const patch = (id: string, payload: Json) =>
    app.inject({ method: 'PATCH', url: `/api/v1/sources/${id}`, headers: h, payload });
  const fieldsOf = (body: unknown) =>
    ((body as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);

  /** Connects the development provider's folder as a user would (initiate → authorize → callback). */
  async function connect(name: string): Promise<string> {
    const init = await app.inject({
      method: 'POST',
      url: '/api/v1/sources/connect/initiate',
      headers: h,
      payload: { provider: DEV_PROVIDER_ID, name },
    });
    expect(init.statusCode, init.body).toBe(200);
    const page = await fetch((init.json() as { authorization_url: string }).authorization_url, {
      redirect: 'manual',
    });
    const location = new URL(String(page.headers.get('location')));
    const done = await app.inject({ method: 'GET', url: `${location.pathname}${location.search}` });
    expect(done.statusCode, done.body).toBe(200);
    return String((done.json() as Json).id);
  }

  async function syncNow(id: string) {
    const started = await app.inject({ method: 'POST', url: `/api/v1/sources/${id}/sync`, headers: h });
    expect(started.statusCode, started.body).toBe(202);
    return finishedSync(app, h, id);
  }

  async function filenamesOf(sourceId: string) {
    const rows = await app.ctx.db
      .select({ filename: documents.filename })
      .from(documents)
      .where(and(eq(documents.organizationId, orgId), eq(documents.sourceId, sourceId)));
    return rows.map((r) => r.filename).sort();
  }

  beforeAll(async () => {
    // A folder like the demo's: agreements, FAQ pages about them, the corpus's provenance, junk.
    const tag = Date.now();
    dir = mkdtempSync(path.join(tmpdir(), 'ignore-'));
    mkdirSync(path.join(dir, 'BAA'));
    mkdirSync(path.join(dir, 'CSA'));
    writeFileSync(path.join(dir, 'BAA', 'BAA.md'), `# Business associate agreement ${tag}\n`);
    writeFileSync(path.join(dir, 'BAA', 'README.md'), `# How do I use the BAA? ${tag}\n`);
    writeFileSync(path.join(dir, 'CSA', 'CSA.md'), `# Cloud service agreement ${tag}\n`);
    writeFileSync(path.join(dir, 'CSA', 'README.md'), `# How do I use the CSA? ${tag}\n`);
    writeFileSync(path.join(dir, 'COMMITS.txt'), `commonpaper@abc123 ${tag}\n`);
    // Microsoft Office's lock file of an open document (a default pattern).
    writeFileSync(path.join(dir, 'CSA', '~$CSA notes.txt'), `owner lock ${tag}\n`);
    dev = await startDevProvider({ filesDir: dir, port: 0 });
    // The development provider as the service sees it, noting each download.
    unregister = registerProvider({
      ...dev.provider,
      list: async (api, cursor) => {
        const page = await dev.provider.list(api, cursor);
        return {
          ...page,
          files: page.files.map((f) => ({
            ...f,
            download: () => {
              downloaded.push(f.name);
              return f.download();
            },
          })),
        };
      },
    });
    ({ app } = await createTestApp());
    const owner = await signUp(app);
    orgId = await createTeam(app, owner);
    h = inOrg(owner, orgId);
    await registerTestSource(app, h);
  }, 120_000);
  afterAll(async () => {
    unregister?.();
    await app?.close();
    await dev?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses bad ignore settings with a 400 naming body.configs.ignore_patterns', async () => {
    const id = await connect('Validated');
    const cases: [unknown, string][] = [
      ['README.md', 'body.configs.ignore_patterns'],
      [[], 'body.configs.ignore_patterns'],
      [[''], 'body.configs.ignore_patterns.0'],
      [['ok', 'x'.repeat(201)], 'body.configs.ignore_patterns.1'],
      [Array.from({ length: 201 }, (_, i) => `f${i}`), 'body.configs.ignore_patterns'],
      [['!README.md'], 'body.configs.ignore_patterns.0'],
      [['/'], 'body.configs.ignore_patterns.0'],
      [[7], 'body.configs.ignore_patterns.0'],
    ];
    for (const [value, field] of cases) {
      const res = await patch(id, { configs: { ignore_patterns: value } });
      expect(res.statusCode, JSON.stringify(value).slice(0, 60)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(fieldsOf(res.json())).toContain(field);
    }
    const flag = await patch(id, { configs: { ignore_defaults: 'no' } });
    expect(flag.statusCode).toBe(400);
    expect(fieldsOf(flag.json())).toContain('body.configs.ignore_defaults');
    const ok = await patch(id, {
      configs: { ignore_patterns: ['x'.repeat(200), ...Array.from({ length: 199 }, (_, i) => `f${i}`)] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await app.inject({ method: 'DELETE', url: `/api/v1/sources/${id}`, headers: h });
  });

  it('skips the matching files of the folder before downloading them, and counts them', async () => {
    const id = await connect('Local files');
    const res = await patch(id, { configs: { ignore_patterns: ['README.md', 'COMMITS.txt'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Json).configs).toEqual({ ignore_patterns: ['README.md', 'COMMITS.txt'] });
    downloaded.length = 0;
    const run = await syncNow(id);
    // Two READMEs and COMMITS.txt by the connection's patterns, the Office lock file by default.
    expect(run).toMatchObject({
      status: 'SUCCEEDED',
      documents_created: 2,
      documents_skipped: 0,
      documents_failed: 0,
      documents_ignored: 4,
      error: null,
    });
    expect(downloaded.sort()).toEqual(['BAA.md', 'CSA.md']);
    expect(await filenamesOf(id)).toEqual(['BAA.md', 'CSA.md']);
    const activity = (await get(`/api/v1/sources/${id}/activity`)).json() as { content: Json[] };
    expect(activity.content[0]).toMatchObject({ documents_ignored: 4 });
  });

  it('keeps the junk a default pattern names when ignore_defaults is false', async () => {
    const id = await connect('Everything');
    const res = await patch(id, { configs: { ignore_patterns: ['README.md'], ignore_defaults: false } });
    expect(res.statusCode, res.body).toBe(200);
    const run = await syncNow(id);
    // BAA.md and CSA.md are already documents (the same bytes): unchanged, not new.
    expect(run).toMatchObject({
      status: 'SUCCEEDED',
      documents_created: 2,
      documents_skipped: 2,
      documents_ignored: 2,
    });
    expect(await filenamesOf(id)).toEqual(['COMMITS.txt', '~$CSA notes.txt']);
  });

  it("applies to a SourcePlugin's items by their folder; the plugin's parameters are checked without the service's keys", async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/sources/custom',
      headers: h,
      payload: {
        source_type: 'numbered_files',
        name: 'Numbered',
        credentials: { api_key: 'k-123' },
        // The plugin declares count and tag only: the service's own keys are not checked against them.
        configs: { count: 4, tag: `ignore-${Date.now()}`, ignore_patterns: ['dir1/**'] },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = String((created.json() as Json).id);
    const run = await syncNow(id);
    // Files 1 and 3 are in /dir1.
    expect(run).toMatchObject({ status: 'SUCCEEDED', documents_created: 2, documents_ignored: 2 });
    expect(await filenamesOf(id)).toEqual(['file-0.txt', 'file-2.txt']);
    expect((await get(`/api/v1/sources/${id}/state`)).json()).toMatchObject({ state: { cursor: 4 } });
    const bad = await patch(id, { configs: { count: 4, ignore_patterns: ['!dir1/**'] } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toContain('body.configs.ignore_patterns.0');
    const unknown = await patch(id, { configs: { nope: 1, ignore_patterns: ['a'] } });
    expect(fieldsOf(unknown.json())).toEqual(['body.configs.nope']);
  });
});
