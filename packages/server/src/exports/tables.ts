import { alertArchiveTables } from '../alerts/service.js';
import { benchmarkArchiveTables } from '../benchmarks/service.js';
import { contractArchiveTables } from '../contracts/service.js';
import type { ArchiveTable } from '../db/archive-table.js';
import { documentArchiveTables } from '../documents/service.js';
import { ontologyArchiveTables } from '../ontology/service.js';
import { organizationArchiveTables } from '../organizations/service.js';
import { pluginArchiveTables } from '../plugins/service.js';

/**
 * The tables of the organization archive in insertion order: every table after the tables it
 * points at (the manifest's line order and its header's counts follow it). Each owning domain
 * declares how its tables enter and leave the archive (its archive.ts, offered by its service.ts);
 * this module only orders them.
 */
export const TABLES: ArchiveTable[] = [
  organizationArchiveTables.organization_identity,
  ontologyArchiveTables.ontology_version,
  pluginArchiveTables.plugin,
  pluginArchiveTables.plugin_version,
  organizationArchiveTables.organization_settings, // names the classification and extraction plugins
  documentArchiveTables.document, // its contractId is remapped, not checked: contracts come after
  documentArchiveTables.document_content,
  contractArchiveTables.contract,
  contractArchiveTables.contract_version,
  alertArchiveTables.alert,
  benchmarkArchiveTables.benchmark_run,
  benchmarkArchiveTables.benchmark_group_value,
  benchmarkArchiveTables.benchmark_score,
  ontologyArchiveTables.label_suggestion,
];
