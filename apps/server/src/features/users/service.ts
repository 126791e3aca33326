import { z } from 'zod';
import {
  emailSchema,
  optionalNameSchema,
  passwordSchema,
  roleSchema,
} from '@punchclock/shared/contracts/auth';
import {
  changeMyPasswordRequestSchema,
  createUserRequestSchema,
  listUsersQuerySchema,
  setPasswordRequestSchema,
  updateMyProfileRequestSchema,
  updateUserRequestSchema,
  type ListUsersResponse,
  type SetPasswordLink,
  type UserSummary,
} from '@punchclock/shared/contracts/users';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import {
  Conflict,
  Invalid,
  isUniqueViolation,
  NotFound,
  parseInput,
} from '../../platform/errors.ts';
import { notifyLive } from '../../platform/live-events.ts';
import { hashNewPassword, verifyPassword } from '../../platform/passwords.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { generateToken, hashToken } from '../../platform/tokens.ts';
import type { Actor, Caller } from '../people/index.ts';
import {
  clearTeamsLedBy,
  expirePasswordTokens,
  findPasswordHash,
  findTeam,
  findUsablePasswordToken,
  findUserSummaryByEmail,
  findUserSummaryById,
  insertPasswordToken,
  insertUser,
  teamScopeOf,
  listUsersPage,
  lockActiveAdminIds,
  updatePasswordHash,
  updateSuspended,
  updateUserRecord,
  upsertRole,
} from '../people/index.ts';
import { deriveCurrentStates } from '../time-tracking/index.ts';

export const createUserInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  role: roleSchema,
  name: optionalNameSchema,
});
export type CreateUserInput = z.input<typeof createUserInputSchema>;

/** Who acts and from where; actorId is null for the operator's CLI and start-up. */
export async function createUser(
  db: Db,
  rawInput: CreateUserInput,
  actor: Actor,
): Promise<UserSummary> {
  const input = parseInput(createUserInputSchema, rawInput);
  const passwordHash = await hashNewPassword(input.password);
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

async function requireUserById(db: Db, rawId: string): Promise<UserSummary> {
  const id = z.uuid().safeParse(rawId);
  const user = id.success ? await findUserSummaryById(db, id.data) : null;
  if (!user) throw new NotFound('User not found');
  return user;
}

/** Roles that may lead a team. */
const LEAD_ROLES: ReadonlySet<Role> = new Set(['team_lead', 'admin']);

const LAST_ADMIN_MESSAGE =
  'There must always be at least one active admin. Make someone else an admin first.';

/** Refuses a change that would leave no active admin (suspending or demoting the last one). */
async function assertKeepsAnActiveAdmin(db: Db, user: UserSummary): Promise<void> {
  if (user.role !== 'admin' || user.isSuspended) return;
  const activeAdmins = await lockActiveAdminIds(db);
  if (activeAdmins.length <= 1 && activeAdmins.includes(user.id)) {
    throw new Conflict(LAST_ADMIN_MESSAGE, 'last_admin');
  }
}

function userSnapshot(user: UserSummary) {
  return {
    email: user.email,
    name: user.name,
    role: user.role,
    teamId: user.teamId,
    teamName: user.teamName,
    isSuspended: user.isSuspended,
  };
}

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

export async function setUserRole(
  db: Db,
  email: string,
  role: Role,
  actor: Actor,
): Promise<UserSummary> {
  const parsedRole = parseInput(roleSchema, role);
  return db.transaction(async (tx) => {
    const user = await requireUserByEmail(tx, email);
    if (parsedRole !== 'admin') await assertKeepsAnActiveAdmin(tx, user);
    await upsertRole(tx, user.id, parsedRole);
    if (!LEAD_ROLES.has(parsedRole)) await clearTeamsLedBy(tx, user.id);
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

/** Admins see everyone; a team lead sees the people of the teams they lead, read-only. */
export async function listUsers(
  db: Db,
  timeZone: string,
  viewer: Caller,
  rawQuery: unknown,
): Promise<ListUsersResponse> {
  const query = parseInput(listUsersQuerySchema, rawQuery);
  const isAdmin = viewer.role === 'admin';
  const onlyTeamIds = await teamScopeOf(db, viewer);
  const page = await listUsersPage(
    db,
    { ...query, limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    onlyTeamIds,
  );
  const states = await deriveCurrentStates(
    db,
    page.users.map((user) => user.id),
    timeZone,
  );
  return {
    users: page.users.map((user) => ({ ...user, timeState: states.get(user.id) ?? 'none' })),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    canEdit: isAdmin,
  };
}

async function requireTeamId(db: Db, teamId: string | null): Promise<void> {
  if (teamId && !(await findTeam(db, teamId))) throw new Invalid('Unknown team');
}

/** How long an emailed/handed-over link to set a password stays usable. */
const LINK_LIFETIME_HOURS = { invite: 7 * 24, reset: 24 } as const;

async function issuePasswordLink(
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
  return { path: `/set-password#token=${token}`, expiresAt: expiresAt.toISOString() };
}

/**
 * An admin adds a person. With a password, they can sign in at once; without one, nobody can
 * until they open the one-time link the admin is shown (valid 7 days).
 */
export async function addUser(
  db: Db,
  rawInput: unknown,
  actor: Actor,
): Promise<{ user: UserSummary; setPasswordLink: SetPasswordLink | null }> {
  const input = parseInput(createUserRequestSchema, rawInput);
  // No password (null) until the person sets their own through the link.
  const passwordHash = input.password ? await hashNewPassword(input.password) : null;
  const duplicate = () =>
    new Conflict(`A user with the email ${input.email} already exists`, 'duplicate_email');
  return db
    .transaction(async (tx) => {
      if (await findUserSummaryByEmail(tx, input.email)) throw duplicate();
      await requireTeamId(tx, input.teamId);
      const id = await insertUser(tx, { ...input, passwordHash });
      const user = await requireUserById(tx, id);
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'user.create',
        entityType: 'user',
        entityId: id,
        after: {
          ...userSnapshot(user),
          signInSetup: input.password ? 'initial password' : 'one-time link',
        },
        meta: actor.meta,
      });
      const setPasswordLink = input.password
        ? null
        : await issuePasswordLink(tx, id, 'invite', actor);
      return { user, setPasswordLink };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicate() : error;
    });
}

export async function updateUser(
  db: Db,
  id: string,
  rawInput: unknown,
  actor: Actor,
): Promise<UserSummary> {
  const input = parseInput(updateUserRequestSchema, rawInput);
  const duplicate = () =>
    new Conflict(`A user with the email ${input.email} already exists`, 'duplicate_email');
  return db
    .transaction(async (tx) => {
      const before = await requireUserById(tx, id);
      if (input.role !== 'admin') await assertKeepsAnActiveAdmin(tx, before);
      const clash = await findUserSummaryByEmail(tx, input.email);
      if (clash && clash.id !== before.id) throw duplicate();
      await requireTeamId(tx, input.teamId);
      await updateUserRecord(tx, before.id, input);
      await upsertRole(tx, before.id, input.role);
      if (!LEAD_ROLES.has(input.role)) await clearTeamsLedBy(tx, before.id);
      const after = await requireUserById(tx, before.id);
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'user.update',
        entityType: 'user',
        entityId: before.id,
        before: userSnapshot(before),
        after: userSnapshot(after),
        meta: actor.meta,
      });
      // A changed role changes what their open tabs may show.
      if (before.role !== after.role) await notifyLive(tx, before.id, 'session');
      return after;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicate() : error;
    });
}

/** Reset: the old password stops working, every session ends, and a new one-time link is made. */
export async function resetPassword(db: Db, id: string, actor: Actor): Promise<SetPasswordLink> {
  return db.transaction(async (tx) => {
    const user = await requireUserById(tx, id);
    await updatePasswordHash(tx, user.id, null);
    await revokeUserSessions(tx, user.id);
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

const INVALID_LINK_MESSAGE = 'This link is not valid or has expired. Ask an admin for a new one.';

export async function getPasswordLinkInfo(db: Db, token: string) {
  const found = await findUsablePasswordToken(db, hashToken(token));
  if (!found || found.isSuspended) throw new NotFound(INVALID_LINK_MESSAGE, 'invalid_link');
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
    if (!found || found.isSuspended) throw new NotFound(INVALID_LINK_MESSAGE, 'invalid_link');
    await updatePasswordHash(tx, found.userId, passwordHash);
    await expirePasswordTokens(tx, found.userId);
    await revokeUserSessions(tx, found.userId);
    await writeAudit(tx, {
      actorId: found.userId,
      action: 'user.set_password',
      entityType: 'user',
      entityId: found.userId,
      after: { via: found.purpose },
      meta,
    });
    return { email: found.email };
  });
}

export async function updateMyProfile(
  db: Db,
  auth: { userId: string },
  rawInput: unknown,
  meta: RequestMeta,
): Promise<UserSummary> {
  const input = parseInput(updateMyProfileRequestSchema, rawInput);
  return db.transaction(async (tx) => {
    const before = await requireUserById(tx, auth.userId);
    await updateUserRecord(tx, before.id, {
      email: before.email,
      name: input.name,
      teamId: before.teamId,
    });
    await writeAudit(tx, {
      actorId: auth.userId,
      action: 'user.update_own_profile',
      entityType: 'user',
      entityId: auth.userId,
      before: { name: before.name },
      after: { name: input.name },
      meta,
    });
    return { ...before, name: input.name };
  });
}

/** Changing one's password ends every other session of the person; this one stays. */
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
  if (!isCurrentValid) throw new Invalid('Your current password is not correct', 'wrong_password');
  const passwordHash = await hashNewPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, auth.userId, passwordHash);
    await revokeUserSessions(tx, auth.userId, auth.sessionId);
    await expirePasswordTokens(tx, auth.userId);
    await writeAudit(tx, {
      actorId: auth.userId,
      action: 'user.change_own_password',
      entityType: 'user',
      entityId: auth.userId,
      meta,
    });
  });
}
