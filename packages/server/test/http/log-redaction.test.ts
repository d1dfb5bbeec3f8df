import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/http/log-redaction.js';
import { createTestApp, type TestApp } from '../support/app.js';

describe('redactUrl', () => {
  it('hides the token of /invitations/{token}, keeps invitation ids and routes', () => {
    expect(redactUrl('/invitations/abcDEF-123_xyz')).toBe('/invitations/[REDACTED]');
    expect(redactUrl('/api/v1/invitations/abcDEF-123_xyz')).toBe('/api/v1/invitations/[REDACTED]');
    const id = '0190a000-0000-7000-8000-00000000abcd';
    expect(redactUrl(`/api/v1/invitations/${id}/accept`)).toBe(`/api/v1/invitations/${id}/accept`);
    expect(redactUrl('/api/v1/invitations/me')).toBe('/api/v1/invitations/me');
  });

  it('hides the values of credential query parameters only', () => {
    expect(redactUrl('/cb?code=s3cret&state=x&access_token=t0k&page=2')).toBe(
      '/cb?code=[REDACTED]&state=x&access_token=[REDACTED]&page=2',
    );
    expect(redactUrl('/x?invitation%5Ftoken=abc')).toBe('/x?invitation%5Ftoken=[REDACTED]');
    expect(redactUrl('/api/v1/documents?size=10')).toBe('/api/v1/documents?size=10');
  });
});

describe('the access log of a running server', () => {
  const lines: string[] = [];
  let app: TestApp;

  beforeAll(async () => {
    ({ app } = await createTestApp(
      { SERVICE_WORKERS: '0', SERVICE_LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    ));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('never shows an invitation token, in the path or the query', async () => {
    const token = 'inv-token-that-must-not-leak-0123456789';
    await app.inject({ method: 'GET', url: `/invitations/${token}` });
    await app.inject({ method: 'GET', url: `/api/v1/invitations/${token}` });
    await app.inject({ method: 'GET', url: `/health?token=${token}` });
    const requests = lines.filter((l) => l.includes('"req"'));
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(requests.some((l) => l.includes('/invitations/[REDACTED]'))).toBe(true);
    expect(lines.join('\n')).not.toContain(token);
  });
});
