import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Bytes of an upload kept in memory for its type detection (documents/service.ts): the text
 * heuristics read this much, and magic numbers sit in the first kilobytes.
 */
export const UPLOAD_HEAD_BYTES = 256 * 1024;

/** An upload written to the blob store's staging file (BlobStore.stagingPath). */
export interface StagedUpload {
  /** The staging file. */
  path: string;
  /** Its length in bytes. */
  size: number;
  /** Hex SHA-256 of its bytes. */
  sha256: string;
  /** Its first {@link UPLOAD_HEAD_BYTES} bytes (all of a smaller file). */
  head: Buffer;
}

/**
 * Writes a stream to `path` as it arrives, hashing each chunk on the way and keeping the first
 * {@link UPLOAD_HEAD_BYTES}: no step holds the whole file or works on it in one piece, so a
 * large upload does not stall the event loop (decision 352).
 *
 * @throws the stream's or the file's error (the caller removes `path`)
 */
export async function stageUpload(source: NodeJS.ReadableStream, path: string): Promise<StagedUpload> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      if (headBytes < UPLOAD_HEAD_BYTES) {
        const part = chunk.subarray(0, UPLOAD_HEAD_BYTES - headBytes);
        head.push(Buffer.from(part));
        headBytes += part.length;
      }
      done(null, chunk);
    },
  });
  await pipeline(source, tap, createWriteStream(path));
  return { path, size, sha256: hash.digest('hex'), head: Buffer.concat(head) };
}
