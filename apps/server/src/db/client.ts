import { spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import * as schema from './schema.ts';

/** A database or a transaction on it: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface NotificationListener {
  onNotification(payload: string): void;
  /** The LISTEN connection was lost and is back: anything sent meanwhile was missed. */
  onReconnect(): void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel; resolves once listening, to a function that stops. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  /**
   * A gzipped tarball of the whole embedded database (PGlite's dumpDataDir), for backups;
   * null on PostgreSQL, which is backed up with pg_dump (features/backups).
   */
  snapshot: (() => Promise<Blob>) | null;
  /** Connection pool usage, for metrics. */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

/** pg.Pool's counts; PGlite is one in-process connection, reported as 1 of 1 and never idle. */
export interface PoolStats {
  /** Connections open (in use or idle). */
  total: number;
  idle: number;
  /** Queries queued for a free connection. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string;
      /** Postgres's page cache inside the WASM heap (e.g. "32MB"); the OS caches the files too. */
      sharedBuffers?: string;
    }
  | { kind: 'pglite-memory' };

/**
 * WASM memory never shrinks, and Postgres's default 128 MB of shared buffers is touched as
 * pages are read: an idle server grew to ~300 MB. 32 MB keeps it near 200 MB; the operating
 * system's file cache still holds the rest of the data (decision 0021).
 */
const DEFAULT_PGLITE_SHARED_BUFFERS = '32MB';
/** drizzle's migrations and its meta/_journal.json (the readiness check reads it too). */
export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);
// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_KEY = 7_240_311;

/** Told of every statement drizzle sends (tests count the queries a request makes). */
export type QueryListener = (query: string) => void;

export async function openDatabase(
  options: DatabaseOptions,
  onQuery?: QueryListener,
): Promise<Database> {
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  if (options.kind === 'postgres') return openPostgres(options.url, options.poolSize ?? 10, logger);
  if (options.kind === 'pglite') {
    return openPgliteFolder(
      options.dataDir,
      options.sharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS,
    );
  }
  return wrapPglite(new PGlite(), () => {}, logger);
}

type QueryLogger = { logQuery(query: string): void } | undefined;

async function openPostgres(url: string, poolSize: number, logger: QueryLogger): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle pooled connection the server drops (restart, failover, admin kill) must not crash
  // the process: the pool discards it and opens a new one on the next query.
  pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
  // Several instances may start at once: one migrates, the others wait on the advisory lock.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
  const db = drizzlePg({ client: pool, schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    snapshot: null,
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    async listen(channel, listener) {
      const stop = await listenWithReconnect(url, channel, listener);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/**
 * A dedicated connection for LISTEN (a pooled one would be handed to other queries). If it
 * drops, reconnect with backoff and report it, so subscribers can re-read what they missed.
 */
async function listenWithReconnect(
  url: string,
  channel: string,
  listener: NotificationListener,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let isStopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onNotification(message.payload ?? '');
    });
    next.on('error', () => scheduleReconnect(next));
    next.on('end', () => scheduleReconnect(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };

  let delayMs = 500;
  const scheduleReconnect = (failed: pg.Client) => {
    if (isStopped || client !== failed) return;
    client = null;
    failed.removeAllListeners();
    void failed.end().catch(() => {});
    const attempt = () => {
      retryTimer = undefined;
      if (isStopped) return;
      connect().then(
        () => {
          delayMs = 500;
          listener.onReconnect();
        },
        () => {
          delayMs = Math.min(delayMs * 2, 10_000);
          retryTimer = setTimeout(attempt, delayMs);
        },
      );
    };
    retryTimer = setTimeout(attempt, delayMs);
  };

  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retryTimer);
    const current = client;
    client = null;
    current?.removeAllListeners();
    await current?.end().catch(() => {});
  };
}

async function openPgliteFolder(dataDir: string, sharedBuffers: string): Promise<Database> {
  const root = path.resolve(dataDir);
  const releaseLock = await acquireDataDirLock(root);
  try {
    const pgdata = path.join(root, 'pgdata');
    if (!existsSync(pgdata)) {
      // An interrupted first start leaves an unusable folder: initialise aside, then rename.
      const staging = `${pgdata}.init-${process.pid}`;
      rmSync(staging, { recursive: true, force: true });
      await initialiseInChildProcess(staging);
      renameSync(staging, pgdata);
    }
    const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
    return await wrapPglite(new PGlite(pgdata, { startParams }), releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * A new data folder's initdb and migrations, in a child process: they grow PGlite's WASM memory
 * to ~850 MB, which a process never gives back (nor a worker thread all of it), so run in the
 * server they left a first start idling ~120 MB above a restart (issue #32). The server then
 * opens the folder with nothing left to migrate.
 */
async function initialiseInChildProcess(pgdata: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const paths = {
    pglite: require.resolve('@electric-sql/pglite'),
    drizzle: require.resolve('drizzle-orm/pglite'),
    migrator: require.resolve('drizzle-orm/pglite/migrator'),
    migrationsFolder,
    pgdata,
  };
  const script = `
    const data = ${JSON.stringify(paths)};
    const { PGlite } = require(data.pglite);
    const { drizzle } = require(data.drizzle);
    const { migrate } = require(data.migrator);
    (async () => {
      const client = new PGlite(data.pgdata);
      await client.waitReady;
      await migrate(drizzle({ client }), { migrationsFolder: data.migrationsFolder });
      await client.close();
    })().catch((error) => {
      console.error(error);
      process.exit(1);
    });`;
  // Not the server's own stdout and stderr: a Node child makes an inherited pipe blocking for
  // both, and the server's logging must never block (server.test.ts).
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`initialising ${pgdata} failed (exit code ${code}): ${errors}`);
}

async function wrapPglite(
  client: PGlite,
  onClose: () => void,
  logger?: QueryLogger,
): Promise<Database> {
  await client.waitReady;
  const db = drizzlePglite({ client, schema, ...(logger ? { logger } : {}) });
  await migratePglite(db, { migrationsFolder });
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async snapshot() {
      // Flush every committed change to the data files first; while the files are read, other
      // queries wait, so the tarball is one moment (a transaction still open then is rolled
      // back on restore, as after a power cut).
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    poolStats: () => ({ total: 1, idle: 0, waiting: 0, max: 1 }),
    async listen(channel, listener) {
      // In-process: the one connection never drops, so there is nothing to reconnect.
      const unsubscribe = await client.listen(channel, (payload) =>
        listener.onNotification(payload),
      );
      return unsubscribe;
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      onClose();
    },
  };
}

/** Read the configured database from the environment (see README "Configuration"). */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseOptions {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    kind: 'pglite',
    dataDir: path.resolve(base, env.DATA_DIR ?? 'data'),
    sharedBuffers: readSharedBuffers(env.PGLITE_SHARED_BUFFERS),
  };
}

/** PGLITE_SHARED_BUFFERS: a Postgres memory size, 1–1024 MB. */
function readSharedBuffers(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const match = /^(\d+)\s*(MB|GB)$/i.exec(value.trim());
  const megabytes = match ? Number(match[1]) * (match[2]!.toUpperCase() === 'GB' ? 1024 : 1) : 0;
  if (megabytes < 1 || megabytes > 1024) {
    throw new Error(
      `PGLITE_SHARED_BUFFERS must be a size such as 32MB (1MB to 1GB), got "${value}"`,
    );
  }
  return `${megabytes}MB`;
}
