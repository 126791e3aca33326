// Upgrading: a database made by the first release (schema 0000_initial, commit 9e4c3f1, the
// only migration it shipped), with data in it, is migrated to today's schema and read by today's
// app. Runs on PGlite always, and on PostgreSQL when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyResponseSchema } from '@punchclock/shared/contracts/time-tracking';
import { hashPassword } from '../platform/passwords.ts';
import { buildTestApp, signInAs } from '../test/app.ts';
import { listTestDatabaseKinds, type TestDatabaseKind } from '../test/databases.ts';
import { openDatabase, type Database } from './client.ts';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** What the first release shipped (git show 9e4c3f1:apps/server/src/db/migrations/meta/_journal.json). */
const FIRST_RELEASE = ['0000_initial'];

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A migrations folder holding only the first release's migrations. */
async function firstReleaseMigrations(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'punchclock-first-release-'));
  await mkdir(path.join(folder, 'meta'));
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const entries = journal.entries.filter((entry) => FIRST_RELEASE.includes(entry.tag));
  expect(entries.map((entry) => entry.tag)).toEqual(FIRST_RELEASE);
  await writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }, null, 2),
  );
  for (const entry of entries) {
    await copyFile(
      path.join(MIGRATIONS, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
    const snapshot = `${String(entry.idx).padStart(4, '0')}_snapshot.json`;
    await copyFile(path.join(MIGRATIONS, 'meta', snapshot), path.join(folder, 'meta', snapshot));
  }
  return folder;
}

const ADMIN_ID = '11111111-1111-4111-8111-111111111111';
const WORKER_ID = '22222222-2222-4222-8222-222222222222';
const TEMPLATE_ID = '33333333-3333-4333-8333-333333333333';
const PASSWORD = 'First-release-9';

/** Realistic rows in the first release's schema, written as that release wrote them. */
async function seedFirstReleaseData(run: (statement: string) => Promise<unknown>) {
  const hash = await hashPassword(PASSWORD);
  const statements = [
    `insert into users (id, email, password_hash, created_at) values
      ('${ADMIN_ID}', 'owner@first.example', '${hash}', '2026-01-05T14:00:00Z'),
      ('${WORKER_ID}', 'Casey@First.example', '${hash}', '2026-01-05T14:05:00Z')`,
    `insert into profiles (id, full_name, is_suspended, last_sign_in_at) values
      ('${ADMIN_ID}', 'Olive Owner', false, '2026-01-06T13:00:00Z'),
      ('${WORKER_ID}', 'Casey Worker', false, null)`,
    `insert into user_roles (user_id, role) values ('${ADMIN_ID}', 'admin'), ('${WORKER_ID}', 'employee')`,
    `insert into schedule_templates (id, name, work_start, work_end, lunch_start, lunch_end, break_duration_mins)
      values ('${TEMPLATE_ID}', 'Day shift', '09:00', '17:00', '12:00', '12:30', 15)`,
    `insert into assigned_schedules (user_id, template_id, date_range_start, date_range_end)
      values ('${WORKER_ID}', '${TEMPLATE_ID}', '2026-01-05', '2026-12-31')`,
    // Monday 2026-01-12 in Toronto (EST, UTC-5): 9:02 to 17:01 with a break and lunch.
    `insert into time_events (id, user_id, event_type, occurred_at, date) values
      ('aaaaaaaa-0000-4000-8000-000000000001', '${WORKER_ID}', 'clock_in', '2026-01-12T14:02:00Z', '2026-01-12'),
      ('aaaaaaaa-0000-4000-8000-000000000002', '${WORKER_ID}', 'break', '2026-01-12T15:30:00Z', '2026-01-12'),
      ('aaaaaaaa-0000-4000-8000-000000000003', '${WORKER_ID}', 'clock_in', '2026-01-12T15:45:00Z', '2026-01-12'),
      ('aaaaaaaa-0000-4000-8000-000000000004', '${WORKER_ID}', 'lunch', '2026-01-12T17:00:00Z', '2026-01-12'),
      ('aaaaaaaa-0000-4000-8000-000000000005', '${WORKER_ID}', 'clock_in', '2026-01-12T17:30:00Z', '2026-01-12'),
      ('aaaaaaaa-0000-4000-8000-000000000006', '${WORKER_ID}', 'clock_out', '2026-01-12T22:01:00Z', '2026-01-12')`,
    `insert into notifications (user_id, title, message, type)
      values ('${WORKER_ID}', 'Welcome', 'Your account is ready', 'info')`,
    `insert into audit_log (occurred_at, actor_id, action, entity_type, entity_id, before, after, ip, user_agent) values
      ('2026-01-05T14:05:00Z', '${ADMIN_ID}', 'user.create', 'user', '${WORKER_ID}', null,
        '{"email":"Casey@First.example","role":"employee"}', '10.0.0.5', 'Firefox'),
      ('2026-01-06T13:00:00Z', '${ADMIN_ID}', 'auth.sign_in', 'user', '${ADMIN_ID}', null, null, '10.0.0.5', 'Firefox')`,
  ];
  for (const statement of statements) await run(statement);
}

/** Creates a first-release database with data and returns a function opening it with today's code. */
async function firstReleaseDatabase(
  kind: TestDatabaseKind,
  folder: string,
): Promise<{ open: () => Promise<Database>; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'punchclock-upgrade-'));
    const client = new PGlite(path.join(dataDir, 'pgdata'));
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
    await seedFirstReleaseData((statement) => client.exec(statement));
    await client.close();
    return {
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `punchclock_upgrade_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
    await seedFirstReleaseData((statement) => client.query(statement));
  } finally {
    await client.end();
  }
  return {
    open: () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 }),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function rows(database: Database, query: string): Promise<Record<string, unknown>[]> {
  const result = (await database.db.execute(query)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows;
}

for (const kind of listTestDatabaseKinds()) {
  describe(`upgrading a first-release database [${kind}]`, () => {
    let folder: string;
    let first: Awaited<ReturnType<typeof firstReleaseDatabase>>;
    let database: Database;

    beforeAll(async () => {
      folder = await firstReleaseMigrations();
      first = await firstReleaseDatabase(kind, folder);
      database = await first.open(); // today's migrations run here
    }, 120_000);
    afterAll(async () => {
      await database?.close();
      await first?.drop();
      await rm(folder, { recursive: true, force: true });
    });

    it('ran every migration there is', async () => {
      const journal = JSON.parse(
        await readFile(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8'),
      ) as Journal;
      const [applied] = await rows(
        database,
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied?.n).toBe(journal.entries.length);
      expect(journal.entries.length).toBeGreaterThan(FIRST_RELEASE.length);
    });

    it('keeps people, their roles and profiles', async () => {
      expect(
        await rows(
          database,
          `select u.id, u.email, p.full_name, r.role, p.is_suspended
             from users u join profiles p on p.id = u.id join user_roles r on r.user_id = u.id
            order by u.email`,
        ),
      ).toEqual([
        {
          id: WORKER_ID,
          email: 'Casey@First.example',
          full_name: 'Casey Worker',
          role: 'employee',
          is_suspended: false,
        },
        {
          id: ADMIN_ID,
          email: 'owner@first.example',
          full_name: 'Olive Owner',
          role: 'admin',
          is_suspended: false,
        },
      ]);
    });

    it('keeps every punch, with the columns added since filled in', async () => {
      const punches = await rows(
        database,
        `select id, user_id, event_type, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at,
                date::text, shift_date::text, source
           from time_events order by occurred_at`,
      );
      expect(punches.map((punch) => [punch.event_type, punch.at])).toEqual([
        ['clock_in', '2026-01-12T14:02'],
        ['break', '2026-01-12T15:30'],
        ['clock_in', '2026-01-12T15:45'],
        ['lunch', '2026-01-12T17:00'],
        ['clock_in', '2026-01-12T17:30'],
        ['clock_out', '2026-01-12T22:01'],
      ]);
      for (const punch of punches) {
        expect(punch).toMatchObject({
          user_id: WORKER_ID,
          date: '2026-01-12',
          shift_date: '2026-01-12',
          source: 'web',
        });
      }
    });

    it('keeps schedules and the audit log', async () => {
      expect(
        await rows(
          database,
          `select t.name, t.work_start::text, t.work_end::text, a.user_id, a.date_range_start::text
             from assigned_schedules a join schedule_templates t on t.id = a.template_id`,
        ),
      ).toEqual([
        {
          name: 'Day shift',
          work_start: '09:00:00',
          work_end: '17:00:00',
          user_id: WORKER_ID,
          date_range_start: '2026-01-05',
        },
      ]);
      const audit = await rows(
        database,
        `select actor_id, action, entity_id, after, ip from audit_log order by id`,
      );
      expect(audit).toEqual([
        {
          actor_id: ADMIN_ID,
          action: 'user.create',
          entity_id: WORKER_ID,
          after: { email: 'Casey@First.example', role: 'employee' },
          ip: '10.0.0.5',
        },
        {
          actor_id: ADMIN_ID,
          action: 'auth.sign_in',
          entity_id: ADMIN_ID,
          after: null,
          ip: '10.0.0.5',
        },
      ]);
    });

    it("today's app signs the old users in and shows their history", async () => {
      const app = await buildTestApp(database);
      try {
        await signInAs(app, 'owner@first.example', PASSWORD);
        const cookie = await signInAs(app, 'casey@first.example', PASSWORD);
        const response = await app.inject({
          method: 'GET',
          url: '/api/time-events/history?from=2026-01-12&to=2026-01-12',
          headers: { cookie },
        });
        expect(response.statusCode, response.body).toBe(200);
        const [day] = historyResponseSchema.parse(response.json()).days;
        // 9:02–17:01 is 479 minutes; the 15-minute break is paid, the 30-minute lunch is not.
        expect(day).toMatchObject({
          date: '2026-01-12',
          breakMinutes: 15,
          lunchMinutes: 30,
          workedMinutes: 479 - 30,
        });
        expect(day?.events).toHaveLength(6);
      } finally {
        await app.close();
      }
    });
  });
}
