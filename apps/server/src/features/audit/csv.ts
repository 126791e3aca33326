import { stringify } from 'csv-stringify';
import type { AuditEntry } from '@punchclock/shared/contracts/audit';

export const AUDIT_CSV_COLUMNS = [
  'id',
  'occurred_at',
  'actor_id',
  'actor',
  'action',
  'entity_type',
  'entity_id',
  'before',
  'after',
  'ip',
  'user_agent',
  'api_token',
] as const;

/**
 * A CSV writer for audit rows. csv-stringify quotes commas, quotes and newlines, and
 * `escape_formulas` defuses cells a spreadsheet would run (=, +, -, @, tab, CR).
 */
export function createAuditCsvStream() {
  return stringify({ header: true, columns: [...AUDIT_CSV_COLUMNS], escape_formulas: true });
}

export function toCsvRecord(entry: AuditEntry): Record<(typeof AUDIT_CSV_COLUMNS)[number], string> {
  return {
    id: String(entry.id),
    occurred_at: entry.occurredAt,
    actor_id: entry.actorId ?? '',
    actor: entry.actorName ?? '',
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId ?? '',
    before: entry.before ? JSON.stringify(entry.before) : '',
    after: entry.after ? JSON.stringify(entry.after) : '',
    ip: entry.ip ?? '',
    user_agent: entry.userAgent ?? '',
    api_token: entry.apiToken?.name ?? '',
  };
}

export const INCOMPLETE_EXPORT_NOTICE =
  'EXPORT INCOMPLETE: an error stopped the export after the row above. Download it again.';

/** The last row of an export that failed part-way, so the file cannot pass for complete. */
export function incompleteExportRecord(): Record<(typeof AUDIT_CSV_COLUMNS)[number], string> {
  const record = Object.fromEntries(AUDIT_CSV_COLUMNS.map((column) => [column, ''])) as Record<
    (typeof AUDIT_CSV_COLUMNS)[number],
    string
  >;
  return { ...record, id: INCOMPLETE_EXPORT_NOTICE };
}
