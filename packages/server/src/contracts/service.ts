import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import type { DocumentRow } from '../documents/service.js';
import { documentContractLink, documentText, linkDocumentToContract } from '../documents/service.js';
import { emitEvent } from '../events/outbox.js';
import { type DocumentDeleting, publish } from '../events/reactions.js';
import { badRequest, conflict, notFound } from '../http/problem.js';
import {
  getSettingsOf,
  type OrganizationReads,
  type OrganizationSettings,
  organizationReads,
} from '../organizations/settings.js';
import { isContractPath, readExtraction } from './derive.js';
import { computeRenewal, todayIn } from './renewal.js';
import * as repo from './repository.js';
import { type ContractCreateRequest, toContractDto } from './schemas.js';

export { contractArchiveTables } from './archive.js';
export type { ContractRow } from './repository.js';

/** The organization's alert thresholds and today's date in its time zone. */
export async function calendarOf(db: Executor, organizationId: string, now: Date = new Date()) {
  return calendarFrom(await getSettingsOf(db, organizationId), now);
}

/** {@link calendarOf} from a settings row already read (undefined: the defaults). */
function calendarFrom(settings: OrganizationSettings, now: Date) {
  const alertDays = settings?.renewalAlertDays?.length ? settings.renewalAlertDays : [90, 30, 7];
  return { alertDays, today: todayIn(settings?.timezone ?? 'UTC', now) };
}

/** The stored fields that the renewal computation gives, for a contract row's inputs. */
function renewalOf(
  c: Pick<
    repo.ContractInsert,
    | 'effectiveDate'
    | 'expirationDate'
    | 'term'
    | 'renewalTerm'
    | 'autoRenew'
    | 'noticePeriod'
    | 'noticePeriodDays'
  >,
  today: string,
  alertDays: readonly number[],
) {
  const r = computeRenewal({
    effectiveDate: c.effectiveDate ?? null,
    expirationDate: c.expirationDate ?? null,
    term: c.term ?? null,
    renewalTerm: c.renewalTerm ?? null,
    autoRenew: c.autoRenew ?? false,
    noticePeriod: c.noticePeriod ?? null,
    noticePeriodDays: c.noticePeriodDays ?? null,
    today,
    alertDays,
  });
  return {
    renewalDate: r.renewalDate,
    noticeDeadline: r.noticeDeadline,
    noticePeriodDays: r.noticePeriodDays,
    autoRenew: r.autoRenew,
    status: r.status,
  };
}

const COMPARED = [
  'vendor',
  'type',
  'effectiveDate',
  'expirationDate',
  'renewalDate',
  'noticeDeadline',
  'noticePeriodDays',
  'autoRenew',
  'term',
  'renewalTerm',
  'noticePeriod',
  'annualValue',
  'currency',
  'status',
] as const;

/** JSON with object keys sorted (jsonb does not keep key order). */
function canonical(v: unknown): string {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** The fields of `next` that differ from `row` (JSON equality, key order ignored, for durations). */
function changes(row: repo.ContractRow, next: Partial<repo.ContractInsert>): Partial<repo.ContractInsert> {
  const out: Record<string, unknown> = {};
  for (const k of COMPARED) {
    if (!(k in next)) continue;
    const a = row[k] ?? null;
    const b = next[k] ?? null;
    if (canonical(a) !== canonical(b)) out[k] = b;
  }
  return out as Partial<repo.ContractInsert>;
}

/** Records the current row as a version and emits contract.created / contract.updated. */
async function recordVersion(
  tx: Executor,
  row: repo.ContractRow,
  reason: 'CREATED' | 'EXTRACTION' | 'SCAN' | 'DOCUMENT_DELETED',
  documentId: string | null,
  changed: string[] = [],
) {
  const snapshot = toContractDto(row);
  await repo.insertContractVersion(tx, {
    contractId: row.id,
    version: row.version,
    snapshot,
    reason,
    documentId,
  });
  await emitEvent(tx, {
    organizationId: row.organizationId,
    type: reason === 'CREATED' ? 'contract.created' : 'contract.updated',
    data: reason === 'CREATED' ? { contract: snapshot } : { contract: snapshot, reason, changed },
  });
}

/**
 * Publishes `contract.renewal_due` for a contract in `tx`: its renewal alert, if one is due, is
 * raised by the reaction (jobs/reactions.ts) in the same transaction.
 *
 * @returns how many reactions acted (alerts raised)
 */
function renewalDue(
  ctx: Pick<AppContext, 'reactions'>,
  tx: Executor,
  contract: repo.ContractRow,
  today: string,
  alertDays: readonly number[],
): Promise<number> {
  return publish(ctx.reactions, tx, { type: 'contract.renewal_due', contract, today, alertDays });
}

/** ~80 characters either side of the contract value in the document text (for the annual cue). */
async function valueContext(ctx: Pick<AppContext, 'db'>, doc: DocumentRow): Promise<string | null> {
  const ev = doc.extraction?.evidence?.contract_value?.[0];
  if (!ev) return null;
  const content = await documentText(ctx, doc.id);
  if (!content) return ev.text;
  return content.text.slice(Math.max(0, ev.start - 80), ev.end + 80);
}

/**
 * The `contracts` derive step (pipeline/derive-steps.ts): upserts the contract of an extracted document whose
 * label path is under a contract root label ({@link isContractPath}); other documents are left
 * alone. A new contract is version 1 (`contract.created`); a re-extraction that changes a field
 * writes the next version (`contract.updated`, history kept in contract_versions); one that
 * changes nothing writes nothing, so re-running the step is idempotent. The document's
 * `contract_id` is set, and `contract.renewal_due` published (the renewal alert due today, if
 * any), in the same transaction. A MANUAL contract linked to the document is not overwritten.
 * `org` is the run's reads of the document's organization (settings, identities), shared with
 * the pipeline's other steps; by default they are read here.
 *
 * @throws Error when `org` is of another organization than the document
 */
export async function deriveContract(
  ctx: Pick<AppContext, 'db' | 'reactions'>,
  doc: DocumentRow,
  now: Date = new Date(),
  org: OrganizationReads = organizationReads(ctx.db, doc.organizationId),
): Promise<void> {
  if (org.organizationId !== doc.organizationId)
    throw new Error(
      `organization reads of ${org.organizationId} passed for a document of ${doc.organizationId}`,
    );
  if (!doc.extraction || !isContractPath(doc.labels)) return;
  const identities = await org.identities();
  const fields = readExtraction(doc.extraction.data, doc.labels, identities, await valueContext(ctx, doc));
  const { today, alertDays } = calendarFrom(await org.settings(), now);
  const next = {
    ...fields,
    ...renewalOf({ ...fields, autoRenew: false, noticePeriodDays: null }, today, alertDays),
  };
  await ctx.db.transaction(async (tx) => {
    await repo.lockDocumentContract(tx, doc.id);
    const existing = await repo.findContractByDocument(tx, doc.organizationId, doc.id);
    let row: repo.ContractRow;
    if (!existing) {
      row = await repo.insertContract(tx, {
        ...next,
        organizationId: doc.organizationId,
        documentId: doc.id,
        origin: 'DOCUMENT',
        statusManual: false,
      });
      await recordVersion(tx, row, 'CREATED', doc.id);
    } else {
      if (existing.origin === 'MANUAL' || existing.status === 'TERMINATED') {
        if (doc.contractId !== existing.id)
          await linkDocumentToContract(tx, doc.organizationId, doc.id, existing.id);
        return;
      }
      const diff = changes(existing, next);
      if (Object.keys(diff).length === 0) {
        if (doc.contractId !== existing.id)
          await linkDocumentToContract(tx, doc.organizationId, doc.id, existing.id);
        await renewalDue(ctx, tx, existing, today, alertDays);
        return;
      }
      row = await repo.updateContract(tx, existing.id, diff);
      await recordVersion(tx, row, 'EXTRACTION', doc.id, Object.keys(diff));
    }
    if (doc.contractId !== row.id) await linkDocumentToContract(tx, doc.organizationId, doc.id, row.id);
    await renewalDue(ctx, tx, row, today, alertDays);
  });
}

/**
 * The scan of one organization's contracts (docs/contracts.md "Alerts"): recomputes renewal
 * date, notice deadline and status of every contract that is not TERMINATED (rolling
 * auto-renewing ones forward; a status set by hand is kept), writes a SCAN version when
 * something changed, and raises the renewal alerts due. Idempotent.
 *
 * @returns counts of contracts updated and alerts raised
 */
export async function scanContracts(
  ctx: Pick<AppContext, 'db' | 'reactions'>,
  organizationId: string,
  now: Date = new Date(),
): Promise<{ updated: number; alerts: number }> {
  const { today, alertDays } = await calendarOf(ctx.db, organizationId, now);
  let updated = 0;
  let raised = 0;
  for (const c of await repo.contractsToScan(ctx.db, organizationId)) {
    await ctx.db.transaction(async (tx) => {
      const r = renewalOf(c, today, alertDays);
      const next: Partial<repo.ContractInsert> = {
        renewalDate: r.renewalDate,
        noticeDeadline: r.noticeDeadline,
        noticePeriodDays: r.noticePeriodDays,
        ...(c.statusManual ? {} : { status: r.status }),
      };
      const diff = changes(c, next);
      let row = c;
      if (Object.keys(diff).length > 0) {
        row = await repo.updateContract(tx, c.id, diff);
        await recordVersion(tx, row, 'SCAN', null, Object.keys(diff));
        updated += 1;
      }
      raised += await renewalDue(ctx, tx, row, today, alertDays);
    });
  }
  return { updated, alerts: raised };
}

/**
 * What becomes of a document's contract when the document is deleted (the reaction to
 * `document.deleting`, jobs/reactions.ts; docs/contracts.md "Deleting a document"), in the
 * deleting transaction. A contract derived from the document (origin DOCUMENT) is the
 * document's reading and is deleted with it, its versions and renewal alerts too; it emits
 * `contract.updated` with `reason: "DOCUMENT_DELETED"` and `deleted: true`, the contract as it
 * last was. A MANUAL (or TERMINATED) contract is the organization's own record: it stays,
 * its `document_id` cleared, as a new version with that reason.
 *
 * @returns true when the document had a contract
 */
export async function releaseDocumentContract(
  tx: Executor,
  { organizationId, documentId }: Pick<DocumentDeleting, 'organizationId' | 'documentId'>,
): Promise<boolean> {
  await repo.lockDocumentContract(tx, documentId);
  const row = await repo.findContractByDocument(tx, organizationId, documentId);
  if (!row) return false;
  if (row.origin === 'DOCUMENT' && row.status !== 'TERMINATED') {
    await emitEvent(tx, {
      organizationId,
      type: 'contract.updated',
      data: {
        contract: { ...toContractDto(row), document_id: null },
        reason: 'DOCUMENT_DELETED',
        changed: ['document_id'],
        deleted: true,
      },
    });
    await repo.deleteContract(tx, row.id);
    return true;
  }
  const kept = await repo.updateContract(tx, row.id, { documentId: null });
  await recordVersion(tx, kept, 'DOCUMENT_DELETED', documentId, ['document_id']);
  return true;
}

/** Organizations whose contracts a scan should visit. */
export async function organizationsToScan(ctx: Pick<AppContext, 'db'>): Promise<string[]> {
  return repo.organizationsWithContracts(ctx.db);
}

/** A page of the active organization's contracts (any member). */
export async function listContracts(
  ctx: Pick<AppContext, 'db'>,
  tenant: Tenant,
  q: Omit<Parameters<typeof repo.listContracts>[2], 'sort'> & { sort: repo.ContractSortField },
) {
  return repo.listContracts(ctx.db, tenant.organizationId, q);
}

/**
 * A contract of the active organization with its history (newest version first).
 *
 * @throws HttpProblem 404 when not in the organization
 */
export async function getContract(ctx: Pick<AppContext, 'db'>, tenant: Tenant, id: string) {
  const row = await repo.findContract(ctx.db, tenant.organizationId, id);
  if (!row) throw notFound('Contract');
  return { row, history: await repo.listContractVersions(ctx.db, row.id) };
}

/**
 * Records a contract by hand (OWNER or ADMIN). `renewal_date` is the end of the current term;
 * with `auto_renew` it rolls forward a year at a time once past. A given `status` is kept as
 * set (scans do not recompute it); without one it is computed like a derived contract's.
 * Emits `contract.created`, links `document_id` and publishes `contract.renewal_due` (a due renewal
 * alert), in one transaction.
 *
 * @throws HttpProblem 400 when `document_id` is not a document of the organization; 403 for a
 *   MEMBER; 409 when that document already has a contract
 */
export async function createContract(
  ctx: Pick<AppContext, 'db' | 'reactions'>,
  principal: Principal,
  tenant: Tenant,
  body: ContractCreateRequest,
  now: Date = new Date(),
) {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  const orgId = tenant.organizationId;
  const { today, alertDays } = await calendarOf(ctx.db, orgId, now);
  const inputs = {
    effectiveDate: null,
    expirationDate: body.renewal_date,
    term: null,
    renewalTerm: null,
    autoRenew: body.auto_renew,
    noticePeriod: null,
    noticePeriodDays: body.notice_period_days ?? null,
  };
  const r = renewalOf(inputs, today, alertDays);
  return ctx.db.transaction(async (tx) => {
    const documentId = body.document_id ?? null;
    if (documentId) {
      await repo.lockDocumentContract(tx, documentId);
      const link = await documentContractLink(tx, orgId, documentId);
      if (!link)
        throw badRequest('document_id is not a document of this organization', {
          errors: [{ field: 'body.document_id', message: 'no such document in this organization' }],
        });
      if (link.contractId || (await repo.findContractByDocument(tx, orgId, documentId)))
        throw conflict('This document already has a contract');
    }
    const row = await repo.insertContract(tx, {
      ...inputs,
      ...r,
      organizationId: orgId,
      documentId,
      origin: 'MANUAL',
      vendor: body.vendor,
      type: body.type,
      annualValue: body.annual_value ?? null,
      currency: body.currency ?? null,
      status: body.status ?? r.status,
      statusManual: body.status !== undefined,
    });
    await recordVersion(tx, row, 'CREATED', documentId);
    if (documentId) await linkDocumentToContract(tx, orgId, documentId, row.id);
    await renewalDue(ctx, tx, row, today, alertDays);
    return row;
  });
}
