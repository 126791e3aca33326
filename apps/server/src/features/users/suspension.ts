// Suspending and reinstating people (never the last active admin); their sessions end at once.
import type { UserSummary } from '@punchclock/shared/contracts/users';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { notifyLive } from '../../platform/live-events.ts';
import { revokeUserApiTokens } from '../../platform/api-token-auth.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import type { Actor } from '../people/index.ts';
import { updateSuspended } from '../people/index.ts';
import { assertKeepsAnActiveAdmin, requireUserByEmail, requireUserById } from './user-checks.ts';

async function suspendOrReinstate(
  db: Db,
  user: UserSummary,
  isSuspended: boolean,
  actor: Actor,
): Promise<UserSummary> {
  if (isSuspended) await assertKeepsAnActiveAdmin(db, user);
  await updateSuspended(db, user.id, isSuspended);
  if (isSuspended) {
    await revokeUserSessions(db, user.id);
    await revokeUserApiTokens(db, user.id);
    // Open tabs re-read their session at once and land on the sign-in page.
    await notifyLive(db, user.id, 'session');
  }
  await writeAudit(db, {
    actorId: actor.actorId,
    action: isSuspended ? 'user.suspend' : 'user.unsuspend',
    entityType: 'user',
    entityId: user.id,
    before: { isSuspended: user.isSuspended },
    after: { isSuspended },
    meta: actor.meta,
  });
  return { ...user, isSuspended };
}

/** Suspend or reinstate; suspension also ends every live session of the user at once. */
export async function setUserSuspended(
  db: Db,
  email: string,
  isSuspended: boolean,
  actor: Actor,
): Promise<UserSummary> {
  return db.transaction(async (tx) =>
    suspendOrReinstate(tx, await requireUserByEmail(tx, email), isSuspended, actor),
  );
}

export async function setUserSuspendedById(
  db: Db,
  id: string,
  isSuspended: boolean,
  actor: Actor,
): Promise<UserSummary> {
  return db.transaction(async (tx) =>
    suspendOrReinstate(tx, await requireUserById(tx, id), isSuspended, actor),
  );
}
