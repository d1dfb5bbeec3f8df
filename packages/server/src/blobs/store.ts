import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/**
 * Content-addressed storage of document bytes. A blob is named by its organization and the
 * SHA-256 of its bytes, so the same file stored twice is one blob.
 */
export interface BlobStore {
  kind: 'local' | 's3';
  /** Stores bytes; idempotent for the same (organization, sha256). */
  put(organizationId: string, sha256: string, bytes: Buffer): Promise<void>;
  /** @throws Error with code 'ENOENT' when the blob does not exist */
  get(organizationId: string, sha256: string): Promise<Buffer>;
  delete(organizationId: string, sha256: string): Promise<void>;
  /**
   * A new path where an upload is written as it arrives, before its hash is known (for the
   * local store inside its root, so that {@link putFile} is a rename).
   */
  stagingPath(): Promise<string>;
  /** Stores the file at `file` (from {@link stagingPath}) as the blob and removes the file; idempotent like `put`. */
  putFile(organizationId: string, sha256: string, file: string): Promise<void>;
}

/** Hex SHA-256 (FIPS 180-4) of the bytes. */
export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function key(organizationId: string, sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('blob key must be a hex SHA-256');
  return `${organizationId}/${sha256.slice(0, 2)}/${sha256}`;
}

/** Blobs as files under `root` (written to a temporary name, then renamed, so readers never see half a file). */
export function localBlobStore(root: string): BlobStore {
  const file = (org: string, sha: string) => path.join(root, key(org, sha));
  return {
    kind: 'local',
    put: async (org, sha, bytes) => {
      const target = file(org, sha);
      try {
        await stat(target);
        return;
      } catch {
        // not stored yet
      }
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, target);
    },
    // async, so a bad key rejects like any other failure instead of throwing synchronously
    get: async (org, sha) => readFile(file(org, sha)),
    delete: async (org, sha) => rm(file(org, sha), { force: true }),
    stagingPath: async () => {
      const dir = path.join(root, '.incoming');
      await mkdir(dir, { recursive: true });
      return path.join(dir, `${process.pid}-${randomUUID()}`);
    },
    putFile: async (org, sha, staged) => {
      const target = file(org, sha);
      try {
        await stat(target);
        await rm(staged, { force: true });
        return;
      } catch {
        // not stored yet
      }
      await mkdir(path.dirname(target), { recursive: true });
      await rename(staged, target);
    },
  };
}

/** Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph…), under an optional key prefix. */
export function s3BlobStore(opts: {
  bucket: string;
  prefix: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
}): BlobStore {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle,
  });
  const k = (org: string, sha: string) => `${opts.prefix}${key(org, sha)}`;
  return {
    kind: 's3',
    put: async (org, sha, bytes) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: k(org, sha) }));
        return;
      } catch {
        // not stored yet
      }
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: k(org, sha),
          Body: bytes,
          ChecksumSHA256: Buffer.from(sha, 'hex').toString('base64'),
        }),
      );
    },
    get: async (org, sha) => {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: k(org, sha) }));
        return Buffer.from(
          await (res.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
        );
      } catch (err) {
        const e = err as { name?: string };
        if (e.name === 'NoSuchKey' || e.name === 'NotFound') {
          throw Object.assign(new Error(`blob ${k(org, sha)} not found`), { code: 'ENOENT' });
        }
        throw err;
      }
    },
    delete: async (org, sha) => {
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: k(org, sha) }));
    },
    stagingPath: async () => path.join(tmpdir(), `service-upload-${process.pid}-${randomUUID()}`),
    putFile: async (org, sha, staged) => {
      try {
        const stored = await client
          .send(new HeadObjectCommand({ Bucket: opts.bucket, Key: k(org, sha) }))
          .then(() => true)
          .catch(() => false);
        if (stored) return;
        await client.send(
          new PutObjectCommand({
            Bucket: opts.bucket,
            Key: k(org, sha),
            Body: createReadStream(staged),
            ContentLength: (await stat(staged)).size,
            ChecksumSHA256: Buffer.from(sha, 'hex').toString('base64'),
          }),
        );
      } finally {
        await rm(staged, { force: true });
      }
    },
  };
}
