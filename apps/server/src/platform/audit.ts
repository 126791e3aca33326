import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { insertJsonRowsSql } from '../db/json-rows.ts';
import { param } from '../db/prepared.ts';
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

/** Keys holding secrets: passwords, hashes, tokens, secrets, and kiosk PINs (`pin`, `kioskPin`). */
const SECRET_KEYS = /password|hash|token|secret|pin$/i;

/** Secrets never reach the audit log, whatever a caller passes in. */
function redact(value: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!value) return null;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, SECRET_KEYS.test(key) ? '[redacted]' : v]),
  );
}

/** Call with the transaction that makes the change, so the row and the change commit together. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await writeAudits(db, [entry]);
}

/**
 * Many audit rows as one statement (one JSON parameter, in the order given), for a change made to
 * many things at once: a period's approval writes one per timesheet (issue #32). Same rows as
 * writeAudit's, secrets redacted.
 */
export async function writeAudits(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const records = entries.map((entry) => ({
    actor_id: entry.actorId,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId ?? null,
    before: redact(entry.before),
    after: redact(entry.after),
    ip: entry.meta.ip,
    user_agent: entry.meta.userAgent,
    api_token_id: entry.meta.apiTokenId ?? null,
  }));
  await db.execute(insertJsonRowsSql(auditLog, Object.keys(records[0]!), records));
}

/** The audit row of `entry` as the parameters of auditInsertSql (secrets redacted, JSON as text). */
export function auditInsertParams(entry: AuditEntry) {
  const json = (value: Record<string, unknown> | null | undefined) => {
    const redacted = redact(value);
    return redacted ? JSON.stringify(redacted) : null;
  };
  return {
    auditActorId: entry.actorId,
    auditAction: entry.action,
    auditEntityType: entry.entityType,
    auditEntityId: entry.entityId ?? null,
    auditBefore: json(entry.before),
    auditAfter: json(entry.after),
    auditIp: entry.meta.ip,
    auditUserAgent: entry.meta.userAgent,
    auditApiTokenId: entry.meta.apiTokenId ?? null,
  };
}

/**
 * The audit row of auditInsertParams as an INSERT … SELECT written only when `onlyIf` holds, for
 * a prepared statement that makes its whole change at once (time-tracking's punches, 0022).
 */
export function auditInsertSql(onlyIf: SQL): SQL {
  return sql`
    insert into ${auditLog}
      (actor_id, action, entity_type, entity_id, before, after, ip, user_agent, api_token_id)
    select ${param('auditActorId')}::uuid, ${param('auditAction')}::text,
      ${param('auditEntityType')}::text, ${param('auditEntityId')}::text,
      ${param('auditBefore')}::jsonb, ${param('auditAfter')}::jsonb, ${param('auditIp')}::text,
      ${param('auditUserAgent')}::text, ${param('auditApiTokenId')}::uuid
    where ${onlyIf}`;
}
