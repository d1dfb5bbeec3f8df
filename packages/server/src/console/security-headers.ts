/**
 * Browser security headers on every answer (docs/security.md "The web console"), set by
 * `helmet`: a Content-Security-Policy under which the console runs with no inline or
 * injected script, no framing by any page (clickjacking), no Referer sent anywhere, `nosniff`,
 * and HSTS when the service is reached over HTTPS. API answers get them too, where they cost
 * nothing and keep a JSON answer from being rendered or framed as a page.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The console's Content-Security-Policy. Scripts only from our origin (Vite emits external
 * module scripts, no inline ones); styles may be inline because Mantine and CodeMirror inject
 * style elements and attributes at run time (a style cannot run code); `blob:` frames and
 * images for the PDF view (DocumentDetail.tsx shows the fetched file through an object URL);
 * API calls only to our origin.
 */
export const CONSOLE_CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Registers the headers for every route of `app` (and its not-found answers, which serve the
 * console's pages). `https`: the public URL is HTTPS, so browsers are told to keep to it (HSTS).
 *
 * helmet's middleware is made once and run by one `onRequest` hook: `@fastify/helmet` built a new
 * one for every request (two hooks, the policy's directives parsed and written out again each
 * time), ~3 % of a documents list's CPU at 50 connections (decision 620). The headers are the same.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  // helmet sets the headers on the raw response synchronously; Fastify sends them with its own.
  app.addHook('onRequest', (req, reply, done) =>
    setHeaders(req.raw, reply.raw, (err) => done(err === undefined ? undefined : (err as Error))),
  );
}
