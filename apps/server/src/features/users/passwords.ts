// Invitations and passwords: set-password links (invite, reset), setting a password with one, changing one's own.
import { t } from '@lingui/core/macro';
import {
  changeMyPasswordRequestSchema,
  setPasswordRequestSchema,
  type SetPasswordLink,
} from '@punchclock/shared/contracts/users';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import { notifyLive } from '../../platform/live-events.ts';
import { hashNewPassword, verifyPassword } from '../../platform/passwords.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { revokeUserApiTokens } from '../../platform/api-token-auth.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { generateToken, hashToken } from '../../platform/tokens.ts';
import type { Actor } from '../people/index.ts';
import {
  expirePasswordTokens,
  findPasswordHash,
  findUsablePasswordToken,
  insertPasswordToken,
  updatePasswordHash,
} from '../people/index.ts';
import { requireUserById } from './user-checks.ts';

/** How long an emailed/handed-over link to set a password stays usable. */
const LINK_LIFETIME_HOURS = { invite: 7 * 24, reset: 24 } as const;

export async function issuePasswordLink(
  db: Db,
  userId: string,
  purpose: keyof typeof LINK_LIFETIME_HOURS,
  actor: Actor,
): Promise<SetPasswordLink> {
  await expirePasswordTokens(db, userId);
  const token = generateToken();
  const expiresAt = new Date(Date.now() + LINK_LIFETIME_HOURS[purpose] * 3_600_000);
  await insertPasswordToken(db, {
    id: hashToken(token),
    userId,
    purpose,
    createdBy: actor.actorId,
    expiresAt,
  });
  return {
    path: `/set-password#token=${token}`,
    expiresAt: expiresAt.toISOString(),
    emailedTo: null,
  };
}

/** Reset: the old password stops working, every session ends, and a new one-time link is made. */
export async function resetPassword(db: Db, id: string, actor: Actor): Promise<SetPasswordLink> {
  return db.transaction(async (tx) => {
    const user = await requireUserById(tx, id);
    await updatePasswordHash(tx, user.id, null);
    await revokeUserSessions(tx, user.id);
    await revokeUserApiTokens(tx, user.id);
    await notifyLive(tx, user.id, 'session');
    const link = await issuePasswordLink(tx, user.id, 'reset', actor);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'user.reset_password',
      entityType: 'user',
      entityId: user.id,
      after: { linkExpiresAt: link.expiresAt },
      meta: actor.meta,
    });
    return link;
  });
}

const invalidLinkMessage = () =>
  t`This link is not valid or has expired. Ask an admin for a new one.`;

export async function getPasswordLinkInfo(db: Db, token: string) {
  const found = await findUsablePasswordToken(db, hashToken(token));
  if (!found || found.isSuspended) throw new NotFound(invalidLinkMessage(), 'invalid_link');
  return { email: found.email, purpose: found.purpose };
}

/** The person sets their password with a one-time link; the link then stops working. */
export async function setPasswordWithLink(
  db: Db,
  rawInput: unknown,
  meta: RequestMeta,
): Promise<{ email: string }> {
  const input = parseInput(setPasswordRequestSchema, rawInput);
  const passwordHash = await hashNewPassword(input.password);
  return db.transaction(async (tx) => {
    const found = await findUsablePasswordToken(tx, hashToken(input.token), { lock: true });
    if (!found || found.isSuspended) throw new NotFound(invalidLinkMessage(), 'invalid_link');
    await updatePasswordHash(tx, found.userId, passwordHash);
    await expirePasswordTokens(tx, found.userId);
    // A new password ends what the old one opened: sessions and personal API tokens (0040).
    const sessionsEnded = await revokeUserSessions(tx, found.userId);
    const apiCredentialsRevoked = await revokeUserApiTokens(tx, found.userId);
    await writeAudit(tx, {
      actorId: found.userId,
      action: 'user.set_password',
      entityType: 'user',
      entityId: found.userId,
      after: { via: found.purpose, sessionsEnded, apiCredentialsRevoked },
      meta,
    });
    return { email: found.email };
  });
}

/**
 * Changing one's password ends every other session of the person and revokes their personal API
 * tokens (ASVS 7.4.3, decision 0040); this session stays.
 */
export async function changeMyPassword(
  db: Db,
  auth: { userId: string; sessionId: string },
  rawInput: unknown,
  meta: RequestMeta,
): Promise<void> {
  const input = parseInput(changeMyPasswordRequestSchema, rawInput);
  const isCurrentValid = await verifyPassword(
    await findPasswordHash(db, auth.userId),
    input.currentPassword,
  );
  if (!isCurrentValid) throw new Invalid(t`Your current password is not correct`, 'wrong_password');
  const passwordHash = await hashNewPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, auth.userId, passwordHash);
    const sessionsEnded = await revokeUserSessions(tx, auth.userId, auth.sessionId);
    const apiCredentialsRevoked = await revokeUserApiTokens(tx, auth.userId);
    await expirePasswordTokens(tx, auth.userId);
    await writeAudit(tx, {
      actorId: auth.userId,
      action: 'user.change_own_password',
      entityType: 'user',
      entityId: auth.userId,
      after: { sessionsEnded, apiCredentialsRevoked },
      meta,
    });
  });
}
