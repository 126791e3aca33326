import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_NAME_PATTERN, backupListSchema } from '@punchclock/shared/contracts/backups';
import { testConfig } from '../../test/config.ts';
import { openDatabase, type Db } from '../../db/client.ts';
import { acquireDataDirLock, DataDirInUseError } from '../../db/data-dir-lock.ts';
import { buildTestApp, CSRF_HEADERS, signInAs } from '../../test/app.ts';
import {
  listTestDatabaseKinds,
  openTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
} from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { insertPunches } from '../../test/time-tracking.ts';
import { auditRowsFor } from '../../test/users.ts';
import { restoreBackup } from './index.ts';

/** Row count and an md5 over every row's text, sorted, of a table: equal means same rows. */
async function fingerprint(db: Db, table: 'users' | 'time_events' | 'audit_log' | 'profiles') {
  const result = await db.execute(
    sql.raw(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${table} t`,
    ),
  );
  return (result as unknown as { rows: { rows: number; sum: string }[] }).rows[0];
}

const TABLES = ['users', 'profiles', 'time_events', 'audit_log'] as const;

async function fingerprints(db: Db) {
  return Object.fromEntries(
    await Promise.all(TABLES.map(async (table) => [table, await fingerprint(db, table)] as const)),
  );
}

interface Harness {
  app: FastifyInstance;
  db: Db;
  dir: string;
  admin: TestUser;
  adminCookie: string;
  employeeCookie: string;
  call(method: 'GET' | 'POST', url: string, cookie?: string): Promise<LightMyRequestResponse>;
}

/** The app on one engine with a backup folder of its own (BACKUP_KEEP=3). */
function useHarness(kind: TestDatabaseKind): () => Harness {
  let harness: Harness | undefined;
  let testDatabase: TestDatabase | undefined;
  beforeAll(async () => {
    testDatabase = await openTestDatabase(kind);
    const dir = await mkdtemp(path.join(tmpdir(), 'punchclock-backups-test-'));
    const app = await buildTestApp(testDatabase.database, {
      backups: { ...testConfig().backups, dir, keep: 3 },
    });
    const { db } = testDatabase;
    const admin = await createTestUser(db, { role: 'admin' });
    const employee = await createTestUser(db, { role: 'employee' });
    const adminCookie = await signInAs(app, admin.email, admin.password);
    harness = {
      app,
      db,
      dir,
      admin,
      adminCookie,
      employeeCookie: await signInAs(app, employee.email, employee.password),
      call: (method, url, cookie = adminCookie) =>
        app.inject({ method, url, headers: { ...CSRF_HEADERS, cookie } }),
    };
  });
  afterAll(async () => {
    await harness?.app.close();
    if (harness) await rm(harness.dir, { recursive: true, force: true });
    await testDatabase?.close();
  });
  return () => {
    if (!harness) throw new Error('not set up yet');
    return harness;
  };
}

const ROUTES = [
  ['GET', '/api/backups'],
  ['POST', '/api/backups'],
  ['GET', '/api/backups/fresh'],
  ['GET', '/api/backups/punchclock-2026-11-23T030000.000Z.tar.gz'],
] as const;

describe('backups API [pglite]', () => {
  const get = useHarness('pglite');

  it('is for admins only', async () => {
    const { app, call, employeeCookie } = get();
    for (const [method, url] of ROUTES) {
      expect((await call(method, url, employeeCookie)).statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await app.inject({ method, url, headers: CSRF_HEADERS });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('takes a snapshot now: written whole under a time-sorted name, listed, audited', async () => {
    const { call, db, dir, admin } = get();
    const response = await call('POST', '/api/backups');
    expect(response.statusCode, response.body).toBe(201);
    const { backup } = response.json() as { backup: { name: string; sizeBytes: number } };
    expect(backup.name).toMatch(BACKUP_NAME_PATTERN);
    const bytes = await readFile(path.join(dir, backup.name));
    expect(bytes.byteLength).toBe(backup.sizeBytes);
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]); // gzip
    // No temporary file is left beside it.
    expect((await readdir(dir)).filter((name) => name.includes('partial'))).toEqual([]);

    const list = backupListSchema.parse((await call('GET', '/api/backups')).json());
    expect(list.items[0]).toMatchObject({ name: backup.name, sizeBytes: backup.sizeBytes });
    expect(list).toMatchObject({ keep: 3, hour: 3, timeZone: 'America/Toronto' });

    const [row] = await auditRowsFor(db, backup.name, 'backup.create');
    expect(row).toMatchObject({ actorId: admin.id, entityType: 'backup' });
  });

  it('keeps the newest BACKUP_KEEP, deleting older ones', async () => {
    const { call, dir } = get();
    const names: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      names.push(
        ((await call('POST', '/api/backups')).json() as { backup: { name: string } }).backup.name,
      );
    }
    const listed = backupListSchema.parse((await call('GET', '/api/backups')).json()).items;
    expect(listed.map((each) => each.name)).toEqual(names.slice(-3).reverse());
    expect((await readdir(dir)).sort()).toEqual(names.slice(-3).sort());
  });

  it('downloads a backup as an attachment, audited as an export', async () => {
    const { call, db, dir, admin } = get();
    const [latest] = backupListSchema.parse((await call('GET', '/api/backups')).json()).items;
    if (!latest) throw new Error('no backup listed');
    const response = await call('GET', `/api/backups/${latest.name}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${latest.name}"`);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.rawPayload.equals(await readFile(path.join(dir, latest.name)))).toBe(true);
    const [row] = await auditRowsFor(db, latest.name, 'backup.export');
    expect(row).toMatchObject({ actorId: admin.id });
  });

  it('downloads a fresh snapshot without keeping it, audited as an export', async () => {
    const { call, db, dir } = get();
    const before = await readdir(dir);
    const response = await call('GET', '/api/backups/fresh');
    expect(response.statusCode).toBe(200);
    const name = /filename="(.+)"/.exec(String(response.headers['content-disposition']))?.[1];
    expect(name).toMatch(BACKUP_NAME_PATTERN);
    expect([...response.rawPayload.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(await readdir(dir)).toEqual(before);
    expect(await auditRowsFor(db, name!, 'backup.export')).toHaveLength(1);
  });

  it('serves nothing but backup names from the backup folder (no path traversal)', async () => {
    const { call, dir } = get();
    await writeFile(path.join(dir, 'notes.txt'), 'not a backup');
    const outside = path.join(path.dirname(dir), 'punchclock-2026-01-01T000000.000Z.tar.gz');
    for (const name of [
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '..%2Fpunchclock-2026-01-01T000000.000Z.tar.gz',
      encodeURIComponent(outside),
      'notes.txt',
      '%2E%2E',
      'punchclock-2026-01-01T000000.000Z.tar.gz%00.txt',
      'punchclock-2026-01-01T000000.000Z.tar.gz.partial',
      encodeURIComponent('punchclock-2026-01-01T000000.000Z.tar.gz/../notes.txt'),
    ]) {
      const response = await call('GET', `/api/backups/${name}`);
      expect([400, 404], `${name}: ${response.statusCode}`).toContain(response.statusCode);
      expect(response.json().message, name).toEqual(expect.any(String));
    }
    const invalid = await call('GET', '/api/backups/notes.txt');
    expect(invalid.statusCode).toBe(400);
    const missing = await call('GET', '/api/backups/punchclock-2020-01-01T000000.000Z.tar.gz');
    expect(missing.statusCode).toBe(404);
    // Stray files are never listed either.
    const listed = backupListSchema.parse((await call('GET', '/api/backups')).json()).items;
    expect(listed.map((each) => each.name)).not.toContain('notes.txt');
  });

  it('restores a backup into a fresh folder with the same rows', async () => {
    const { call, db, dir } = get();
    const people = await Promise.all([1, 2, 3].map(() => createTestUser(db)));
    for (const [index, person] of people.entries()) {
      await insertPunches(db, person.id, [
        { eventType: 'clock_in', occurredAt: `2026-03-0${index + 2}T14:00:00Z` },
        { eventType: 'clock_out', occurredAt: `2026-03-0${index + 2}T22:00:00Z` },
      ]);
    }
    const expected = await fingerprints(db);
    expect(expected.time_events?.rows).toBeGreaterThanOrEqual(6);
    expect(expected.audit_log?.rows).toBeGreaterThan(5);

    const started = performance.now();
    const { backup } = (await call('POST', '/api/backups')).json() as {
      backup: { name: string; sizeBytes: number };
    };
    const backupMs = performance.now() - started;
    const target = await mkdtemp(path.join(tmpdir(), 'punchclock-restore-test-'));
    try {
      const restoreStarted = performance.now();
      const result = await restoreBackup(path.join(dir, backup.name), target);
      const restoreMs = performance.now() - restoreStarted;
      expect(result).toMatchObject({ pgdata: path.join(target, 'pgdata'), previous: null });
      expect(result.userCount).toBe(expected.users?.rows);
      const restored = await openDatabase({ kind: 'pglite', dataDir: target });
      try {
        expect(await fingerprints(restored.db)).toEqual(expected);
      } finally {
        await restored.close();
      }
      console.info(
        `backup ${backup.sizeBytes} bytes in ${backupMs.toFixed(0)} ms; restore ${restoreMs.toFixed(0)} ms`,
      );
    } finally {
      await rm(target, { recursive: true, force: true });
    }
  }, 60_000);

  it('restoring moves the database that was there aside, and refuses while a server holds it', async () => {
    const { call, dir } = get();
    const { backup } = (await call('POST', '/api/backups')).json() as { backup: { name: string } };
    const file = path.join(dir, backup.name);
    const target = await mkdtemp(path.join(tmpdir(), 'punchclock-restore-test-'));
    try {
      // A folder with a database of its own (one nobody else has).
      const other = await openDatabase({ kind: 'pglite', dataDir: target });
      await createTestUser(other.db, { email: 'only-here@test.punchclock.example' });
      await other.close();

      const release = await acquireDataDirLock(target);
      await expect(restoreBackup(file, target)).rejects.toBeInstanceOf(DataDirInUseError);
      release();
      expect(await readdir(target)).not.toContain(expect.stringMatching(/before-restore/));

      const result = await restoreBackup(file, target);
      expect(result.previous).toMatch(/pgdata\.before-restore-\d{4}-\d{2}-\d{2}T\d{6}Z$/);
      const kept = await openDatabase({ kind: 'pglite', dataDir: target });
      try {
        const emails = await kept.db.execute(sql`select email from users`);
        expect(JSON.stringify(emails)).not.toContain('only-here@');
      } finally {
        await kept.close();
      }
      // The earlier database is still there, whole.
      expect(await readdir(result.previous!)).toContain('PG_VERSION');
    } finally {
      await rm(target, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a file that is not a backup, with a clear message', async () => {
    const target = await mkdtemp(path.join(tmpdir(), 'punchclock-restore-test-'));
    try {
      const bogus = path.join(target, 'bogus.tar.gz');
      await writeFile(bogus, 'hello');
      await expect(restoreBackup(bogus, path.join(target, 'data'))).rejects.toThrow(
        /not a Punchclock backup/,
      );
      await expect(restoreBackup(path.join(target, 'missing.tar.gz'), target)).rejects.toThrow(
        /cannot read .*ENOENT/,
      );
    } finally {
      await rm(target, { recursive: true, force: true });
    }
  });
});

// On PostgreSQL (TEST_DATABASE_URL set) the same routes say to use pg_dump.
for (const kind of listTestDatabaseKinds().filter((each) => each === 'postgres')) {
  describe(`backups API [${kind}]`, () => {
    const get = useHarness(kind);

    it('every route answers 409 and says to use pg_dump; nothing is written', async () => {
      const { call, dir } = get();
      for (const [method, url] of ROUTES) {
        const response = await call(method, url);
        expect(response.statusCode, `${method} ${url}`).toBe(409);
        expect(response.json()).toMatchObject({ code: 'backups_use_pg_dump' });
        expect(response.json().message).toMatch(/pg_dump/);
      }
      expect(await readdir(dir)).toEqual([]);
    });
  });
}
