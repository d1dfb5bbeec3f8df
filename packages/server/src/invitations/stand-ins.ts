/**
 * The stand-ins of a pending invitee (decision 351) that an accepted invitation resolves. The
 * users domain owns the stand-ins' rows and sits above invitations, so invitations declares this
 * port and the composition root (app-context.ts) passes users/records.ts's implementation in
 * (issue 34, one owner per table); the memberships come from organizations/records.ts.
 */
import type { Executor } from '../db/client.js';
import { membershipsOfUsers } from '../organizations/records.js';

/** The users look-ups and writes of invitations, implemented by users/records.ts. */
export interface StandIns {
  /** The ids of the stand-ins with this e-mail address (case-insensitive). */
  pendingInviteeIds(db: Executor, email: string): Promise<string[]>;
  /** Deletes the stand-ins among these ids, with their memberships. */
  deletePendingInvitees(db: Executor, ids: readonly string[]): Promise<void>;
}

/**
 * Removes the stand-ins of a pending invitee (users/service.ts `enrolByEmail`) that an accepted
 * invitation to `organizationId` resolves: those with this email that are members of the
 * organization, and those left without any membership. Returns the memberships they held (in any
 * organization), which pass to the person's account. Run it in the accepting transaction: `db` is
 * that transaction.
 */
export async function claimPendingInvitees(
  db: Executor,
  standIns: StandIns,
  organizationId: string,
  email: string,
): Promise<{ organizationId: string; role: 'OWNER' | 'ADMIN' | 'MEMBER' }[]> {
  const ids = await standIns.pendingInviteeIds(db, email);
  const held = await membershipsOfUsers(db, ids);
  const claimed = ids.filter((id) => {
    const own = held.filter((m) => m.userId === id);
    return own.length === 0 || own.some((m) => m.organizationId === organizationId);
  });
  await standIns.deletePendingInvitees(db, claimed);
  return held
    .filter((m) => claimed.includes(m.userId))
    .map((m) => ({ organizationId: m.organizationId, role: m.role }));
}
