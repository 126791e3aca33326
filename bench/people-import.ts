/**
 * The people import (#33 part 2): a 5,000-row CSV previewed, imported, then imported again
 * (every row unchanged), over HTTP against the compiled server, on PGlite and (when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL. The target is 30 s for the import.
 * Baseline in the same run on the same database: the bare SQL of what an import of new people
 * must write at least — users, profiles and roles of 5,000 people as three multi-row INSERTs in
 * one transaction (no reads, no checks, no audit rows). BENCH_IMPORT_ROWS (default 5000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import type { PeopleImportResult } from '@punchclock/shared/contracts/people-import';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/db/client.ts';
import { createUser } from '../apps/server/src/features/users/index.ts';
import { SYSTEM_META } from '../apps/server/src/platform/request-meta.ts';
import { createSession } from '../apps/server/src/platform/sessions.ts';
import {
  freshPostgresDatabase,
  postgresBaseUrl,
  readPositiveInt,
  startServer,
  stopServer,
} from './common.ts';

const ROWS = readPositiveInt('BENCH_IMPORT_ROWS', 5000);
const TEAMS = 25;

/** ROWS people in TEAMS teams; every tenth reports to the first person of their team. */
function peopleCsv(prefix: string): string {
  const lines = ['name,email,role,team,employee_number,hire_date,hourly_rate,language,manager'];
  for (let index = 0; index < ROWS; index++) {
    const team = index % TEAMS;
    const manager = index >= TEAMS && index % 10 === 0 ? `${prefix}-${team}@bench.test` : '';
    lines.push(
      [
        `Person ${prefix} ${index}`,
        `${prefix}-${index}@bench.test`,
        index < TEAMS ? 'team_lead' : 'employee',
        `${prefix} team ${team}`,
        `${prefix.toUpperCase()}-${index}`,
        '2024-01-15',
        `${17 + (index % 10)}.50`,
        index % 3 === 0 ? 'fr' : 'en',
        manager,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

interface Figures {
  label: string;
  previewMs: number;
  importMs: number;
  rerunMs: number;
  baselineMs: number;
  counts: string;
}

async function post(url: string, cookie: string, route: string, body: unknown) {
  const started = performance.now();
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, [CSRF_HEADER]: '1' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${route}: ${response.status} ${text.slice(0, 300)}`);
  return { ms, result: JSON.parse(text) as PeopleImportResult };
}

/** The baseline: 5,000 users, profiles and roles as three INSERTs in one transaction. */
async function timeBaseline(options: DatabaseOptions): Promise<number> {
  const database = await openDatabase(options);
  try {
    const people = Array.from({ length: ROWS }, (_, index) => ({
      email: `baseline-${Date.now()}-${index}@bench.test`,
      name: `Baseline ${index}`,
    }));
    const started = performance.now();
    await database.db.transaction(async (tx) => {
      const inserted = (await tx.execute(sql`
        insert into users (email)
        select email from json_to_recordset(${JSON.stringify(people)}::json) as p(email text)
        returning id`)) as unknown as { rows: { id: string }[] };
      const ids = inserted.rows.map((row, index) => ({ id: row.id, name: people[index]!.name }));
      await tx.execute(sql`
        insert into profiles (id, full_name)
        select id, name from json_to_recordset(${JSON.stringify(ids)}::json) as p(id uuid, name text)`);
      await tx.execute(sql`
        insert into user_roles (user_id, role)
        select id, 'employee' from json_to_recordset(${JSON.stringify(ids)}::json) as p(id uuid)`);
    });
    return performance.now() - started;
  } finally {
    await database.close();
  }
}

async function benchDatabase(
  label: string,
  options: DatabaseOptions,
  env: Record<string, string>,
): Promise<Figures> {
  const seeding = await openDatabase(options);
  let cookie: string;
  try {
    const admin = await createUser(
      seeding.db,
      {
        email: `bench-admin-${Date.now()}@bench.test`,
        password: 'Bench-password-1',
        role: 'admin',
        name: 'Bench Admin',
      },
      { actorId: null, meta: SYSTEM_META },
    );
    cookie = `punchclock_session=${await createSession(
      seeding.db,
      admin.id,
      { idleMinutes: 600, absoluteHours: 12 },
      SYSTEM_META,
    )}`;
  } finally {
    await seeding.close();
  }
  const prefix = `p${Date.now().toString(36)}`;
  const file = {
    fileName: 'people.csv',
    content: Buffer.from(peopleCsv(prefix)).toString('base64'),
  };
  const { url, child } = await startServer({ ...env, JOBS_ENABLED: 'false' });
  let figures: Omit<Figures, 'baselineMs'>;
  try {
    const preview = await post(url, cookie, '/api/users/import/preview', file);
    const imported = await post(url, cookie, '/api/users/import', {
      ...file,
      sendInvitations: 'none',
    });
    const rerun = await post(url, cookie, '/api/users/import', {
      ...file,
      sendInvitations: 'none',
    });
    if (!imported.result.imported || rerun.result.counts.unchanged !== ROWS) {
      throw new Error(
        `unexpected answers: ${JSON.stringify(imported.result.counts)} then ${JSON.stringify(rerun.result.counts)}`,
      );
    }
    figures = {
      label,
      previewMs: preview.ms,
      importMs: imported.ms,
      rerunMs: rerun.ms,
      counts: `${JSON.stringify(imported.result.counts)}; re-run ${JSON.stringify(rerun.result.counts)}`,
    };
  } finally {
    await stopServer(child);
  }
  // After the server stopped: PGlite is one process's database.
  return { ...figures, baselineMs: await timeBaseline(options) };
}

export async function runPeopleImportBench(): Promise<void> {
  console.log(`\n# People import: ${ROWS.toLocaleString('en')} rows over HTTP (target 30 s)`);
  const rows: Figures[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'punchclock-bench-import-'));
  try {
    rows.push(
      await benchDatabase(
        'PGlite',
        { kind: 'pglite', dataDir },
        { DATA_DIR: dataDir, DATABASE_URL: '' },
      ),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const postgresUrl = postgresBaseUrl();
  if (postgresUrl) {
    const database = await freshPostgresDatabase(postgresUrl, 'punchclock_bench_import');
    try {
      rows.push(
        await benchDatabase(
          'PostgreSQL',
          { kind: 'postgres', url: database.url },
          { DATABASE_URL: database.url },
        ),
      );
    } finally {
      await database.drop();
    }
  } else {
    console.log('(No BENCH_DATABASE_URL or TEST_DATABASE_URL: PGlite only.)');
  }
  const s = (ms: number) => (ms / 1000).toFixed(2);
  console.log(
    '\n| database | preview s | import s | re-run (all unchanged) s | baseline: bare INSERTs s | import ÷ baseline |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${s(row.previewMs)} | ${s(row.importMs)} | ${s(row.rerunMs)} | ${s(row.baselineMs)} | ${(row.importMs / row.baselineMs).toFixed(1)}× |`,
    );
  }
  for (const row of rows) console.log(`(${row.label}: ${row.counts})`);
}
