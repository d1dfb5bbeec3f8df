import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Executor } from '../../src/db/client.js';
import { insertDocument } from '../../src/documents/repository.js';
import type { DocumentDto } from '../../src/documents/schemas.js';
import type { TestApp } from '../support/app.js';
import { corpusDir, repoDir } from '../support/paths.js';

/** A file of the shared corpus (see its README.md). */
export const corpusFile = (...parts: string[]) => readFileSync(path.join(corpusDir, ...parts));

/** The demo ontology shipped with the built-in plugins: Contract (with fields and 26 types), Invoice, Policy. */
export const demoOntology = () =>
  JSON.parse(readFileSync(path.join(repoDir, 'plugins', 'demo_ontology.json'), 'utf8')) as {
    labels: unknown[];
  };

/**
 * Uploads `bytes` as `filename` the way a browser or `curl -F file=@…` does: a multipart body
 * with the field `file` and the optional fields `source_id` and `metadata`.
 */
export function upload(
  app: TestApp,
  headers: Record<string, string>,
  bytes: Buffer | string,
  filename: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? Buffer.from(bytes) : bytes]), filename);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return app.inject({ method: 'POST', url: '/api/v1/documents', headers, payload: form });
}

/** Reads a document until it is PROCESSED or FAILED (the pipeline runs in the app's workers). */
export async function waitForDocument(
  app: TestApp,
  headers: Record<string, string>,
  id: string,
  timeoutMs = 60_000,
): Promise<DocumentDto> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/v1/documents/${id}`, headers });
    if (res.statusCode !== 200) throw new Error(`GET document ${id}: ${res.statusCode} ${res.body}`);
    const doc = res.json() as DocumentDto;
    if (doc.status === 'PROCESSED' || doc.status === 'FAILED') return doc;
    if (Date.now() > deadline)
      throw new Error(`document ${id} still ${doc.status} (${doc.step}): ${doc.error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Gives the organization a two-label ontology (Contract, Invoice) and registers `code` as its
 * classification plugin (POST /plugins, then the settings' classification_plugin_id).
 *
 * @returns the plugin's id
 */
export async function useClassifier(
  app: TestApp,
  headers: Record<string, string>,
  orgId: string,
  name: string,
  code: string,
): Promise<string> {
  const ontology = await app.inject({
    method: 'PUT',
    url: '/api/v1/ontology',
    headers,
    payload: { labels: [{ name: 'Contract' }, { name: 'Invoice' }] },
  });
  if (ontology.statusCode !== 200) throw new Error(`PUT ontology: ${ontology.body}`);
  const plugin = await app.inject({
    method: 'POST',
    url: '/api/v1/plugins',
    headers,
    payload: { name, code },
  });
  if (plugin.statusCode !== 201) throw new Error(`POST plugin: ${plugin.body}`);
  const id = (plugin.json() as { id: string }).id;
  const settings = await app.inject({
    method: 'PUT',
    url: `/api/v1/organizations/${orgId}/settings`,
    headers,
    payload: { classification_plugin_id: id },
  });
  if (settings.statusCode !== 200) throw new Error(`PUT settings: ${settings.body}`);
  return id;
}

/** Puts the demo ontology into the organization of `headers` (OWNER or ADMIN). */
export async function putDemoOntology(app: TestApp, headers: Record<string, string>): Promise<void> {
  const res = await app.inject({ method: 'PUT', url: '/api/v1/ontology', headers, payload: demoOntology() });
  if (res.statusCode !== 200) throw new Error(`PUT ontology: ${res.statusCode} ${res.body}`);
}

/**
 * Stores a document row of the organization directly (no file, no pipeline run): a text/plain
 * document named `filename` whose sha256 is `sha` (unique per organization), for a test that
 * then writes pipeline results onto it with `updateDocument`.
 *
 * @returns the inserted row
 */
export async function insertStoredDocument(
  db: Executor,
  organizationId: string,
  filename: string,
  sha: string,
  metadata: Record<string, unknown> = {},
) {
  const row = await insertDocument(db, {
    organizationId,
    sourceId: null,
    parentDocumentId: null,
    filename,
    mimeType: 'text/plain',
    sizeBytes: 100,
    sha256: sha,
    metadata,
  });
  if (!row) throw new Error(`${filename} not inserted`);
  return row;
}
