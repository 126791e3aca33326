// SCIM Groups (RFC 7644 §3.3–3.6): pushed groups and their members. A group gives nothing until
// an admin maps it to a team and/or a role (group-mapping.ts); then joining or leaving it gives or
// takes back what it maps, at once.
import { t } from '@lingui/core/macro';
import { parse, type Filter } from 'scim2-parse-filter';
import { z } from 'zod';
import {
  SCIM_SCHEMAS,
  type ScimGroupResource,
  type ScimListResponse,
} from '@punchclock/shared/contracts/scim';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import type { Actor } from '../people/index.ts';
import { compileFilter, equalityLookup, normalisePath } from './filter.ts';
import { applyGroupChanges, grantChanges, NO_GRANT } from './group-mapping.ts';
import { field, isObject, readPatch, readText, type PatchOperation } from './patch.ts';
import { checkIfMatch, listResponse, project, type ListQuery } from './resources.ts';
import {
  addGroupMembers,
  deleteScimGroup,
  existingUserIds,
  findGroupByName,
  findScimGroup,
  insertScimGroup,
  lockScimGroup,
  removeGroupMembers,
  scimGroupLookup,
  selectScimGroups,
  touchProfiles,
  updateScimGroup,
  type ScimGroupRecord,
} from './scim-repository.ts';
import { invalidValue, ScimError, scimNotFound, uniqueness } from './scim-errors.ts';
import { versionOf } from './user-attributes.ts';

const notFound = () => scimNotFound(t`No such group`);

export function renderGroup(group: ScimGroupRecord, baseUrl: string): ScimGroupResource {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: group.id,
    displayName: group.displayName,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    members: group.members.map((member) => ({
      value: member.id,
      display: member.display,
      $ref: `${baseUrl}/Users/${member.id}`,
      type: 'User',
    })),
    meta: {
      resourceType: 'Group',
      created: group.createdAt.toISOString(),
      lastModified: group.updatedAt.toISOString(),
      location: `${baseUrl}/Groups/${group.id}`,
      version: versionOf(group.updatedAt),
    },
  };
}

export async function listScimGroups(
  db: Db,
  query: ListQuery,
  baseUrl: string,
): Promise<ScimListResponse> {
  const matches = query.filter ? compileFilter('Group', query.filter) : () => true;
  const lookup = equalityLookup('Group', query.filter, ['displayname', 'externalid', 'id']);
  const groups = await selectScimGroups(
    db,
    lookup ? scimGroupLookup(lookup.attribute, lookup.value) : undefined,
  );
  const resources = groups.map((group) => renderGroup(group, baseUrl)).filter(matches);
  return listResponse(resources, query);
}

export async function getScimGroup(db: Db, rawId: string): Promise<ScimGroupRecord> {
  const id = z.uuid().safeParse(rawId);
  const group = id.success ? await findScimGroup(db, id.data) : null;
  if (!group) throw notFound();
  return group;
}

export { project };

function readDisplayName(value: unknown): string {
  const name = readText(value, 'displayName', 200);
  if (!name) throw invalidValue(t`displayName is required`);
  return name;
}

/** Member ids of `[{ "value": id }, …]` (or one such object). */
function readMemberIds(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((member: unknown) => {
    const id = isObject(member) ? field(member, 'value') : member;
    const parsed = z.uuid().safeParse(id);
    if (!parsed.success) throw invalidValue(t`A member’s value is the id of a SCIM user`);
    return parsed.data.toLowerCase();
  });
}

async function requireUsers(tx: Db, ids: readonly string[]): Promise<void> {
  const known = await existingUserIds(tx, ids);
  const unknown = ids.find((id) => !known.has(id));
  if (unknown) throw invalidValue(t`No user with the id ${unknown}: provision them first`);
}

async function requireFreeName(tx: Db, displayName: string, exceptId: string | null) {
  if (await findGroupByName(tx, displayName, exceptId)) {
    throw uniqueness(t`A group named ${displayName} already exists`);
  }
}

const uniqueRefusal = (error: unknown) => {
  throw isUniqueViolation(error) ? uniqueness(t`That displayName is taken`) : error;
};

export async function createScimGroup(
  db: Db,
  body: unknown,
  actor: Actor,
): Promise<ScimGroupRecord> {
  if (!isObject(body)) throw new ScimError(400, t`A group is a JSON object`, 'invalidSyntax');
  const displayName = readDisplayName(field(body, 'displayName'));
  const externalId = readText(field(body, 'externalId'), 'externalId', 200);
  const members = [...new Set(readMemberIds(field(body, 'members')))];
  const id = await db
    .transaction(async (tx) => {
      await requireFreeName(tx, displayName, null);
      await requireUsers(tx, members);
      const groupId = await insertScimGroup(tx, { displayName, externalId });
      await addGroupMembers(tx, groupId, members);
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'scim_group.create',
        entityType: 'scim_group',
        entityId: groupId,
        after: { displayName, externalId, members },
        meta: actor.meta,
      });
      await touchProfiles(tx, members);
      return groupId;
    })
    .catch(uniqueRefusal);
  return getScimGroup(db, id);
}

/** What a PUT or PATCH makes of a group, applied and audited in one go. */
interface GroupChange {
  displayName?: string;
  externalId?: string | null;
  /** The whole member list (replace), or members to add and remove. */
  setMembers?: string[];
  addMembers: string[];
  removeMembers: string[] | 'all';
}

async function changeGroup(
  db: Db,
  rawId: string,
  ifMatch: string | string[] | undefined,
  actor: Actor,
  change: GroupChange,
): Promise<void> {
  const id = z.uuid().safeParse(rawId);
  if (!id.success) throw notFound();
  await db
    .transaction(async (tx) => {
      if (!(await lockScimGroup(tx, id.data))) throw notFound();
      const before = await findScimGroup(tx, id.data);
      if (!before) throw notFound();
      checkIfMatch(ifMatch, versionOf(before.updatedAt));
      const current = new Set(before.members.map((member) => member.id));
      const wanted = change.setMembers ? new Set(change.setMembers) : null;
      await requireUsers(tx, wanted ? [...wanted] : change.addMembers);
      // Removals first: "remove all, then add" (and a replaced list) end with the right members.
      const removed = await removeGroupMembers(
        tx,
        id.data,
        wanted ? [...current].filter((member) => !wanted.has(member)) : change.removeMembers,
      );
      const added = await addGroupMembers(
        tx,
        id.data,
        wanted ? [...wanted].filter((member) => !current.has(member)) : change.addMembers,
      );
      const renamed = change.displayName !== undefined && change.displayName !== before.displayName;
      if (renamed) await requireFreeName(tx, change.displayName!, id.data);
      const newExternalId =
        change.externalId !== undefined && change.externalId !== before.externalId;
      if (!renamed && !newExternalId && added.length === 0 && removed.length === 0) return;
      await updateScimGroup(tx, id.data, {
        ...(renamed ? { displayName: change.displayName } : {}),
        ...(newExternalId ? { externalId: change.externalId } : {}),
      });
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'scim_group.update',
        entityType: 'scim_group',
        entityId: id.data,
        before: {
          displayName: before.displayName,
          externalId: before.externalId,
        },
        after: {
          displayName: renamed ? change.displayName : before.displayName,
          externalId: newExternalId ? change.externalId : before.externalId,
          membersAdded: added,
          membersRemoved: removed,
        },
        meta: actor.meta,
      });
      // Only the people who joined or left, and only what this group's mapping gives (0055);
      // "remove all, then add" back is no change for those who stay.
      const mapping = { teamId: before.teamId, role: before.role };
      const wasRemoved = new Set(removed);
      const wasAdded = new Set(added);
      await applyGroupChanges(
        tx,
        grantChanges(mapping, mapping, {
          joined: added.filter((member) => !wasRemoved.has(member)),
          left: removed.filter((member) => !wasAdded.has(member)),
        }),
        actor,
      );
      await touchProfiles(tx, renamed ? [...current, ...added] : [...added, ...removed]);
    })
    .catch(uniqueRefusal);
}

/** PUT: the name, external id and member list sent replace the group's. */
export async function replaceScimGroup(
  db: Db,
  rawId: string,
  body: unknown,
  ifMatch: string | string[] | undefined,
  actor: Actor,
): Promise<ScimGroupRecord> {
  if (!isObject(body)) throw new ScimError(400, t`A group is a JSON object`, 'invalidSyntax');
  const externalId = field(body, 'externalId');
  await changeGroup(db, rawId, ifMatch, actor, {
    displayName: readDisplayName(field(body, 'displayName')),
    ...(externalId === undefined ? {} : { externalId: readText(externalId, 'externalId', 200) }),
    setMembers: [...new Set(readMemberIds(field(body, 'members')))],
    addMembers: [],
    removeMembers: [],
  });
  return getScimGroup(db, rawId);
}

/** The member ids a `members[value eq "…"]` path names (`or` of several too). */
function memberIdsInPath(path: string): string[] | null {
  if (!/^members\s*\[/i.test(path.trim())) return null;
  let filter: Filter;
  try {
    filter = parse(path.trim());
  } catch {
    const shown = path.slice(0, 200);
    throw new ScimError(400, t`The path could not be read: ${shown}`, 'invalidPath');
  }
  const ids: string[] = [];
  const collect = (part: Filter): void => {
    if (part.op === 'or') return part.filters.forEach(collect);
    if (part.op === 'eq' && normalisePath('Group', part.attrPath) === 'value') {
      ids.push(...readMemberIds(part.compValue));
      return;
    }
    throw new ScimError(400, t`Members are named by value eq "id"`, 'invalidPath');
  };
  if (filter.op !== '[]') {
    throw new ScimError(400, t`Members are named by value eq "id"`, 'invalidPath');
  }
  collect(filter.valFilter);
  return ids;
}

function addOperation(
  change: GroupChange,
  operation: PatchOperation,
  path: string,
  value: unknown,
) {
  switch (path) {
    case 'displayname':
      if (operation.op === 'remove') throw invalidValue(t`displayName is required`);
      change.displayName = readDisplayName(Array.isArray(value) ? value[0] : value);
      return;
    case 'externalid':
      change.externalId = operation.op === 'remove' ? null : readText(value, 'externalId', 200);
      return;
    case 'members': {
      const ids = readMemberIds(value);
      if (operation.op === 'add') {
        change.addMembers.push(...ids);
      } else if (operation.op === 'replace') {
        change.setMembers = ids;
      } else if (ids.length > 0) {
        // Okta and others: remove with the members to remove as the value.
        if (change.removeMembers !== 'all') change.removeMembers.push(...ids);
      } else {
        change.removeMembers = 'all';
      }
      return;
    }
    default: {
      const shown = path.slice(0, 200);
      throw new ScimError(400, t`A group has no attribute ${shown} to change`, 'invalidPath');
    }
  }
}

/** PATCH (RFC 7644 §3.5.2): members added or removed, the group renamed. */
export async function patchScimGroup(
  db: Db,
  rawId: string,
  body: unknown,
  ifMatch: string | string[] | undefined,
  actor: Actor,
): Promise<void> {
  const change: GroupChange = { addMembers: [], removeMembers: [] };
  for (const operation of readPatch(body)) {
    if (operation.path === null) {
      for (const [key, value] of Object.entries(operation.value as Record<string, unknown>)) {
        const path = normalisePath('Group', key);
        if (path === 'id' || path === 'schemas' || path === 'meta') continue;
        addOperation(change, operation, path, value);
      }
      continue;
    }
    const named = memberIdsInPath(operation.path);
    if (named) {
      if (operation.op !== 'remove') {
        throw new ScimError(400, t`Add members with the path members`, 'invalidPath');
      }
      if (change.removeMembers !== 'all') change.removeMembers.push(...named);
      continue;
    }
    addOperation(change, operation, normalisePath('Group', operation.path), operation.value);
  }
  if (change.setMembers) {
    // A replace followed by adds or removes: the last word on each member wins.
    const set = new Set(change.setMembers);
    for (const id of change.addMembers) set.add(id);
    if (change.removeMembers === 'all') set.clear();
    else for (const id of change.removeMembers) set.delete(id);
    change.setMembers = [...set];
  }
  change.addMembers = [...new Set(change.addMembers)];
  await changeGroup(db, rawId, ifMatch, actor, change);
}

/** DELETE: the group goes; its members lose the team and role it gave them. */
export async function deleteScimGroupResource(
  db: Db,
  rawId: string,
  ifMatch: string | string[] | undefined,
  actor: Actor,
): Promise<void> {
  const id = z.uuid().safeParse(rawId);
  if (!id.success) throw notFound();
  await db.transaction(async (tx) => {
    if (!(await lockScimGroup(tx, id.data))) throw notFound();
    const before = await findScimGroup(tx, id.data);
    if (!before) throw notFound();
    checkIfMatch(ifMatch, versionOf(before.updatedAt));
    const members = before.members.map((member) => member.id);
    await deleteScimGroup(tx, id.data);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'scim_group.delete',
      entityType: 'scim_group',
      entityId: id.data,
      before: {
        displayName: before.displayName,
        externalId: before.externalId,
        teamId: before.teamId,
        role: before.role,
        members,
      },
      meta: actor.meta,
    });
    await applyGroupChanges(
      tx,
      grantChanges({ teamId: before.teamId, role: before.role }, NO_GRANT, { left: members }),
      actor,
    );
    await touchProfiles(tx, members);
  });
}
