import { z } from 'zod';
import {
  emailSchema,
  optionalNameSchema,
  passwordSchema,
  roleSchema,
} from '@punchclock/shared/contracts/auth';
import type { UserSummary } from '@punchclock/shared/contracts/users';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, isUniqueViolation, NotFound, parseInput } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { findUserSummaryByEmail, insertUser, updateSuspended, upsertRole } from './repository.ts';

export const createUserInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  role: roleSchema,
  name: optionalNameSchema,
});
export type CreateUserInput = z.input<typeof createUserInputSchema>;

/** Who acts and from where; actorId is null for the operator's CLI and start-up. */
export interface Actor {
  actorId: string | null;
  meta: RequestMeta;
}

export async function createUser(
  db: Db,
  rawInput: CreateUserInput,
  actor: Actor,
): Promise<UserSummary> {
  const input = parseInput(createUserInputSchema, rawInput);
  const passwordHash = await hashPassword(input.password);
  const duplicate = () =>
    new Conflict(`A user with the email ${input.email} already exists`, 'duplicate_email');
  return db
    .transaction(async (tx) => {
      if (await findUserSummaryByEmail(tx, input.email)) throw duplicate();
      const id = await insertUser(tx, {
        email: input.email,
        passwordHash,
        name: input.name ?? null,
        role: input.role,
      });
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'user.create',
        entityType: 'user',
        entityId: id,
        after: { email: input.email, name: input.name ?? null, role: input.role },
        meta: actor.meta,
      });
      const created = await findUserSummaryByEmail(tx, input.email);
      if (!created) throw new Error('created user not found');
      return created;
    })
    .catch((error: unknown) => {
      // Two creations of one email at once: the unique index refuses the second.
      throw isUniqueViolation(error) ? duplicate() : error;
    });
}

async function requireUserByEmail(db: Db, email: string): Promise<UserSummary> {
  const user = await findUserSummaryByEmail(db, email.trim());
  if (!user) throw new NotFound(`No user with the email ${email.trim()}`);
  return user;
}

/** Suspend or reinstate; suspension also ends every live session of the user at once. */
export async function setUserSuspended(
  db: Db,
  email: string,
  isSuspended: boolean,
  actor: Actor,
): Promise<UserSummary> {
  return db.transaction(async (tx) => {
    const user = await requireUserByEmail(tx, email);
    await updateSuspended(tx, user.id, isSuspended);
    if (isSuspended) await revokeUserSessions(tx, user.id);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: isSuspended ? 'user.suspend' : 'user.unsuspend',
      entityType: 'user',
      entityId: user.id,
      before: { isSuspended: user.isSuspended },
      after: { isSuspended },
      meta: actor.meta,
    });
    return { ...user, isSuspended };
  });
}

export async function setUserRole(
  db: Db,
  email: string,
  role: Role,
  actor: Actor,
): Promise<UserSummary> {
  const parsedRole = parseInput(roleSchema, role);
  return db.transaction(async (tx) => {
    const user = await requireUserByEmail(tx, email);
    await upsertRole(tx, user.id, parsedRole);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'user.set_role',
      entityType: 'user',
      entityId: user.id,
      before: { role: user.role },
      after: { role: parsedRole },
      meta: actor.meta,
    });
    return { ...user, role: parsedRole };
  });
}
