/**
 * Content codings of the API (src/http/compression.ts): answers compressed when the client asks,
 * byte for byte the same once decoded; stored originals that are compressed already sent as they
 * are; request bodies with a content coding refused before they are read.
 */
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../auth/assertions.js';
import { corpusFile, upload } from '../documents/helpers.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../support/app.js';

describe('answers in Brotli or gzip when the client asks for them', () => {
  let app: TestApp;
  let user: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
    user = await signUp(app);
    const files: [string, Buffer][] = [
      ['msa.md', corpusFile('agreements-md', 'commonpaper', 'CSA', 'CSA.md')],
      ['nda.pdf', corpusFile('kleister-nda', 'pdf', '00a1d238e37ac225b8045a97953e845d.pdf')],
    ];
    for (const [name, bytes] of files) {
      const res = await upload(app, user.headers, bytes, name);
      expect(res.statusCode, res.body).toBe(202);
      ids[name] = (res.json() as { id: string }).id;
    }
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, encoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...user.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends the list as it is without Accept-Encoding, and the same JSON in Brotli or gzip when asked', async () => {
    const plain = await get('/api/v1/documents?size=20');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/v1/documents?size=20', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await get('/api/v1/documents?size=20', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    // A client that refuses both gets the bytes as they are.
    expect((await get('/api/v1/documents?size=20', 'identity')).body).toBe(plain.body);
  });

  it('compresses a stored text original and leaves a PDF (compressed already) as it is', async () => {
    const text = await get(`/api/v1/documents/${ids['msa.md']}/content`, 'br');
    expect(text.headers['content-encoding']).toBe('br');
    const original = corpusFile('agreements-md', 'commonpaper', 'CSA', 'CSA.md');
    expect(text.rawPayload.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(text.rawPayload).equals(original)).toBe(true);
    const pdf = await get(`/api/v1/documents/${ids['nda.pdf']}/content`, 'br');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(
      pdf.rawPayload.equals(corpusFile('kleister-nda', 'pdf', '00a1d238e37ac225b8045a97953e845d.pdf')),
    ).toBe(true);
  });

  it('sends a small answer (under 1 KB) as it is', async () => {
    const me = await get('/api/v1/users/me', 'br');
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a compressed upload (a gzip bomb) with 415 before reading it, and carries on', async () => {
    // 64 MiB of zeros as a multipart body: ~64 KB gzipped, past the upload limit once inflated.
    const head = Buffer.from(
      '--x\r\nContent-Disposition: form-data; name="file"; filename="bomb.txt"\r\nContent-Type: text/plain\r\n\r\n',
    );
    const bomb = gzipSync(Buffer.concat([head, Buffer.alloc(64 * 1024 * 1024)]));
    expect(bomb.length).toBeLessThan(256 * 1024);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/documents',
      headers: {
        ...user.headers,
        'content-type': 'multipart/form-data; boundary=x',
        'content-encoding': 'gzip',
      },
      payload: bomb,
    });
    expectProblem(res, 415, /Content-Encoding: gzip/);
    expect(res.headers['accept-encoding']).toBe('identity');
    // The same for a JSON body, whatever the coding is called.
    const json = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { ...user.headers, 'content-type': 'application/json', 'content-encoding': 'br' },
      payload: Buffer.from('{"name":"k"}'),
    });
    expectProblem(json, 415, /Content-Encoding: br/);
    // Nothing was stored, and the server answers as before.
    const list = await get('/api/v1/documents?size=20');
    expect(
      (list.json() as { content: { filename: string }[] }).content.map((d) => d.filename).sort(),
    ).toEqual(['msa.md', 'nda.pdf']);
    // `identity` is no coding at all: the body is read as usual.
    const identity = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { ...user.headers, 'content-type': 'application/json', 'content-encoding': 'identity' },
      payload: { name: 'plain' },
    });
    expect(identity.statusCode, identity.body).toBe(201);
  });
});
