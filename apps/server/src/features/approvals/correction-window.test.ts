import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { createCorrection, torontoInstant } from '../../test/approvals.ts';
import { buildTestApp, CSRF_HEADERS, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { TORONTO } from '../../test/time-tracking.ts';
import { countAuditRows } from '../../test/users.ts';

/** Issue #12 item 8: how far back a correction may be asked for. */
describeEachDatabase('the correction window', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  const today = () => toBusinessDate(new Date(), TORONTO);

  async function signedIn(role: TestUser['role']) {
    const user = await createTestUser(db(), { role });
    return signInAs(app, user.email, user.password);
  }

  const missedClockIn = (date: string) => ({
    kind: 'add' as const,
    eventType: 'clock_in' as const,
    occurredAt: torontoInstant(date, '09:00'),
    reason: 'Forgot to clock in',
  });

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database, { correctionWindowDays: 14 });
  });
  afterAll(() => app.close());

  it('lets people ask for the days within the window', async () => {
    const cookie = await signedIn('employee');
    const oldest = shiftDate(today(), -14);
    const correction = await createCorrection(app, cookie, missedClockIn(oldest));
    expect(correction.date).toBe(oldest);
  });

  it.each([
    ['the day before the window', () => shiftDate(today(), -15)],
    ['1970-01-01', () => '1970-01-01'],
  ])('refuses an employee %s with a clear message and no change', async (_label, date) => {
    for (const role of ['employee', 'team_lead', 'sme'] as const) {
      const cookie = await signedIn(role);
      const auditBefore = await countAuditRows(db());
      const response = await callApi(
        app,
        cookie,
        'POST',
        '/api/corrections',
        missedClockIn(date()),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'correction_too_old',
        message:
          'Corrections can be asked for the last 14 days only. Ask an admin to correct older time.',
      });
      expect(await countAuditRows(db())).toBe(auditBefore);
    }
  });

  it('lets an admin go further back, up to a year', async () => {
    const cookie = await signedIn('admin');
    const older = shiftDate(today(), -200);
    expect((await createCorrection(app, cookie, missedClockIn(older))).date).toBe(older);
    const response = await callApi(
      app,
      cookie,
      'POST',
      '/api/corrections',
      missedClockIn('1970-01-01'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'correction_too_old',
      message: 'Corrections can go back 366 days at most.',
    });
  });

  it('says a one-day window in the singular, in either language', async () => {
    const oneDay = await buildTestApp(getDatabase().database, { correctionWindowDays: 1 });
    try {
      const user = await createTestUser(db(), { role: 'employee' });
      const cookie = await signInAs(oneDay, user.email, user.password);
      const ask = (language: string) =>
        oneDay.inject({
          method: 'POST',
          url: '/api/corrections',
          headers: { ...CSRF_HEADERS, cookie, 'accept-language': language },
          payload: missedClockIn(shiftDate(today(), -3)),
        });
      expect((await ask('en')).json().message).toBe(
        'Corrections can be asked for the last day only. Ask an admin to correct older time.',
      );
      expect((await ask('fr-CA')).json().message).toBe(
        'Les corrections ne peuvent être demandées que pour le dernier jour. Demandez à un administrateur de corriger le temps plus ancien.',
      );
    } finally {
      await oneDay.close();
    }
  });
});
