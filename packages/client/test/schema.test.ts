import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { liveOpenApiDocument, renderSchema, SCHEMA_FILE } from '../scripts/live-document.js';

describe('the committed client', () => {
  it('matches the live /openapi.json (run `npm run generate:client` after changing the API)', async () => {
    const generated = await renderSchema(await liveOpenApiDocument());
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(generated);
  });
});
