import type { ChildProcess } from 'node:child_process';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlobStore, s3BlobStore, sha256Hex } from '../../src/blobs/store.js';
import { corpusFile, upload } from '../documents/helpers.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';
import { findMotoServer, startMoto } from '../support/moto.js';
import { blobStoreContract } from './contract.js';

const MOTO = findMotoServer();
if (!MOTO) {
  console.warn(
    'test/blobs/s3.test.ts SKIPPED: moto_server not found. Install it with ' +
      '`.venv/bin/pip install -r packages/server/test/blobs/requirements.txt` or set SERVICE_TEST_MOTO_SERVER.',
  );
}

describe.skipIf(!MOTO)('S3 blob store against a real S3-compatible server (moto_server)', () => {
  let moto: { endpoint: string; proc: ChildProcess } | undefined;
  let s3: S3Client;
  const bucket = 'service-test-blobs';
  const saved = {
    id: process.env.AWS_ACCESS_KEY_ID,
    secret: process.env.AWS_SECRET_ACCESS_KEY,
  };

  beforeAll(async () => {
    // The AWS SDK reads credentials from the environment; moto accepts any.
    process.env.AWS_ACCESS_KEY_ID = 'testing';
    process.env.AWS_SECRET_ACCESS_KEY = 'testing';
    moto = await startMoto(MOTO as string);
    s3 = new S3Client({ region: 'us-east-1', endpoint: moto.endpoint, forcePathStyle: true });
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  }, 40_000);

  afterAll(async () => {
    s3?.destroy();
    moto?.proc.kill();
    if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
    else process.env.AWS_ACCESS_KEY_ID = saved.id;
    if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
    else process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
  });

  describe('s3BlobStore', () => {
    let store: BlobStore;
    beforeAll(() => {
      store = s3BlobStore({
        bucket,
        prefix: 'unit/',
        region: 'us-east-1',
        endpoint: moto?.endpoint,
        forcePathStyle: true,
      });
    });

    blobStoreContract(() => store);

    it('writes under the prefix, as <prefix><organization>/<first two hex digits>/<sha256>', async () => {
      const bytes = Buffer.from('where does it go?');
      const sha = sha256Hex(bytes);
      await store.put('org-a', sha, bytes);
      const head = await s3.send(
        new HeadObjectCommand({ Bucket: bucket, Key: `unit/org-a/${sha.slice(0, 2)}/${sha}` }),
      );
      expect(head.ContentLength).toBe(bytes.length);
    });

    it('reports an unreachable bucket as an error, not as a missing blob', async () => {
      const lost = s3BlobStore({
        bucket: 'no-such-bucket',
        prefix: '',
        region: 'us-east-1',
        endpoint: moto?.endpoint,
        forcePathStyle: true,
      });
      const err = await lost.get('org-a', sha256Hex(Buffer.from('x'))).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toMatchObject({ code: 'ENOENT' });
    });
  });

  describe('uploads through the API with SERVICE_BLOB_STORE=s3', () => {
    let app: TestApp;

    beforeAll(async () => {
      ({ app } = await createTestApp({
        SERVICE_BLOB_STORE: 's3',
        SERVICE_S3_BUCKET: bucket,
        SERVICE_S3_PREFIX: 'documents/',
        SERVICE_S3_ENDPOINT: moto?.endpoint as string,
        SERVICE_S3_FORCE_PATH_STYLE: 'true',
        // No pipeline here: workers of other test files (local blob stores) share the queue.
        SERVICE_WORKERS: '0',
      }));
    });
    afterAll(async () => {
      await app?.close();
    });

    it('stores the file in the bucket, serves it back, and removes it with the document', async () => {
      const owner = await signUp(app);
      const team = await createTeam(app, owner);
      const h = inOrg(owner, team);
      const bytes = corpusFile('agreements-md', 'commonpaper', 'Mutual-NDA', 'Mutual-NDA.md');
      const res = await upload(app, h, bytes, 'Mutual-NDA.md');
      expect(res.statusCode, res.body).toBe(202);
      const doc = res.json() as { id: string; sha256: string };
      expect(doc.sha256).toBe(sha256Hex(bytes));

      const key = `documents/${team}/${doc.sha256.slice(0, 2)}/${doc.sha256}`;
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      expect(
        Buffer.from(
          await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
        ).equals(bytes),
      ).toBe(true);

      const content = await app.inject({
        method: 'GET',
        url: `/api/v1/documents/${doc.id}/content`,
        headers: h,
      });
      expect(content.statusCode).toBe(200);
      expect(content.rawPayload.equals(bytes)).toBe(true);

      const del = await app.inject({ method: 'DELETE', url: `/api/v1/documents/${doc.id}`, headers: h });
      expect(del.statusCode, del.body).toBe(204);
      const left = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `documents/${team}/` }));
      expect(left.KeyCount ?? 0).toBe(0);
    });
  });
});
