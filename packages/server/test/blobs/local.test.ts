import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localBlobStore, sha256Hex } from '../../src/blobs/store.js';
import { blobStoreContract } from './contract.js';

describe('localBlobStore (files under a directory)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'blobs-'));
  const store = localBlobStore(root);

  blobStoreContract(() => store);

  it('lays blobs out as <organization>/<first two hex digits>/<sha256>, with no temporary files left', async () => {
    const bytes = Buffer.from('laid out');
    const sha = sha256Hex(bytes);
    await store.put('org-a', sha, bytes);
    expect(readdirSync(path.join(root, 'org-a', sha.slice(0, 2)))).toEqual([sha]);
  });
});
