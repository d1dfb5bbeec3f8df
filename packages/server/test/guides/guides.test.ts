import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { repoDir } from '../support/paths.js';

const guides = readdirSync(path.join(repoDir, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.slice(0, -3));

/** An anonymous GET: status, body and content type. */
async function getFrom(app: TestApp, url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.body, type: res.headers['content-type'] };
}

/** `href` values of the links of an HTML page. */
const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1] as string);

describe('guides at /guides', () => {
  let app: TestApp;
  const get = (url: string) => getFrom(app, url);

  beforeAll(async () => {
    ({ app } = await createTestApp());
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists every guide of docs/ with its title, without authentication', async () => {
    const index = await get('/guides');
    expect(index.status).toBe(200);
    expect(index.type).toContain('text/html');
    for (const name of guides) expect(hrefs(index.body)).toContain(`/guides/${name}`);
    expect(index.body).toContain('<a href="/guides/plugins">Plugin guide</a>');
  });

  it('turns links between guides into /guides/ links that open, at anchors that exist', async () => {
    const broken: string[] = [];
    // Each guide is read once: following every link anew made hundreds of anonymous requests a
    // minute, past the address's rate limit (answered 429 once the guides grew).
    const pages = new Map<string, Promise<Awaited<ReturnType<typeof get>>>>();
    const once = (url: string) => {
      const page = pages.get(url) ?? get(url);
      pages.set(url, page);
      return page;
    };
    for (const name of guides) {
      const { body } = await once(`/guides/${name}`);
      for (const href of hrefs(body)) {
        if (!/^[a-z]+:/.test(href)) expect(href, `guide ${name} links to ${href}`).not.toMatch(/\.md(#|$)/);
        if (href.startsWith('#')) {
          if (!body.includes(`id="${href.slice(1)}"`)) broken.push(`${name} → ${href}: no such anchor`);
          continue;
        }
        if (!href.startsWith('/guides')) continue;
        const [target, anchor] = href.split('#');
        const linked = await once(target as string);
        if (linked.status !== 200) broken.push(`${name} → ${href}: ${linked.status}`);
        else if (anchor && !linked.body.includes(`id="${anchor}"`))
          broken.push(`${name} → ${href}: no such anchor`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('answers 404 for an unknown guide and a name that is not a guide name', async () => {
    expect((await get('/guides/no-such-guide')).status).toBe(404);
    expect((await get('/guides/..%2Fpackage')).status).toBe(404);
  });
});

describe('images of the guides', () => {
  let app: TestApp;
  const get = (url: string) => getFrom(app, url);
  beforeAll(async () => {
    ({ app } = await createTestApp());
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves the images the guides show, and no other file of docs/', async () => {
    const broken: string[] = [];
    // Only the guides that show images: an anonymous caller's rate limit counts every request.
    for (const name of guides.filter((g) =>
      /!\[[^\]]*\]\(/.test(readFileSync(path.join(repoDir, 'docs', `${g}.md`), 'utf8')),
    )) {
      const { body } = await get(`/guides/${name}`);
      for (const [, src] of body.matchAll(/<img src="([^"]+)"/g)) {
        // Resolved as the browser does, against the guide's own address.
        const url = new URL(src as string, `http://localhost/guides/${name}`).pathname;
        const image = await get(url);
        if (image.status !== 200 || !image.type?.startsWith('image/'))
          broken.push(`${name} → ${url}: ${image.status}`);
      }
    }
    expect(broken).toEqual([]);
    expect((await get('/guides/console.md')).status).toBe(404);
    expect((await get('/guides/decisions.md')).status).toBe(404);
    expect((await get('/guides/../package.json')).status).toBe(404);
  });
});
