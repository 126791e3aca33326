/**
 * Pay periods at size (issue #32 item 1): the timesheet period overview
 * (GET /api/timesheets/period), "Approve period" (POST /api/timesheets/period/approve), the
 * payroll preview and the payroll export (CSV and XLSX) through the real server (a child process
 * started as `npm start` does, jobs off), on PostgreSQL only.
 *
 * The data: BENCH_PAY_PEOPLE people (2,000), each working Monday to Friday of a two-week pay
 * period that is over (clock in, a paid break, lunch, clock out: six punches a day), a Monday to
 * Friday schedule, an hourly rate, day metrics stored by the app's own recompute, and a submitted
 * timesheet signed with the figures the app computes (so the approval has everyone to approve).
 * Then the organisation grows to BENCH_PAY_EXPORT_PEOPLE (10,000) for the export.
 *
 * The baseline, in the same run: PostgreSQL's own aggregate of the same punches into worked
 * minutes per person and day (a lead() window over time_events). Memory is the server child's
 * resident set (VmRSS, sampled every 20 ms): the peak during a request less the figure just
 * before it. Statements: each request's service call is run once in-process on a database client
 * that counts what it sends, at BENCH_PAY_COUNT_PEOPLE (200) and at each size measured — the
 * counts must not grow with the people. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL; the
 * database is made and dropped.
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { payPeriodContaining, type DateRange } from '@punchclock/shared/domain/pay/pay-periods';
import { loadConfig, type AppConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { insertJsonRowsSql } from '../apps/server/src/db/json-rows.ts';
import { timesheetSignOffs } from '../apps/server/src/db/schema.ts';
import { exportPayroll, previewPayroll } from '../apps/server/src/features/payroll/service.ts';
import { recomputeDays } from '../apps/server/src/features/reports/index.ts';
import { buildTimesheets } from '../apps/server/src/features/timesheets/service.ts';
import {
  approvePeriod,
  getPeriodOverview,
  signedTotalsOf,
} from '../apps/server/src/features/timesheets/sign-off.ts';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';
import { SYSTEM_META } from '../apps/server/src/platform/request-meta.ts';
import { createSession } from '../apps/server/src/platform/sessions.ts';
import {
  measureDownload,
  freshPostgresDatabase,
  median,
  postgresBaseUrl,
  readPositiveInt,
  startServer,
  stopServer,
} from './common.ts';

const COUNT_PEOPLE = readPositiveInt('BENCH_PAY_COUNT_PEOPLE', 200);
const PEOPLE = readPositiveInt('BENCH_PAY_PEOPLE', 2_000);
const EXPORT_PEOPLE = readPositiveInt('BENCH_PAY_EXPORT_PEOPLE', 10_000);
const RUNS = readPositiveInt('BENCH_PAY_RUNS', 3);

const log = (line: string) => console.log(line);

/** The uuid of person `i` (1-based), as SQL over an integer expression (bench/bulk-seed.ts's). */
const personId = (i: string) => sql.raw(`md5('bench-person-' || (${i}))::uuid`);
const ADMIN_ID_SQL = personId('1');

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Ten teams, the admin (person 1) and a Monday-to-Friday template: once. */
export async function seedOrganisation(db: Db): Promise<string> {
  const passwordHash = await hashPassword('Bench-pass-1');
  await db.execute(sql`
    insert into users (id, email, password_hash) values (${ADMIN_ID_SQL}, 'bulk-1@bench.test', ${passwordHash})`);
  await db.execute(sql`
    insert into profiles (id, full_name) values (${ADMIN_ID_SQL}, 'Avery Admin')`);
  await db.execute(sql`insert into user_roles (user_id, role) values (${ADMIN_ID_SQL}, 'admin')`);
  await db.execute(sql`
    insert into teams (id, name)
    select md5('bench-team-' || t)::uuid, 'Team ' || lpad(t::text, 2, '0') from generate_series(1, 10) t`);
  await db.execute(sql`
    insert into schedule_templates (id, name, work_start, work_end, lunch_start, lunch_end, working_days)
    values (md5('bench-template')::uuid, 'Office day', '09:00', '17:00', '12:00', '12:30', '{1,2,3,4,5}')`);
  const [admin] = await rows<{ id: string }>(db, sql`select ${ADMIN_ID_SQL}::text as id`);
  return admin!.id;
}

/**
 * People `from`…`to` (persons 2 and up; the first ten of them lead the teams): each with a
 * schedule, a rate, a working fortnight of punches (minutes varying by person and day), day
 * metrics from the app's recompute, and a timesheet submitted with the app's own figures.
 */
export async function seedPeople(
  db: Db,
  config: AppConfig,
  period: DateRange,
  from: number,
  to: number,
): Promise<void> {
  const passwordHash = await hashPassword('Bench-pass-1');
  const range = sql`generate_series(${from}::int, ${to}::int) i`;
  await db.execute(sql`
    insert into users (id, email, password_hash)
    select ${personId('i')}, 'bulk-' || i || '@bench.test', ${passwordHash} from ${range}`);
  await db.execute(sql`
    insert into profiles (id, full_name, team_id, employee_number)
    select ${personId('i')},
           (array['Avery','Blake','Camille','Dev','Elena','Farid','Grace','Hugo'])[1 + i % 8]
             || ' ' || (array['Abbott','Chen','Diallo','Evans','Haddad','Nguyen','Patel'])[1 + i % 7]
             || ' ' || i,
           md5('bench-team-' || (1 + i % 10))::uuid, 'E' || lpad(i::text, 6, '0')
    from ${range}`);
  await db.execute(sql`
    insert into user_roles (user_id, role)
    select ${personId('i')}, (case when i <= 11 then 'team_lead' else 'employee' end)::app_role from ${range}`);
  await db.execute(sql`
    update teams set lead_user_id = ${personId('t.n + 1')}
    from (select generate_series(1, 10) n) t
    where teams.id = md5('bench-team-' || t.n)::uuid and t.n + 1 between ${from}::int and ${to}::int`);
  await db.execute(sql`
    insert into assigned_schedules (user_id, template_id, date_range_start, date_range_end)
    select ${personId('i')}, md5('bench-template')::uuid, ${shiftDate(period.start, -60)}::date,
           ${shiftDate(period.end, 60)}::date
    from ${range}`);
  await db.execute(sql`
    insert into pay_rates (user_id, effective_from, hourly_cents)
    select ${personId('i')}, '2026-01-01', 2000 + (i % 50) * 25 from ${range}`);
  // Mon–Fri: in 08:50–09:10, a 15-minute paid break at 10:30, lunch 12:00–12:30 (some days a
  // few minutes more), out 17:00–17:40 (one day in five an hour of overtime).
  await db.execute(sql`
    insert into time_events (id, user_id, event_type, occurred_at, date, shift_date, source)
    select md5('bench-punch-' || i || '-' || d || '-' || p.at)::uuid, ${personId('i')}, p.kind::time_event_type,
           ((d + p.at + p.jitter * interval '1 minute') at time zone ${config.timeZone}), d, d, 'web'::time_event_source
    from ${range},
         generate_series(${period.start}::date, ${period.end}::date, interval '1 day') g,
         lateral (select g::date as d) day,
         lateral (values
           ('clock_in', time '08:50', (i + extract(day from g)::int) % 21),
           ('break', time '10:30', 0),
           ('clock_in', time '10:45', (i % 3)),
           ('lunch', time '12:00', 0),
           ('clock_in', time '12:30', (i * extract(day from g)::int) % 7),
           ('clock_out', time '17:00', (i + 3 * extract(day from g)::int) % 41
             + case when (i + extract(day from g)::int) % 5 = 0 then 60 else 0 end)
         ) p(kind, at, jitter)
    where extract(isodow from g) <= 5`);
  const people = await rows<{ id: string }>(
    db,
    sql`select (${personId('i')})::text as id from ${range}`,
  );
  const ids = people.map((person) => person.id);
  await recomputeDays(db, config.timeZone, ids, period.start, period.end);
  // Signed with the figures the app computes, as each person's submit would have.
  const sheets = await buildTimesheets(db, config, ids, period);
  const records = sheets.map((sheet) => ({
    user_id: sheet.person.id,
    period_start: period.start,
    period_end: period.end,
    status: 'submitted',
    submitted_totals: signedTotalsOf(sheet),
    submitted_at: new Date().toISOString(),
    submitted_by: sheet.person.id,
  }));
  await db.execute(insertJsonRowsSql(timesheetSignOffs, Object.keys(records[0] ?? {}), records));
  await db.execute(sql`vacuum analyze`);
}

/** Undo an approval: the lock reopened, the timesheets submitted again. */
async function unapprove(db: Db, period: DateRange): Promise<void> {
  await db.execute(sql`update period_locks set reopened_at = now() where reopened_at is null`);
  await db.execute(sql`
    update timesheet_signoffs set status = 'submitted', decided_at = null, decided_by = null
    where period_start = ${period.start}`);
}

/** The baseline: the punches of the period summed into worked minutes per person and day. */
const baselineSql = (period: DateRange) => `
  select user_id, shift_date,
         round(sum(extract(epoch from next_at - occurred_at)) / 60) as worked_minutes
  from (select user_id, shift_date, event_type, occurred_at,
               lead(occurred_at) over (partition by user_id, shift_date order by occurred_at) as next_at
        from time_events
        where shift_date between '${period.start}' and '${period.end}') punches
  where event_type in ('clock_in', 'break') and next_at is not null
  group by user_id, shift_date`;

async function timeBaseline(url: string, period: DateRange): Promise<{ ms: number; rows: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(baselineSql(period)); // warm-up
    const times: number[] = [];
    let count = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const result = await client.query(baselineSql(period));
      times.push(performance.now() - started);
      count = result.rowCount ?? 0;
    }
    return { ms: median(times), rows: count };
  } finally {
    await client.end();
  }
}

interface Request {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Before each run (untimed): put the data back as the request expects it. */
  before?: () => Promise<void>;
}

interface Figures {
  name: string;
  people: number;
  bytes: number;
  ms: number;
  baselineMs: number;
  rssBefore: number;
  rssGrowth: number;
  statements: number;
}

async function timeRequest(
  url: string,
  pid: number,
  cookie: string,
  request: Request,
  runs: number,
): Promise<{ ms: number; bytes: number; rssBefore: number; rssGrowth: number }> {
  const times: number[] = [];
  const growths: number[] = [];
  let bytes = 0;
  let rssBefore = 0;
  // One untimed warm-up, then the timed runs, each read as it arrives.
  for (let run = 0; run <= runs; run++) {
    await request.before?.();
    const figure = await measureDownload(
      pid,
      () =>
        fetch(`${url}${request.path}`, {
          method: request.method,
          headers: {
            cookie,
            ...(request.body ? { 'content-type': 'application/json', [CSRF_HEADER]: '1' } : {}),
          },
          body: request.body ? JSON.stringify(request.body) : undefined,
        }),
      request.path,
    );
    ({ bytes, rssBefore } = figure);
    if (run > 0) {
      times.push(figure.ms);
      growths.push(figure.rssGrowth);
    }
  }
  return { ms: median(times), bytes, rssBefore, rssGrowth: Math.max(...growths) };
}

/** How many statements each request's service call sends, run in-process once. */
async function countStatements(
  url: string,
  config: AppConfig,
  adminId: string,
  period: DateRange,
  which: { overview: boolean; approve: boolean; export: boolean },
): Promise<Record<string, number>> {
  let count = 0;
  const counting = await openDatabase({ kind: 'postgres', url, poolSize: 2 }, () => {
    count += 1;
  });
  const { db } = counting;
  const caller = { userId: adminId, role: 'admin' as const };
  const actor = { actorId: adminId, meta: SYSTEM_META };
  const counts: Record<string, number> = {};
  const counted = async (name: string, run: () => Promise<unknown>) => {
    count = 0;
    await run();
    counts[name] = count;
  };
  const drain = async (body: unknown) => {
    if (typeof body === 'object' && body !== null && Symbol.asyncIterator in body) {
      for await (const _chunk of body as Readable) {
        // read to the end: a streamed export reads its pages as it is read
      }
    }
  };
  try {
    await unapprove(db, period);
    const date = { date: period.start };
    if (which.overview)
      await counted('overview', () => getPeriodOverview(db, config, caller, date));
    if (which.approve) {
      await counted('approve', () =>
        approvePeriod(db, config, caller, { ...date, force: true }, SYSTEM_META),
      );
      await unapprove(db, period);
    }
    if (which.export) {
      await counted('preview', () => previewPayroll(db, config, date));
      await approvePeriod(db, config, caller, { ...date, force: true }, SYSTEM_META);
      for (const format of ['csv', 'xlsx'] as const) {
        await counted(`export ${format}`, async () => {
          const file = await exportPayroll(db, config, { ...date, format }, actor);
          await drain(file.body);
        });
      }
      await unapprove(db, period);
    }
  } finally {
    await counting.close();
  }
  return counts;
}

export async function runPayPeriodsBench(): Promise<void> {
  const baseUrl = postgresBaseUrl();
  if (!baseUrl) {
    throw new Error('BENCH_ONLY=pay-periods needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  }
  const config = loadConfig();
  const today = toBusinessDate(new Date(), config.timeZone);
  // The last pay period that is over (it must have ended to be approved).
  const current = payPeriodContaining(config.pay.calendar, today);
  const period = payPeriodContaining(config.pay.calendar, shiftDate(current.start, -1));
  const database = await freshPostgresDatabase(baseUrl, 'punchclock_bench_pay');
  const figures: Figures[] = [];
  const statementCounts: Record<number, Record<string, number>> = {};
  try {
    const seeding = await openDatabase({ kind: 'postgres', url: database.url });
    const adminId = await seedOrganisation(seeding.db);
    const cookie = `punchclock_session=${await createSession(
      seeding.db,
      adminId,
      { idleMinutes: 600, absoluteHours: 12 },
      SYSTEM_META,
    )}`;
    let seeded = 1;
    const growTo = async (people: number) => {
      const started = performance.now();
      await seedPeople(seeding.db, config, period, seeded + 1, people);
      seeded = people;
      log(
        `PostgreSQL: ${people.toLocaleString('en')} people, period ${period.start} – ${period.end}, seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    };
    try {
      const date = period.start;
      const overview: Request = {
        name: 'period overview',
        method: 'GET',
        path: `/api/timesheets/period?date=${date}`,
      };
      const approve: Request = {
        name: 'approve period',
        method: 'POST',
        path: '/api/timesheets/period/approve',
        body: { date, force: true },
        before: () => unapprove(seeding.db, period),
      };
      const preview: Request = {
        name: 'payroll preview',
        method: 'GET',
        path: `/api/payroll/preview?date=${date}`,
      };
      const exportOf = (format: 'csv' | 'xlsx'): Request => ({
        name: `payroll export ${format.toUpperCase()}`,
        method: 'GET',
        path: `/api/payroll/export?date=${date}&format=${format}`,
      });
      const stages = [
        { people: COUNT_PEOPLE, requests: [] as Request[] },
        {
          people: PEOPLE,
          requests: [overview, approve, preview, exportOf('csv'), exportOf('xlsx')],
        },
        { people: EXPORT_PEOPLE, requests: [exportOf('csv'), exportOf('xlsx')] },
      ].filter((stage, index, all) => index === 0 || stage.people > all[index - 1]!.people);
      for (const stage of stages) {
        await growTo(stage.people);
        const counts = await countStatements(database.url, config, adminId, period, {
          overview: stage.people <= PEOPLE,
          approve: stage.people <= PEOPLE,
          export: true,
        });
        statementCounts[stage.people] = counts;
        log(
          `  statements at ${stage.people.toLocaleString('en')} people: ${JSON.stringify(counts)}`,
        );
        if (stage.requests.length === 0) continue;
        const baseline = await timeBaseline(database.url, period);
        log(
          `  baseline: ${baseline.ms.toFixed(0)} ms (${baseline.rows.toLocaleString('en')} person-days)`,
        );
        const { url, child } = await startServer(
          { DATABASE_URL: database.url, JOBS_ENABLED: 'false' },
          { startTimeoutMs: 600_000 },
        );
        const pid = child.pid ?? 0;
        try {
          for (const request of stage.requests) {
            // The exports need the period locked: approve it once, untimed.
            if (request.path.startsWith('/api/payroll/export')) {
              const locked = await rows<{ n: number }>(
                seeding.db,
                sql`select count(*)::int as n from period_locks where reopened_at is null`,
              );
              if ((locked[0]?.n ?? 0) === 0) {
                await unapprove(seeding.db, period);
                await timeRequest(url, pid, cookie, { ...approve, before: undefined }, 0);
              }
            }
            // Approving mutates: fewer runs keep the table small (each adds notifications).
            const result = await timeRequest(url, pid, cookie, request, RUNS);
            const statementKey =
              request.name === 'period overview'
                ? 'overview'
                : request.name === 'approve period'
                  ? 'approve'
                  : request.name === 'payroll preview'
                    ? 'preview'
                    : request.name.endsWith('CSV')
                      ? 'export csv'
                      : 'export xlsx';
            figures.push({
              name: request.name,
              people: stage.people,
              ...result,
              baselineMs: baseline.ms,
              statements: counts[statementKey] ?? NaN,
            });
            log(
              `  ${request.name} at ${stage.people.toLocaleString('en')}: ${result.ms.toFixed(0)} ms`,
            );
          }
        } finally {
          await stopServer(child);
        }
      }
    } finally {
      await seeding.close();
    }
  } finally {
    await database.drop();
  }
  const mb = (value: number) => (value / 1024 / 1024).toFixed(1);
  console.log(
    `\n### Pay periods — PostgreSQL, a two-week period (${period.start} – ${period.end}); median of ${RUNS} after a warm-up; memory: server child RSS, largest growth of the runs; baseline: PostgreSQL's lead() aggregate of the same punches into daily minutes\n`,
  );
  console.log(
    '| request | people | bytes | API ms | baseline ms | API ÷ baseline | RSS before MB | RSS growth MB | statements |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of figures) {
    console.log(
      `| ${row.name} | ${row.people.toLocaleString('en')} | ${row.bytes.toLocaleString('en')} | ${row.ms.toFixed(0)} | ${row.baselineMs.toFixed(0)} | ${(row.ms / row.baselineMs).toFixed(1)}× | ${mb(row.rssBefore)} | ${mb(row.rssGrowth)} | ${row.statements} |`,
    );
  }
  const sizes = Object.keys(statementCounts).map(Number);
  const names = [...new Set(sizes.flatMap((size) => Object.keys(statementCounts[size]!)))];
  console.log(`\nStatements sent per request (in-process, counted):\n`);
  console.log(
    `| request | ${sizes.map((size) => `${size.toLocaleString('en')} people`).join(' | ')} |`,
  );
  console.log(`| --- | ${sizes.map(() => '---:').join(' | ')} |`);
  for (const name of names) {
    console.log(
      `| ${name} | ${sizes.map((size) => statementCounts[size]![name] ?? '–').join(' | ')} |`,
    );
  }
}
