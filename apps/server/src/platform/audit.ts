import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { RequestMeta } from './request-meta.ts';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  meta: RequestMeta;
}

const SECRET_KEYS = /password|hash|token|secret/i;

/** Secrets never reach the audit log, whatever a caller passes in. */
function redact(value: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!value) return null;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, SECRET_KEYS.test(key) ? '[redacted]' : v]),
  );
}

/** Call with the transaction that makes the change, so the row and the change commit together. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: redact(entry.before),
    after: redact(entry.after),
    ip: entry.meta.ip,
    userAgent: entry.meta.userAgent,
  });
}

/**
 * The same audit row as an INSERT … SELECT written only when `onlyIf` holds, for a caller that
 * makes its whole change in one statement (time-tracking's punches, decision 0022).
 */
export function auditInsertSql(entry: AuditEntry, onlyIf: SQL): SQL {
  const json = (value: Record<string, unknown> | null | undefined) => {
    const redacted = redact(value);
    return redacted ? sql`${JSON.stringify(redacted)}::jsonb` : sql`null::jsonb`;
  };
  return sql`
    insert into ${auditLog} (actor_id, action, entity_type, entity_id, before, after, ip, user_agent)
    select ${entry.actorId}::uuid, ${entry.action}, ${entry.entityType}, ${entry.entityId ?? null},
      ${json(entry.before)}, ${json(entry.after)}, ${entry.meta.ip}, ${entry.meta.userAgent}
    where ${onlyIf}`;
}
