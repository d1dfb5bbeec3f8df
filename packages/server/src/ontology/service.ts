import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { recordAudit } from '../audit/service.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import type { ClassificationDecision, OntologyLabel } from '../db/schema.js';
import { runOntologyReport } from '../engine/ontology-report.js';
import { badRequest, conflict, HttpProblem, notFound } from '../http/problem.js';
import * as repo from './repository.js';
import { type OntologyReport, ontologyReportDto } from './schemas.js';
import { addLabel, childrenAt, validateOntology } from './tree.js';

export { ontologyArchiveTables } from './archive.js';
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

/**
 * Saves the ontology (OWNER or ADMIN). With `withReport`, also how the built-in classifier reads
 * it: the report is null, and the failure logged, when it cannot be made (the labels are saved
 * anyway). Without, the answer is exactly api-decisions §3's `{version, labels}`.
 *
 * @throws 403 for other roles; 400 as {@link saveOntology}
 */
export async function putOntology(
  ctx: Pick<AppContext, 'config' | 'db' | 'log'>,
  principal: Principal,
  tenant: Tenant,
  labels: OntologyLabel[],
  withReport = false,
): Promise<{ version: number; labels: OntologyLabel[]; report?: OntologyReport | null }> {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  const saved = await saveOntology(ctx.db, tenant.organizationId, labels, principal.user.id);
  if (!withReport) return saved;
  let report: OntologyReport | null = null;
  try {
    report = await reportOn(ctx, saved);
  } catch (err) {
    ctx.log.warn({ err, organizationId: tenant.organizationId }, 'ontology report failed');
  }
  return { ...saved, report };
}

/**
 * Reports by ontology content (the same labels read the same way in every organization), oldest
 * first. The promise is kept, so concurrent requests for a new ontology share one Python process;
 * a failed one is not kept.
 */
const reports = new Map<string, Promise<Omit<OntologyReport, 'version'>>>();
const REPORTS_KEPT = 200;

/** The built-in classifier's report on `ontology`, cached by its labels' content. */
async function reportOn(
  ctx: Pick<AppContext, 'config'>,
  ontology: { version: number; labels: OntologyLabel[] },
): Promise<OntologyReport> {
  const key = createHash('sha256').update(JSON.stringify(ontology.labels)).digest('hex');
  let report = reports.get(key);
  if (!report) {
    report = runOntologyReport(ctx.config, ontology.labels).then((raw) => {
      const { version: _, ...parsed } = ontologyReportDto.parse({ ...(raw as object), version: 0 });
      return parsed;
    });
    reports.set(key, report);
    report.catch(() => reports.delete(key));
    for (const old of reports.keys()) {
      if (reports.size <= REPORTS_KEPT) break;
      reports.delete(old);
    }
  }
  return { version: ontology.version, ...(await report) };
}

/**
 * How the built-in classifier reads the organization's current ontology: each label's
 * knowledge-base kinds with scores, and warnings to act on before a document arrives (issue 33,
 * docs/pipeline.md "The ontology report").
 *
 * @throws 503 when the report cannot be made (Python missing, a crash, past its 10 s budget)
 */
export async function ontologyReport(
  ctx: Pick<AppContext, 'config' | 'db' | 'log'>,
  tenant: Tenant,
): Promise<OntologyReport> {
  const ontology = await getOntology(ctx.db, tenant.organizationId);
  try {
    return await reportOn(ctx, ontology);
  } catch (err) {
    ctx.log.error({ err, organizationId: tenant.organizationId }, 'ontology report failed');
    throw new HttpProblem(503, `The ontology report could not be made: ${(err as Error).message}`);
  }
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
  ctx: Pick<AppContext, 'db'>,
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
  ctx: Pick<AppContext, 'db'>,
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

export async function rejectSuggestion(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  const suggestion = await repo.findSuggestion(ctx.db, tenant.organizationId, id);
  if (!suggestion) throw notFound('Label suggestion');
  if (suggestion.status !== 'PENDING') throw conflict(`The suggestion is ${suggestion.status}`);
  return (await repo.setSuggestionStatus(ctx.db, id, 'REJECTED')) ?? suggestion;
}
