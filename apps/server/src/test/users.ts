import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Team } from '@punchclock/shared/contracts/users';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Db } from '../db/client.ts';
import { auditLog, profiles, userRoles, users } from '../db/schema.ts';
import { createTeam } from '../features/teams/service.ts';
import { hashPassword } from '../platform/passwords.ts';
import { SYSTEM_META } from '../platform/request-meta.ts';
import { TEST_PASSWORD } from './factories.ts';
import { callApi } from './schedules.ts';

/** The operator (CLI, start-up): no actor id, the system's request meta. */
export const SYSTEM_ACTOR = { actorId: null, meta: SYSTEM_META };

/** The token of a set-password link ("/set-password#token=…"); fails on any other shape. */
export function tokenFromLink(link: { path: string } | null | undefined): string {
  const match = /^\/set-password#token=([A-Za-z0-9_-]{43})$/.exec(link?.path ?? '');
  if (!match?.[1]) throw new Error(`not a set-password link: ${JSON.stringify(link)}`);
  return match[1];
}

/** How many rows the audit log holds. */
export async function countAuditRows(db: Db): Promise<number> {
  const [row] = await db.select({ rows: sql<number>`count(*)::int` }).from(auditLog);
  return row?.rows ?? 0;
}

/** The highest audit id so far (0 when empty): rows written after it are `auditRowsAfter`. */
export async function lastAuditId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
    .from(auditLog);
  return row?.id ?? 0;
}

/** The audit rows with an id above `afterId`, oldest first. */
export function auditRowsAfter(db: Db, afterId: number) {
  return db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id));
}

/** The audit rows about one entity with one action, oldest first. */
export function auditRowsFor(db: Db, entityId: string, action: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));
}

/** A team name no other test in the database has (names are unique case-insensitively). */
export function uniqueTeamName(prefix = 'Team'): string {
  return `${prefix} ${randomBytes(4).toString('hex')}`;
}

/** A team made straight through the service (it writes its own audit row). */
export function seedTeam(
  db: Db,
  options: { name?: string; leadUserId?: string | null } = {},
): Promise<Team> {
  return createTeam(
    db,
    { name: options.name ?? uniqueTeamName(), leadUserId: options.leadUserId ?? null },
    SYSTEM_ACTOR,
  );
}

/** Puts people in a team (or none) directly. */
export async function setTeamOf(db: Db, userIds: string[], teamId: string | null): Promise<void> {
  await db.update(profiles).set({ teamId }).where(inArray(profiles.id, userIds));
}

/** Demotes every admin except `keepIds` directly, so a test knows exactly who the admins are. */
export async function demoteAdminsExcept(db: Db, keepIds: string[]): Promise<void> {
  await db
    .update(userRoles)
    .set({ role: 'employee' })
    .where(
      keepIds.length > 0
        ? and(eq(userRoles.role, 'admin'), notInArray(userRoles.userId, keepIds))
        : eq(userRoles.role, 'admin'),
    );
}

/** The ids of the admins who can sign in, as the last-admin guard counts them. */
export async function activeAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(userRoles, eq(userRoles.userId, profiles.id))
    .innerJoin(users, eq(users.id, profiles.id))
    .where(
      and(
        eq(userRoles.role, 'admin'),
        eq(profiles.isSuspended, false),
        isNotNull(users.passwordHash),
      ),
    )
    .orderBy(asc(profiles.id));
  return rows.map((row) => row.id);
}

export interface BulkUser {
  email: string;
  name: string | null;
  role: Role;
  teamId?: string | null;
  isSuspended?: boolean;
}

let sharedHash: Promise<string> | undefined;

/**
 * Many users at once (users, profiles and user_roles rows), all with TEST_PASSWORD hashed once,
 * inserted in batches of 1,000. Returns the ids in the order of `rows`.
 */
export async function bulkInsertUsers(db: Db, rows: BulkUser[]): Promise<string[]> {
  sharedHash ??= hashPassword(TEST_PASSWORD);
  const passwordHash = await sharedHash;
  const ids: string[] = [];
  const batchSize = 1000;
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const inserted = await db
      .insert(users)
      .values(batch.map((row) => ({ email: row.email, passwordHash })))
      .returning({ id: users.id, email: users.email });
    const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));
    const batchIds = batch.map((row) => {
      const id = idByEmail.get(row.email);
      if (!id) throw new Error(`no id came back for ${row.email}`);
      return id;
    });
    await db.insert(profiles).values(
      batch.map((row, index) => ({
        id: batchIds[index] as string,
        fullName: row.name,
        teamId: row.teamId ?? null,
        isSuspended: row.isSuspended ?? false,
      })),
    );
    await db
      .insert(userRoles)
      .values(batch.map((row, index) => ({ userId: batchIds[index] as string, role: row.role })));
    ids.push(...batchIds);
  }
  return ids;
}

/** A request that must answer `status`; returns the parsed JSON body (undefined when empty). */
export async function expectApi<T = unknown>(
  app: FastifyInstance,
  cookie: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  status: number,
  payload?: unknown,
): Promise<T> {
  const response = await callApi(app, cookie, method, url, payload);
  if (response.statusCode !== status) {
    throw new Error(
      `${method} ${url}: expected ${status}, got ${response.statusCode} ${response.body}`,
    );
  }
  return (response.body === '' ? undefined : response.json()) as T;
}

/**
 * A small RFC 4180 reader (quoted fields with "" for a quote, commas and line breaks inside
 * quotes), strict enough that a wrongly escaped export fails to parse the same way.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let index = 0;
  let quoted = false;
  while (index < text.length) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (char === '"') {
        quoted = false;
        index += 1;
        const next = text[index];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          throw new Error(`unexpected ${JSON.stringify(next)} after a closing quote at ${index}`);
        }
        continue;
      }
      field += char;
      index += 1;
      continue;
    }
    if (char === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${index}`);
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else {
      field += char;
    }
    index += 1;
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
