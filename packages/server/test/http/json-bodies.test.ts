import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../support/app.js';

/** Request bodies declared `application/json`, as scripts that set the header on every call send them. */
describe('JSON request bodies', () => {
  let app: TestApp;
  let user: TestUser;
  const json = { 'content-type': 'application/json' };

  beforeAll(async () => {
    ({ app } = await createTestApp());
    user = await signUp(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('takes an empty body with a JSON content type as no body on a DELETE', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: user.headers,
      payload: { name: 'script' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${created.json().id}`,
      headers: { ...user.headers, ...json },
      payload: '',
    });
    expect(removed.statusCode, removed.body).toBe(204);
  });

  it('still answers 400 naming the body when a route that needs one gets none, or gets broken JSON', async () => {
    const empty = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { ...user.headers, ...json },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.headers['content-type']).toContain('application/problem+json');
    expect(empty.json().detail).toContain('body');
    const broken = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { ...user.headers, ...json },
      payload: '{"name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['content-type']).toContain('application/problem+json');
  });
});
