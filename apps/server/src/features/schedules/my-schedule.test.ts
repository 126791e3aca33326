import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  myScheduleResponseSchema,
  type MyScheduleResponse,
  type ScheduleTemplate,
} from '@punchclock/shared/contracts/schedules';
import type { TodayResponse } from '@punchclock/shared/contracts/time-tracking';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { weekdayOf } from '@punchclock/shared/domain/schedule';
import { ROLES } from '@punchclock/shared/domain/roles';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { editShiftDraft, seedDraftShift, seedPublishedShift } from '../../test/roster-fixtures.ts';
import { archiveTemplate, callApi, seedAssignment, seedTemplate } from '../../test/schedules.ts';

const TORONTO = 'America/Toronto';

/** The template as a my-schedule entry carries it (no archive flag, no usage count). */
function entryTemplate({
  isArchived: _archived,
  assignmentCount: _count,
  ...rest
}: ScheduleTemplate) {
  return rest;
}

describeEachDatabase('my schedule api', (getDatabase) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  async function signedInEmployee(name?: string) {
    const user = await createTestUser(getDatabase().db, name ? { name } : {});
    return { user, cookie: await signInAs(app, user.email, user.password) };
  }

  const getMySchedule = (cookie: string | null, from: string, to: string) =>
    callApi(app, cookie, 'GET', `/api/my-schedule?from=${from}&to=${to}`);

  describe('GET /api/my-schedule', () => {
    it("returns only the caller's own assignments overlapping from..to, with their templates", async () => {
      const me = await signedInEmployee();
      const someoneElse = await createTestUser(getDatabase().db);
      const day = await seedTemplate(getDatabase().db);
      const night = await seedTemplate(getDatabase().db, {
        workStart: '22:00',
        workEnd: '06:00',
        lunchStart: null,
        lunchEnd: null,
        breakDurationMins: 20,
        workingDays: [0, 6],
      });
      await seedAssignment(getDatabase().db, {
        userId: me.user.id,
        templateId: day.id,
        dateRangeStart: '2026-10-01',
        dateRangeEnd: '2026-10-31',
      });
      const november = await seedAssignment(getDatabase().db, {
        userId: me.user.id,
        templateId: day.id,
        dateRangeStart: '2026-11-01',
        dateRangeEnd: '2026-11-15',
      });
      const lateNovember = await seedAssignment(getDatabase().db, {
        userId: me.user.id,
        templateId: night.id,
        dateRangeStart: '2026-11-16',
        dateRangeEnd: '2026-12-05',
      });
      await seedAssignment(getDatabase().db, {
        userId: me.user.id,
        templateId: day.id,
        dateRangeStart: '2026-12-06',
        dateRangeEnd: '2026-12-31',
      });
      await seedAssignment(getDatabase().db, {
        userId: someoneElse.id,
        templateId: night.id,
        dateRangeStart: '2026-11-01',
        dateRangeEnd: '2026-11-30',
      });

      const before = toBusinessDate(new Date(), TORONTO);
      // The week of 2026-11-01 to 2026-12-05 as the month grid asks for it; the ranges touching
      // the first and last day are included, the ones just outside are not.
      const response = await getMySchedule(me.cookie, '2026-11-01', '2026-12-05');
      const after = toBusinessDate(new Date(), TORONTO);

      expect(response.statusCode).toBe(200);
      const body = response.json() as MyScheduleResponse;
      expect([before, after]).toContain(body.today);
      expect(body.entries).toEqual([
        {
          id: november.id,
          dateRangeStart: '2026-11-01',
          dateRangeEnd: '2026-11-15',
          template: entryTemplate(day),
        },
        {
          id: lateNovember.id,
          dateRangeStart: '2026-11-16',
          dateRangeEnd: '2026-12-05',
          template: entryTemplate(night),
        },
      ]);
      expect(body.entries[1]?.template).toMatchObject({
        workStart: '22:00',
        workEnd: '06:00',
        lunchStart: null,
        lunchEnd: null,
        breakDurationMins: 20,
        workingDays: [0, 6],
      });
    });

    it('ignores a userId in the query: the user always comes from the session', async () => {
      const me = await signedInEmployee();
      const other = await createTestUser(getDatabase().db);
      const template = await seedTemplate(getDatabase().db);
      await seedAssignment(getDatabase().db, {
        userId: other.id,
        templateId: template.id,
        dateRangeStart: '2026-11-01',
        dateRangeEnd: '2026-11-30',
      });
      const response = await callApi(
        app,
        me.cookie,
        'GET',
        `/api/my-schedule?from=2026-11-01&to=2026-11-30&userId=${other.id}`,
      );
      expect(response.statusCode).toBe(200);
      expect((response.json() as MyScheduleResponse).entries).toEqual([]);
    });

    it('keeps showing an assignment whose template was archived', async () => {
      const me = await signedInEmployee();
      const template = await seedTemplate(getDatabase().db);
      const assignment = await seedAssignment(getDatabase().db, {
        userId: me.user.id,
        templateId: template.id,
        dateRangeStart: '2025-01-01',
        dateRangeEnd: '2025-01-31',
      });
      await archiveTemplate(getDatabase().db, template.id);
      const response = await getMySchedule(me.cookie, '2025-01-01', '2025-01-31');
      expect((response.json() as MyScheduleResponse).entries.map((entry) => entry.id)).toEqual([
        assignment.id,
      ]);
    });

    it('answers a range with no assignment with no entries', async () => {
      const me = await signedInEmployee();
      const response = await getMySchedule(me.cookie, '2026-11-01', '2026-11-30');
      expect(response.statusCode).toBe(200);
      expect((response.json() as MyScheduleResponse).entries).toEqual([]);
    });

    // #30: people see only published shifts, as published (never drafts, nor draft changes).
    it('returns the caller’s published roster shifts in the range, never drafts', async () => {
      const { db } = getDatabase();
      const me = await signedInEmployee();
      const other = await createTestUser(db);
      const template = await seedTemplate(db);
      const assignment = await seedAssignment(db, {
        userId: me.user.id,
        templateId: template.id,
        dateRangeStart: '2026-11-01',
        dateRangeEnd: '2026-11-30',
      });
      const night = await seedPublishedShift(db, {
        userId: me.user.id,
        date: '2026-11-25',
        startTime: '22:00',
        endTime: '06:00',
        lunchStart: '02:00',
        lunchEnd: '02:30',
        breakDurationMins: 20,
        position: 'Night porter',
        note: 'Keys at the front desk',
      });
      const plain = await seedPublishedShift(db, {
        userId: me.user.id,
        date: '2026-11-28',
        startTime: '10:00',
        endTime: '14:00',
      });
      // Changed on the board after publishing: people still see the published version.
      await editShiftDraft(db, plain, { startTime: '11:00' });
      await seedDraftShift(db, {
        userId: me.user.id,
        date: '2026-11-26',
        startTime: '13:00',
        endTime: '21:00',
      });
      await seedPublishedShift(db, {
        userId: other.id,
        date: '2026-11-25',
        startTime: '09:00',
        endTime: '17:00',
      });
      await seedPublishedShift(db, {
        userId: me.user.id,
        date: '2026-12-01',
        startTime: '09:00',
        endTime: '17:00',
      });
      await seedPublishedShift(db, {
        userId: null,
        date: '2026-11-27',
        startTime: '09:00',
        endTime: '17:00',
      });

      const response = await getMySchedule(me.cookie, '2026-11-22', '2026-11-28');
      expect(response.statusCode, response.body).toBe(200);
      const body = myScheduleResponseSchema.parse(response.json());
      expect(body.entries.map((entry) => entry.id)).toEqual([assignment.id]);
      expect(body.shifts).toEqual([
        {
          id: night,
          date: '2026-11-25',
          startTime: '22:00',
          endTime: '06:00',
          lunchStart: '02:00',
          lunchEnd: '02:30',
          breakDurationMins: 20,
          position: 'Night porter',
          note: 'Keys at the front desk',
        },
        {
          id: plain,
          date: '2026-11-28',
          startTime: '10:00',
          endTime: '14:00',
          lunchStart: null,
          lunchEnd: null,
          breakDurationMins: 15,
          position: null,
          note: null,
        },
      ]);
    });

    it('allows at most 62 days after from, and refuses a longer range with 400', async () => {
      const me = await signedInEmployee();
      const from = '2026-11-01';
      expect((await getMySchedule(me.cookie, from, shiftDate(from, 62))).statusCode).toBe(200);
      const tooLong = await getMySchedule(me.cookie, from, shiftDate(from, 63));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({
        message: 'Ask for at most 62 days at a time',
        code: 'invalid',
      });
      const year = await getMySchedule(me.cookie, '2026-01-01', '2026-12-31');
      expect(year.statusCode).toBe(400);
    });

    it('refuses from after to, and a malformed or missing date, with 400', async () => {
      const me = await signedInEmployee();
      const reversed = await getMySchedule(me.cookie, '2026-11-30', '2026-11-01');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toEqual({
        message: 'The start date must be on or before the end date',
        code: 'invalid',
      });
      const malformed = await getMySchedule(me.cookie, '2026-11-1', '2026-11-30');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: 'Use a yyyy-MM-dd date', code: 'invalid' });
      const impossible = await getMySchedule(me.cookie, '2026-02-30', '2026-03-01');
      expect(impossible.statusCode).toBe(400);
      expect(impossible.json()).toEqual({ message: 'Use a yyyy-MM-dd date', code: 'invalid' });
      const missing = await callApi(app, me.cookie, 'GET', '/api/my-schedule');
      expect(missing.statusCode).toBe(400);
    });

    it('asks anonymous callers to sign in', async () => {
      const response = await getMySchedule(null, '2026-11-01', '2026-11-30');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please sign in', code: 'unauthorized' });
    });

    it.each(ROLES)('lets a signed-in %s read their own schedule', async (role) => {
      const user = await createTestUser(getDatabase().db, { role });
      const cookie = await signInAs(app, user.email, user.password);
      const template = await seedTemplate(getDatabase().db);
      const assignment = await seedAssignment(getDatabase().db, {
        userId: user.id,
        templateId: template.id,
        dateRangeStart: '2026-11-10',
        dateRangeEnd: '2026-11-20',
      });
      const response = await getMySchedule(cookie, '2026-11-01', '2026-11-30');
      expect(response.statusCode).toBe(200);
      expect((response.json() as MyScheduleResponse).entries.map((entry) => entry.id)).toEqual([
        assignment.id,
      ]);
    });
  });

  describe("GET /api/time-events/today: the assigned template's break and shift", () => {
    async function getToday(cookie: string): Promise<TodayResponse> {
      const response = await callApi(app, cookie, 'GET', '/api/time-events/today');
      expect(response.statusCode).toBe(200);
      return response.json() as TodayResponse;
    }

    /**
     * The business day now, and the weekdays the server could see as "today" during this test:
     * today's and tomorrow's, so a run across Toronto midnight still holds.
     */
    function todayAndItsWeekdays() {
      const today = toBusinessDate(new Date(), TORONTO);
      const weekdays = [weekdayOf(today), weekdayOf(shiftDate(today, 1))];
      return { today, weekdays };
    }

    /** Assign a template over yesterday..tomorrow (so "today" is inside either way). */
    async function assignAroundToday(userId: string, template: ScheduleTemplate) {
      const { today } = todayAndItsWeekdays();
      await seedAssignment(getDatabase().db, {
        userId,
        templateId: template.id,
        dateRangeStart: shiftDate(today, -1),
        dateRangeEnd: shiftDate(today, 2),
      });
    }

    it('uses the default 15-minute break and no shift without an assignment', async () => {
      const me = await signedInEmployee();
      const today = await getToday(me.cookie);
      expect(today.breakLimitMinutes).toBe(15);
      expect(today.lunchLimitMinutes).toBe(30);
      expect(today.todayShift).toBeNull();
    });

    it("follows today's template on a working day", async () => {
      const me = await signedInEmployee();
      const { weekdays } = todayAndItsWeekdays();
      const template = await seedTemplate(getDatabase().db, {
        workStart: '07:30',
        workEnd: '16:00',
        lunchStart: '11:00',
        lunchEnd: '11:45',
        breakDurationMins: 25,
        workingDays: weekdays,
      });
      await assignAroundToday(me.user.id, template);

      const today = await getToday(me.cookie);
      expect(today.breakLimitMinutes).toBe(25);
      expect(today.todayShift).toEqual({
        templateName: template.name,
        workStart: '07:30',
        workEnd: '16:00',
        lunchStart: '11:00',
        lunchEnd: '11:45',
        isWorkingDay: true,
      });
    });

    it('marks a day the template does not work as not a working day, keeping its break', async () => {
      const me = await signedInEmployee();
      const { weekdays } = todayAndItsWeekdays();
      const template = await seedTemplate(getDatabase().db, {
        workStart: '22:00',
        workEnd: '06:00',
        lunchStart: null,
        lunchEnd: null,
        breakDurationMins: 0,
        workingDays: [0, 1, 2, 3, 4, 5, 6].filter((day) => !weekdays.includes(day)),
      });
      await assignAroundToday(me.user.id, template);

      const today = await getToday(me.cookie);
      expect(today.breakLimitMinutes).toBe(0);
      expect(today.todayShift).toEqual({
        templateName: template.name,
        workStart: '22:00',
        workEnd: '06:00',
        lunchStart: null,
        lunchEnd: null,
        isWorkingDay: false,
      });
    });

    it('falls back to 15 minutes once the assignment has ended, and ignores other people’s', async () => {
      const me = await signedInEmployee();
      const other = await signedInEmployee();
      const { today } = todayAndItsWeekdays();
      const template = await seedTemplate(getDatabase().db, { breakDurationMins: 45 });
      await seedAssignment(getDatabase().db, {
        userId: me.user.id,
        templateId: template.id,
        dateRangeStart: shiftDate(today, -30),
        dateRangeEnd: shiftDate(today, -2),
      });
      await assignAroundToday(other.user.id, template);

      const mine = await getToday(me.cookie);
      expect(mine.breakLimitMinutes).toBe(15);
      expect(mine.todayShift).toBeNull();
      expect((await getToday(other.cookie)).breakLimitMinutes).toBe(45);
    });
  });
});
