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
import { roleFromGroups } from '../sso/index.ts';
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

/** What one group's mapping gives its members: a team and/or a role (null: none). */
export interface GroupGrant {
  teamId: string | null;
  role: Role | null;
}

export const NO_GRANT: GroupGrant = { teamId: null, role: null };

/**
 * One person's change in one group: what the group gave them before (nothing if they were not
 * in it) and what it gives them now (nothing if they are no longer in it).
 */
export interface GrantChange {
  userId: string;
  gave: GroupGrant;
  gives: GroupGrant;
}

/** The change of the members a group had and has, whose mapping went from `before` to `after`. */
export function grantChanges(
  before: GroupGrant,
  after: GroupGrant,
  members: { joined?: readonly string[]; left?: readonly string[]; stayed?: readonly string[] },
): GrantChange[] {
  return [
    ...(members.joined ?? []).map((userId) => ({ userId, gave: NO_GRANT, gives: after })),
    ...(members.left ?? []).map((userId) => ({ userId, gave: before, gives: NO_GRANT })),
    ...(members.stayed ?? []).map((userId) => ({ userId, gave: before, gives: after })),
  ];
}

/**
 * The role after one group's change, or null to leave it. Only what the change is about moves
 * (decision 0055): when the group now gives a role it did not give them before, they take the
 * strongest role of their role-mapped groups (sso's roleFromGroups); when it no longer gives the
 * role it gave, a person who still holds that role takes the strongest left, else employee. A
 * role the group never gave them — given by hand, or by another group — stays.
 */
export function roleAfterChange(
  current: Role | null,
  theirGroups: readonly MappedGroup[],
  gave: Role | null,
  gives: Role | null,
): Role | null {
  const held = current ?? 'employee';
  const strongest = () =>
    roleFromGroups(
      theirGroups.map((group) => group.id),
      Object.fromEntries(
        theirGroups.flatMap((group) => (group.role ? [[group.id, group.role]] : [])),
      ),
    );
  let target: Role | null = null;
  if (gives !== null && gives !== gave) target = strongest() ?? gives;
  else if (gave !== null && gives === null && held === gave) target = strongest() ?? 'employee';
  return target === null || target === held ? null : target;
}

/**
 * The team after one group's change, or undefined to leave it: as roleAfterChange, with the
 * first of their team-mapped groups by name (case-insensitive, then id) in place of the
 * strongest role, and no team when none is left.
 */
export function teamAfterChange(
  current: string | null,
  theirGroups: readonly MappedGroup[],
  gave: string | null,
  gives: string | null,
): string | null | undefined {
  const first = () => theirGroups.find((group) => group.teamId !== null)?.teamId ?? null;
  let target: string | null | undefined;
  if (gives !== null && gives !== gave) target = first() ?? gives;
  else if (gave !== null && gives === null && current === gave) target = first();
  return target === undefined || target === current ? undefined : target;
}

/** Apply these changes in a group now: team and role, each change audited. */
export async function applyGroupChanges(
  tx: Db,
  changes: readonly GrantChange[],
  actor: Actor,
): Promise<void> {
  const concerned = changes.filter(
    ({ gave, gives }) => gave.role !== gives.role || gave.teamId !== gives.teamId,
  );
  if (concerned.length === 0) return;
  const userIds = [...new Set(concerned.map((change) => change.userId))];
  const mapped = await listMappedGroups(tx);
  const memberOf = new Map<string, Set<string>>();
  for (const { userId, groupId } of await listMembershipsOf(tx, userIds)) {
    memberOf.set(userId, (memberOf.get(userId) ?? new Set<string>()).add(groupId));
  }
  const people = new Map(
    (await listUserSummariesByIds(tx, userIds)).map((person) => [person.id, person]),
  );
  const firstAdminId = (await findFirstAdmin(tx))?.id ?? null;
  const changed: string[] = [];
  for (const { userId, gave, gives } of concerned) {
    const person = people.get(userId);
    if (!person) continue;
    // Their mapped groups, in listMappedGroups' order (the first team wins).
    const groupIds = memberOf.get(person.id);
    const groups = groupIds ? mapped.filter((group) => groupIds.has(group.id)) : [];

    const team = teamAfterChange(person.teamId, groups, gave.teamId, gives.teamId);
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
      people.set(person.id, { ...person, teamId: team });
      changed.push(person.id);
    }

    const role = roleAfterChange(person.role, groups, gave.role, gives.role);
    // The break-glass admin keeps the role whatever the directory says (decision 0035).
    if (role === null || person.id === firstAdminId) continue;
    try {
      await setUserRole(tx, person.email, role, actor);
      people.set(person.id, { ...person, role, teamId: team === undefined ? person.teamId : team });
      changed.push(person.id);
    } catch (error) {
      // The last active admin keeps the role; the rest of the change goes through.
      if ((error as { code?: string }).code !== 'last_admin') throw error;
    }
  }
  await touchProfiles(tx, [...new Set(changed)]);
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
    await applyGroupChanges(
      tx,
      grantChanges({ teamId: before.teamId, role: before.role }, input, {
        stayed: await listMemberIds(tx, id.data),
      }),
      actor,
    );
    const [after] = (await listGroupMappings(tx)).filter((row) => row.id === id.data);
    if (!after) throw new Error('scim group vanished');
    return toMapping(after);
  });
}
