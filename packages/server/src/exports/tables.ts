import type { PgTable } from 'drizzle-orm/pg-core';
import {
  alerts,
  benchmarkGroupValues,
  benchmarkRuns,
  benchmarkScores,
  contracts,
  contractVersions,
  documentContents,
  documents,
  labelSuggestions,
  ontologyVersions,
  organizationIdentities,
  organizationSettings,
  plugins,
  pluginVersions,
} from '../db/schema.js';

/**
 * One table of an organization in the archive. `scope` says how its rows are found: by the
 * organization column, or as children of the rows of an earlier table. On import, `id` gets a
 * new value, the columns in `remap` follow the ids of the rows they point at, and the columns in
 * `clear` (users, sources, search vectors: not carried between instances) become null.
 */
export interface TableSpec {
  type: string;
  table: PgTable;
  scope: { organizationColumn: string } | { parentType: string; parentColumn: string };
  hasId: boolean;
  remap: string[];
  clear: string[];
  /** Leave out of the manifest (derived data rebuilt on import). */
  omit?: string[];
  /** Text columns that embed ids (e.g. an alert's dedupe key): every archived id in them is replaced. */
  rewriteIds?: string[];
}

/** The tables in insertion order: every table after the tables it points at. */
export const TABLES: TableSpec[] = [
  {
    type: 'organization_identity',
    table: organizationIdentities,
    scope: { organizationColumn: 'organizationId' },
    hasId: true,
    remap: [],
    clear: [],
  },
  {
    type: 'ontology_version',
    table: ontologyVersions,
    scope: { organizationColumn: 'organizationId' },
    hasId: false,
    remap: [],
    clear: ['createdBy'],
  },
  {
    type: 'plugin',
    table: plugins,
    scope: { organizationColumn: 'organizationId' },
    hasId: true,
    remap: [],
    clear: ['createdBy'],
  },
  {
    type: 'plugin_version',
    table: pluginVersions,
    scope: { parentType: 'plugin', parentColumn: 'pluginId' },
    hasId: false,
    remap: ['pluginId'],
    clear: ['createdBy'],
  },
  {
    type: 'organization_settings',
    table: organizationSettings,
    scope: { organizationColumn: 'organizationId' },
    hasId: false,
    remap: ['classificationPluginId', 'extractionPluginId'],
    clear: [],
  },
  {
    type: 'document',
    table: documents,
    scope: { organizationColumn: 'organizationId' },
    hasId: true,
    remap: ['parentDocumentId', 'contractId'],
    clear: ['sourceId'],
  },
  {
    type: 'document_content',
    table: documentContents,
    scope: { parentType: 'document', parentColumn: 'documentId' },
    hasId: false,
    remap: ['documentId'],
    clear: [],
    omit: ['textVector'],
  },
  {
    type: 'contract',
    table: contracts,
    scope: { organizationColumn: 'organizationId' },
    hasId: true,
    remap: ['documentId'],
    clear: [],
  },
  {
    type: 'contract_version',
    table: contractVersions,
    scope: { parentType: 'contract', parentColumn: 'contractId' },
    hasId: false,
    remap: ['contractId', 'documentId'],
    clear: [],
  },
  {
    type: 'alert',
    table: alerts,
    scope: { organizationColumn: 'organizationId' },
    hasId: true,
    remap: ['contractId', 'documentId'],
    clear: [],
    rewriteIds: ['dedupeKey'],
  },
  {
    type: 'benchmark_run',
    table: benchmarkRuns,
    scope: { organizationColumn: 'organizationId' },
    hasId: true,
    remap: ['pluginId'],
    clear: [],
  },
  {
    type: 'benchmark_group_value',
    table: benchmarkGroupValues,
    scope: { parentType: 'benchmark_run', parentColumn: 'runId' },
    hasId: false,
    remap: ['runId'],
    clear: [],
  },
  {
    type: 'benchmark_score',
    table: benchmarkScores,
    scope: { parentType: 'benchmark_run', parentColumn: 'runId' },
    hasId: false,
    remap: ['runId', 'documentId'],
    clear: [],
  },
  {
    type: 'label_suggestion',
    table: labelSuggestions,
    scope: { organizationColumn: 'organizationId' },
    hasId: true,
    remap: ['documentId'],
    clear: [],
  },
];
