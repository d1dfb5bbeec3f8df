/**
 * Content codings of the HTTP API (RFC 9110 §8.4.1 Content-Encoding, §12.5.3 Accept-Encoding).
 *
 * Answers are compressed when the client asks for it (`Accept-Encoding: br` or `gzip`): a page of
 * 20 documents with their classification traces and extractions is ~37 KB of JSON, ~5 KB in
 * Brotli. `@fastify/compress` does it, at Brotli quality 4 (its default; quality 11 costs ~10× the
 * CPU for a few per cent) and from 1 KB up; clients that send no `Accept-Encoding` (curl without
 * `--compressed`, most load generators) get the bytes as before. Only text and JSON are compressed:
 * stored originals of other types (PDF, ZIP, images, `application/octet-stream`) are mostly
 * compressed already. The console's files are compressed once at build time (packages/web
 * vite.config.ts) and served as they are (`preCompressed` in console/static.ts).
 *
 * Request bodies are never decoded: a body with a content coding other than `identity` is refused
 * with 415 and `Accept-Encoding: identity` (RFC 9110 §15.5.16), so an upload's byte limits count
 * the bytes that arrive and a small compressed body cannot expand into a large one (decision 626).
 *
 * BREACH (compression as a side channel on secrets beside attacker-chosen text) needs a browser
 * to send the victim's credentials with a request an attacker chose; this API takes credentials
 * only in the `Authorization` header, which a browser never adds on its own (docs/security.md).
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpProblem } from './problem.js';

/** The media types compressed: text (not event streams), JSON and XML, with or without a suffix. */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|^application\/javascript/u;

/** Below this many bytes an answer goes as it is: the coding's headers would eat the gain. */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Whether a request announces a body (RFC 9112 §6.3: a Transfer-Encoding, or a Content-Length above 0). */
function hasBody(headers: FastifyRequest['headers']): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

/**
 * Registers response compression on `app` (every route, registered before them) and the refusal of
 * coded request bodies.
 *
 * @throws HttpProblem 415 (through Fastify's error handler) for a request whose body has a
 *   `Content-Encoding` other than `identity`
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
    globalDecompression: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    const coding = req.headers['content-encoding']?.trim().toLowerCase();
    if (!coding || coding === 'identity' || !hasBody(req.headers)) return;
    void reply.header('Accept-Encoding', 'identity');
    throw new HttpProblem(
      415,
      `Request bodies are accepted without a content coding; this one has Content-Encoding: ${coding}`,
    );
  });
}
