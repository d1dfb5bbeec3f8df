/**
 * What organizations needs to know about users (issue 34, one owner per table): the users domain
 * owns the `users` table and sits above organizations, so organizations declares this port and
 * the composition root (app-context.ts) passes users/records.ts's implementation in. Members are
 * counted and matched by e-mail address with it, in two statements on the caller's executor (the
 * caller's transaction, when it has one).
 */
import type { Executor } from '../db/client.js';
import * as repo from './membership-repository.js';

/** The users look-ups of organizations, implemented by users/records.ts. */
export interface UserDirectory {
  /** How many of `userIds` are users that are not deleted. */
  countLiveUsers(db: Executor, userIds: readonly string[]): Promise<number>;
  /** The ids of every user with this e-mail address (case-insensitive; deleted users and pending invitees' stand-ins included). */
  userIdsWithEmail(db: Executor, email: string): Promise<string[]>;
}

/** The members of an organization whose user is not deleted (quota usage, the members page's total). */
export async function countMembers(
  db: Executor,
  users: UserDirectory,
  organizationId: string,
): Promise<number> {
  return users.countLiveUsers(db, await repo.listMemberUserIds(db, organizationId));
}

/**
 * Whether a user with this e-mail address (deleted users included) is a member of the
 * organization: an invitation to a member is refused.
 */
export async function isMemberByEmail(
  db: Executor,
  users: UserDirectory,
  organizationId: string,
  email: string,
): Promise<boolean> {
  return repo.hasMemberAmong(db, organizationId, await users.userIdsWithEmail(db, email));
}
