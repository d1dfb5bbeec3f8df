import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../../src/context.js';
import type { Evidence } from '../../src/db/schema.js';
import { insertDocument, updateDocument } from '../../src/documents/repository.js';

/** Inserts a PROCESSED document with labels and extraction data, as the pipeline leaves it. */
export async function insertExtractedDocument(
  ctx: AppContext,
  organizationId: string,
  labels: string[],
  data: Record<string, unknown>,
  filename = 'contract.pdf',
  evidence: Record<string, Evidence[]> = {},
) {
  const sha = createHash('sha256').update(randomUUID()).digest('hex');
  const row = await insertDocument(ctx.db, {
    organizationId,
    sourceId: null,
    parentDocumentId: null,
    filename,
    mimeType: 'application/pdf',
    sizeBytes: 100,
    sha256: sha,
    metadata: {},
  });
  if (!row) throw new Error('document not inserted');
  const done = await updateDocument(ctx.db, row.id, {
    labels,
    status: 'PROCESSED',
    step: null,
    extraction: {
      data,
      llm_fields: [],
      document_type: null,
      evidence,
      plugin: 'test',
      confidence: {},
      unsupported_fields: [],
      corrections: {},
    },
  });
  if (!done) throw new Error('document not updated');
  return done;
}
