import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reuseOrIssueApiKey } from '../../src/api-keys/service.js';
import { bootstrapSystemAdmin } from '../../src/users/service.js';
import { createTestApp, type TestApp, uniqueEmail } from '../support/app.js';

describe('the key `serve --bootstrap-admin` prints', () => {
  let app: TestApp;
  let dir: string;
  let file: string;
  const status = async (key: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${key}` },
      })
    ).statusCode;

  beforeAll(async () => {
    ({ app } = await createTestApp());
    dir = mkdtempSync(path.join(tmpdir(), 'bootstrap-key-'));
    file = path.join(dir, 'bootstrap-admin-key.json');
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is issued once, saved privately, and reused on the next start', async () => {
    const user = await bootstrapSystemAdmin(app.ctx, uniqueEmail('admin'));
    const first = await reuseOrIssueApiKey(app.ctx, user.id, 'serve --bootstrap-admin', file);
    expect(first.reused).toBe(false);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = await reuseOrIssueApiKey(app.ctx, user.id, 'serve --bootstrap-admin', file);
    expect(second).toEqual({ key: first.key, reused: true });
    expect(await status(first.key)).toBe(200);
  });

  it('is saved in a data directory that does not exist yet (PostgreSQL and a given secret make none)', async () => {
    const user = await bootstrapSystemAdmin(app.ctx, uniqueEmail('admin'));
    const nested = path.join(dir, 'data', 'bootstrap-admin-key.json');
    const issued = await reuseOrIssueApiKey(app.ctx, user.id, 'serve --bootstrap-admin', nested);
    expect(statSync(nested).mode & 0o777).toBe(0o600);
    expect(await reuseOrIssueApiKey(app.ctx, user.id, 'serve --bootstrap-admin', nested)).toEqual({
      key: issued.key,
      reused: true,
    });
  });

  it('is replaced when the saved one was revoked, and the replaced keys stop working', async () => {
    const user = await bootstrapSystemAdmin(app.ctx, uniqueEmail('admin'));
    const first = await reuseOrIssueApiKey(app.ctx, user.id, 'serve --bootstrap-admin', file);
    // Another user's saved key is not reused: a new key for this one, the old one of this name revoked.
    const other = await bootstrapSystemAdmin(app.ctx, uniqueEmail('other'));
    await reuseOrIssueApiKey(app.ctx, other.id, 'serve --bootstrap-admin', file);
    const again = await reuseOrIssueApiKey(app.ctx, user.id, 'serve --bootstrap-admin', file);
    expect(again.reused).toBe(false);
    expect(again.key).not.toBe(first.key);
    expect(await status(first.key)).toBe(401);
    expect(await status(again.key)).toBe(200);
  });
});
