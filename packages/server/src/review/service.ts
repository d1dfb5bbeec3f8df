/**
 * Review of processed documents: people correct extracted field values (docs/api.md
 * "Correcting extracted values"). Kept out of documents/ because a correction re-derives the
 * document's records through the pipeline's derive hooks (contracts, benchmarks), which
 * themselves read documents.
 */
import { recordAudit } from '../audit/service.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { getDocument, lockDocument, storeReviewedExtraction } from '../documents/service.js';
import { emitEvent } from '../events/outbox.js';
import { conflict, HttpProblem } from '../http/problem.js';
import { getOntology, getOntologyVersion } from '../ontology/service.js';
import { childrenAt, fieldsForPath } from '../ontology/tree.js';
import { applyCorrections, checkValue } from '../pipeline/corrections.js';
import { rederiveDocument } from '../pipeline/pipeline.js';

/**
 * Corrects extracted values of a processed document. Each value is checked against its field's
 * dtype in the ontology version that classified the document; `null` clears a field. The
 * extraction keeps what the plugin read (`corrections[field].original`) with who corrected it and
 * when; the change is audited (`document.extraction_correct`) and announced as
 * `document.extracted` (with `corrected_fields`) in the same transaction. The contract record
 * is then derived again from the corrected values. When the document's label path is a path of
 * the current ontology (not an LLM suggestion), the review vouches for it: the labels become
 * confirmed and the document a training example of the classifier.
 *
 * @param values field name → corrected value (or null)
 * @throws HttpProblem 403 below ADMIN; 404 for a document of another organization; 409 while the
 *   document is processing or when it has no extraction; 400 naming `body.data.<field>` for a
 *   field the document's type does not have or a value of the wrong type
 */
export async function correctExtraction(
  ctx: AppContext,
  principal: Principal,
  tenant: Tenant,
  id: string,
  values: Record<string, unknown>,
) {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  const row = await ctx.db.transaction(async (tx) => {
    const doc = await lockDocument(tx, tenant, id);
    if (doc.status !== 'PROCESSED' && doc.status !== 'FAILED')
      throw conflict(`The document is ${doc.status}; correct its values once it is processed`);
    if (!doc.extraction)
      throw conflict(
        'The document has no extracted values (its labels have no fields, or it was not extracted)',
      );
    // The dtypes of the ontology version that classified the document.
    const version = doc.ontologyVersion
      ? await getOntologyVersion(tx, tenant.organizationId, doc.ontologyVersion)
      : undefined;
    const ontology = await getOntology(tx, tenant.organizationId);
    const fields = fieldsForPath(version?.labels ?? ontology.labels, doc.labels);
    const checked = checkCorrections(fields, doc.labels, doc.extraction.data, values);
    const before = doc.extraction.data;
    const extraction = applyCorrections(
      doc.extraction,
      checked,
      { userId: principal.user.id, email: principal.user.email },
      new Date(),
    );
    const confirms =
      !doc.labelsConfirmed &&
      doc.labels.length > 0 &&
      doc.llmSuggested === null &&
      childrenAt(ontology.labels, doc.labels) !== undefined;
    const updated = await storeReviewedExtraction(tx, doc.id, extraction, confirms);
    await announceCorrection(tx, principal, tenant, { doc, before, checked, extraction, confirms });
    return updated;
  });
  await rederiveDocument(ctx, row);
  return getDocument(ctx, tenant, id);
}

/**
 * The corrected values checked against the dtypes `fields` of the document's label path (a field
 * the path does not declare is accepted when the extraction has it, as a string, number, boolean
 * or list of strings).
 *
 * @returns field name → the value in its stored shape
 * @throws HttpProblem 400 naming `body.data.<field>` for every field or value that is wrong
 */
function checkCorrections(
  fields: ReturnType<typeof fieldsForPath>,
  labels: string[],
  extracted: Record<string, unknown>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const checked: Record<string, unknown> = {};
  const errors: { field: string; message: string }[] = [];
  for (const [field, raw] of Object.entries(values)) {
    const dtype = fields.find((f) => f.name === field)?.dtype;
    if (!dtype && !(field in extracted)) {
      errors.push({
        field: `body.data.${field}`,
        message: `not a field of ${labels.join(' / ') || 'this document'}`,
      });
      continue;
    }
    const result = checkValue(dtype, raw);
    if (result.ok) checked[field] = result.value;
    else errors.push({ field: `body.data.${field}`, message: `must be ${result.message}` });
  }
  if (errors.length > 0)
    throw new HttpProblem(
      400,
      `Invalid corrected values: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`,
      { errors },
    );
  return checked;
}

/** The audit entry (`document.extraction_correct`) and the `document.extracted` event of a correction, in `tx`. */
async function announceCorrection(
  tx: Executor,
  principal: Principal,
  tenant: Tenant,
  c: {
    doc: { id: string; labels: string[] };
    before: Record<string, unknown>;
    checked: Record<string, unknown>;
    extraction: { data: Record<string, unknown>; llm_fields: unknown };
    confirms: boolean;
  },
): Promise<void> {
  const { doc, before, checked, extraction, confirms } = c;
  const fieldsChanged = Object.keys(checked);
  await recordAudit(tx, {
    organizationId: tenant.organizationId,
    action: 'document.extraction_correct',
    resourceType: 'document',
    resourceId: doc.id,
    changes: {
      ...Object.fromEntries(fieldsChanged.map((f) => [f, { from: before[f] ?? null, to: checked[f] }])),
      ...(confirms ? { labels_confirmed: { from: false, to: true } } : {}),
    },
  });
  await emitEvent(tx, {
    organizationId: tenant.organizationId,
    type: 'document.extracted',
    data: {
      document_id: doc.id,
      labels: doc.labels,
      data: extraction.data,
      llm_fields: extraction.llm_fields,
      corrected_fields: fieldsChanged,
      corrected_by: principal.user.id,
    },
  });
}
