import { z } from 'zod';
import { CONTRACT_STATUSES } from '../db/schema-contracts.js';
import { dataPageMeta, perPageQuery } from '../http/pagination.js';
import { currencyCode, isoDate as isoDateShared, uuid } from '../http/schemas.js';
import type { ContractRow, ContractVersionRow } from './repository.js';

const isoDate = isoDateShared.describe('calendar date YYYY-MM-DD');
const duration = z
  .object({ value: z.number(), unit: z.enum(['day', 'week', 'month', 'year']) })
  .describe('a duration: value and unit');

export const contractDto = z
  .object({
    id: uuid,
    vendor: z.string().describe('the counterparty of the organization'),
    type: z.string().describe('the leaf label of the contract document (e.g. Supply), or as given'),
    renewal_date: z.string().nullable().describe('next end or renewal date, YYYY-MM-DD; null when unknown'),
    annual_value: z.number().nullable().describe('value per year in `currency`'),
    status: z.enum(CONTRACT_STATUSES),
    currency: z.string().nullable().describe('ISO 4217 code'),
    notice_period_days: z.number().int().nullable(),
    notice_deadline: z.string().nullable().describe('renewal_date − notice period, YYYY-MM-DD'),
    auto_renew: z.boolean(),
    effective_date: z.string().nullable(),
    expiration_date: z.string().nullable().describe('end of the initial term as stated or computed'),
    term: duration.nullable(),
    renewal_term: duration.nullable(),
    document_id: uuid.nullable(),
    origin: z.enum(['DOCUMENT', 'MANUAL']),
    version: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Contract' });
export type ContractDto = z.infer<typeof contractDto>;

const plainDuration = (d: ContractRow['term']) => (d ? { value: d.value, unit: d.unit } : null);

export function toContractDto(c: ContractRow): ContractDto {
  return {
    id: c.id,
    vendor: c.vendor,
    type: c.type,
    renewal_date: c.renewalDate,
    annual_value: c.annualValue,
    status: c.status,
    currency: c.currency,
    notice_period_days: c.noticePeriodDays,
    notice_deadline: c.noticeDeadline,
    auto_renew: c.autoRenew,
    effective_date: c.effectiveDate,
    expiration_date: c.expirationDate,
    term: plainDuration(c.term),
    renewal_term: plainDuration(c.renewalTerm),
    document_id: c.documentId,
    origin: c.origin,
    version: c.version,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export const contractVersionDto = z
  .object({
    version: z.number().int(),
    reason: z
      .string()
      .describe(
        'CREATED, EXTRACTION, SCAN, DOCUMENT_DELETED (its document was deleted; the contract was entered by hand)',
      ),
    document_id: uuid.nullable(),
    created_at: z.string(),
    contract: z.record(z.string(), z.unknown()).describe('the contract as it was at this version'),
  })
  .meta({ id: 'ContractVersion' });

export function toContractVersionDto(v: ContractVersionRow) {
  return {
    version: v.version,
    reason: v.reason,
    document_id: v.documentId,
    created_at: v.createdAt.toISOString(),
    contract: v.snapshot,
  };
}

export const contractDetailDto = contractDto
  .extend({ history: z.array(contractVersionDto).describe('every version, newest first') })
  .meta({ id: 'ContractDetail' });

export const contractCreateRequest = z
  .object({
    vendor: z.string().trim().min(1).max(300),
    type: z.string().trim().min(1).max(100),
    renewal_date: isoDate.describe(
      'end of the current term (YYYY-MM-DD); rolled forward yearly when auto_renew',
    ),
    annual_value: z.number().min(0).max(1e15).nullable().optional(),
    status: z.enum(CONTRACT_STATUSES).optional().describe('computed from the dates when absent'),
    currency: currencyCode.nullable().optional(),
    notice_period_days: z.number().int().min(0).max(3650).nullable().optional(),
    auto_renew: z.boolean().default(false),
    document_id: uuid.nullable().optional(),
  })
  .strict()
  .meta({ id: 'ContractCreateRequest' });
export type ContractCreateRequest = z.infer<typeof contractCreateRequest>;

export const contractListQuery = perPageQuery().extend({
  status: z.enum(CONTRACT_STATUSES).optional(),
  vendor: z.string().min(1).max(300).optional().describe('case-insensitive substring of the vendor'),
  renewal_before: isoDate.optional().describe('contracts whose renewal_date is before this date'),
  sort: z.enum(['renewal_date', 'annual_value', 'vendor']).default('renewal_date'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

export const contractListDto = z
  .object({
    data: z.array(contractDto),
    meta: dataPageMeta,
  })
  .meta({ id: 'ContractList' });
