// Pushed groups → teams and roles (#33): what a person's groups give them, applied through the
// users feature's own rules (the first admin keeps the role, the last active admin is kept).
import { t } from '@lingui/core/macro';
import { z } from 'zod';
import {
  scimGroupMappingInputSchema,
  type ScimGroupMapping,
  type ScimGroupMappingsResponse,
  SCIM_BASE_PATH,
} from '@punchclock/shared/contracts/scim';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { Invalid, NotFound, parseInput } from '../../platform/errors.ts';
import { findFirstAdmin } from '../auth/index.ts';
import type { Actor } from '../people/index.ts';
import { listUserSummariesByIds } from '../people/index.ts';
import { roleAtSignIn, roleFromGroups } from '../sso/index.ts';
import { setUserRole } from '../users/index.ts';
import {
  listGroupMappings,
  listMappedGroups,
  listMemberIds,
  listMembershipsOf,
  lockScimGroup,
  teamExists,
  touchProfiles,
  updateScimGroup,
  updateTeamOf,
  type MappedGroup,
} from './scim-repository.ts';

/** What a mapping gave before it changed: people holding it lose it if nothing gives it now. */
export interface FormerGrant {
  teamId: string | null;
  role: Role | null;
}

/**
 * The role a person's mapped groups give them, or null to leave it (sso's roleAtSignIn: the
 * strongest mapped role; a role some mapping grants — or granted until now — falls back to
 * employee when none of their groups gives it; a role no mapping names stays).
 */
export function roleFromDirectory(
  current: Role | null,
  memberOf: readonly string[],
  groupRoles: Record<string, Role>,
  formerRoles: readonly Role[],
): Role | null {
  const target = roleAtSignIn(current, { groups: [...memberOf], groupsSent: true }, groupRoles);
  if (target !== null || roleFromGroups([...memberOf], groupRoles) !== null) return target;
  const held = current ?? 'employee';
  return held !== 'employee' && formerRoles.includes(held) ? 'employee' : null;
}

/**
 * The team a person's mapped groups give them, or undefined to leave it: of their groups mapped
 * to a team, the first by name (case-insensitive, then id) — deterministic, and an admin can see
 * why. In none, a team some mapping gives (or gave) is taken back; a team set by hand stays.
 */
export function teamFromDirectory(
  current: string | null,
  memberOf: readonly MappedGroup[],
  allMapped: readonly MappedGroup[],
  formerTeams: readonly string[],
): string | null | undefined {
  const given = memberOf.find((group) => group.teamId !== null)?.teamId ?? null;
  if (given !== null) return given === current ? undefined : given;
  if (current === null) return undefined;
  const granted =
    allMapped.some((group) => group.teamId === current) || formerTeams.includes(current);
  return granted ? null : undefined;
}

/** Apply the mapped groups to these people now: team and role, each change audited. */
export async function applyGroupMappings(
  tx: Db,
  userIds: readonly string[],
  actor: Actor,
  former: FormerGrant = { teamId: null, role: null },
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const mapped = await listMappedGroups(tx);
  const groupRoles: Record<string, Role> = {};
  for (const group of mapped) if (group.role) groupRoles[group.displayName] = group.role;
  const byId = new Map(mapped.map((group) => [group.id, group]));
  const memberships = await listMembershipsOf(tx, unique);
  const people = await listUserSummariesByIds(tx, unique);
  const firstAdminId = (await findFirstAdmin(tx))?.id ?? null;
  const changed: string[] = [];
  for (const person of people) {
    const groups = memberships
      .filter((membership) => membership.userId === person.id)
      .flatMap((membership) => byId.get(membership.groupId) ?? [])
      .sort((a, b) => mapped.indexOf(a) - mapped.indexOf(b));

    const team = teamFromDirectory(
      person.teamId,
      groups,
      mapped,
      former.teamId ? [former.teamId] : [],
    );
    if (team !== undefined) {
      await updateTeamOf(tx, person.id, team);
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'user.update',
        entityType: 'user',
        entityId: person.id,
        before: { teamId: person.teamId },
        after: { teamId: team, via: 'scim group mapping' },
        meta: actor.meta,
      });
      changed.push(person.id);
    }

    const role = roleFromDirectory(
      person.role,
      groups.map((group) => group.displayName),
      groupRoles,
      former.role ? [former.role] : [],
    );
    // The break-glass admin keeps the role whatever the directory says (decision 0035).
    if (role === null || role === person.role || person.id === firstAdminId) continue;
    try {
      await setUserRole(tx, person.email, role, actor);
      changed.push(person.id);
    } catch (error) {
      // The last active admin keeps the role; the rest of the change goes through.
      if ((error as { code?: string }).code !== 'last_admin') throw error;
    }
  }
  await touchProfiles(tx, changed);
}

// ---- The admin's screen ------------------------------------------------------------------------

function toMapping(row: Awaited<ReturnType<typeof listGroupMappings>>[number]): ScimGroupMapping {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

export async function listScimGroupMappings(db: Db): Promise<ScimGroupMappingsResponse> {
  const rows = await listGroupMappings(db);
  return { groups: rows.map(toMapping), basePath: SCIM_BASE_PATH };
}

/** Map a pushed group to a team and/or a role; its members get (or lose) them at once. */
export async function setScimGroupMapping(
  db: Db,
  rawId: string,
  rawInput: unknown,
  actor: Actor,
): Promise<ScimGroupMapping> {
  const id = z.uuid().safeParse(rawId);
  if (!id.success) throw new NotFound(t`No such group`);
  const input = parseInput(scimGroupMappingInputSchema, rawInput);
  return db.transaction(async (tx) => {
    if (!(await lockScimGroup(tx, id.data))) throw new NotFound(t`No such group`);
    if (input.teamId && !(await teamExists(tx, input.teamId))) throw new Invalid(t`Unknown team`);
    const [before] = (await listGroupMappings(tx)).filter((row) => row.id === id.data);
    if (!before) throw new NotFound(t`No such group`);
    await updateScimGroup(tx, id.data, { teamId: input.teamId, role: input.role });
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'scim_group.map',
      entityType: 'scim_group',
      entityId: id.data,
      before: { displayName: before.displayName, teamId: before.teamId, role: before.role },
      after: { displayName: before.displayName, teamId: input.teamId, role: input.role },
      meta: actor.meta,
    });
    await applyGroupMappings(tx, await listMemberIds(tx, id.data), actor, {
      teamId: before.teamId,
      role: before.role,
    });
    const [after] = (await listGroupMappings(tx)).filter((row) => row.id === id.data);
    if (!after) throw new Error('scim group vanished');
    return toMapping(after);
  });
}
