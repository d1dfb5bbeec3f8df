/**
 * Bulk actions on a selection of documents (issue 35): one request, one result per document, one
 * audit entry. Each document is handled on its own, by the same service function as its single
 * route, so a document another user deleted meanwhile fails alone and the rest go on.
 */
import { recordAudit } from '../audit/service.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import { HttpProblem } from '../http/problem.js';
import { confirmLabels, deleteDocument, getDocument, reprocessDocument } from './service.js';

export const BULK_ACTIONS = ['reprocess', 'confirm_labels', 'set_labels', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Largest selection one request may name. */
export const BULK_MAX_DOCUMENTS = 500;

export interface BulkRequest {
  action: BulkAction;
  documentIds: string[];
  /** The label path root-first, for `set_labels`. */
  labels?: string[] | undefined;
}

/** What happened to one document: `status` is the HTTP status its single route would have answered. */
export interface BulkItemResult {
  documentId: string;
  ok: boolean;
  status: number;
  detail: string | null;
}

async function applyOne(
  ctx: Pick<AppContext, 'blobs' | 'db' | 'queue' | 'reactions'>,
  principal: Principal,
  tenant: Tenant,
  action: BulkAction,
  id: string,
  labels: string[] | undefined,
): Promise<number> {
  switch (action) {
    case 'reprocess':
      await reprocessDocument(ctx, principal, tenant, id);
      return 202;
    case 'delete':
      await deleteDocument(ctx, principal, tenant, id);
      return 204;
    case 'set_labels':
      await confirmLabels(ctx, principal, tenant, id, labels ?? []);
      return 200;
    case 'confirm_labels': {
      const row = await getDocument(ctx, tenant, id);
      if (row.labels.length === 0)
        throw new HttpProblem(409, 'The document has no labels to confirm: set labels instead');
      await confirmLabels(ctx, principal, tenant, id, row.labels);
      return 200;
    }
  }
}

/**
 * Applies `action` to each document of the selection (duplicates once, in the order given).
 *
 * @returns one result per distinct id; a document that fails carries its problem's status and
 *   detail (404 not in this organization, 400 a path not in the ontology, 409 nothing to confirm,
 *   500 an unexpected failure, logged)
 * @throws HttpProblem 403 when the caller may not act on documents (OWNER or ADMIN), 400 for
 *   `set_labels` without labels: nothing is done then
 */
export async function bulkDocuments(
  ctx: Pick<AppContext, 'blobs' | 'db' | 'log' | 'queue' | 'reactions'>,
  principal: Principal,
  tenant: Tenant,
  request: BulkRequest,
): Promise<BulkItemResult[]> {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  if (request.action === 'set_labels' && !request.labels?.length) {
    throw new HttpProblem(400, 'set_labels needs the label path to set', {
      errors: [{ field: 'body.labels', message: 'required for set_labels' }],
    });
  }
  const results: BulkItemResult[] = [];
  for (const id of new Set(request.documentIds)) {
    try {
      const status = await applyOne(ctx, principal, tenant, request.action, id, request.labels);
      results.push({ documentId: id, ok: true, status, detail: null });
    } catch (err) {
      if (err instanceof HttpProblem) {
        results.push({ documentId: id, ok: false, status: err.status, detail: err.detail });
        continue;
      }
      // An unexpected failure fails this document alone; the selection goes on, the log has it.
      ctx.log.error({ err, documentId: id, action: request.action }, 'bulk action failed on a document');
      results.push({
        documentId: id,
        ok: false,
        status: 500,
        detail: 'Internal error (logged); retry this document',
      });
    }
  }
  await recordAudit(ctx.db, {
    organizationId: tenant.organizationId,
    action: `document.bulk_${request.action}`,
    resourceType: 'document',
    changes: {
      ...(request.labels ? { labels: request.labels } : {}),
      succeeded: results.filter((r) => r.ok).map((r) => r.documentId),
      failed: results.filter((r) => !r.ok).map((r) => ({ id: r.documentId, status: r.status })),
    },
  });
  return results;
}
