// An admin ends all of a person's sessions (#33 part 5): a lost laptop, a shared computer left
// signed in. Their API tokens stay — suspension or the tokens screen stops those
// (decision 0057).
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { notifyLive } from '../../platform/live-events.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { revokeUserSessions, type AuthContext } from '../../platform/sessions.ts';
import { requireUserById } from './user-checks.ts';

/**
 * Ends every live session of the person, at once: their open tabs go to the sign-in page.
 * An admin naming themselves keeps the session they are using (the others end).
 * Returns how many were live.
 */
export async function endUserSessions(
  db: Db,
  userId: string,
  admin: Pick<AuthContext, 'userId' | 'sessionId'>,
  meta: RequestMeta,
): Promise<number> {
  return db.transaction(async (tx) => {
    const user = await requireUserById(tx, userId);
    const keep = user.id === admin.userId ? admin.sessionId : undefined;
    const sessionsEnded = await revokeUserSessions(tx, user.id, keep);
    if (sessionsEnded > 0) await notifyLive(tx, user.id, 'session');
    await writeAudit(tx, {
      actorId: admin.userId,
      action: 'user.sessions_ended',
      entityType: 'user',
      entityId: user.id,
      after: { sessionsEnded },
      meta,
    });
    return sessionsEnded;
  });
}
