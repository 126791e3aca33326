import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { timeOffRequests, timeOffTypes } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { insertPunches, type PunchRow } from '../../test/time-tracking.ts';
import { auditRowsFor, expectApi } from '../../test/users.ts';
import { recomputeDays } from '../reports/index.ts';

/*
 * A locked pay period does not change (issue #28, item 2; docs/decisions/0038): every write that
 * would change its pay is refused with the lock message, as corrections and time off already are.
 *
 * The default calendar is bi-weekly from Sunday 2026-01-04: the period 2026-11-08 … 11-21 (work
 * weeks from Sunday, so its weeks are 11-08 and 11-15). EST = UTC−5.
 * Lena: $30.00/h in three rates, from 2026-01-01, 10-11 and 11-01. Worked 09:00–17:00 EST
 * (14:00Z–22:00Z, 480 min) on Mon 11-02, Mon 11-09, Tue 11-10, Mon 11-16 and Tue 11-17; approved
 * Sick leave Thu 11-19 (a standard 480-min day, pay code SICK). An added holiday Thu 11-12
 * ("Plant Day", before the lock): its 4 weeks before the week of 11-08 are 10-11 … 11-07, holding
 * Mon 11-02 (480 min): 480 ÷ 20 = 24 min of HOL, $240.00 ÷ 20 = $12.00. So the locked period's
 * pay also reads the weeks 10-11 … 11-07, which lie in the periods before it (not locked).
 */
const LOCK = { start: '2026-11-08', end: '2026-11-21' };
const LOCK_MESSAGE =
  'Those dates are in a locked pay period (Nov 8, 2026 to Nov 21, 2026). Ask an admin to reopen it first.';
const READS_MESSAGE =
  'Those dates count towards the pay of a locked pay period (Nov 8, 2026 to Nov 21, 2026): its weekly overtime or public holiday pay reads them. Ask an admin to reopen it first.';

function shift(start: string, end: string): PunchRow[] {
  return [
    { eventType: 'clock_in', occurredAt: start },
    { eventType: 'clock_out', occurredAt: end },
  ];
}

describeEachDatabase('a locked pay period does not change', (getDatabase) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: TestUser;
  let lena: TestUser;
  let cookie = '';
  const rateIds: Record<string, string> = {};

  const exportCsv = async () => {
    const url = `/api/payroll/export?date=${LOCK.start}&format=csv`;
    const response = await callApi(app, cookie, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };
  const refused = async (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) => {
    const response = await callApi(app, cookie, method, url, body);
    expect(response.statusCode, response.body).toBe(409);
    return response.json() as { code: string; message: string };
  };

  beforeAll(async () => {
    ({ db } = getDatabase());
    app = await buildTestApp(getDatabase().database);
    admin = await createTestUser(db, { role: 'admin' });
    lena = await createTestUser(db, { name: 'Lena Locked' });
    cookie = await signInAs(app, admin.email, admin.password);
    await insertPunches(
      db,
      lena.id,
      ['11-02', '11-09', '11-10', '11-16', '11-17'].flatMap((day) =>
        shift(`2026-${day}T14:00:00Z`, `2026-${day}T22:00:00Z`),
      ),
    );
    for (const effectiveFrom of ['2026-01-01', '2026-10-11', '2026-11-01']) {
      const { rate } = await expectApi<{ rate: { id: string } }>(
        app,
        cookie,
        'POST',
        '/api/payroll/rates',
        201,
        { userId: lena.id, effectiveFrom, hourlyCents: 3000 },
      );
      rateIds[effectiveFrom] = rate.id;
    }
    const [sick] = await db.select().from(timeOffTypes).where(eq(timeOffTypes.name, 'Sick'));
    await db.insert(timeOffRequests).values({
      userId: lena.id,
      typeId: sick!.id,
      startDate: '2026-11-19',
      endDate: '2026-11-19',
      daysX100: 100,
      status: 'approved',
    });
    await expectApi(app, cookie, 'POST', '/api/payroll/holidays', 201, {
      date: '2026-11-12',
      name: 'Plant Day',
    });
    await recomputeDays(db, 'America/Toronto', [lena.id], '2026-10-01', '2026-11-30');
    // Approve and lock the period (nobody submitted: forced).
    await expectApi(app, cookie, 'POST', '/api/timesheets/period/approve', 200, {
      date: LOCK.start,
      force: true,
    });
  });

  afterAll(async () => {
    await app.close();
  });

  it('refuses rates and holidays that would change the locked pay; the export stays the same', async () => {
    const first = await exportCsv();
    expect(first).toContain('Lena Locked,HOL,0.40,24,30.00,12.00');
    expect(first).toContain('Lena Locked,SICK,8.00,480,30.00,240.00');
    const lockRefusal = { code: 'period_locked', message: LOCK_MESSAGE };

    // The reproduction: a rate from a locked day, a holiday on a locked day.
    const rate = { userId: lena.id, hourlyCents: 3500 };
    expect(
      await refused('POST', '/api/payroll/rates', { ...rate, effectiveFrom: '2026-11-09' }),
    ).toEqual(lockRefusal);
    expect(
      await refused('POST', '/api/payroll/holidays', { date: '2026-11-18', name: 'Late Day' }),
    ).toEqual(lockRefusal);
    // Removing the rate the locked days are paid at, or the locked holiday.
    expect(await refused('DELETE', `/api/payroll/rates/${rateIds['2026-11-01']}`)).toEqual(
      lockRefusal,
    );
    expect(await refused('DELETE', '/api/payroll/holidays/2026-11-12')).toEqual(lockRefusal);
    // Paying the locked Sick day under another code.
    const [sick] = await db.select().from(timeOffTypes).where(eq(timeOffTypes.name, 'Sick'));
    const sickType = { name: 'Sick', isPaid: sick!.isPaid, isUnlimited: sick!.isUnlimited };
    const url = `/api/time-off/types/${sick!.id}`;
    expect(await refused('PUT', url, { ...sickType, payCode: 'UNPAID' })).toEqual(lockRefusal);
    // Rates on days before the lock that its holiday pay reads (10-11 … 11-07): a new rate from
    // 10-20 (until 10-31), or removing the 10-11 rate (its days would fall to the 01-01 rate).
    const reads = { code: 'period_locked', message: READS_MESSAGE };
    expect(
      await refused('POST', '/api/payroll/rates', { ...rate, effectiveFrom: '2026-10-20' }),
    ).toEqual(reads);
    expect(await refused('DELETE', `/api/payroll/rates/${rateIds['2026-10-11']}`)).toEqual(reads);
    // The same rule holds for time off: Lena asking for Tue 11-03 would change that holiday pay.
    const lenaCookie = await signInAs(app, lena.email, lena.password);
    const [vacation] = await db
      .select()
      .from(timeOffTypes)
      .where(eq(timeOffTypes.name, 'Vacation'));
    const asked = await callApi(app, lenaCookie, 'POST', '/api/time-off', {
      typeId: vacation!.id,
      startDate: '2026-11-03',
      endDate: '2026-11-03',
    });
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json()).toEqual(reads);

    expect(await exportCsv()).toBe(first);
    expect(await auditRowsFor(db, '2026-11-18', 'public_holiday.add')).toHaveLength(0);
  });

  it('still accepts writes that touch only days the locked pay does not read', async () => {
    const first = await exportCsv();
    // From the day after the lock: the locked days keep $30.00.
    await expectApi(app, cookie, 'POST', '/api/payroll/rates', 201, {
      userId: lena.id,
      effectiveFrom: '2026-11-22',
      hourlyCents: 3500,
    });
    // Before the weeks the locked pay reads, ending before them (the next rate starts 10-11).
    await expectApi(app, cookie, 'POST', '/api/payroll/rates', 201, {
      userId: lena.id,
      effectiveFrom: '2026-09-01',
      hourlyCents: 2800,
    });
    await expectApi(app, cookie, 'DELETE', `/api/payroll/rates/${rateIds['2026-01-01']}`, 204);
    await expectApi(app, cookie, 'POST', '/api/payroll/holidays', 201, {
      date: '2026-11-25',
      name: 'After Day',
    });
    expect(await exportCsv()).toBe(first);
  });
});
