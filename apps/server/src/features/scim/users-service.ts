// SCIM Users (RFC 7644 §3.3–3.6): list, read, create, replace, patch, delete. A person made here
// has no password (they sign in with single sign-on or a set-password link); `active: false`
// and DELETE suspend them through the users feature, which ends their sessions and tokens.
import { t } from '@lingui/core/macro';
import { z } from 'zod';
import type { ScimListResponse } from '@punchclock/shared/contracts/scim';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import type { Actor } from '../people/index.ts';
import { findUserSummaryByEmail, insertUser, wouldCloseReportingCircle } from '../people/index.ts';
import { setUserSuspendedById } from '../users/index.ts';
import { compileFilter, equalityLookup } from './filter.ts';
import { readPatch } from './patch.ts';
import { checkIfMatch, listResponse, type ListQuery } from './resources.ts';
import {
  findEmployeeNumberHolder,
  findScimUser,
  lockProfile,
  scimUserLookup,
  selectScimUsers,
  touchProfiles,
  updateEmailAndName,
  updateScimProfile,
  userExists,
} from './scim-repository.ts';
import { invalidValue, scimNotFound, uniqueness } from './scim-errors.ts';
import {
  applyUserPatch,
  draftOf,
  readUserResource,
  renderUser,
  versionOf,
  type ScimUserRecord,
  type UserDraft,
} from './user-attributes.ts';

const notFound = () => scimNotFound(t`No such user`);

export async function listScimUsers(
  db: Db,
  query: ListQuery,
  baseUrl: string,
): Promise<ScimListResponse> {
  const matches = query.filter ? compileFilter('User', query.filter) : () => true;
  const lookup = equalityLookup('User', query.filter, ['username', 'externalid', 'id']);
  const records = await selectScimUsers(
    db,
    lookup ? scimUserLookup(lookup.attribute, lookup.value) : undefined,
  );
  const resources = records.map((record) => renderUser(record, baseUrl)).filter(matches);
  return listResponse(resources, query);
}

export async function getScimUser(db: Db, rawId: string): Promise<ScimUserRecord> {
  const id = z.uuid().safeParse(rawId);
  const record = id.success ? await findScimUser(db, id.data) : null;
  if (!record) throw notFound();
  return record;
}

async function checkDraft(tx: Db, draft: UserDraft, userId: string | null): Promise<void> {
  if (draft.managerId !== null) {
    const id = z.uuid().safeParse(draft.managerId);
    if (!id.success || !(await userExists(tx, id.data))) {
      throw invalidValue(t`manager.value names no user here: provision the manager first`);
    }
    // A new person (no id yet) has nobody reporting to them: no circle to close.
    if (userId !== null && (await wouldCloseReportingCircle(tx, userId, id.data))) {
      throw invalidValue(t`A person cannot report to themselves or to someone who reports to them`);
    }
  }
  if (draft.employeeNumber !== null) {
    if (await findEmployeeNumberHolder(tx, draft.employeeNumber, userId)) {
      const number = draft.employeeNumber;
      throw uniqueness(t`Employee number ${number} belongs to someone else`);
    }
  }
  const holder = await findUserSummaryByEmail(tx, draft.userName);
  if (holder && holder.id !== userId) {
    const email = draft.userName;
    throw uniqueness(t`A user with the email ${email} already exists`);
  }
}

function attributesOf(draft: UserDraft) {
  return {
    email: draft.userName,
    name: draft.fullName,
    externalId: draft.externalId,
    employeeNumber: draft.employeeNumber,
    managerId: draft.managerId,
    language: draft.language,
  };
}

const uniqueRefusal = (error: unknown) => {
  throw isUniqueViolation(error) ? uniqueness(t`That userName is taken`) : error;
};

export async function createScimUser(db: Db, body: unknown, actor: Actor): Promise<ScimUserRecord> {
  const draft = readUserResource(body, null);
  const id = await db
    .transaction(async (tx) => {
      await checkDraft(tx, draft, null);
      const userId = await insertUser(tx, {
        email: draft.userName,
        passwordHash: null,
        name: draft.fullName,
        role: 'employee',
      });
      await updateScimProfile(tx, userId, draft);
      await writeAudit(tx, {
        actorId: actor.actorId,
        action: 'user.create',
        entityType: 'user',
        entityId: userId,
        after: {
          ...attributesOf(draft),
          role: 'employee',
          via: 'scim',
          signInSetup: 'single sign-on or a set-password link',
        },
        meta: actor.meta,
      });
      if (!draft.active) await setUserSuspendedById(tx, userId, true, actor);
      return userId;
    })
    .catch(uniqueRefusal);
  return getScimUser(db, id);
}

/** The new state of a person, written: attributes, then suspension, each audited. */
async function writeDraft(
  tx: Db,
  before: ScimUserRecord,
  draft: UserDraft,
  actor: Actor,
): Promise<void> {
  const old = draftOf(before);
  await checkDraft(tx, draft, before.id);
  const was = attributesOf(old);
  const now = attributesOf(draft);
  const changed = (Object.keys(now) as (keyof typeof now)[]).filter((key) => was[key] !== now[key]);
  if (changed.length > 0) {
    if (was.email !== now.email || was.name !== now.name) {
      await updateEmailAndName(tx, before.id, { email: now.email, fullName: now.name });
    }
    await updateScimProfile(tx, before.id, draft);
    await writeAudit(tx, {
      actorId: actor.actorId,
      action: 'user.update',
      entityType: 'user',
      entityId: before.id,
      before: Object.fromEntries(changed.map((key) => [key, was[key]])),
      after: { ...Object.fromEntries(changed.map((key) => [key, now[key]])), via: 'scim' },
      meta: actor.meta,
    });
  }
  if (draft.active !== old.active) {
    await setUserSuspendedById(tx, before.id, !draft.active, actor);
  }
  if (changed.length > 0 || draft.active !== old.active) await touchProfiles(tx, [before.id]);
}

async function changeUser(
  db: Db,
  rawId: string,
  ifMatch: string | string[] | undefined,
  actor: Actor,
  next: (current: ScimUserRecord) => UserDraft,
): Promise<ScimUserRecord> {
  const id = z.uuid().safeParse(rawId);
  if (!id.success) throw notFound();
  await db
    .transaction(async (tx) => {
      if (!(await lockProfile(tx, id.data))) throw notFound();
      const before = await findScimUser(tx, id.data);
      if (!before) throw notFound();
      checkIfMatch(ifMatch, versionOf(before.updatedAt));
      await writeDraft(tx, before, next(before), actor);
    })
    .catch(uniqueRefusal);
  return getScimUser(db, id.data);
}

/** PUT: the resource sent replaces what Punchclock keeps (attributes left out stay). */
export function replaceScimUser(
  db: Db,
  rawId: string,
  body: unknown,
  ifMatch: string | string[] | undefined,
  actor: Actor,
): Promise<ScimUserRecord> {
  return changeUser(db, rawId, ifMatch, actor, (current) =>
    readUserResource(body, draftOf(current)),
  );
}

export function patchScimUser(
  db: Db,
  rawId: string,
  body: unknown,
  ifMatch: string | string[] | undefined,
  actor: Actor,
): Promise<ScimUserRecord> {
  const operations = readPatch(body);
  return changeUser(db, rawId, ifMatch, actor, (current) =>
    applyUserPatch(draftOf(current), operations),
  );
}

/**
 * DELETE: the person is suspended, never removed — their punches and timesheets are pay records
 * (decision 0055). They stay listed, `active: false`.
 */
export async function deleteScimUser(
  db: Db,
  rawId: string,
  ifMatch: string | string[] | undefined,
  actor: Actor,
): Promise<void> {
  await changeUser(db, rawId, ifMatch, actor, (current) => ({
    ...draftOf(current),
    active: false,
  }));
}

export { renderUser, versionOf };
