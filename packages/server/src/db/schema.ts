/**
 * The relational schema the code declares: one barrel over the core tables and the split files.
 * Migrations in `drizzle/` are generated from this file with `npm run db:generate -w packages/server`;
 * `test/db/schema.test.ts` checks that a migrated database matches it, on PostgreSQL and on PGlite.
 * The split files import the core tables from `schema-core.ts`, never from here, so no cycle forms.
 */
export * from './schema-audit.js';
export * from './schema-contracts.js';
export * from './schema-core.js';
export * from './schema-documents.js';
export * from './schema-events.js';
export * from './schema-exports.js';
export * from './schema-marketplace.js';
export * from './schema-sources.js';
