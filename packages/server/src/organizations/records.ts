/**
 * The organizations surface other domains use for plain reads and writes (docs/architecture.md):
 * the organization row by id, and the memberships of organizations — reads and the writes that
 * other services make inside their own transactions (rules about who may change a membership
 * stay in members/service.ts). It imports nothing outside this domain.
 */
export type { MembershipRow, Role } from './membership-repository.js';
export {
  /** Deletes the membership of a user in an organization (the caller has checked who may). */
  deleteMembership,
  /** Turns the OWNER of an organization into an ADMIN; undefined when the user is not (or no longer) the OWNER. */
  demoteOwner,
  /** The membership of a user in an organization, or undefined. */
  findMembership,
  /** The user's role in an organization (deleted or not), or null when not a member. */
  findMembershipRole,
  /** The user's role in a non-deleted organization (`{role: null}` when not a member); undefined when there is none. */
  findOrganizationRole,
  /** Adds a membership unless one exists (an accepted invitation, a new tenant user). */
  insertMembershipIfAbsent,
  /** `{organizationId, role, kind}` of a user's memberships in non-deleted organizations, oldest first. */
  listMembershipSummaries,
  /** Every membership of a user with its organization (organizations not deleted), oldest first. */
  listMembershipsOfUser,
  /** `{userId, organizationId, role}` of every membership of some users (deleted organizations included). */
  membershipsOfUsers,
  /** The memberships of one organization as a subquery for another domain's statement (users' pages of members). */
  organizationMemberships,
  /** `{organizationId, role}` of a user's memberships in non-deleted organizations, oldest first. */
  rolesOfUser,
  /** Sets a member's role (the caller has checked who may). */
  setRole,
} from './membership-repository.js';
export type { OrganizationRow } from './repository.js';
export {
  /** The organization with this id (deleted ones only with `includeDeleted`), or undefined. */
  findOrganizationById,
} from './repository.js';
