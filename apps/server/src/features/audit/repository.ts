import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditFilter } from '@punchclock/shared/contracts/audit';
import { shiftDate, startOfBusinessDay } from '@punchclock/shared/domain/business-time';
import type { Db } from '../../db/client.ts';
import { apiTokens, auditLog, profiles, users } from '../../db/schema.ts';

function filterConditions(filter: AuditFilter, timeZone: string): SQL | undefined {
  return and(
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.from ? gte(auditLog.occurredAt, startOfBusinessDay(filter.from, timeZone)) : undefined,
    filter.to
      ? lt(auditLog.occurredAt, startOfBusinessDay(shiftDate(filter.to, 1), timeZone))
      : undefined,
  );
}

const entryColumns = {
  id: auditLog.id,
  occurredAt: auditLog.occurredAt,
  actorId: auditLog.actorId,
  actorName: sql<string | null>`coalesce(${profiles.fullName}, ${users.email})`,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  apiTokenId: auditLog.apiTokenId,
  apiTokenName: apiTokens.name,
};

/** Newest first, keyset-paged by id (stable under inserts, unlike an offset). */
export async function listAuditEntries(
  db: Db,
  filter: AuditFilter,
  timeZone: string,
  page: { before?: number; limit: number },
): Promise<AuditEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .leftJoin(apiTokens, eq(apiTokens.id, auditLog.apiTokenId))
    .where(
      and(
        filterConditions(filter, timeZone),
        page.before ? lt(auditLog.id, page.before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(page.limit);
  return rows.map(({ apiTokenId, apiTokenName, ...row }) => ({
    ...row,
    apiToken: apiTokenId ? { id: apiTokenId, name: apiTokenName ?? 'a removed token' } : null,
    occurredAt: row.occurredAt.toISOString(),
    before: (row.before as Record<string, unknown> | null) ?? null,
    after: (row.after as Record<string, unknown> | null) ?? null,
  }));
}

export async function listAuditFacets(db: Db) {
  const [actions, entityTypes, actors] = await Promise.all([
    db.selectDistinct({ value: auditLog.action }).from(auditLog).orderBy(auditLog.action),
    db.selectDistinct({ value: auditLog.entityType }).from(auditLog).orderBy(auditLog.entityType),
    db
      .select({ id: users.id, name: sql<string>`coalesce(${profiles.fullName}, ${users.email})` })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .orderBy(sql`lower(coalesce(${profiles.fullName}, ${users.email}))`),
  ]);
  return {
    actions: actions.map((row) => row.value),
    entityTypes: entityTypes.map((row) => row.value),
    actors,
  };
}
