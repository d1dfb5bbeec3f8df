import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';

type Json = Record<string, unknown>;
type Response = { description: string; content?: Record<string, { schema: Json }> };
type Operation = { responses: Record<string, Response> };

describe('/openapi.json', () => {
  let app: TestApp;
  let doc: {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, Json> };
  };
  beforeAll(async () => {
    ({ app } = await createTestApp());
    doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  afterAll(async () => app.close());

  it('states the problem body once and refers to it from every error answer, each with its description', () => {
    const problem = doc.components.schemas.Problem as { required: string[]; additionalProperties: unknown };
    expect(problem.required).toEqual(['type', 'title', 'status', 'detail']);
    expect(problem.additionalProperties).toEqual({});
    let errors = 0;
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(op.responses)) {
          const body = response.content?.['application/problem+json'];
          // GET /health's 503 is its own report, not a problem.
          if (Number(status) < 400 || !body || route === '/health') continue;
          expect(body.schema, `${method.toUpperCase()} ${route} ${status}`).toEqual({
            $ref: '#/components/schemas/Problem',
          });
          expect(response.description).not.toBe('');
          errors += 1;
        }
      }
    }
    expect(errors).toBeGreaterThan(500);
    expect(doc.paths['/api/v1/documents/{id}']?.get?.responses['404']?.description).toBe(
      'Not found, or not in the caller’s tenant',
    );
  });

  it('states the rules the handlers check beyond the types (the fuzz run found them looser)', () => {
    const schemas = doc.components.schemas as Record<string, { properties: Record<string, Json> } & Json>;
    const eventTypes = schemas.WebhookCreateRequestInput?.properties.event_types;
    expect(eventTypes).toMatchObject({
      uniqueItems: true,
      if: { minItems: 2 },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword
      then: { items: { not: { const: '*' } } },
    });
    expect(schemas.WebhookUpdateRequestInput?.properties.event_types).toMatchObject({ uniqueItems: true });
    expect(schemas.AddMemberRequestInput).toMatchObject({
      not: { required: ['user_id', 'email'] },
      if: { not: { required: ['user_id'] } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword
      then: { required: ['email'] },
    });
    expect(schemas.AlertUpdateRequestInput?.minProperties).toBe(1);
    expect(schemas.CorrectExtractionRequestInput?.properties.data).toMatchObject({
      minProperties: 1,
      maxProperties: 100,
    });
    const list = doc.paths['/api/v1/documents']?.get as unknown as
      | { parameters: { name: string; schema: Json }[] }
      | undefined;
    const createdAfter = list?.parameters.find((p) => p.name === 'created_after');
    expect(createdAfter?.schema.allOf).toEqual([{ pattern: '^(19[7-9][0-9]|[2-9][0-9]{3})-' }]);
    expect(schemas.PublicJwk?.properties.alg).toMatchObject({ const: 'ES256' });
    const signOut = doc.paths['/api/v1/console/sessions/current']?.delete as unknown as { security: Json[] };
    expect(signOut.security).toEqual([{ consoleSession: [] }]);
    expect(schemas.DocumentBenchmarkScore?.required).toContain('benchmark_value');
  });
});
