// A pay period's work reads each table a constant number of times, whatever the number of people
// (issue #29 item 2, decision 0045): the period overview, its approval and the payroll export
// compute everyone's timesheets with one read per kind of data, not a handful per person; the
// approval writes everyone's decision, audit row, notification and live message at once (#32).
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvePeriodResultSchema } from '@punchclock/shared/contracts/timesheets';
import type { Db } from '../../db/client.ts';
import { insertJsonRowsSql } from '../../db/json-rows.ts';
import { notifications, payRates, timesheetSignOffs } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { testConfig } from '../../test/config.ts';
import {
  listTestDatabaseKinds,
  openTestDatabase,
  type TestDatabase,
} from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { insertPunches, TORONTO, waitFor } from '../../test/time-tracking.ts';
import { auditRowsFor, bulkInsertUsers, expectApi } from '../../test/users.ts';
import { SYSTEM_META } from '../../platform/request-meta.ts';
import { exportPayroll } from '../payroll/service.ts';
import { recomputeDays } from '../reports/index.ts';
import { buildTimesheets } from './service.ts';
import { signedTotalsOf } from './sign-off.ts';

// The default calendar is bi-weekly from Sunday 2026-01-04: 2026-06-07 – 06-20, long over.
const PERIOD = { start: '2026-06-07', end: '2026-06-20' };

/** Each statement as its verb and the tables it names: "select time_events" → how many. */
function tablesOf(statements: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const statement of statements) {
    const verb = /^\s*(\w+)/.exec(statement)?.[1]?.toLowerCase() ?? '?';
    const tables = new Set(
      [...statement.matchAll(/\b(?:from|join|into|update)\s+"(\w+)"/gi)].map((m) => m[1]),
    );
    for (const table of tables.size > 0 ? tables : ['(none)']) {
      const key = `${verb} ${table}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  return counts;
}

for (const kind of listTestDatabaseKinds()) {
  describe(`a pay period's queries [${kind}]`, () => {
    let testDatabase: TestDatabase;
    let db: Db;
    let app: FastifyInstance;
    let adminCookie: string;
    let recording: string[] | null = null;
    let peopleSoFar = 0;
    /** The people growTo added last: their timesheets are the ones the next approval decides. */
    let newcomers: string[] = [];

    beforeAll(async () => {
      testDatabase = await openTestDatabase(kind, (query) => recording?.push(query));
      db = testDatabase.db;
      app = await buildTestApp(testDatabase.database);
      const admin = await createTestUser(db, { role: 'admin', name: 'Ada Admin' });
      adminCookie = await signInAs(app, admin.email, admin.password);
    });
    afterAll(async () => {
      await app?.close();
      await testDatabase?.close();
    });

    /**
     * Bring the organisation to `count` people, each with a week of work, a rate and the period's
     * timesheet submitted (with the figures the app computes, as their own submit would).
     */
    async function growTo(count: number): Promise<void> {
      const rows = Array.from({ length: count - peopleSoFar }, (_, index) => ({
        email: `worker-${peopleSoFar + index}-${kind}@example.test`,
        name: `Worker ${peopleSoFar + index}`,
        role: 'employee' as const,
      }));
      const ids = await bulkInsertUsers(db, rows);
      for (const id of ids) {
        // Mon 06-08 … Thu 06-11, 09:00–17:00 EDT.
        const week = ['08', '09', '10', '11'].flatMap((day) => [
          { eventType: 'clock_in' as const, occurredAt: `2026-06-${day}T13:00:00Z` },
          { eventType: 'clock_out' as const, occurredAt: `2026-06-${day}T21:00:00Z` },
        ]);
        await insertPunches(db, id, week);
      }
      await recomputeDays(db, TORONTO, ids, PERIOD.start, PERIOD.end);
      await db
        .insert(payRates)
        .values(ids.map((userId) => ({ userId, effectiveFrom: '2026-01-01', hourlyCents: 2500 })));
      const sheets = await buildTimesheets(db, testConfig(), ids, PERIOD);
      const signOffs = sheets.map((sheet) => ({
        user_id: sheet.person.id,
        period_start: PERIOD.start,
        period_end: PERIOD.end,
        status: 'submitted',
        submitted_totals: signedTotalsOf(sheet),
        submitted_by: sheet.person.id,
      }));
      await db.execute(
        insertJsonRowsSql(timesheetSignOffs, Object.keys(signOffs[0] ?? {}), signOffs),
      );
      newcomers = ids;
      peopleSoFar = count;
    }

    const answers: Record<string, string> = {};

    /** The statements one request sends, by verb and table. */
    async function queriesOf(
      method: 'GET' | 'POST',
      url: string,
      body?: unknown,
    ): Promise<Record<string, number>> {
      recording = [];
      try {
        const response = await callApi(app, adminCookie, method, url, body);
        expect(response.statusCode, response.body).toBeLessThan(300);
        answers[url] = response.body;
        return tablesOf(recording);
      } finally {
        recording = null;
      }
    }

    /** The overview, the approval (forced: the admin has no timesheet) and the export. */
    async function periodQueries() {
      const overview = await queriesOf('GET', `/api/timesheets/period?date=${PERIOD.start}`);
      const approval = await queriesOf('POST', '/api/timesheets/period/approve', {
        date: PERIOD.start,
        force: true,
      });
      const preview = await queriesOf('GET', `/api/payroll/preview?date=${PERIOD.start}`);
      const csv = await queriesOf('GET', `/api/payroll/export?date=${PERIOD.start}&format=csv`);
      const xlsx = await queriesOf('GET', `/api/payroll/export?date=${PERIOD.start}&format=xlsx`);
      return { overview, approval, preview, csv, xlsx };
    }

    async function reopen(): Promise<void> {
      const { locks } = await expectApi<{ locks: { id: string; reopenedAt: string | null }[] }>(
        app,
        adminCookie,
        'GET',
        '/api/approvals/locks',
        200,
      );
      for (const lock of locks.filter((each) => each.reopenedAt === null)) {
        await expectApi(app, adminCookie, 'POST', `/api/approvals/locks/${lock.id}/reopen`, 204);
      }
    }

    /** The approval decided each newcomer's timesheet as its own approval would have. */
    async function expectApprovedOneByOne(): Promise<void> {
      const approval = approvePeriodResultSchema.parse(
        JSON.parse(answers['/api/timesheets/period/approve']!),
      );
      expect(approval.missing).toEqual([]);
      expect(approval.approved.map((person) => person.id).sort()).toEqual([...newcomers].sort());
      for (const id of newcomers) {
        const audit = await auditRowsFor(db, `${id}:${PERIOD.start}`, 'timesheet.approve');
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({
          entityType: 'timesheet_signoff',
          before: { status: 'submitted' },
          after: { status: 'approved', comment: null, period: PERIOD, withPeriod: true },
        });
        const told = await db.select().from(notifications).where(eq(notifications.userId, id));
        expect(told.map((row) => row.messageKey)).toEqual(['timesheet.approved']);
      }
    }

    it('reads and writes each table as many times for 20 people as for 2', async () => {
      await growTo(2);
      const withTwo = await periodQueries();
      await expectApprovedOneByOne();
      await reopen();
      await growTo(20);
      const withTwenty = await periodQueries();
      // Everyone was computed, and the 18 newcomers' timesheets approved.
      await expectApprovedOneByOne();

      expect(withTwenty).toEqual(withTwo);
      // And they are a handful of statements, not one per person.
      expect(withTwo.approval['select time_events']).toBe(1);
      expect(withTwo.approval['update timesheet_signoffs']).toBe(1);
      expect(withTwo.approval['insert audit_log']).toBeLessThanOrEqual(3);
      // The notifications, and their emails (an insert that reads them).
      expect(withTwo.approval['insert notifications']).toBeLessThanOrEqual(2);
      expect(withTwo.csv['select day_metrics']).toBe(1);

      // The export is computed a page of people at a time: 3 a round gives the same file.
      const paged = await exportPayroll(
        db,
        testConfig(),
        { date: PERIOD.start, format: 'csv' },
        { actorId: null, meta: SYSTEM_META },
        { peoplePerPage: 3 },
      );
      let text = '';
      for await (const chunk of paged.body) text += String(chunk);
      expect(text).toBe(answers[`/api/payroll/export?date=${PERIOD.start}&format=csv`]);
      expect(text.split('\n').length).toBeGreaterThan(20);
    });

    it('audits an export the reader left part-way as incomplete, with the rows sent', async () => {
      // The period is locked by the approval above; its downloads were audited as complete.
      const before = await auditRowsFor(db, PERIOD.start, 'payroll.export');
      expect(before.length).toBeGreaterThan(0);
      for (const row of before) expect(row.after).not.toHaveProperty('complete');
      // The latest complete download: everyone's rows.
      const everyone = before.at(-1)!.after as { rowCount: number };

      // One person a page: the reader takes the first chunk, then goes away.
      const file = await exportPayroll(
        db,
        testConfig(),
        { date: PERIOD.start, format: 'csv' },
        { actorId: null, meta: SYSTEM_META },
        { peoplePerPage: 1 },
      );
      await file.body[Symbol.asyncIterator]().next();
      file.body.destroy();

      let audited: Awaited<ReturnType<typeof auditRowsFor>> = [];
      await waitFor(async () => {
        audited = await auditRowsFor(db, PERIOD.start, 'payroll.export');
        return audited.length > before.length;
      });
      const cutShort = audited.at(-1)!.after as { complete?: boolean; rowCount: number };
      expect(cutShort.complete).toBe(false);
      expect(cutShort.rowCount).toBeLessThan(everyone.rowCount);
    });
  });
}
