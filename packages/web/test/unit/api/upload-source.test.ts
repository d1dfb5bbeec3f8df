import { createServiceClient } from '@service/client';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { uploadDocument } from '../../../src/api/documents';
import { ApiError } from '../../../src/api/problem';

// Node's own fetch, FormData and File (jsdom's FormData is not one Node's Request can send); the
// session module reads the address's fragment when loaded, so it gets an empty one.
vi.hoisted(() => {
  Object.assign(globalThis, {
    window: { location: { hash: '', pathname: '/', search: '' }, history: { replaceState() {} } },
  });
});

const ORG = '00000000-0000-4000-8000-000000000001';
const MANUAL = '00000000-0000-4000-8000-0000000000a1';
const MANUAL_AGAIN = '00000000-0000-4000-8000-0000000000a2';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const connection = (id: string) => ({ id, name: 'Manual upload', kind: 'MANUAL_UPLOAD', status: 'ACTIVE' });
const problem = (status: number, detail: string, field?: string) =>
  json(status, {
    title: 'Problem',
    status,
    detail,
    ...(field ? { errors: [{ field, message: detail }] } : {}),
  });

/**
 * A client whose server answers the manual-upload connection with `manual()` and an upload with
 * `upload(sourceId)`; every request is recorded with the multipart fields of an upload.
 */
function server(manual: () => Response, upload: (sourceId: string | null) => Response) {
  const calls: { path: string; source_id?: string | null; file?: string }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/sources/connect/manual-upload') {
      calls.push({ path });
      return manual();
    }
    const form = await request.formData();
    const sourceId = form.get('source_id') as string | null;
    calls.push({ path, source_id: sourceId, file: (form.get('file') as File).name });
    return upload(sourceId);
  };
  const api = createServiceClient({ baseUrl: 'http://console.test', fetch });
  return { api, fetch: fetch as typeof globalThis.fetch, calls };
}

const stored = (name: string, sourceId: string | null) =>
  json(202, { id: '00000000-0000-4000-8000-0000000000d1', filename: name, source_id: sourceId });

describe("the console's upload goes through the organization's manual-upload connection", () => {
  it('sends its id as source_id, asking for it once per organization', async () => {
    const s = server(
      () => json(200, connection(MANUAL)),
      (id) => stored('a.txt', id),
    );
    const queryClient = new QueryClient();
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
    const doc = await uploadDocument(s.api, queryClient, ORG, file, s.fetch);
    expect(doc.source_id).toBe(MANUAL);
    await uploadDocument(s.api, queryClient, ORG, new File(['b'], 'b.txt'), s.fetch);
    expect(s.calls).toEqual([
      { path: '/api/v1/sources/connect/manual-upload' },
      { path: '/api/v1/documents', source_id: MANUAL, file: 'a.txt' },
      { path: '/api/v1/documents', source_id: MANUAL, file: 'b.txt' },
    ]);
  });

  it('does not send the file when the connection cannot be had, and says why', async () => {
    const s = server(
      () => problem(403, 'Forbidden: not a member of the organization'),
      (id) => stored('a.txt', id),
    );
    const err = await uploadDocument(s.api, new QueryClient(), ORG, new File(['x'], 'a.txt'), s.fetch).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).message).toMatch(
      /^Not uploaded: the organization's manual-upload connection could not be read \(Forbidden/,
    );
    expect(s.calls.map((c) => c.path)).toEqual(['/api/v1/sources/connect/manual-upload']);
  });

  it('asks again and retries once when the remembered connection was deleted meanwhile', async () => {
    let current = MANUAL;
    const s = server(
      () => json(200, connection(current)),
      (id) =>
        id === current
          ? stored('a.txt', id)
          : problem(
              400,
              'source_id: no source connection with this id in the organization',
              'body.source_id',
            ),
    );
    const queryClient = new QueryClient();
    await uploadDocument(s.api, queryClient, ORG, new File(['1'], 'a.txt'), s.fetch);
    current = MANUAL_AGAIN;
    const doc = await uploadDocument(s.api, queryClient, ORG, new File(['2'], 'a.txt'), s.fetch);
    expect(doc.source_id).toBe(MANUAL_AGAIN);
    expect(s.calls.map((c) => c.source_id ?? c.path)).toEqual([
      '/api/v1/sources/connect/manual-upload',
      MANUAL,
      MANUAL,
      '/api/v1/sources/connect/manual-upload',
      MANUAL_AGAIN,
    ]);
  });

  it('passes an upload refused for its own reason on as it is', async () => {
    const s = server(
      () => json(200, connection(MANUAL)),
      () => problem(415, 'This file type is not accepted'),
    );
    await expect(
      uploadDocument(s.api, new QueryClient(), ORG, new File(['x'], 'a.bin'), s.fetch),
    ).rejects.toMatchObject({ status: 415, message: 'This file type is not accepted' });
    expect(s.calls.filter((c) => c.path === '/api/v1/documents')).toHaveLength(1);
  });
});
