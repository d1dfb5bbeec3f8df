/**
 * One owner per table (issue 34): the domain folder of src/ whose repository writes the table.
 * Only the owner's modules import the table from db/schema*.ts; another domain reads or writes it
 * through the owner's service.ts (or records.ts, reads only). Checked by
 * `node ../../scripts/table_owners.mjs --check`, run by `npm run layers` after dependency-cruiser.
 *
 * KNOWN lists the remaining modules outside the owner that still import a table, each with why.
 * It is a ratchet: a new reference fails the check, and so does a listed one that is gone (remove
 * it from the list), so the count only goes down.
 */

/** Table (its export name in db/schema-*.ts) → owning domain folder of src/. */
const OWNERS = {
  // schema-core.ts
  users: 'users',
  userIdentities: 'users',
  organizations: 'organizations',
  memberships: 'organizations', // the max_members check lives with the rows (docs/architecture.md)
  organizationIdentities: 'organizations',
  organizationQuotas: 'organizations',
  organizationSettings: 'organizations',
  apiKeys: 'api-keys',
  consoleSessions: 'auth',
  signingKeys: 'auth',
  savedViews: 'saved-views',
  invitations: 'invitations',
  plugins: 'plugins',
  pluginVersions: 'plugins',
  llmUsage: 'llm',
  prompts: 'prompts',
  // schema-documents.ts
  documents: 'documents',
  documentContents: 'documents',
  documentSearch: 'documents',
  organizationUsage: 'documents',
  ontologyVersions: 'ontology',
  labelSuggestions: 'ontology',
  // schema-contracts.ts
  contracts: 'contracts',
  contractVersions: 'contracts',
  alerts: 'alerts',
  benchmarkRuns: 'benchmarks',
  benchmarkGroupValues: 'benchmarks',
  benchmarkScores: 'benchmarks',
  // schema-audit.ts, schema-events.ts, schema-exports.ts, schema-marketplace.ts
  auditLog: 'audit',
  events: 'events',
  webhookEndpoints: 'webhooks',
  eventDeliveries: 'events', // the outbox fans an event out into them (webhooks and plugin handlers); webhooks/ updates its own
  eventDeliveryAttempts: 'webhooks',
  organizationExports: 'exports',
  marketplaceEntitlements: 'marketplace',
  // schema-sources.ts
  sourceConnections: 'sources',
  sourceSyncs: 'sources',
  emailForwardingAddresses: 'sources',
  emailAllowlist: 'sources',
  emailAudit: 'sources',
  oauthStates: 'sources',
  vaultSecrets: 'vault',
};

/** Module (path under src/) → { tables it still imports outside their owner, why }. */
const KNOWN = {};

module.exports = { OWNERS, KNOWN };
