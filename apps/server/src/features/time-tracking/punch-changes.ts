import { t } from '@lingui/core/macro';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  punchChangesQuerySchema,
  type PunchChange,
  type PunchChangesResponse,
} from '@punchclock/shared/contracts/time-tracking';
import type { Db } from '../../db/client.ts';
import { timeCorrections, timeEvents } from '../../db/schema.ts';
import { Invalid, parseInput } from '../../platform/errors.ts';

/*
 * The punch change feed (GET /api/punches, #28 item 9, decision 0041). Raw punches never change
 * once recorded, and corrections are a layer over them (decision 0005), so "what changed since"
 * is: punches by when the server recorded them, and approved corrections by when they were
 * approved. One stream ordered by (changed at, id), so a page boundary never splits or repeats
 * a change; the cursor is the last change's position, with the database's microseconds.
 */

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

interface Position {
  changedAt: string;
  id: string;
}

const encodeCursor = (position: Position) =>
  Buffer.from(`${position.changedAt}|${position.id}`).toString('base64url');

function decodeCursor(cursor: string): Position {
  const [changedAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (
    !changedAt ||
    !id ||
    rest.length > 0 ||
    !z.uuid().safeParse(id).success ||
    !z.iso.datetime({ offset: true }).safeParse(changedAt).success
  )
    throw new Invalid(t`This cursor is not one Punchclock gave`, 'invalid_cursor');
  return { changedAt, id };
}

interface ChangeRow {
  kind: 'punch' | 'correction';
  id: string;
  user_id: string;
  changed_at: string | Date;
  /** changed_at as PostgreSQL writes it, microseconds included: the cursor's position. */
  position: string;
  event_type: PunchChange['eventType'];
  occurred_at: string | Date | null;
  date: string;
  shift_date: string | null;
  source: string | null;
  correction: 'add' | 'move' | 'remove' | null;
  target_event_id: string | null;
}

const isoOf = (value: string | Date) => new Date(value).toISOString();

function toChange(row: ChangeRow): PunchChange {
  const common = { id: row.id, userId: row.user_id, changedAt: isoOf(row.changed_at) };
  if (row.kind === 'punch') {
    return {
      kind: 'punch',
      ...common,
      eventType: row.event_type ?? 'clock_in',
      occurredAt: isoOf(row.occurred_at ?? row.changed_at),
      date: row.date,
      shiftDate: row.shift_date ?? row.date,
      source: row.source as Extract<PunchChange, { kind: 'punch' }>['source'],
    };
  }
  return {
    kind: 'correction',
    ...common,
    correction: row.correction ?? 'add',
    targetEventId: row.target_event_id,
    eventType: row.event_type,
    occurredAt: row.occurred_at === null ? null : isoOf(row.occurred_at),
    date: row.date,
  };
}

/** Everyone's punches and approved corrections after a position, oldest change first. */
export async function listPunchChanges(db: Db, rawQuery: unknown): Promise<PunchChangesResponse> {
  const query = parseInput(punchChangesQuerySchema, rawQuery);
  const after: Position = query.cursor
    ? decodeCursor(query.cursor)
    : // Changes at the moment itself are included: every id is after the nil one.
      { changedAt: query.changedSince ?? '0001-01-02T00:00:00Z', id: NIL_UUID };
  const result = (await db.execute(sql`
    select change.*,
      to_char(change.changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position
    from (
      select 'punch' as kind, event.id, event.user_id, event.created_at as changed_at,
        event.event_type::text as event_type, event.occurred_at, event.date::text as date,
        event.shift_date::text as shift_date, event.source::text as source,
        null::text as correction, null::uuid as target_event_id
      from ${timeEvents} as event
      union all
      select 'correction', correction.id, correction.user_id, correction.decided_at,
        correction.event_type::text, correction.occurred_at, correction.date::text,
        null, null, correction.kind::text, correction.target_event_id
      from ${timeCorrections} as correction
      where correction.status = 'approved' and correction.decided_at is not null
    ) as change
    where (change.changed_at, change.id) > (${after.changedAt}::timestamptz, ${after.id}::uuid)
    order by change.changed_at, change.id
    limit ${query.limit + 1}`)) as unknown as { rows: ChangeRow[] };
  const rows = result.rows.slice(0, query.limit);
  const last = rows.at(-1);
  // The cursor keeps the database's microseconds: a JavaScript date would round them away and
  // a change in the same millisecond as the page's last would be skipped or repeated.
  const position = last ? { changedAt: last.position, id: last.id } : after;
  return {
    changes: rows.map(toChange),
    nextCursor: encodeCursor(position),
    hasMore: result.rows.length > query.limit,
  };
}
