import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Marked } from 'marked';
import { gfmHeadingId } from 'marked-gfm-heading-id';
import { z } from 'zod';
import { repoRoot } from '../config.js';
import { notFound } from '../http/problem.js';

/** The guides in docs/ served as HTML, so the validator's `documentation` links open a page with the anchor. */
const GUIDES = [
  'plugins',
  'plugin-runtime',
  'api',
  'authentication',
  'pipeline',
  'sources',
  'contracts',
  'benchmarks',
  'webhooks',
  'operations',
  'security',
];

const marked = new Marked(gfmHeadingId());

/** GET /guides/{name}: docs/<name>.md rendered with GitHub-style heading ids (public). */
export function guideRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    const cache = new Map<string, string>();
    app.get('/guides/:name', {
      schema: { hide: true, params: z.object({ name: z.string().max(50) }) },
      config: { public: true },
      handler: async (req, reply) => {
        const name = req.params.name;
        if (!GUIDES.includes(name)) throw notFound('Guide');
        let html = cache.get(name);
        if (!html) {
          let markdown: string;
          try {
            markdown = await readFile(path.join(repoRoot, 'docs', `${name}.md`), 'utf8');
          } catch {
            throw notFound('Guide');
          }
          const body = await marked.parse(markdown);
          html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>
<style>body{font-family:sans-serif;max-width:52em;margin:2em auto;padding:0 1em;line-height:1.5}pre{background:#f5f5f5;padding:1em;overflow:auto}code{background:#f5f5f5}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em}</style>
</head><body>${body}</body></html>`;
          cache.set(name, html);
        }
        return reply.type('text/html; charset=utf-8').send(html);
      },
    });
  };
}
