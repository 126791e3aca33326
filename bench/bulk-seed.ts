/**
 * Bulk data for the background-job and export benchmarks, written by the database itself
 * (INSERT … SELECT over generate_series, the same statements on PGlite and PostgreSQL): tens of
 * thousands of people and a million punches in seconds, where bench/seed.ts's realistic
 * organisation would take minutes. Ids are md5-derived, so every statement can refer to person
 * `i` without a lookup table.
 */
import { sql } from 'drizzle-orm';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { Db } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';

/** The uuid of person `i` (1-based), as SQL over an integer expression. */
const personId = (i: string) => sql.raw(`md5('bench-person-' || (${i}))::uuid`);

export interface BulkPeople {
  /** Person 1 is the admin; 2–11 lead the ten teams. */
  adminId: string;
  people: number;
  today: string;
}

async function scalar<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, T>[] };
  return Object.values(result.rows[0] ?? {})[0] as T;
}

/** `people` people in ten teams, person 1 an admin, 2–11 team leads; one shift template. */
export async function seedBulkPeople(
  db: Db,
  people: number,
  timeZone: string,
): Promise<BulkPeople> {
  const passwordHash = await hashPassword('Bench-pass-1');
  await db.execute(sql`
    insert into users (id, email, password_hash)
    select ${personId('i')}, 'bulk-' || i || '@bench.test', ${passwordHash}
    from generate_series(1, ${people}::int) i`);
  await db.execute(sql`
    insert into teams (id, name, lead_user_id)
    select md5('bench-team-' || t)::uuid, 'Team ' || lpad(t::text, 2, '0'), ${personId('t + 1')}
    from generate_series(1, 10) t`);
  await db.execute(sql`
    insert into profiles (id, full_name, team_id)
    select ${personId('i')},
           (array['Avery','Blake','Camille','Dev','Elena','Farid','Grace','Hugo'])[1 + i % 8]
             || ' ' || (array['Abbott','Chen','Diallo','Evans','Haddad','Nguyen','Patel'])[1 + i % 7]
             || ' ' || i,
           case when i = 1 then null else md5('bench-team-' || (1 + i % 10))::uuid end
    from generate_series(1, ${people}::int) i`);
  await db.execute(sql`
    insert into user_roles (user_id, role)
    select ${personId('i')},
           (case when i = 1 then 'admin' when i <= 11 then 'team_lead' else 'employee' end)::app_role
    from generate_series(1, ${people}::int) i`);
  // Every day a working day, so "today" has shifts whatever the weekday the bench runs on.
  await db.execute(sql`
    insert into schedule_templates (id, name, work_start, work_end, lunch_start, lunch_end, working_days)
    values (md5('bench-template')::uuid, 'Bench day', '09:00', '17:00', '12:00', '12:30', '{0,1,2,3,4,5,6}')`);
  return {
    adminId: await scalar<string>(db, sql`select ${personId('1')}::text`),
    people,
    today: toBusinessDate(new Date(), timeZone),
  };
}

/**
 * Today's work: `scheduled` people (1…scheduled) assigned a shift covering yesterday and today,
 * who clocked in this morning; `openFromYesterday` more whose schedule ended yesterday (no shift
 * today) who clocked in yesterday and never out (the forgot-to-clock-out rule). What the jobs must look at, and all they should.
 */
export async function seedTodaysWork(
  db: Db,
  bulk: BulkPeople,
  timeZone: string,
  counts: { scheduled: number; openFromYesterday: number },
): Promise<number> {
  const yesterday = shiftDate(bulk.today, -1);
  await db.execute(sql`
    insert into assigned_schedules (user_id, template_id, date_range_start, date_range_end)
    select ${personId('i')}, md5('bench-template')::uuid, ${shiftDate(bulk.today, -30)}::date,
           ${shiftDate(bulk.today, 30)}::date
    from generate_series(1, ${counts.scheduled}::int) i
    union all
    select ${personId(`${counts.scheduled} + i`)}, md5('bench-template')::uuid,
           ${shiftDate(bulk.today, -30)}::date, ${yesterday}::date
    from generate_series(1, ${counts.openFromYesterday}::int) i`);
  const clockIns = (await db.execute(sql`
    insert into time_events (id, user_id, event_type, occurred_at, date, shift_date, source)
    select md5('bench-today-' || i)::uuid, ${personId('i')}, 'clock_in'::time_event_type,
           ((${bulk.today}::date + time '09:00' + (i % 20) * interval '1 minute') at time zone ${timeZone}),
           ${bulk.today}::date, ${bulk.today}::date, 'web'::time_event_source
    from generate_series(1, ${counts.scheduled}::int) i
    union all
    select md5('bench-open-' || i)::uuid, ${personId(`${counts.scheduled} + i`)}, 'clock_in'::time_event_type,
           ((${yesterday}::date + time '08:00') at time zone ${timeZone}),
           ${yesterday}::date, ${yesterday}::date, 'web'::time_event_source
    from generate_series(1, ${counts.openFromYesterday}::int) i
    returning id`)) as unknown as { rows: unknown[] };
  return clockIns.rows.length;
}

/**
 * History the jobs should not read: `punches` more punches before yesterday (clock in / clock
 * out pairs, spread over everyone and back in time a day per `people` pairs), and `assignments`
 * past assignments (30-day spans ending before the current ones begin). Adds to what is there:
 * call again with the difference to grow a database from the small size to the large one.
 */
export async function addHistory(
  db: Db,
  bulk: BulkPeople,
  timeZone: string,
  counts: { punchesFrom: number; punches: number; assignmentsFrom: number; assignments: number },
): Promise<void> {
  const firstHistoryDay = shiftDate(bulk.today, -2);
  for (let from = counts.punchesFrom; from < counts.punchesFrom + counts.punches; from += 200_000) {
    const to = Math.min(from + 200_000, counts.punchesFrom + counts.punches) - 1;
    // Punch k (a sequential id, so the primary key appends): person 1 + (k/2) % people, day (k/2)/people before the first history day.
    await db.execute(sql`
      insert into time_events (id, user_id, event_type, occurred_at, date, shift_date, source)
      select lpad(to_hex(k), 32, '0')::uuid, ${personId(`1 + (k / 2) % ${bulk.people}`)},
             (case when k % 2 = 0 then 'clock_in' else 'clock_out' end)::time_event_type,
             ((d + time '09:00' + (k % 2) * interval '8 hours') at time zone ${timeZone}), d, d, 'web'::time_event_source
      from generate_series(${from}::int, ${to}::int) k,
           lateral (select ${firstHistoryDay}::date - ((k / 2) / ${bulk.people})::int as d) day`);
  }
  const historyEnd = shiftDate(bulk.today, -31);
  await db.execute(sql`
    insert into assigned_schedules (user_id, template_id, date_range_start, date_range_end)
    select ${personId(`1 + a % ${bulk.people}`)}, md5('bench-template')::uuid,
           ${historyEnd}::date - ((a / ${bulk.people}) * 30 + 29)::int,
           ${historyEnd}::date - ((a / ${bulk.people}) * 30)::int
    from generate_series(${counts.assignmentsFrom}::int, ${counts.assignmentsFrom + counts.assignments - 1}::int) a`);
  // History is old data autovacuum has long processed: without this, its first pass over the
  // freshly written rows ran during the timings and was counted against the jobs.
  await db.execute(sql`vacuum analyze`);
}

/**
 * Stored day metrics for everyone over `days` days ending yesterday (what the worked-hours
 * export reads), and `auditRows` audit entries (what the audit-log export reads).
 */
export async function seedExportData(
  db: Db,
  bulk: BulkPeople,
  days: number,
  auditRows: number,
): Promise<{ from: string; to: string }> {
  const to = shiftDate(bulk.today, -1);
  const from = shiftDate(to, -(days - 1));
  await db.execute(sql`
    insert into day_metrics (user_id, date, status, template_name, scheduled_minutes, worked_minutes,
      break_minutes, lunch_minutes, adherent_minutes, late_minutes, early_leave_minutes,
      overbreak_minutes, unscheduled_minutes, missed_clock_out)
    select ${personId('i')}, d::date, 'complete'::day_status, 'Bench day', 450, 420 + (i + n) % 61, 15 + n % 7, 30,
           400, (i * n) % 9, 0, n % 3, 0, false
    from generate_series(1, ${bulk.people}::int) i,
         generate_series(0, ${days - 1}::int) n,
         lateral (select ${from}::date + n as d) day`);
  await db.execute(sql`
    insert into audit_log (occurred_at, actor_id, action, entity_type, entity_id, before, after, ip, user_agent)
    select now() - k * interval '1 second', ${personId(`1 + k % ${bulk.people}`)},
           'time_event.create', 'time_event', md5('bench-audit-' || k),
           null, jsonb_build_object('eventType', 'clock_in', 'note', 'row ' || k || ', with "quotes"'),
           '10.0.' || (k % 250) || '.' || (k % 200), 'Mozilla/5.0 (bench)'
    from generate_series(1, ${auditRows}::int) k`);
  await db.execute(sql`analyze`);
  return { from, to };
}
