/**
 * The organizations surface other domains and the auth layer use (docs/architecture.md): the
 * row type and the lookup by id. It sits below organizations/service.ts and imports nothing
 * outside this domain, so auth/tenancy.ts can use it while organizations/service.ts uses
 * auth/tenancy.ts.
 */
export type { OrganizationRow } from './repository.js';
export {
  /** The organization with this id (deleted ones only with `includeDeleted`), or undefined. */
  findOrganizationById,
} from './repository.js';
