import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Marked, type Tokens } from 'marked';
import { gfmHeadingId } from 'marked-gfm-heading-id';
import { z } from 'zod';
import { PUBLIC } from '../auth/access.js';
import { repoRoot } from '../config.js';
import { notFound } from '../http/problem.js';
import { registerStaticFiles } from '../http/static-files.js';

/**
 * The guides in docs/ served as HTML (public): `/guides` lists them, `/guides/{name}` renders
 * `docs/<name>.md` with GitHub-style heading ids, so the validator's `documentation` links open a
 * page at the anchor. Links between guides (`x.md`, `./x.md#anchor`) point at `/guides/x`.
 */
const docsDir = path.join(repoRoot, 'docs');
const GUIDE_NAME = /^[a-z0-9][a-z0-9-]*$/;
/** `x.md`, `./x.md`, `x.md#anchor`: a guide beside this one. */
/** Files a guide may show (`![…](console/documents.png)`); nothing else of docs/ is served raw. */
const GUIDE_IMAGE = /\.(?:png|jpe?g|gif|svg|webp)$/i;
const GUIDE_LINK = /^(?:\.\/)?([a-z0-9][a-z0-9-]*)\.md(#.*)?$/;

const marked = new Marked(gfmHeadingId(), {
  walkTokens(token) {
    if (token.type !== 'link') return;
    const link = token as Tokens.Link;
    const m = GUIDE_LINK.exec(link.href);
    if (m) link.href = `/guides/${m[1]}${m[2] ?? ''}`;
  },
});

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:sans-serif;max-width:52em;margin:2em auto;padding:0 1em;line-height:1.5}pre{background:#f5f5f5;padding:1em;overflow:auto}code{background:#f5f5f5}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em}</style>
</head><body>${body}</body></html>`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** Names of the guides: the Markdown files of docs/ (without `.md`), sorted. */
async function guideNames(): Promise<string[]> {
  const files = await readdir(docsDir).catch(() => [] as string[]);
  return files
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3))
    .filter((n) => GUIDE_NAME.test(n))
    .sort();
}

/** First `# heading` of a guide, or its name. */
const titleOf = (markdown: string, name: string) => /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? name;

export function guideRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    const cache = new Map<string, string>();
    // A guide's relative image `console/x.png` resolves against /guides/ in the browser.
    await registerStaticFiles(
      app,
      {
        root: docsDir,
        prefix: '/guides/',
        decorateReply: false,
        index: false,
        allowedPath: (pathName) => GUIDE_IMAGE.test(pathName),
      },
      PUBLIC,
    );
    app.get('/guides', {
      schema: { hide: true },
      config: { access: PUBLIC },
      handler: async (_req, reply) => {
        let html = cache.get('');
        if (!html) {
          const items: string[] = [];
          for (const name of await guideNames()) {
            const markdown = await readFile(path.join(docsDir, `${name}.md`), 'utf8');
            items.push(
              `<li><a href="/guides/${name}">${escapeHtml(titleOf(markdown, name))}</a> (${name}.md)</li>`,
            );
          }
          html = page('Guides', `<h1>Guides</h1>\n<ul>\n${items.join('\n')}\n</ul>`);
          cache.set('', html);
        }
        return reply.type('text/html; charset=utf-8').send(html);
      },
    });
    app.get('/guides/:name', {
      schema: { hide: true, params: z.object({ name: z.string().max(50) }) },
      config: { access: PUBLIC },
      handler: async (req, reply) => {
        const name = req.params.name;
        if (!GUIDE_NAME.test(name)) throw notFound('Guide');
        let html = cache.get(name);
        if (!html) {
          let markdown: string;
          try {
            markdown = await readFile(path.join(docsDir, `${name}.md`), 'utf8');
          } catch {
            throw notFound('Guide');
          }
          const body = await marked.parse(markdown);
          html = page(
            escapeHtml(titleOf(markdown, name)),
            `<p><a href="/guides">All guides</a></p>\n${body}`,
          );
          cache.set(name, html);
        }
        return reply.type('text/html; charset=utf-8').send(html);
      },
    });
  };
}
