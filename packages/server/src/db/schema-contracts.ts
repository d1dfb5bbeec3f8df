/**
 * Tables of the contracts, alerts and benchmarks domains (docs/contracts.md, docs/benchmarks.md);
 * re-exported by schema.ts so migrations and the query layer see them.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { organizations, plugins } from './schema-core.js';
import { documents } from './schema-documents.js';

/** A calendar date kept as its ISO text `YYYY-MM-DD` (no time zone involved). */
const day = (name: string) => date(name, { mode: 'string' });

/** A duration as extracted: `{value, unit}` with unit day | week | month | year (contract_extractor.py). */
export type DurationValue = { value: number; unit: 'day' | 'week' | 'month' | 'year'; iso?: string };

export const CONTRACT_STATUSES = ['ACTIVE', 'EXPIRING', 'EXPIRED', 'TERMINATED'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/**
 * A supply contract of an organization (spec 2.2): derived from an extracted document under a
 * contract label (`origin` DOCUMENT) or recorded by hand through `POST /api/contracts` (MANUAL).
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The document the contract was derived from, or that a manual record points at. */
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    origin: text('origin', { enum: ['DOCUMENT', 'MANUAL'] }).notNull(),
    vendor: text('vendor').notNull(),
    type: text('type').notNull(),
    effectiveDate: day('effective_date'),
    expirationDate: day('expiration_date'),
    /** The next date the contract ends or renews; null when the dates do not say. */
    renewalDate: day('renewal_date'),
    /** renewal_date − notice period: the last day to give notice. */
    noticeDeadline: day('notice_deadline'),
    noticePeriodDays: integer('notice_period_days'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    term: jsonb('term').$type<DurationValue>(),
    renewalTerm: jsonb('renewal_term').$type<DurationValue>(),
    noticePeriod: jsonb('notice_period').$type<DurationValue>(),
    annualValue: doublePrecision('annual_value'),
    currency: text('currency'),
    status: text('status', { enum: CONTRACT_STATUSES }).notNull(),
    /** The status was set by hand (POST): scans keep it instead of recomputing it. */
    statusManual: boolean('status_manual').notNull().default(false),
    /** 1 at creation, +1 on each change; every version is kept in contract_versions. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contracts_org_document_key')
      .on(t.organizationId, t.documentId)
      .where(sql`document_id is not null`),
    // The list's sorts (ascending, nulls last, then id) and its status filter (docs/performance.md "Lists").
    index('contracts_org_renewal_idx').on(t.organizationId, t.renewalDate, t.id),
    index('contracts_org_renewal_desc_idx').on(t.organizationId, t.renewalDate.desc().nullsLast(), t.id),
    index('contracts_org_status_idx').on(t.organizationId, t.status),
    index('contracts_org_vendor_idx').on(t.organizationId, t.vendor, t.id),
    index('contracts_org_vendor_desc_idx').on(t.organizationId, t.vendor.desc().nullsLast(), t.id),
    index('contracts_org_value_idx').on(t.organizationId, t.annualValue, t.id),
    index('contracts_org_value_desc_idx').on(t.organizationId, t.annualValue.desc().nullsLast(), t.id),
  ],
);

/** Every version of a contract: the full record as it was, and what changed it. */
export const contractVersions = pgTable(
  'contract_versions',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The contract DTO of that version (snake_case, as `GET /api/contracts/{id}` shows it). */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    /** What made the version: CREATED, EXTRACTION (re-extraction), SCAN (status/date roll), MANUAL. */
    reason: text('reason').notNull(),
    documentId: uuid('document_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.version] })],
);

export const ALERT_STATUSES = ['OPEN', 'ACKNOWLEDGED', 'SNOOZED', 'RESOLVED', 'DISMISSED'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const ALERT_KINDS = ['contract.renewal_upcoming', 'benchmark.flagged'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * Alerts of an organization (docs/contracts.md "Alerts"). `dedupeKey` makes raising idempotent:
 * `renewal:<contract>:<notice deadline>:<threshold days>` or `benchmark:<plugin>:<document>`.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    status: text('status', { enum: ALERT_STATUSES }).notNull().default('OPEN'),
    dedupeKey: text('dedupe_key').notNull(),
    title: text('title').notNull(),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    thresholdDays: integer('threshold_days'),
    /** For renewal alerts the notice deadline the alert is about. */
    dueDate: day('due_date'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    snoozedUntil: ts('snoozed_until'),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alerts_org_dedupe_key').on(t.organizationId, t.dedupeKey),
    // The list, newest first, unfiltered or by status or kind (docs/performance.md "Lists").
    index('alerts_org_created_idx').on(t.organizationId, t.createdAt),
    index('alerts_org_status_idx').on(t.organizationId, t.status, t.createdAt),
    index('alerts_org_kind_idx').on(t.organizationId, t.kind, t.createdAt),
    // The list by due date within a status (the console's tabs): soonest notice deadline first.
    index('alerts_org_status_due_idx').on(t.organizationId, t.status, t.dueDate, t.id),
    index('alerts_snoozed_idx').on(t.snoozedUntil).where(sql`status = 'SNOOZED'`),
  ],
);

/** One run of one benchmark plugin version over one organization's documents. */
export const benchmarkRuns = pgTable(
  'benchmark_runs',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    pluginId: uuid('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    pluginVersion: integer('plugin_version').notNull(),
    /** The benchmark's `name` class attribute. */
    name: text('name').notNull(),
    metricUnit: text('metric_unit'),
    status: text('status', { enum: ['RUNNING', 'SUCCEEDED', 'FAILED'] }).notNull(),
    trigger: text('trigger').notNull(),
    documentsCount: integer('documents_count').notNull().default(0),
    scoredCount: integer('scored_count').notNull().default(0),
    flaggedCount: integer('flagged_count').notNull().default(0),
    error: text('error'),
    /** Milliseconds per phase: select, join, score, compute, compare, persist. */
    timings: jsonb('timings').$type<Record<string, number>>().notNull().default({}),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('benchmark_runs_plugin_idx').on(t.pluginId, t.startedAt),
    // One run of a benchmark at a time, across processes.
    uniqueIndex('benchmark_runs_one_running_key').on(t.pluginId).where(sql`status = 'RUNNING'`),
  ],
);

/** The benchmark value (`compute`) of each non-empty group of a run. */
export const benchmarkGroupValues = pgTable(
  'benchmark_group_values',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => benchmarkRuns.id, { onDelete: 'cascade' }),
    /** Canonical JSON of the group's values (`[]` when the benchmark has no group_by). */
    groupKey: text('group_key').notNull(),
    /** `{group_by field: value}`. */
    groupValues: jsonb('group_values').$type<Record<string, unknown>>().notNull(),
    value: doublePrecision('value').notNull(),
    documentsCount: integer('documents_count').notNull(),
    flaggedCount: integer('flagged_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.groupKey] })],
);

/** The score of each scored document of a run, its group's value and the comparison. */
export const benchmarkScores = pgTable(
  'benchmark_scores',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => benchmarkRuns.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
    score: doublePrecision('score').notNull(),
    benchmarkValue: doublePrecision('benchmark_value').notNull(),
    flagged: boolean('flagged').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.documentId] }),
    index('benchmark_scores_document_idx').on(t.documentId),
  ],
);
