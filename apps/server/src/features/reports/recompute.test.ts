import { TZDate } from '@date-fns/tz';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeRunSchema, type RecomputeRun } from '@punchclock/shared/contracts/reports';
import { computeDayMetrics } from '@punchclock/shared/domain/adherence';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { ShiftPattern } from '@punchclock/shared/domain/schedule';
import type { Db } from '../../db/client.ts';
import { dayMetrics, dayMetricsQueue, recomputeRuns, timeEvents } from '../../db/schema.ts';
import { SYSTEM_META } from '../../platform/request-meta.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { datesInRange, planFromPattern } from '../../test/reports.ts';
import { seedDraftShift, seedPublishedShift } from '../../test/roster-fixtures.ts';
import { callApi, seedAssignment, seedTemplate } from '../../test/schedules.ts';
import {
  createSessionUser,
  getJson,
  insertPunches,
  postTimeEvent,
  TORONTO,
  type PunchRow,
} from '../../test/time-tracking.ts';
import { auditRowsFor, seedTeam } from '../../test/users.ts';
import { planFor, recomputeDays, recomputeQueuedDays, sweepScheduledDays } from './recompute.ts';
import { processNextRecomputeRun, requestRecompute } from './recompute-runs.ts';

const MINUTE = 60_000;

const EVERY_DAY_NINE_TO_FIVE: ShiftPattern = {
  workStart: '09:00',
  workEnd: '17:00',
  lunchStart: '12:00',
  lunchEnd: '12:30',
  breakDurationMins: 15,
  workingDays: [0, 1, 2, 3, 4, 5, 6],
};
/**
 * The last day a recomputation stores for someone unpunched on `pattern`: today once today's
 * shift has started, yesterday before then (a shift counts from the moment it starts).
 */
function lastBegunDay(pattern: ShiftPattern, now = new Date()): string {
  const today = toBusinessDate(now, TORONTO);
  const plan = planFromPattern(pattern, today, 'any');
  return plan && now < plan.start ? shiftDate(today, -1) : today;
}

const NIGHT: ShiftPattern = {
  workStart: '22:00',
  workEnd: '06:00',
  lunchStart: '02:00',
  lunchEnd: '02:30',
  breakDurationMins: 15,
  workingDays: [0, 1, 2, 3, 4, 5, 6],
};

/** An assignment row as loadAssignments returns it (times as PostgreSQL prints them). */
function assignmentOf(pattern: ShiftPattern, from: string, to: string) {
  return {
    userId: '00000000-0000-4000-8000-000000000001',
    dateRangeStart: from,
    dateRangeEnd: to,
    templateName: 'Night',
    workStart: `${pattern.workStart}:00`,
    workEnd: `${pattern.workEnd}:00`,
    lunchStart: pattern.lunchStart && `${pattern.lunchStart}:00`,
    lunchEnd: pattern.lunchEnd && `${pattern.lunchEnd}:00`,
    breakDurationMins: pattern.breakDurationMins,
    workingDays: [...pattern.workingDays],
  };
}

/** Toronto wall-clock time ("HH:mm") on a date as an ISO instant. */
function toronto(date: string, time: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(
    new TZDate(year, month - 1, day, hours, minutes, TORONTO).getTime(),
  ).toISOString();
}

async function storedDay(db: Db, userId: string, date: string) {
  const [row] = await db
    .select()
    .from(dayMetrics)
    .where(and(eq(dayMetrics.userId, userId), eq(dayMetrics.date, date)));
  return row;
}

async function queuedDates(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ date: dayMetricsQueue.date })
    .from(dayMetricsQueue)
    .where(eq(dayMetricsQueue.userId, userId));
  return rows.map((row) => row.date).sort();
}

describe('planFor', () => {
  it('puts a night shift’s lunch on the next day’s wall clock', () => {
    const plan = planFor(assignmentOf(NIGHT, '2026-06-01', '2026-06-30'), '2026-06-10', TORONTO);
    expect(plan).toEqual({
      templateName: 'Night',
      start: new Date(toronto('2026-06-10', '22:00')),
      end: new Date(toronto('2026-06-11', '06:00')),
      lunchStart: new Date(toronto('2026-06-11', '02:00')),
      lunchEnd: new Date(toronto('2026-06-11', '02:30')),
      breakAllowanceMinutes: 15,
    });
  });

  it('keeps the lunch at 02:00 local on the night the clocks fall back', () => {
    const plan = planFor(assignmentOf(NIGHT, '2026-10-01', '2026-11-30'), '2026-10-31', TORONTO);
    expect(plan?.start.toISOString()).toBe('2026-11-01T02:00:00.000Z'); // 22:00 EDT
    expect(plan?.end.toISOString()).toBe('2026-11-01T11:00:00.000Z'); // 06:00 EST
    expect(plan?.lunchStart?.toISOString()).toBe('2026-11-01T07:00:00.000Z'); // 02:00 EST
    expect(plan?.lunchEnd?.toISOString()).toBe('2026-11-01T07:30:00.000Z');
  });

  it('has no plan on a day off', () => {
    const weekdays = { ...NIGHT, workingDays: [1, 2, 3, 4, 5] };
    expect(planFor(assignmentOf(weekdays, '2026-06-01', '2026-06-30'), '2026-06-13', TORONTO)).toBe(
      null,
    );
    expect(planFor(undefined, '2026-06-13', TORONTO)).toBe(null);
  });
});

describeEachDatabase('day metrics recomputation', (getDatabase) => {
  let app: FastifyInstance;
  let admin: TestUser;
  let adminCookie: string;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    admin = await createTestUser(getDatabase().db, { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await app.close();
  });

  /** A person on a template from `from` to `to`, their queued days cleared again. */
  async function personOn(pattern: ShiftPattern, from: string, to: string) {
    const { db } = getDatabase();
    const user = await createTestUser(db);
    const template = await seedTemplate(db, { ...pattern, workingDays: [...pattern.workingDays] });
    await seedAssignment(db, {
      userId: user.id,
      templateId: template.id,
      dateRangeStart: from,
      dateRangeEnd: to,
    });
    await db.delete(dayMetricsQueue).where(eq(dayMetricsQueue.userId, user.id));
    return { user, templateName: template.name };
  }

  describe('days after now', () => {
    // Issue #12: a shift counts once it has started — today's not-yet-started shift, like any
    // future day, adds no scheduled minutes and no absence.
    it('stores no row for a shift that has not started, and one once it has', async () => {
      const { db } = getDatabase();
      const day = '2026-11-10';
      const { user } = await personOn(
        EVERY_DAY_NINE_TO_FIVE,
        shiftDate(day, -3),
        shiftDate(day, 3),
      );
      const recomputeAt = (time: string) =>
        recomputeDays(db, TORONTO, [user.id], shiftDate(day, -1), shiftDate(day, 2), {
          now: new Date(toronto(day, time)),
        });

      await recomputeAt('08:00');
      expect(await storedDay(db, user.id, shiftDate(day, -1))).toMatchObject({
        status: 'absent',
        scheduledMinutes: 450,
      });
      expect(await storedDay(db, user.id, day)).toBeUndefined();
      expect(await storedDay(db, user.id, shiftDate(day, 1))).toBeUndefined();

      await recomputeAt('09:30');
      expect(await storedDay(db, user.id, day)).toMatchObject({
        status: 'in_progress',
        scheduledMinutes: 450,
      });
      expect(await storedDay(db, user.id, shiftDate(day, 1))).toBeUndefined();
    });

    it('keeps a day whose shift has not started when it was already punched', async () => {
      const { db } = getDatabase();
      const day = '2026-11-11';
      const { user } = await personOn(EVERY_DAY_NINE_TO_FIVE, day, day);
      await insertPunches(db, user.id, [
        { eventType: 'clock_in', occurredAt: toronto(day, '07:30') },
      ]);
      await recomputeDays(db, TORONTO, [user.id], day, day, {
        now: new Date(toronto(day, '08:00')),
      });
      expect(await storedDay(db, user.id, day)).toMatchObject({ status: 'in_progress' });
    });
  });

  describe('overnight shifts and DST', () => {
    it('gives an overnight shift’s punches after midnight to the day it started', async () => {
      const { db } = getDatabase();
      const { user, templateName } = await personOn(NIGHT, '2026-06-01', '2026-06-30');
      const punches: PunchRow[] = [
        { eventType: 'clock_in', occurredAt: toronto('2026-06-10', '22:00') },
        { eventType: 'break', occurredAt: toronto('2026-06-10', '23:30') },
        { eventType: 'clock_in', occurredAt: toronto('2026-06-10', '23:45') },
        { eventType: 'lunch', occurredAt: toronto('2026-06-11', '02:00') },
        { eventType: 'clock_in', occurredAt: toronto('2026-06-11', '02:30') },
        { eventType: 'clock_out', occurredAt: toronto('2026-06-11', '06:00') },
      ];
      await insertPunches(db, user.id, punches);
      const stored = await db
        .select({ date: timeEvents.date, shiftDate: timeEvents.shiftDate })
        .from(timeEvents)
        .where(eq(timeEvents.userId, user.id))
        .orderBy(timeEvents.occurredAt);
      expect(stored.map((row) => row.shiftDate)).toEqual(Array(6).fill('2026-06-10'));
      expect(stored.map((row) => row.date)).toEqual([
        '2026-06-10',
        '2026-06-10',
        '2026-06-10',
        '2026-06-11',
        '2026-06-11',
        '2026-06-11',
      ]);

      await recomputeDays(db, TORONTO, [user.id], '2026-06-10', '2026-06-11');
      expect(await storedDay(db, user.id, '2026-06-10')).toMatchObject({
        status: 'complete',
        templateName,
        scheduledMinutes: 450,
        workedMinutes: 450,
        adherentMinutes: 450,
        lunchMinutes: 30,
        lateMinutes: 0,
        firstClockInHour: 22,
      });
      // The next night had a plan and no punches.
      expect(await storedDay(db, user.id, '2026-06-11')).toMatchObject({
        status: 'absent',
        scheduledMinutes: 450,
        workedMinutes: 0,
      });
    });

    it.each([
      ['fall back', '2026-10-31', '2026-11-01', 510],
      ['spring forward', '2026-03-07', '2026-03-08', 390],
    ])(
      'scores a night worked to plan in full when the clocks %s (%s)',
      async (_label, date, next, scheduled) => {
        const { db } = getDatabase();
        const lunch = date === '2026-03-07' ? ['01:00', '01:30'] : ['02:00', '02:30'];
        const pattern = { ...NIGHT, lunchStart: lunch[0] ?? null, lunchEnd: lunch[1] ?? null };
        const { user } = await personOn(pattern, shiftDate(date, -1), next);
        await insertPunches(db, user.id, [
          { eventType: 'clock_in', occurredAt: toronto(date, '22:00') },
          { eventType: 'lunch', occurredAt: toronto(next, lunch[0] ?? '') },
          { eventType: 'clock_in', occurredAt: toronto(next, lunch[1] ?? '') },
          { eventType: 'clock_out', occurredAt: toronto(next, '06:00') },
        ]);
        await recomputeDays(db, TORONTO, [user.id], date, date);
        expect(await storedDay(db, user.id, date)).toMatchObject({
          status: 'complete',
          scheduledMinutes: scheduled,
          workedMinutes: scheduled,
          lunchMinutes: 30,
          adherentMinutes: scheduled,
          overbreakMinutes: 0,
        });
      },
    );
  });

  // #30: a person's published roster shift on a date takes the place of their template's.
  describe('published roster shifts', () => {
    it('scores a day against its published shift, not the assignment’s template', async () => {
      const { db } = getDatabase();
      const { user, templateName } = await personOn(
        EVERY_DAY_NINE_TO_FIVE,
        '2026-06-15',
        '2026-06-19',
      );
      await seedPublishedShift(db, {
        userId: user.id,
        date: '2026-06-17',
        startTime: '13:00',
        endTime: '21:00',
        position: 'Cashier',
      });
      // A draft is nobody's plan: the 18th stays the template's.
      await seedDraftShift(db, {
        userId: user.id,
        date: '2026-06-18',
        startTime: '13:00',
        endTime: '21:00',
        position: 'Cashier',
      });
      await insertPunches(db, user.id, [
        { eventType: 'clock_in', occurredAt: toronto('2026-06-17', '13:10') },
        { eventType: 'clock_out', occurredAt: toronto('2026-06-17', '21:00') },
      ]);
      await recomputeDays(db, TORONTO, [user.id], '2026-06-16', '2026-06-18');
      // Under the template (09:00–17:00) this would be four hours late and four unscheduled.
      expect(await storedDay(db, user.id, '2026-06-17')).toMatchObject({
        status: 'complete',
        templateName: 'Cashier',
        scheduledMinutes: 480,
        workedMinutes: 470,
        lateMinutes: 10,
        adherentMinutes: 470,
        unscheduledMinutes: 0,
        earlyLeaveMinutes: 0,
      });
      for (const date of ['2026-06-16', '2026-06-18']) {
        expect(await storedDay(db, user.id, date)).toMatchObject({
          status: 'absent',
          templateName,
          scheduledMinutes: 450,
        });
      }
    });

    it('makes a template’s day off a working day, and absent when nobody came', async () => {
      const { db } = getDatabase();
      const weekdays = { ...EVERY_DAY_NINE_TO_FIVE, workingDays: [1, 2, 3, 4, 5] };
      const { user } = await personOn(weekdays, '2026-06-15', '2026-06-21');
      await seedPublishedShift(db, {
        userId: user.id,
        date: '2026-06-20', // a Saturday
        startTime: '10:00',
        endTime: '14:00',
      });
      await recomputeDays(db, TORONTO, [user.id], '2026-06-20', '2026-06-21');
      expect(await storedDay(db, user.id, '2026-06-20')).toMatchObject({
        status: 'absent',
        templateName: 'Shift',
        scheduledMinutes: 240,
      });
      expect(await storedDay(db, user.id, '2026-06-21')).toBeUndefined();
    });

    it('names a shift without a position after its team', async () => {
      const { db } = getDatabase();
      const { user } = await personOn(EVERY_DAY_NINE_TO_FIVE, '2026-06-22', '2026-06-28');
      const team = await seedTeam(db);
      await seedPublishedShift(db, {
        userId: user.id,
        teamId: team.id,
        date: '2026-06-23',
        startTime: '10:00',
        endTime: '14:00',
      });
      await recomputeDays(db, TORONTO, [user.id], '2026-06-23', '2026-06-23');
      expect(await storedDay(db, user.id, '2026-06-23')).toMatchObject({
        templateName: team.name,
        scheduledMinutes: 240,
      });
    });

    it.each([
      ['fall back', '2026-10-31', '2026-11-01', 540],
      ['spring forward', '2026-03-07', '2026-03-08', 420],
    ])(
      'scores an overnight published shift with its real length when the clocks %s (%s)',
      async (_label, date, next, minutes) => {
        const { db } = getDatabase();
        // Without a template at all: the published shift is the whole plan.
        const user = await createTestUser(db);
        await seedPublishedShift(db, {
          userId: user.id,
          date,
          startTime: '22:00',
          endTime: '06:00',
          position: 'Night porter',
        });
        await insertPunches(db, user.id, [
          { eventType: 'clock_in', occurredAt: toronto(date, '22:00') },
          { eventType: 'clock_out', occurredAt: toronto(next, '06:00') },
        ]);
        await recomputeDays(db, TORONTO, [user.id], date, next);
        expect(await storedDay(db, user.id, date)).toMatchObject({
          status: 'complete',
          templateName: 'Night porter',
          scheduledMinutes: minutes,
          workedMinutes: minutes,
          adherentMinutes: minutes,
          lateMinutes: 0,
        });
        // The night belongs to the day it started: nothing planned or punched on the next.
        expect(await storedDay(db, user.id, next)).toBeUndefined();
      },
    );

    it('replaces an overnight template shift with its published shift across a DST night', async () => {
      const { db } = getDatabase();
      const { user } = await personOn(NIGHT, '2026-10-30', '2026-11-02');
      await seedPublishedShift(db, {
        userId: user.id,
        date: '2026-10-31',
        startTime: '20:00',
        endTime: '04:00',
      });
      await recomputeDays(db, TORONTO, [user.id], '2026-10-31', '2026-10-31', {
        now: new Date(toronto('2026-11-02', '12:00')),
      });
      // 20:00 EDT to 04:00 EST is 9 real hours; the template's night was 9 h less 30 min lunch.
      expect(await storedDay(db, user.id, '2026-10-31')).toMatchObject({
        status: 'absent',
        templateName: 'Shift',
        scheduledMinutes: 540,
      });
    });
  });

  describe('the hourly sweep', () => {
    it('queues yesterday and today for people with a published shift and no template', async () => {
      const { db } = getDatabase();
      const today = toBusinessDate(new Date(), TORONTO);
      const rostered = await createTestUser(db);
      const drafted = await createTestUser(db);
      await seedPublishedShift(db, {
        userId: rostered.id,
        date: today,
        startTime: '09:00',
        endTime: '17:00',
      });
      await seedDraftShift(db, {
        userId: drafted.id,
        date: today,
        startTime: '09:00',
        endTime: '17:00',
      });
      await db.execute(sql`delete from app_settings where key = 'day_metrics.last_sweep'`);
      expect(await sweepScheduledDays(db, TORONTO)).toBe(true);
      expect(await queuedDates(db, rostered.id)).toEqual([today]);
      expect(await queuedDates(db, drafted.id)).toEqual([]);
    });
  });

  describe('the stale-day queue', () => {
    it('queues the shift day of a punch recorded through the API, and the queue job computes it', async () => {
      const { db } = getDatabase();
      const user = await createSessionUser(db);
      const clockedInAt = new Date(Date.now() - 90 * MINUTE);
      const day = toBusinessDate(clockedInAt, TORONTO);
      await insertPunches(db, user.id, [
        { eventType: 'clock_in', occurredAt: clockedInAt.toISOString() },
      ]);
      expect(await queuedDates(db, user.id)).toEqual([]);

      const response = await postTimeEvent(app, user.cookie, { eventType: 'clock_out' });
      expect(response.statusCode, response.body).toBe(201);
      // The clock-out belongs to the shift opened 90 minutes ago, whatever day it is now.
      expect(await queuedDates(db, user.id)).toEqual([day]);
      expect(await storedDay(db, user.id, day)).toBeUndefined();

      expect(await recomputeQueuedDays(db, TORONTO)).toBeGreaterThanOrEqual(1);
      expect(await queuedDates(db, user.id)).toEqual([]);
      const stored = await storedDay(db, user.id, day);
      expect(stored).toMatchObject({ status: 'unscheduled', scheduledMinutes: 0 });
      expect(stored?.workedMinutes).toBeGreaterThanOrEqual(89);
      expect(stored?.workedMinutes).toBeLessThanOrEqual(91);
      expect(stored?.unscheduledMinutes).toBe(stored?.workedMinutes);

      // A later punch queues the day again, and the recomputation replaces the row.
      expect((await postTimeEvent(app, user.cookie, { eventType: 'clock_in' })).statusCode).toBe(
        201,
      );
      const today = toBusinessDate(new Date(), TORONTO);
      expect(await queuedDates(db, user.id)).toEqual([today]);
      await recomputeQueuedDays(db, TORONTO);
      expect(await queuedDates(db, user.id)).toEqual([]);
      expect(await storedDay(db, user.id, today)).toBeDefined();
    });

    it('queues the past days of a new assignment, and not the far future', async () => {
      const { db } = getDatabase();
      const user = await createTestUser(db);
      const template = await seedTemplate(db, {
        ...EVERY_DAY_NINE_TO_FIVE,
        workingDays: [...EVERY_DAY_NINE_TO_FIVE.workingDays],
      });
      const today = toBusinessDate(new Date(), TORONTO);
      const horizon = shiftDate(toBusinessDate(new Date(), 'UTC'), 1);
      await seedAssignment(db, {
        userId: user.id,
        templateId: template.id,
        dateRangeStart: shiftDate(today, -5),
        dateRangeEnd: shiftDate(today, 40),
      });
      expect(await queuedDates(db, user.id)).toEqual(datesInRange(shiftDate(today, -5), horizon));

      await recomputeQueuedDays(db, TORONTO);
      expect(await queuedDates(db, user.id)).toEqual([]);
      const rows = await db
        .select({ date: dayMetrics.date, status: dayMetrics.status })
        .from(dayMetrics)
        .where(eq(dayMetrics.userId, user.id))
        .orderBy(dayMetrics.date);
      // Nothing is stored for days that have not begun; past days with no punches are absences.
      expect(rows.map((row) => row.date)).toEqual(
        datesInRange(shiftDate(today, -5), lastBegunDay(EVERY_DAY_NINE_TO_FIVE)),
      );
      expect(rows.slice(0, 5).map((row) => row.status)).toEqual(Array(5).fill('absent'));
    });

    it('queues a template’s assigned days again when the template changes', async () => {
      const { db } = getDatabase();
      const { user } = await personOn(EVERY_DAY_NINE_TO_FIVE, '2026-04-06', '2026-04-10');
      expect(await queuedDates(db, user.id)).toEqual([]);
      const [assignment] = await db
        .execute(
          sql`select template_id as "templateId" from assigned_schedules where user_id = ${user.id}`,
        )
        .then((result) => (result as unknown as { rows: { templateId: string }[] }).rows);
      const response = await callApi(
        app,
        adminCookie,
        'PUT',
        `/api/schedule-templates/${assignment?.templateId}`,
        {
          name: `Changed ${user.id.slice(0, 8)}`,
          ...EVERY_DAY_NINE_TO_FIVE,
          workStart: '08:00',
          workingDays: [...EVERY_DAY_NINE_TO_FIVE.workingDays],
        },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(await queuedDates(db, user.id)).toEqual(datesInRange('2026-04-06', '2026-04-10'));
      await recomputeQueuedDays(db, TORONTO);
      expect(await storedDay(db, user.id, '2026-04-08')).toMatchObject({
        status: 'absent',
        scheduledMinutes: 510,
      });
    });
  });

  describe('recompute runs', () => {
    const FROM = '2026-05-04';
    const TO = '2026-05-10';

    async function runOf(id: string): Promise<RecomputeRun> {
      const response = await getJson(app, adminCookie, `/api/reports/recompute/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      const { run } = response.json() as { run: RecomputeRun };
      expect(recomputeRunSchema.parse(run)).toEqual(run);
      return run;
    }

    async function postRecompute(payload: Record<string, unknown>) {
      return callApi(app, adminCookie, 'POST', '/api/reports/recompute', payload);
    }

    /** Drain whatever other tests queued, so each test starts with no queued run. */
    async function drainRuns() {
      const { db } = getDatabase();
      while (await processNextRecomputeRun(db, TORONTO)) {
        // keep going
      }
    }

    it('queues a run (202), and the job completes it and writes the metrics', async () => {
      const { db } = getDatabase();
      await drainRuns();
      const first = await personOn(EVERY_DAY_NINE_TO_FIVE, FROM, TO);
      const second = await personOn(EVERY_DAY_NINE_TO_FIVE, FROM, TO);
      const punches: PunchRow[] = [
        { eventType: 'clock_in', occurredAt: toronto('2026-05-05', '09:20') },
        { eventType: 'lunch', occurredAt: toronto('2026-05-05', '12:00') },
        { eventType: 'clock_in', occurredAt: toronto('2026-05-05', '12:30') },
        { eventType: 'clock_out', occurredAt: toronto('2026-05-05', '17:00') },
      ];
      await insertPunches(db, first.user.id, punches);
      const ids = [first.user.id, second.user.id];
      const before = await db.select().from(dayMetrics).where(inArray(dayMetrics.userId, ids));
      expect(before).toEqual([]);

      const response = await postRecompute({ from: FROM, to: TO, userIds: ids });
      expect(response.statusCode, response.body).toBe(202);
      const { run } = response.json() as { run: RecomputeRun };
      expect(recomputeRunSchema.parse(run)).toEqual(run);
      expect(run).toMatchObject({
        fromDate: FROM,
        toDate: TO,
        totalDays: 14,
        doneDays: 0,
        status: 'queued',
        error: null,
        finishedAt: null,
      });
      expect(await runOf(run.id)).toEqual(run);
      const audit = await auditRowsFor(db, run.id, 'adherence.recompute');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorId: admin.id,
        entityType: 'recompute_run',
        after: { from: FROM, to: TO, people: 2 },
      });
      const listed = await getJson(app, adminCookie, '/api/reports/recompute');
      expect(listed.statusCode).toBe(200);
      expect((listed.json() as { runs: RecomputeRun[] }).runs[0]).toEqual(run);

      expect(await processNextRecomputeRun(db, TORONTO)).toBe(true);
      const done = await runOf(run.id);
      expect(done).toMatchObject({ status: 'done', doneDays: 14, totalDays: 14, error: null });
      expect(done.finishedAt).not.toBeNull();

      const rows = await db
        .select()
        .from(dayMetrics)
        .where(inArray(dayMetrics.userId, ids))
        .orderBy(dayMetrics.userId, dayMetrics.date);
      expect(rows).toHaveLength(14);
      const late = await storedDay(db, first.user.id, '2026-05-05');
      const plan = planFromPattern(EVERY_DAY_NINE_TO_FIVE, '2026-05-05', first.templateName);
      const wanted = computeDayMetrics({
        plan,
        events: punches.map((punch) => ({ ...punch, date: '2026-05-05' })),
        now: new Date(),
      });
      expect(late).toMatchObject({
        status: 'complete',
        scheduledMinutes: wanted.scheduledMinutes,
        workedMinutes: wanted.workedMinutes,
        adherentMinutes: wanted.adherentMinutes,
        lateMinutes: 20,
      });
      expect(wanted.adherentMinutes).toBe(430);
      const others = rows.filter(
        (row) => !(row.userId === first.user.id && row.date === '2026-05-05'),
      );
      expect(new Set(others.map((row) => row.status))).toEqual(new Set(['absent']));

      expect(await processNextRecomputeRun(db, TORONTO)).toBe(false);
    });

    it('repairs stored metrics that went wrong', async () => {
      const { db } = getDatabase();
      await drainRuns();
      const { user } = await personOn(EVERY_DAY_NINE_TO_FIVE, FROM, TO);
      await recomputeDays(db, TORONTO, [user.id], FROM, TO);
      const good = await storedDay(db, user.id, '2026-05-06');
      await db
        .update(dayMetrics)
        .set({ status: 'complete', adherentMinutes: 1, scheduledMinutes: 2 })
        .where(eq(dayMetrics.userId, user.id));
      const response = await postRecompute({ from: FROM, to: TO, userIds: [user.id] });
      expect(response.statusCode).toBe(202);
      expect(await processNextRecomputeRun(db, TORONTO)).toBe(true);
      expect(await storedDay(db, user.id, '2026-05-06')).toMatchObject({
        status: good?.status,
        scheduledMinutes: good?.scheduledMinutes,
        adherentMinutes: good?.adherentMinutes,
      });
    });

    it('counts everyone when no one is named, and finishes a range reaching into the future', async () => {
      const { db } = getDatabase();
      await drainRuns();
      const today = toBusinessDate(new Date(), TORONTO);
      const { user } = await personOn(
        EVERY_DAY_NINE_TO_FIVE,
        shiftDate(today, -2),
        shiftDate(today, 3),
      );
      const [{ people } = { people: 0 }] = await db
        .execute(sql`select count(*)::int as "people" from users`)
        .then((result) => (result as unknown as { rows: { people: number }[] }).rows);
      const from = shiftDate(today, -2);
      const to = shiftDate(today, 3);
      const response = await postRecompute({ from, to });
      expect(response.statusCode).toBe(202);
      const { run } = response.json() as { run: RecomputeRun };
      expect(run.totalDays).toBe(people * 6);
      expect(await processNextRecomputeRun(db, TORONTO)).toBe(true);
      expect(await runOf(run.id)).toMatchObject({ status: 'done', doneDays: people * 6 });
      const rows = await db
        .select({ date: dayMetrics.date })
        .from(dayMetrics)
        .where(eq(dayMetrics.userId, user.id))
        .orderBy(dayMetrics.date);
      expect(rows.map((row) => row.date)).toEqual(
        datesInRange(from, lastBegunDay(EVERY_DAY_NINE_TO_FIVE)),
      );
    });

    it('refuses a start after the end, more than 366 days and malformed people', async () => {
      const { db } = getDatabase();
      const countRuns = async () => (await db.select().from(recomputeRuns)).length;
      const runsBefore = await countRuns();
      const backwards = await postRecompute({ from: '2026-05-10', to: '2026-05-04' });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json()).toMatchObject({
        message: 'The start date must be on or before the end date',
      });
      const tooLong = await postRecompute({ from: '2025-05-01', to: '2026-05-02' });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({ message: 'Choose at most 366 days' });
      const badPeople = await postRecompute({ from: FROM, to: TO, userIds: ['someone'] });
      expect(badPeople.statusCode).toBe(400);
      expect(await countRuns()).toBe(runsBefore);
    });

    it('answers 404 for an unknown run', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const response = await getJson(app, adminCookie, `/api/reports/recompute/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: 'Recalculation not found' });
      }
    });

    it('lets two instances recompute one person at once (a run and the queue job)', async () => {
      const { db } = getDatabase();
      const { user } = await personOn(EVERY_DAY_NINE_TO_FIVE, FROM, TO);
      const second = await getDatabase().openSecondConnection();
      try {
        for (let round = 0; round < 5; round += 1) {
          const done = await Promise.all([
            recomputeDays(db, TORONTO, [user.id], FROM, TO),
            recomputeDays(second.db, TORONTO, [user.id], FROM, TO),
          ]);
          expect(done).toEqual([7, 7]);
        }
      } finally {
        await second.close();
      }
      const rows = await db.select().from(dayMetrics).where(eq(dayMetrics.userId, user.id));
      expect(rows.map((row) => row.date).sort()).toEqual(datesInRange(FROM, TO));
    });

    it('never runs one run twice when two instances poll at once', async () => {
      const { db } = getDatabase();
      await drainRuns();
      const { user } = await personOn(EVERY_DAY_NINE_TO_FIVE, FROM, TO);
      const actor = { actorId: admin.id, meta: SYSTEM_META };
      const queue = async (count: number) => {
        const runs: RecomputeRun[] = [];
        for (let index = 0; index < count; index += 1) {
          runs.push(await requestRecompute(db, { from: FROM, to: TO, userIds: [user.id] }, actor));
        }
        return runs;
      };
      const second = await getDatabase().openSecondConnection();
      try {
        // One run, two pollers: exactly one of them takes it.
        for (let round = 0; round < 3; round += 1) {
          const [run] = await queue(1);
          const claims = await Promise.all([
            processNextRecomputeRun(db, TORONTO),
            processNextRecomputeRun(second.db, TORONTO),
          ]);
          expect(claims.filter(Boolean)).toHaveLength(1);
          expect(await runOf(run?.id ?? '')).toMatchObject({ status: 'done', doneDays: 7 });
        }
        // Several runs, two pollers draining: each run is taken exactly once.
        const runs = await queue(5);
        const drain = async (on: Db) => {
          let claims = 0;
          while (await processNextRecomputeRun(on, TORONTO)) claims += 1;
          return claims;
        };
        const [one, other] = await Promise.all([drain(db), drain(second.db)]);
        expect((one ?? 0) + (other ?? 0)).toBe(5);
        for (const run of runs) {
          expect(await runOf(run.id)).toMatchObject({ status: 'done', doneDays: 7 });
        }
      } finally {
        await second.close();
      }
    });
  });
});
