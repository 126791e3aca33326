/**
 * The exports at size: the worked-hours CSV and XLSX (groupBy=day) and the audit-log CSV for
 * BENCH_EXPORT_PEOPLE people × 31 days (10,000 × 31 = 310,000 rows each), through the real
 * server (a child process started as `npm start` does, jobs off), on PostgreSQL only: the
 * baseline is PostgreSQL's own `COPY (query) TO STDOUT WITH CSV` of the same rows, run by psql
 * into /dev/null in the same run. Memory is the server child's resident set (VmRSS from
 * /proc/<pid>/status, sampled every 20 ms): the peak during an export less the figure just
 * before it. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL; the database is made and dropped.
 */
import { spawnSync } from 'node:child_process';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { SYSTEM_META } from '../apps/server/src/platform/request-meta.ts';
import { createSession } from '../apps/server/src/platform/sessions.ts';
import { seedBulkPeople, seedExportData } from './bulk-seed.ts';
import {
  measureDownload,
  freshPostgresDatabase,
  median,
  postgresBaseUrl,
  readPositiveInt,
  startServer,
  stopServer,
} from './common.ts';

const PEOPLE = readPositiveInt('BENCH_EXPORT_PEOPLE', 10_000);
const DAYS = 31;
const RUNS = readPositiveInt('BENCH_EXPORT_RUNS', 3);

const log = (line: string) => console.log(line);

/** The worked-hours report's rows (listWorkedHours, groupBy=day) as the export writes them. */
const workedHoursCopySql = (from: string, to: string) => `
  select coalesce(p.full_name, u.email), t.name, dm.date::text, count(*) filter (where dm.worked_minutes > 0),
         round(sum(dm.scheduled_minutes) / 60.0, 2), round(sum(dm.worked_minutes) / 60.0, 2),
         round(greatest(0, sum(dm.worked_minutes) - sum(dm.scheduled_minutes)) / 60.0, 2),
         round(sum(dm.break_minutes) / 60.0, 2), round(sum(dm.lunch_minutes) / 60.0, 2),
         round(sum(dm.paid_leave_minutes) / 60.0, 2), round(sum(dm.unpaid_leave_minutes) / 60.0, 2)
  from day_metrics dm
  join users u on u.id = dm.user_id
  left join profiles p on p.id = dm.user_id
  left join teams t on t.id = p.team_id
  left join (select user_id, date, count(*) as pending from late_punch_reviews
             where status = 'pending' group by user_id, date) lp
    on lp.user_id = dm.user_id and lp.date = dm.date
  where dm.date between '${from}' and '${to}'
  group by dm.user_id, p.full_name, u.email, t.name, dm.date
  order by lower(coalesce(p.full_name, u.email)), dm.user_id, 3`;

const auditCopySql = `
  select a.id, a.occurred_at, a.actor_id, coalesce(p.full_name, u.email), a.action, a.entity_type,
         a.entity_id, a.before, a.after, a.ip, a.user_agent
  from audit_log a
  left join users u on u.id = a.actor_id
  left join profiles p on p.id = a.actor_id
  order by a.id desc`;

function timeCopy(url: string, query: string): number {
  const started = performance.now();
  const result = spawnSync(
    'psql',
    [url, '-v', 'ON_ERROR_STOP=1', '-c', `copy (${query.replace(/\s+/g, ' ')}) to stdout with csv`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`psql exited ${result.status}`);
  return performance.now() - started;
}

interface ExportFigures {
  name: string;
  bytes: number;
  ms: number;
  copyMs: number;
  rssGrowth: number;
  rssBefore: number;
}

export async function runExportsBench(): Promise<void> {
  const baseUrl = postgresBaseUrl();
  if (!baseUrl) throw new Error('BENCH_ONLY=exports needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const database = await freshPostgresDatabase(baseUrl, 'punchclock_bench_exports');
  const figures: ExportFigures[] = [];
  try {
    const { timeZone } = loadConfig();
    const seeding = await openDatabase({ kind: 'postgres', url: database.url });
    let range: { from: string; to: string };
    let cookie: string;
    try {
      const started = performance.now();
      const bulk = await seedBulkPeople(seeding.db, PEOPLE, timeZone);
      range = await seedExportData(seeding.db, bulk, DAYS, PEOPLE * DAYS);
      log(
        `PostgreSQL: ${PEOPLE.toLocaleString('en')} people × ${DAYS} days of metrics and ${(PEOPLE * DAYS).toLocaleString('en')} audit rows seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const token = await createSession(
        seeding.db,
        bulk.adminId,
        { idleMinutes: 60, absoluteHours: 12 },
        SYSTEM_META,
      );
      cookie = `punchclock_session=${token}`;
    } finally {
      await seeding.close();
    }
    const exports = [
      {
        name: 'worked hours CSV (groupBy=day)',
        path: `/api/reports/worked-hours/export?from=${range.from}&to=${range.to}&groupBy=day&format=csv`,
        copy: workedHoursCopySql(range.from, range.to),
      },
      {
        name: 'worked hours XLSX (groupBy=day)',
        path: `/api/reports/worked-hours/export?from=${range.from}&to=${range.to}&groupBy=day&format=xlsx`,
        copy: workedHoursCopySql(range.from, range.to),
      },
      { name: 'audit log CSV', path: '/api/audit-logs/export', copy: auditCopySql },
    ];
    const { url, child } = await startServer(
      { DATABASE_URL: database.url, JOBS_ENABLED: 'false' },
      { startTimeoutMs: 600_000 },
    );
    const pid = child.pid ?? 0;
    try {
      for (const item of exports) {
        const times: number[] = [];
        const growths: number[] = [];
        let bytes = 0;
        let rssBefore = 0;
        // One untimed warm-up, then RUNS timed downloads, each read as it arrives.
        for (let run = 0; run <= RUNS; run++) {
          const figure = await measureDownload(
            pid,
            () => fetch(`${url}${item.path}`, { headers: { cookie } }),
            item.path,
          );
          ({ bytes, rssBefore } = figure);
          if (run > 0) {
            times.push(figure.ms);
            growths.push(figure.rssGrowth);
          }
        }
        const copyTimes = Array.from({ length: RUNS }, () => timeCopy(database.url, item.copy));
        figures.push({
          name: item.name,
          bytes,
          ms: median(times),
          copyMs: median(copyTimes),
          rssGrowth: Math.max(...growths),
          rssBefore,
        });
        log(`  ${item.name}: ${median(times).toFixed(0)} ms`);
      }
    } finally {
      await stopServer(child);
    }
  } finally {
    await database.drop();
  }
  const mb = (value: number) => (value / 1024 / 1024).toFixed(1);
  console.log(
    `\n### Exports — PostgreSQL, ${PEOPLE.toLocaleString('en')} people × ${DAYS} days; median of ${RUNS} after a warm-up; memory: server child RSS, largest growth of the runs\n`,
  );
  console.log('| export | bytes | API ms | COPY ms | API ÷ COPY | RSS before MB | RSS growth MB |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of figures) {
    console.log(
      `| ${row.name} | ${row.bytes.toLocaleString('en')} | ${row.ms.toFixed(0)} | ${row.copyMs.toFixed(0)} | ${(row.ms / row.copyMs).toFixed(2)}× | ${mb(row.rssBefore)} | ${mb(row.rssGrowth)} |`,
    );
  }
}
