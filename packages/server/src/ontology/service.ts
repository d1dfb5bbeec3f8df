import { isDeepStrictEqual } from 'node:util';
import { recordAudit } from '../audit/service.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import type { ClassificationDecision, OntologyLabel } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/problem.js';
import * as repo from './repository.js';
import { addLabel, childrenAt, validateOntology } from './tree.js';

export type { LabelSuggestionRow } from './repository.js';

/** The organization's current ontology; version 0 with no labels before the first PUT. */
export async function getOntology(
  db: Executor,
  organizationId: string,
): Promise<{ version: number; labels: OntologyLabel[] }> {
  const row = await repo.currentOntology(db, organizationId);
  return row ? { version: row.version, labels: row.labels } : { version: 0, labels: [] };
}

/** A stored version of the ontology (what classified a document). */
export async function getOntologyVersion(db: Executor, organizationId: string, version: number) {
  return repo.ontologyVersion(db, organizationId, version);
}

/**
 * Saves a new version of the ontology. Unchanged labels keep the current version.
 *
 * @throws 400 listing every structural issue (duplicate siblings, unknown dtypes…)
 */
export async function saveOntology(
  db: Executor,
  organizationId: string,
  labels: OntologyLabel[],
  userId: string | null,
) {
  const issues = validateOntology(labels);
  if (issues.length > 0) {
    throw badRequest(`Invalid ontology: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`, {
      errors: issues,
    });
  }
  return db.transaction(async (tx) => {
    const current = await getOntology(tx, organizationId);
    // jsonb stores object keys in its own order, so compare structurally, not as JSON text.
    if (current.version > 0 && isDeepStrictEqual(current.labels, labels)) return current;
    const row = await repo.insertOntologyVersion(tx, {
      organizationId,
      version: current.version + 1,
      labels,
      createdBy: userId,
    });
    return { version: row.version, labels: row.labels };
  });
}

export async function putOntology(
  ctx: AppContext,
  principal: Principal,
  tenant: Tenant,
  labels: OntologyLabel[],
) {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  return saveOntology(ctx.db, tenant.organizationId, labels, principal.user.id);
}

/** Records the outcome of a `None` or out-of-list classification for review (spec 4.11). */
export async function suggestLabel(
  db: Executor,
  v: {
    organizationId: string;
    documentId: string;
    parentPath: string[];
    label: string | null;
    reason: 'NO_LABEL' | 'LLM_SUGGESTED';
    /** The classification plugin's decision at that level (probability, runner-up, evidence, reason). */
    decision?: ClassificationDecision | null;
  },
) {
  return repo.insertSuggestion(db, v);
}

export async function clearPendingSuggestions(db: Executor, documentId: string) {
  await repo.deleteSuggestionsOfDocument(db, documentId);
}

export async function listSuggestions(
  ctx: AppContext,
  tenant: Tenant,
  p: { page: number; size: number; status: 'PENDING' | 'ACCEPTED' | 'REJECTED' | undefined },
) {
  return repo.listSuggestions(ctx.db, tenant.organizationId, p);
}

/**
 * Accepts a suggestion: adds the label under its parent path as a new ontology version.
 * A `None` suggestion has no label, so the request must name one.
 *
 * @throws 404 unknown suggestion, 409 not pending, 400 no label name or the parent path is gone
 */
export async function acceptSuggestion(
  ctx: AppContext,
  principal: Principal,
  tenant: Tenant,
  id: string,
  input: { name?: string | undefined; description?: string | undefined; keywords?: string[] | undefined },
) {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  const suggestion = await repo.findSuggestion(ctx.db, tenant.organizationId, id);
  if (!suggestion) throw notFound('Label suggestion');
  if (suggestion.status !== 'PENDING') throw conflict(`The suggestion is ${suggestion.status}`);
  const name = input.name ?? suggestion.label;
  if (!name) {
    throw badRequest('This suggestion has no label; give one in "name"', {
      errors: [{ field: 'body.name', message: 'required' }],
    });
  }
  const current = await getOntology(ctx.db, tenant.organizationId);
  if (!childrenAt(current.labels, suggestion.parentPath)) {
    throw badRequest(`The parent path ${suggestion.parentPath.join('/')} no longer exists in the ontology`);
  }
  const labels = addLabel(current.labels, suggestion.parentPath, {
    name,
    description: input.description ?? '',
    keywords: input.keywords ?? [],
    fields: [],
    children: [],
  });
  return ctx.db.transaction(async (tx) => {
    const ontology = await saveOntology(tx, tenant.organizationId, labels, principal.user.id);
    const row = await repo.setSuggestionStatus(tx, id, 'ACCEPTED');
    await recordAudit(tx, {
      organizationId: tenant.organizationId,
      action: 'label_suggestion.accept',
      resourceType: 'label_suggestion',
      resourceId: id,
      changes: {
        status: { from: 'PENDING', to: 'ACCEPTED' },
        label: name,
        parent_path: suggestion.parentPath,
        ontology_version: ontology.version,
      },
    });
    return { suggestion: row ?? suggestion, ontology };
  });
}

export async function rejectSuggestion(ctx: AppContext, principal: Principal, tenant: Tenant, id: string) {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  const suggestion = await repo.findSuggestion(ctx.db, tenant.organizationId, id);
  if (!suggestion) throw notFound('Label suggestion');
  if (suggestion.status !== 'PENDING') throw conflict(`The suggestion is ${suggestion.status}`);
  return (await repo.setSuggestionStatus(ctx.db, id, 'REJECTED')) ?? suggestion;
}
