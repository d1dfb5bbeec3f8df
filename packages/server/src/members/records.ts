/**
 * The memberships surface other domains and the auth layer use (docs/architecture.md): plain
 * reads and the writes that other services make inside their own transactions. It sits
 * below members/service.ts and imports nothing outside this domain, so auth/tenancy.ts can use it
 * while members/service.ts uses auth/tenancy.ts. Rules about who may change a membership stay in
 * service.ts.
 */
export type { MembershipRow, Role } from './repository.js';
export {
  /** Counts the members of an organization (quota usage). */
  countMembers,
  /** The membership of a user in an organization, or undefined. */
  findMembership,
  /** Adds a membership (a new organization's owner). @throws on a duplicate */
  insertMembership,
  /** Adds a membership unless one exists (an accepted invitation). */
  insertMembershipIfAbsent,
  /** Every membership of a user with its organization (the tenant choice). */
  listMembershipsOfUser,
  /** Sets a member's role (the caller has checked who may; tenant user updates). */
  setRole,
} from './repository.js';
