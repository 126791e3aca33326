import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { healthResponseSchema, readyResponseSchema } from '@punchclock/shared/contracts/health';
import type { Database } from '../db/client.ts';
import { shippedMigrations } from '../db/migration-status.ts';
import { buildTestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';

describeEachDatabase('health and readiness', (getDatabase) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(() => app.close());

  const get = (target: FastifyInstance, url: string) => target.inject({ method: 'GET', url });

  it('GET /api/health answers without a session and without asking the database', async () => {
    const response = await get(app, '/api/health');
    expect(response.statusCode).toBe(200);
    expect(healthResponseSchema.parse(response.json())).toEqual({
      status: 'ok',
      database: getDatabase().kind,
    });
  });

  it('GET /api/ready is 200 when the database answers and every migration is applied', async () => {
    const response = await get(app, '/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(readyResponseSchema.parse(response.json())).toEqual({
      status: 'ready',
      checks: { shutdown: 'ok', database: 'ok', migrations: 'ok' },
    });
  });

  it('is 503 naming the migrations check when a shipped migration is not recorded as applied', async () => {
    const { db } = getDatabase();
    const newest = shippedMigrations().at(-1);
    if (!newest) throw new Error('no migrations shipped');
    await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${newest.when}`,
    );
    try {
      const response = await get(app, '/api/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not_ready',
        checks: { shutdown: 'ok', database: 'ok', migrations: 'failed' },
      });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored', ${newest.when})`,
      );
    }
    expect((await get(app, '/api/ready')).statusCode).toBe(200);
  });

  it('stays ready when the database has a migration this build does not know (a newer release ran)', async () => {
    const { db } = getDatabase();
    const future = Date.now() + 365 * 86_400_000;
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${future})`,
    );
    try {
      expect((await get(app, '/api/ready')).statusCode).toBe(200);
    } finally {
      await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${future}`);
    }
  });

  it('is 503 naming the database check when the database fails, without the error in the answer', async () => {
    const { database } = getDatabase();
    const failing = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'execute') {
          return async () => {
            throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2');
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const broken: Database = { ...database, db: failing, close: async () => {} };
    const brokenApp = await buildTestApp(broken);
    try {
      const response = await get(brokenApp, '/api/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not_ready',
        checks: { shutdown: 'ok', database: 'failed', migrations: 'skipped' },
      });
      expect(response.body).not.toContain('ECONNREFUSED');
      // Liveness does not depend on the database.
      expect((await get(brokenApp, '/api/health')).statusCode).toBe(200);
    } finally {
      await brokenApp.close();
    }
  });

  it('is 503 at once when shutting down, while /api/health still answers', async () => {
    const closingApp = await buildTestApp(getDatabase().database);
    try {
      closingApp.lifecycle.markShuttingDown();
      const ready = await get(closingApp, '/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'not_ready',
        checks: { shutdown: 'failed', database: 'skipped', migrations: 'skipped' },
      });
      const health = await get(closingApp, '/api/health');
      expect(health.statusCode).toBe(200);
      // Keep-alive clients are asked to reconnect (through the load balancer, elsewhere).
      expect(health.headers.connection).toBe('close');
      expect((await get(app, '/api/health')).headers.connection).not.toBe('close');
    } finally {
      await closingApp.close();
    }
  });
});
