import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type Database, type QueryListener } from '../db/client.ts';

export type TestDatabaseKind = Database['kind'];

/** One database for one test file, on one engine. */
export interface TestDatabase {
  kind: TestDatabaseKind;
  database: Database;
  db: Database['db'];
  /**
   * Another connection to the same data, as a second server instance would have. PGlite is
   * in-process, so it shares the instance; PostgreSQL gets a pool of its own.
   */
  openSecondConnection(): Promise<Database>;
  close(): Promise<void>;
}

/** PGlite in memory always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export function listTestDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** `onQuery` is told of every statement the database's drizzle client sends. */
export async function openTestDatabase(
  kind: TestDatabaseKind,
  onQuery?: QueryListener,
): Promise<TestDatabase> {
  return kind === 'pglite' ? openPgliteTestDatabase(onQuery) : openPostgresTestDatabase(onQuery);
}

async function openPgliteTestDatabase(onQuery?: QueryListener): Promise<TestDatabase> {
  const database = await openDatabase({ kind: 'pglite-memory' }, onQuery);
  return {
    kind: 'pglite',
    database,
    db: database.db,
    // Closing the second "connection" must not close the shared instance.
    openSecondConnection: async () => ({ ...database, close: async () => {} }),
    close: () => database.close(),
  };
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh database per test file, so files can run in parallel without seeing each other. */
async function openPostgresTestDatabase(onQuery?: QueryListener): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `punchclock_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const dropDatabase = () =>
    withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const open = () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 }, onQuery);
  let database: Database;
  try {
    database = await open();
  } catch (error) {
    await dropDatabase();
    throw error;
  }

  const opened: Database[] = [database];
  return {
    kind: 'postgres',
    database,
    db: database.db,
    async openSecondConnection() {
      const second = await open();
      opened.push(second);
      return second;
    },
    async close() {
      // pool.end() may only be called once; a test may already have closed its second pool.
      await Promise.allSettled(opened.map((each) => each.close()));
      await dropDatabase();
    },
  };
}

/**
 * Runs the suite once per available database, each with its own database opened before the
 * suite and closed (PostgreSQL: dropped) after it.
 */
export function describeEachDatabase(
  name: string,
  body: (getDatabase: () => TestDatabase) => void,
): void {
  for (const kind of listTestDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let testDatabase: TestDatabase | undefined;
      beforeAll(async () => {
        testDatabase = await openTestDatabase(kind);
      });
      afterAll(async () => {
        await testDatabase?.close();
      });
      body(() => {
        if (!testDatabase) throw new Error('the test database is not open yet');
        return testDatabase;
      });
    });
  }
}
