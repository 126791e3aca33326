// Account → Where you're signed in (#33 part 5): a person's live sessions, ending one or the
// others. Ending a session tells its open tabs at once (the live `session` topic, as suspension
// does): they re-read the session, find none and go to the sign-in page.
import type { SignedInSession } from '@punchclock/shared/contracts/signed-in-sessions';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { NotFound } from '../../platform/errors.ts';
import { notifyLive } from '../../platform/live-events.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import {
  listLiveSessions,
  publicSessionId,
  revokeUserSession,
  revokeUserSessions,
  type AuthContext,
} from '../../platform/sessions.ts';
import { signOut } from './service.ts';
import { describeUserAgent } from './user-agent.ts';

type Caller = Pick<AuthContext, 'userId' | 'sessionId'>;

export async function listMySessions(
  db: Db,
  config: AppConfig,
  auth: Caller,
): Promise<SignedInSession[]> {
  const rows = await listLiveSessions(db, auth.userId, { idleMinutes: config.sessionIdleMinutes });
  // This device first, then the most recently seen.
  const ordered = [
    ...rows.filter((row) => row.id === auth.sessionId),
    ...rows.filter((row) => row.id !== auth.sessionId),
  ];
  return ordered.map((row) => ({
    id: publicSessionId(row.id),
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    signInMethod: row.signInMethod,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    isCurrent: row.id === auth.sessionId,
  }));
}

/**
 * Ends one of the caller's live sessions, named by its public id. Another person's session, or
 * one already ended, is "not found": the id is only ever matched among the caller's own.
 * Ending the current one is a plain sign-out; returns whether it was the current one.
 */
export async function endMySession(
  db: Db,
  config: AppConfig,
  auth: AuthContext,
  publicId: string,
  meta: RequestMeta,
): Promise<{ wasCurrent: boolean }> {
  const rows = await listLiveSessions(db, auth.userId, { idleMinutes: config.sessionIdleMinutes });
  const found = rows.find((row) => publicSessionId(row.id) === publicId);
  if (!found) throw new NotFound();
  if (found.id === auth.sessionId) {
    await signOut(db, auth, meta);
    return { wasCurrent: true };
  }
  await db.transaction(async (tx) => {
    if (!(await revokeUserSession(tx, auth.userId, found.id))) throw new NotFound();
    await notifyLive(tx, auth.userId, 'session');
    await writeAudit(tx, {
      actorId: auth.userId,
      action: 'auth.session_ended',
      entityType: 'session',
      entityId: auth.userId,
      after: { session: publicId, ip: found.ip, signInMethod: found.signInMethod },
      meta,
    });
  });
  return { wasCurrent: false };
}

/** Ends every other session of the caller; this one stays. Returns how many were live. */
export async function endMyOtherSessions(db: Db, auth: Caller, meta: RequestMeta): Promise<number> {
  return db.transaction(async (tx) => {
    const sessionsEnded = await revokeUserSessions(tx, auth.userId, auth.sessionId);
    if (sessionsEnded > 0) await notifyLive(tx, auth.userId, 'session');
    await writeAudit(tx, {
      actorId: auth.userId,
      action: 'auth.sessions_ended_others',
      entityType: 'session',
      entityId: auth.userId,
      after: { sessionsEnded },
      meta,
    });
    return sessionsEnded;
  });
}
