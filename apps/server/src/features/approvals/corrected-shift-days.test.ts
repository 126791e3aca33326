import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PersonDay, WorkedHoursReport } from '@punchclock/shared/contracts/reports';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import {
  correctionDates,
  createCorrection,
  decide,
  readDayMetrics,
  torontoInstant,
} from '../../test/approvals.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { seedAssignment, seedTemplate } from '../../test/schedules.ts';
import { TORONTO } from '../../test/time-tracking.ts';
import { expectApi } from '../../test/users.ts';
import { recomputeDays, recomputeQueuedDays } from '../reports/recompute.ts';

/*
 * Issue #12 items 1 and 2: a shift made (partly or wholly) of approved corrections belongs to
 * one day, chosen by the same rule as live punches, and counts everywhere a punched day does.
 * Expected minutes are worked out here from the instants themselves, not by the server's code.
 */

interface Person {
  user: TestUser;
  cookie: string;
}

/** Minutes between two instants: the independent figure a night's pay must match. */
const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

/** Nights starting on these evenings, one per test; a spring-forward and a fall-back night. */
const NIGHTS = {
  springForward: '2026-03-07', // 02:00 → 03:00 on the 8th: the night is 7 h
  fallBack: '2026-10-31', // 02:00 → 01:00 on 1 November: the night is 9 h
  bothPending: '2026-09-08',
  reverseOrder: '2026-09-15',
  rejectedClockIn: '2026-09-22',
};
/** An unscheduled Saturday worked only through corrections. */
const SATURDAY = '2026-09-26';

describeEachDatabase('shift days of corrected punches', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let sme: Person;
  let admin: Person;
  let nightTemplateId: string;

  async function person(role: TestUser['role'] = 'employee'): Promise<Person> {
    const user = await createTestUser(db(), { role });
    return { user, cookie: await signInAs(app, user.email, user.password) };
  }

  /** A night-shift worker (22:00–06:00 every day, no lunch window) since the spring. */
  async function nightWorker(): Promise<Person> {
    const worker = await person();
    await seedAssignment(db(), {
      userId: worker.user.id,
      templateId: nightTemplateId,
      dateRangeStart: '2026-03-01',
      dateRangeEnd: '2026-12-31',
    });
    return worker;
  }

  function addPunch(who: Person, eventType: 'clock_in' | 'clock_out', at: string) {
    return createCorrection(app, who.cookie, {
      kind: 'add',
      eventType,
      occurredAt: at,
      reason: eventType === 'clock_in' ? 'Forgot to clock in' : 'Forgot to clock out',
    });
  }

  async function approve(...ids: string[]) {
    const results = await decide(
      app,
      sme.cookie,
      ids.map((id) => ({ type: 'correction' as const, id })),
      'approve',
    );
    expect(results.every((result) => result.ok)).toBe(true);
  }

  async function personDays(who: Person, from: string, to: string): Promise<PersonDay[]> {
    const body = await expectApi<{ days: PersonDay[] }>(
      app,
      admin.cookie,
      'GET',
      `/api/reports/person-days?userId=${who.user.id}&from=${from}&to=${to}`,
      200,
    );
    return body.days;
  }

  /** The night's day shows the whole shift; the morning after shows nothing. */
  async function expectWholeNightOnEvening(who: Person, evening: string, minutes: number) {
    await recomputeQueuedDays(db(), TORONTO);
    const morning = shiftDate(evening, 1);
    expect(await readDayMetrics(db(), who.user.id, evening)).toMatchObject({
      status: 'complete',
      workedMinutes: minutes,
      missedClockOut: false,
      earlyLeaveMinutes: 0,
      isCorrected: true,
    });
    const days = await personDays(who, evening, morning);
    const eveningRow = days.find((day) => day.date === evening);
    expect(eveningRow).toMatchObject({ workedMinutes: minutes, missedClockOut: false });
    expect(eveningRow?.conformancePct).toBeLessThanOrEqual(100);
    const morningRow = days.find((day) => day.date === morning);
    // The morning after is its own scheduled night (not yet worked): nothing of the shift is there.
    expect(morningRow?.workedMinutes ?? 0).toBe(0);
  }

  beforeAll(async () => {
    // Tests here correct nights months back: the correction window is not what they are about.
    app = await buildTestApp(getDatabase().database, { correctionWindowDays: 3650 });
    sme = await person('sme');
    admin = await person('admin');
    const template = await seedTemplate(db(), {
      workStart: '22:00',
      workEnd: '06:00',
      lunchStart: null,
      lunchEnd: null,
      workingDays: [0, 1, 2, 3, 4, 5, 6],
    });
    nightTemplateId = template.id;
  });

  afterAll(() => app.close());

  it.each([
    ['the spring-forward night', NIGHTS.springForward],
    ['the fall-back night', NIGHTS.fallBack],
  ])(
    'files a clock-out added after an approved clock-in with the night it ends (%s)',
    async (_label, evening) => {
      const worker = await nightWorker();
      const morning = shiftDate(evening, 1);
      const clockInAt = torontoInstant(evening, '22:00');
      const clockOutAt = torontoInstant(morning, '06:00');
      const clockIn = await addPunch(worker, 'clock_in', clockInAt);
      expect(clockIn.date).toBe(evening);
      await approve(clockIn.id);
      const clockOut = await addPunch(worker, 'clock_out', clockOutAt);
      expect(clockOut.date).toBe(evening);
      await approve(clockOut.id);
      await expectWholeNightOnEvening(worker, evening, minutesBetween(clockInAt, clockOutAt));
    },
  );

  it('files both halves of a night asked for together with the evening', async () => {
    const worker = await nightWorker();
    const evening = NIGHTS.bothPending;
    const clockInAt = torontoInstant(evening, '22:00');
    const clockOutAt = torontoInstant(shiftDate(evening, 1), '06:00');
    const clockIn = await addPunch(worker, 'clock_in', clockInAt);
    const clockOut = await addPunch(worker, 'clock_out', clockOutAt);
    expect([clockIn.date, clockOut.date]).toEqual([evening, evening]);
    await approve(clockOut.id, clockIn.id);
    await expectWholeNightOnEvening(worker, evening, 480);
  });

  it('refiles a clock-out asked for first once the clock-in before it is asked for', async () => {
    const worker = await nightWorker();
    const evening = NIGHTS.reverseOrder;
    const morning = shiftDate(evening, 1);
    const clockOut = await addPunch(worker, 'clock_out', torontoInstant(morning, '06:00'));
    // Nothing open before it yet: on its own it belongs to its own day, as a live punch would.
    expect(clockOut.date).toBe(morning);
    const clockIn = await addPunch(worker, 'clock_in', torontoInstant(evening, '22:00'));
    expect(clockIn.date).toBe(evening);
    expect(await correctionDates(db(), worker.user.id)).toEqual({
      [clockIn.id]: evening,
      [clockOut.id]: evening,
    });
    await approve(clockIn.id, clockOut.id);
    await expectWholeNightOnEvening(worker, evening, 480);
  });

  it('moves a pending clock-out back to its own day when the clock-in is rejected', async () => {
    const worker = await nightWorker();
    const evening = NIGHTS.rejectedClockIn;
    const morning = shiftDate(evening, 1);
    const clockIn = await addPunch(worker, 'clock_in', torontoInstant(evening, '22:00'));
    const clockOut = await addPunch(worker, 'clock_out', torontoInstant(morning, '06:00'));
    expect(clockOut.date).toBe(evening);
    const [rejected] = await decide(
      app,
      sme.cookie,
      [{ type: 'correction', id: clockIn.id }],
      'reject',
    );
    expect(rejected?.ok).toBe(true);
    expect((await correctionDates(db(), worker.user.id))[clockOut.id]).toBe(morning);
  });

  it('counts a day made only of approved corrections in every report', async () => {
    const worker = await person();
    const clockIn = await addPunch(worker, 'clock_in', torontoInstant(SATURDAY, '09:00'));
    const clockOut = await addPunch(worker, 'clock_out', torontoInstant(SATURDAY, '13:00'));
    await approve(clockIn.id, clockOut.id);
    await recomputeQueuedDays(db(), TORONTO);
    expect(await readDayMetrics(db(), worker.user.id, SATURDAY)).toMatchObject({
      status: 'unscheduled',
      workedMinutes: 240,
      unscheduledMinutes: 240,
      isCorrected: true,
    });
    expect(await personDays(worker, SATURDAY, SATURDAY)).toEqual([
      expect.objectContaining({ date: SATURDAY, workedMinutes: 240, status: 'unscheduled' }),
    ]);
    const hours = await expectApi<WorkedHoursReport>(
      app,
      admin.cookie,
      'GET',
      `/api/reports/worked-hours?from=${SATURDAY}&to=${SATURDAY}&groupBy=day`,
      200,
    );
    expect(hours.rows.filter((row) => row.userId === worker.user.id)).toEqual([
      expect.objectContaining({ bucket: SATURDAY, workedMinutes: 240, days: 1 }),
    ]);
    // A full recalculation of the range keeps it (it used to skip days without raw punches).
    await recomputeDays(db(), TORONTO, [worker.user.id], SATURDAY, SATURDAY);
    expect(await readDayMetrics(db(), worker.user.id, SATURDAY)).toMatchObject({
      workedMinutes: 240,
    });
  });
});
