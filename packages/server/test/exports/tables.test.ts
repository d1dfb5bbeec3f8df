import { describe, expect, it } from 'vitest';
import { alertArchiveTables } from '../../src/alerts/service.js';
import { benchmarkArchiveTables } from '../../src/benchmarks/service.js';
import { contractArchiveTables } from '../../src/contracts/service.js';
import { documentArchiveTables } from '../../src/documents/service.js';
import { TABLES } from '../../src/exports/tables.js';
import { ontologyArchiveTables } from '../../src/ontology/service.js';
import { organizationArchiveTables } from '../../src/organizations/service.js';
import { pluginArchiveTables } from '../../src/plugins/service.js';

/** Every table the owning domains declare for the archive, by manifest record type. */
const DECLARED = {
  ...organizationArchiveTables,
  ...ontologyArchiveTables,
  ...pluginArchiveTables,
  ...documentArchiveTables,
  ...contractArchiveTables,
  ...alertArchiveTables,
  ...benchmarkArchiveTables,
};

describe('the organization archive tables', () => {
  it('orders every table an owner declares exactly once, under its own record type', () => {
    expect(TABLES.map((t) => t.type).sort()).toEqual(Object.keys(DECLARED).sort());
    for (const [type, table] of Object.entries(DECLARED)) expect(table.type).toBe(type);
  });

  it('puts a child table after the table whose rows it hangs from, and that table keeps ids', () => {
    const seen = new Map<string, boolean>();
    for (const t of TABLES) {
      if ('parentType' in t.scope) expect(seen.get(t.scope.parentType), t.type).toBe(true);
      seen.set(t.type, t.hasId);
    }
  });

  it('keeps the manifest order of format version 1', () => {
    expect(TABLES.map((t) => t.type)).toEqual([
      'organization_identity',
      'ontology_version',
      'plugin',
      'plugin_version',
      'organization_settings',
      'document',
      'document_content',
      'contract',
      'contract_version',
      'alert',
      'benchmark_run',
      'benchmark_group_value',
      'benchmark_score',
      'label_suggestion',
    ]);
  });
});
