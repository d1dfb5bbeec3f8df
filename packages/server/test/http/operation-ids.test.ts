import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveOperationId } from '../../src/http/operation-ids.js';
import { createTestApp, type TestApp } from '../support/app.js';

type Operation = { operationId?: string; tags?: string[] };

describe('operationIds in /openapi.json', () => {
  let app: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    ({ app } = await createTestApp());
    paths = (await app.inject({ method: 'GET', url: '/openapi.json' })).json().paths;
  });
  afterAll(async () => app.close());

  it('gives every operation a unique operationId and at least one tag', () => {
    const seen = new Map<string, string>();
    for (const [route, operations] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${route}`;
        expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(seen.get(op.operationId as string), `${where} repeats an operationId`).toBeUndefined();
        seen.set(op.operationId as string, where);
        expect(op.tags?.length, `${where} has no tag`).toBeGreaterThan(0);
      }
    }
    expect(seen.size).toBeGreaterThan(100);
  });

  it('names the common operations as a client reads them', () => {
    expect(paths['/api/v1/documents']?.get?.operationId).toBe('listDocuments');
    expect(paths['/api/v1/documents']?.post?.operationId).toBe('createDocument');
    expect(paths['/api/v1/documents/{id}']?.get?.operationId).toBe('getDocument');
    expect(paths['/api/v1/documents/{id}/reprocess']?.post?.operationId).toBe('reprocessDocument');
    expect(paths['/api/v1/label-suggestions/{id}/accept']?.post?.operationId).toBe('acceptLabelSuggestion');
    expect(paths['/api/v1/webhooks/{id}/deliveries/{deliveryId}/retry']?.post?.operationId).toBe(
      'retryWebhookDelivery',
    );
    expect(paths['/api/contracts']?.get?.operationId).toBe('listContracts');
  });

  it('derives a name for a route added later without an override', () => {
    const page = { responses: { 200: { content: { 'application/json': { schema: { type: 'array' } } } } } };
    expect(deriveOperationId('get', '/api/v1/reports/{id}/pages', page, {})).toBe('listReportPages');
    expect(deriveOperationId('post', '/api/v1/reports/{id}/archive', {}, {})).toBe('archiveReport');
    expect(deriveOperationId('post', '/api/v1/reports', {}, {})).toBe('createReport');
    expect(deriveOperationId('delete', '/api/v1/reports/{id}', {}, {})).toBe('deleteReport');
  });
});
