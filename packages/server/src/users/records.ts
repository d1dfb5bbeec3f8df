/**
 * The users surface other domains and the auth layer use (docs/architecture.md): the row type,
 * the lookups by id and by e-mail, and the page of an organization's members with their users.
 * It sits below users/service.ts and imports nothing outside this domain, so the auth layer and
 * members/invitations can use it while users/service.ts uses them.
 */
export type { MemberSortField, UserRow } from './repository.js';
export {
  /** How many of a list of user ids are users that are not deleted (organizations' UserDirectory). */
  countLiveUsers,
  /** Deletes pending invitees' stand-ins by id, with their memberships (invitations' StandIns). */
  deletePendingInvitees,
  /** The user with an e-mail address (case-insensitive, not deleted), or undefined. */
  findUserByEmail,
  /** The user with this id (deleted ones only with `includeDeleted`), or undefined. */
  findUserById,
  /** One page of an organization's members (users not deleted), `{membership, user}`, sorted by `field`. */
  listMembers,
  /** The ids of the pending invitees' stand-ins with an e-mail address (invitations' StandIns). */
  pendingInviteeIds,
  /** The ids of every user with an e-mail address, deleted ones and stand-ins included (organizations' UserDirectory). */
  userIdsWithEmail,
} from './repository.js';
