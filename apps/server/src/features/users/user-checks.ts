// Lookups and guards the account, password and suspension jobs share.
import { z } from 'zod';
import type { UserSummary } from '@punchclock/shared/contracts/users';
import type { Db } from '../../db/client.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import {
  findUserSummaryByEmail,
  findUserSummaryById,
  lockActiveAdminIds,
} from '../people/index.ts';

export async function requireUserByEmail(db: Db, email: string): Promise<UserSummary> {
  const user = await findUserSummaryByEmail(db, email.trim());
  if (!user) throw new NotFound(`No user with the email ${email.trim()}`);
  return user;
}

export async function requireUserById(db: Db, rawId: string): Promise<UserSummary> {
  const id = z.uuid().safeParse(rawId);
  const user = id.success ? await findUserSummaryById(db, id.data) : null;
  if (!user) throw new NotFound('User not found');
  return user;
}

const LAST_ADMIN_MESSAGE =
  'There must always be at least one active admin. Make someone else an admin first.';

/** Refuses a change that would leave no active admin (suspending or demoting the last one). */
export async function assertKeepsAnActiveAdmin(db: Db, user: UserSummary): Promise<void> {
  if (user.role !== 'admin' || user.isSuspended) return;
  const activeAdmins = await lockActiveAdminIds(db);
  if (activeAdmins.length <= 1 && activeAdmins.includes(user.id)) {
    throw new Conflict(LAST_ADMIN_MESSAGE, 'last_admin');
  }
}

export function userSnapshot(user: UserSummary) {
  return {
    email: user.email,
    name: user.name,
    role: user.role,
    teamId: user.teamId,
    teamName: user.teamName,
    isSuspended: user.isSuspended,
    hireDate: user.hireDate,
    ssoOnly: user.ssoOnly,
  };
}
