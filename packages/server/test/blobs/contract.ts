import { expect, it } from 'vitest';
import { type BlobStore, sha256Hex } from '../../src/blobs/store.js';

/**
 * What every BlobStore promises (src/blobs/store.ts): content-addressed put, get of the exact
 * bytes, an idempotent put, delete, and ENOENT for a blob that is not there. `store()` is read
 * when the tests run, so a suite can build its store in `beforeAll`.
 */
export function blobStoreContract(store: () => BlobStore) {
  const org = '0190a000-0000-7000-8000-00000000b10b';
  const bytes = Buffer.from('%PDF-1.7\nnot really a PDF, but bytes are bytes\n\u0000\u00ff');
  const sha = sha256Hex(bytes);

  const enoent = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err, 'expected a rejection with code ENOENT').toMatchObject({ code: 'ENOENT' });
  };

  it('stores bytes under (organization, sha256) and gives them back exactly', async () => {
    await store().put(org, sha, bytes);
    expect((await store().get(org, sha)).equals(bytes)).toBe(true);
  });

  it('a second put of the same blob is a no-op', async () => {
    await store().put(org, sha, bytes);
    await store().put(org, sha, bytes);
    expect((await store().get(org, sha)).equals(bytes)).toBe(true);
  });

  it('keeps organizations apart: the same digest in another organization is another blob', async () => {
    await enoent(store().get('0190a000-0000-7000-8000-0000000000ff', sha));
  });

  it('answers ENOENT for a blob that was never stored', async () => {
    await enoent(store().get(org, sha256Hex(Buffer.from('never stored'))));
  });

  it('deletes a blob (then ENOENT); deleting a missing blob is fine', async () => {
    const other = Buffer.from('to be deleted');
    const otherSha = sha256Hex(other);
    await store().put(org, otherSha, other);
    await store().delete(org, otherSha);
    await enoent(store().get(org, otherSha));
    await store().delete(org, otherSha);
    expect((await store().get(org, sha)).equals(bytes)).toBe(true);
  });

  it('refuses a key that is not a hex SHA-256 (no path tricks)', async () => {
    await expect(store().get(org, '../../etc/passwd')).rejects.toThrow(/hex SHA-256/);
  });
}
