// User accounts: create, add (with an invitation), edit, role changes, the users list, one's own profile.
import { t } from '@lingui/core/macro';
import { z } from 'zod';
import {
  emailSchema,
  optionalNameSchema,
  passwordSchema,
  roleSchema,
} from '@punchclock/shared/contracts/auth';
import {
  createUserRequestSchema,
  listUsersQuerySchema,
  updateMyProfileRequestSchema,
  updateUserRequestSchema,
  type ListUsersResponse,
  type SetPasswordLink,
  type UserSummary,
} from '@punchclock/shared/contracts/users';
import type { Role } from '@punchclock/shared/domain/roles';
import { firstAdminKeepsPasswordMessage } from '@punchclock/shared/contracts/sso';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Conflict, Invalid, isUniqueViolation, parseInput } from '../../platform/errors.ts';
import { notifyLive } from '../../platform/live-events.ts';
import { hashNewPassword } from '../../platform/passwords.ts';
import type { RequestMeta } from '../../platform/request-meta.ts';
import type { Actor, Caller } from '../people/index.ts';
import {
  clearTeamsLedBy,
  findTeam,
  findUserSummaryByEmail,
  findUserSummaryById,
  insertUser,
  teamScopeOf,
  listUsersPage,
  updateUserRecord,
  upsertRole,
  wouldCloseReportingCircle,
} from '../people/index.ts';
import { findFirstAdmin } from '../auth/index.ts';
import { deriveCurrentStates } from '../time-tracking/index.ts';
import { issuePasswordLink } from './passwords.ts';
import {
  assertKeepsAnActiveAdmin,
  requireUserByEmail,
  requireUserById,
  userSnapshot,
} from './user-checks.ts';

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
  const duplicate = () => new Conflict(emailTaken(input.email), 'duplicate_email');
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

/** Roles that may lead a team. */
const LEAD_ROLES: ReadonlySet<Role> = new Set(['team_lead', 'admin']);

/**
 * Gives a person a role (User Management, the CLI, SSO sign-in, SCIM): teams they may no longer
 * lead are let go, and when the role changed their open tabs are told to re-read the session,
 * since what they may see changed (a demoted admin's tabs leave the admin screens).
 */
async function changeRole(
  tx: Db,
  user: { id: string; role: Role | null },
  role: Role,
): Promise<void> {
  await upsertRole(tx, user.id, role);
  if (!LEAD_ROLES.has(role)) await clearTeamsLedBy(tx, user.id);
  if (user.role !== role) await notifyLive(tx, user.id, 'session');
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
    await changeRole(tx, user, parsedRole);
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
  if (teamId && !(await findTeam(db, teamId))) throw new Invalid(t`Unknown team`);
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
  const duplicate = () => new Conflict(emailTaken(input.email), 'duplicate_email');
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
  const duplicate = () => new Conflict(emailTaken(input.email), 'duplicate_email');
  return db
    .transaction(async (tx) => {
      const before = await requireUserById(tx, id);
      if (input.role !== 'admin') await assertKeepsAnActiveAdmin(tx, before);
      const clash = await findUserSummaryByEmail(tx, input.email);
      if (clash && clash.id !== before.id) throw duplicate();
      await requireTeamId(tx, input.teamId);
      if (input.managerId) await requireManager(tx, before.id, input.managerId);
      if (input.ssoOnly && (await findFirstAdmin(tx))?.id === before.id) {
        throw new Invalid(firstAdminKeepsPasswordMessage(), 'first_admin_keeps_password');
      }
      await updateUserRecord(tx, before.id, input);
      await changeRole(tx, before, input.role);
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
      return after;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicate() : error;
    });
}

/** The person exists, and `personId` reporting to them closes no circle (nor reports to self). */
async function requireManager(db: Db, personId: string, managerId: string): Promise<void> {
  if (!(await findUserSummaryById(db, managerId))) {
    throw new Invalid(t`Unknown person`, 'unknown_manager');
  }
  if (await wouldCloseReportingCircle(db, personId, managerId)) {
    throw new Invalid(
      t`A person cannot report to themselves or to someone who reports to them`,
      'manager_circle',
    );
  }
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

function emailTaken(email: string): string {
  return t`A user with the email ${email} already exists`;
}
