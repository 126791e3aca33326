// Lookups and guards the account, password and suspension jobs share.
import { t } from '@lingui/core/macro';
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
  const trimmed = email.trim();
  const user = await findUserSummaryByEmail(db, trimmed);
  if (!user) throw new NotFound(t`No user with the email ${trimmed}`);
  return user;
}

export async function requireUserById(db: Db, rawId: string): Promise<UserSummary> {
  const id = z.uuid().safeParse(rawId);
  const user = id.success ? await findUserSummaryById(db, id.data) : null;
  if (!user) throw new NotFound(t`User not found`);
  return user;
}

/** Refuses a change that would leave no active admin (suspending or demoting the last one). */
export async function assertKeepsAnActiveAdmin(db: Db, user: UserSummary): Promise<void> {
  if (user.role !== 'admin' || user.isSuspended) return;
  const activeAdmins = await lockActiveAdminIds(db);
  if (activeAdmins.length <= 1 && activeAdmins.includes(user.id)) {
    throw new Conflict(
      t`There must always be at least one active admin. Make someone else an admin first.`,
      'last_admin',
    );
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
    positions: user.positions,
    minWeekMinutes: user.minWeekMinutes,
    maxWeekMinutes: user.maxWeekMinutes,
    managerId: user.managerId,
  };
}
