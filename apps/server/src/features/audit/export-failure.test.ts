import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { parseCsv } from '../../test/users.ts';
import type * as AuditRepository from './repository.ts';
import { AUDIT_CSV_COLUMNS, INCOMPLETE_EXPORT_NOTICE } from './csv.ts';

/** Which read of the export fails (1 = the first batch); null = none. */
const failure = vi.hoisted(() => ({ onCall: null as number | null, calls: 0 }));

vi.mock('./repository.ts', async (importOriginal) => {
  const real = await importOriginal<typeof AuditRepository>();
  return {
    ...real,
    listAuditEntries: async (...args: Parameters<typeof real.listAuditEntries>) => {
      failure.calls += 1;
      if (failure.calls === failure.onCall) throw new Error('the database went away');
      return real.listAuditEntries(...args);
    },
  };
});

describeEachDatabase('audit export when a read fails', (getDatabase) => {
  let app: FastifyInstance;
  let adminCookie: string;
  const action = `export-failure.${randomBytes(4).toString('hex')}`;
  const rowCount = 1500; // more than one export batch (1000)

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    const admin = await createTestUser(getDatabase().db, { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
    await getDatabase()
      .db.insert(auditLog)
      .values(
        Array.from({ length: rowCount }, (_, index) => ({
          action,
          entityType: 'bulk',
          entityId: `row-${index}`,
        })),
      );
  });
  afterEach(() => {
    failure.onCall = null;
    failure.calls = 0;
  });
  afterAll(async () => {
    await app.close();
  });

  const exportUrl = `/api/audit-logs/export?action=${action}`;

  it('a failure before the first row is an ordinary JSON error, not a CSV attachment', async () => {
    failure.onCall = 1;
    const response = await callApi(app, adminCookie, 'GET', exportUrl);
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.json()).toEqual({ message: 'Something went wrong', code: 'internal' });
  });

  it('a failure mid-stream ends the file with a notice, without an error reply, and the app carries on', async () => {
    failure.onCall = 2;
    const response = await callApi(app, adminCookie, 'GET', exportUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body).not.toContain('Something went wrong');
    const records = parseCsv(response.body);
    expect(records[0]).toEqual([...AUDIT_CSV_COLUMNS]);
    // The first batch, then the notice as the last row.
    expect(records).toHaveLength(1 + 1000 + 1);
    expect(records.at(-1)?.[0]).toBe(INCOMPLETE_EXPORT_NOTICE);

    failure.onCall = null;
    const again = await callApi(app, adminCookie, 'GET', exportUrl);
    expect(again.statusCode).toBe(200);
    expect(parseCsv(again.body)).toHaveLength(rowCount + 1);
  });
});
