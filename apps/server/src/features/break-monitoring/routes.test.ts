import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  breakBoardResponseSchema,
  type BoardRowDto,
  type BreakBoardResponse,
} from '@punchclock/shared/contracts/break-monitoring';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { ROLES, type Role } from '@punchclock/shared/domain/roles';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { listenOnFreePort, openLiveStream, type SseFrame } from '../../test/live-stream.ts';
import { seedDraftShift, seedPublishedShift } from '../../test/roster-fixtures.ts';
import { seedAssignment, seedTemplate } from '../../test/schedules.ts';
import {
  createSessionUser,
  getJson,
  insertPunches,
  postTimeEvent,
  recordEvent,
  TORONTO,
  type SessionUser,
} from '../../test/time-tracking.ts';

const MINUTE = 60_000;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

/** "HH:mm" of an instant on Toronto's wall clock. */
function torontoClock(instant: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: TORONTO,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

const addHours = (clock: string, hours: number) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return `${String((h + hours) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
};

describeEachDatabase('break monitoring api', (getDatabase) => {
  let app: FastifyInstance;
  const cookies = new Map<Role, string>();
  const users = new Map<Role, TestUser>();

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    for (const role of ROLES) {
      const user = await createTestUser(getDatabase().db, { role });
      users.set(role, user);
      cookies.set(role, await signInAs(app, user.email, user.password));
    }
  });
  afterAll(async () => {
    await app.close();
  });

  const adminCookie = () => cookies.get('admin') ?? '';

  async function getBoard(): Promise<BreakBoardResponse> {
    const response = await getJson(app, adminCookie(), '/api/break-monitoring');
    expect(response.statusCode, response.body).toBe(200);
    const body: BreakBoardResponse = response.json();
    expect(breakBoardResponseSchema.parse(body)).toEqual(body);
    return body;
  }

  function rowOf(board: BreakBoardResponse, userId: string): BoardRowDto {
    const row = board.rows.find((each) => each.userId === userId);
    if (!row) throw new Error(`no row for ${userId}`);
    return row;
  }

  /** A template whose shift started 30 minutes ago (by Toronto's clock) and runs 8 hours. */
  async function assignRunningShift(userId: string, breakDurationMins = 15) {
    const start = torontoClock(new Date(Date.now() - 30 * MINUTE));
    const template = await seedTemplate(getDatabase().db, {
      workStart: start,
      workEnd: addHours(start, 8),
      lunchStart: null,
      lunchEnd: null,
      breakDurationMins,
      workingDays: [0, 1, 2, 3, 4, 5, 6],
    });
    const today = toBusinessDate(new Date(), TORONTO);
    await seedAssignment(getDatabase().db, {
      userId,
      templateId: template.id,
      dateRangeStart: shiftDate(today, -1),
      dateRangeEnd: shiftDate(today, 1),
    });
    return template;
  }

  describe('GET /api/break-monitoring access', () => {
    it('answers 401 without a session', async () => {
      const response = await getJson(app, null, '/api/break-monitoring');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please sign in', code: 'unauthorized' });
    });

    it.each(['employee', 'team_lead', 'sme'] as const)('answers 403 to %s', async (role) => {
      const response = await getJson(app, cookies.get(role) ?? '', '/api/break-monitoring');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'You do not have access to this',
        code: 'forbidden',
      });
    });

    it('answers 200 to admin with today’s date and a row per active person', async () => {
      const suspended = await createTestUser(getDatabase().db, { suspended: true });
      const board = await getBoard();
      expect(board.today).toBe(toBusinessDate(new Date(board.generatedAt), TORONTO));
      expect(Math.abs(Date.parse(board.generatedAt) - Date.now())).toBeLessThan(60_000);
      for (const user of users.values()) {
        expect(rowOf(board, user.id)).toMatchObject({ name: user.name, role: user.role });
      }
      expect(board.rows.some((row) => row.userId === suspended.id)).toBe(false);
    });
  });

  describe('rows', () => {
    let board: BreakBoardResponse;
    let offlineBreaker: SessionUser;
    let punchedBreaker: SessionUser;
    let generousBreaker: SessionUser;
    let atLunch: SessionUser;
    let working: SessionUser;
    let late: SessionUser;
    let idle: SessionUser;
    let offlineBreakAt: string;
    const isToday = (instant: string) => toBusinessDate(instant, TORONTO) === board.today;

    beforeAll(async () => {
      const db = getDatabase().db;
      [offlineBreaker, punchedBreaker, generousBreaker, atLunch, working, late, idle] =
        (await Promise.all(Array.from({ length: 7 }, () => createSessionUser(db)))) as [
          SessionUser,
          SessionUser,
          SessionUser,
          SessionUser,
          SessionUser,
          SessionUser,
          SessionUser,
        ];
      // Punches made offline and synced now, dated when they happened.
      offlineBreakAt = minutesAgo(20);
      for (const [eventType, capturedOfflineAt] of [
        ['clock_in', minutesAgo(60)],
        ['break', offlineBreakAt],
      ] as const) {
        const response = await postTimeEvent(app, offlineBreaker.cookie, {
          eventType,
          capturedOfflineAt,
        });
        expect(response.statusCode, response.body).toBe(201);
      }
      await insertPunches(db, punchedBreaker.id, [
        { eventType: 'clock_in', occurredAt: minutesAgo(90) },
        { eventType: 'break', occurredAt: minutesAgo(20) },
      ]);
      await assignRunningShift(generousBreaker.id, 30);
      await insertPunches(db, generousBreaker.id, [
        { eventType: 'clock_in', occurredAt: minutesAgo(31) },
        { eventType: 'break', occurredAt: minutesAgo(20) },
      ]);
      await insertPunches(db, atLunch.id, [
        { eventType: 'clock_in', occurredAt: minutesAgo(120) },
        { eventType: 'lunch', occurredAt: minutesAgo(10) },
      ]);
      await insertPunches(db, working.id, [{ eventType: 'clock_in', occurredAt: minutesAgo(45) }]);
      await assignRunningShift(late.id);
      board = await getBoard();
    });

    it('shows someone on a break over the default 15 minute limit (synced offline)', () => {
      const row = rowOf(board, offlineBreaker.id);
      expect(row).toMatchObject({
        status: 'on_break',
        state: 'break',
        since: offlineBreakAt,
        limitMinutes: 15,
        shift: null,
      });
      expect([20, 21]).toContain(row.elapsedMinutes);
      expect(row.overByMinutes).toBe(row.elapsedMinutes - 15);
      // Today's tallies: a break begun before midnight belongs to yesterday.
      expect(row).toMatchObject(
        isToday(offlineBreakAt)
          ? { breaksTaken: 1, breakMinutes: row.elapsedMinutes, overbreaks: 1 }
          : { breaksTaken: 0, breakMinutes: 0, overbreaks: 0 },
      );
    });

    it('shows the same for punches stored directly', () => {
      const row = rowOf(board, punchedBreaker.id);
      expect(row.status).toBe('on_break');
      expect(row.overByMinutes).toBeGreaterThanOrEqual(5);
    });

    it('measures a break against the assigned template’s break length', () => {
      const row = rowOf(board, generousBreaker.id);
      expect(row).toMatchObject({
        status: 'on_break',
        limitMinutes: 30,
        overByMinutes: 0,
        overbreaks: 0,
      });
      expect(row.shift?.templateName).toEqual(expect.any(String));
    });

    it('shows someone at lunch against the 30 minute limit', () => {
      expect(rowOf(board, atLunch.id)).toMatchObject({
        status: 'at_lunch',
        state: 'lunch',
        limitMinutes: 30,
        overByMinutes: 0,
      });
    });

    it('shows someone working', () => {
      const row = rowOf(board, working.id);
      expect(row).toMatchObject({ status: 'working', state: 'clock_in', limitMinutes: null });
      expect([45, 46]).toContain(row.elapsedMinutes);
    });

    it('shows someone late for a shift that started 30 minutes ago', () => {
      const row = rowOf(board, late.id);
      expect(row).toMatchObject({ status: 'late', state: 'none', limitMinutes: null });
      expect(row.elapsedMinutes).toBeGreaterThanOrEqual(30);
      expect(row.elapsedMinutes).toBeLessThanOrEqual(32);
      expect(Date.parse(row.since ?? '')).toBeLessThan(Date.now() - 29 * MINUTE);
    });

    it('shows someone with no shift and no punches as off', () => {
      expect(rowOf(board, idle.id)).toMatchObject({ status: 'off', since: null, shift: null });
    });

    it('moves someone back to working once they return from the break', async () => {
      await recordEvent(app, offlineBreaker.cookie, 'clock_in');
      const row = rowOf(await getBoard(), offlineBreaker.id);
      expect(row).toMatchObject({
        status: 'working',
        limitMinutes: null,
        overByMinutes: 0,
        breaksTaken: isToday(offlineBreakAt) ? 1 : 0,
        overbreaks: isToday(offlineBreakAt) ? 1 : 0,
      });
    });
  });

  // #30: a published roster shift takes the place of the person's template shift that day.
  describe('published roster shifts', () => {
    const db = () => getDatabase().db;
    /** A shift starting `minutes` from now by Toronto's clock, on the day it starts. */
    const startingIn = (minutes: number, hours: number) => {
      const start = new Date(Date.now() + minutes * MINUTE);
      const startTime = torontoClock(start);
      return {
        date: toBusinessDate(start, TORONTO),
        startTime,
        endTime: addHours(startTime, hours),
        start,
      };
    };

    it('shows someone late for a published shift, with its position, and no template', async () => {
      const person = await createSessionUser(db());
      const { start, ...shift } = startingIn(-30, 8);
      await seedPublishedShift(db(), { userId: person.id, ...shift, position: 'Cashier' });
      const board = await getBoard();
      const row = rowOf(board, person.id);
      expect(row).toMatchObject({ status: 'late', state: 'none' });
      expect(Math.abs(Date.parse(row.since ?? '') - start.getTime())).toBeLessThan(MINUTE);
      // Today's shift (right after midnight the running one is yesterday's).
      if (shift.date === board.today) expect(row.shift?.templateName).toBe('Cashier');
    });

    it('measures a break against the published shift’s break length, not the template’s', async () => {
      const person = await createSessionUser(db());
      await assignRunningShift(person.id, 15);
      const { start: _start, ...shift } = startingIn(-30, 8);
      await seedPublishedShift(db(), { userId: person.id, ...shift, breakDurationMins: 30 });
      await insertPunches(db(), person.id, [
        { eventType: 'clock_in', occurredAt: minutesAgo(31) },
        { eventType: 'break', occurredAt: minutesAgo(20) },
      ]);
      expect(rowOf(await getBoard(), person.id)).toMatchObject({
        status: 'on_break',
        limitMinutes: 30,
        overByMinutes: 0,
      });
    });

    it('does not hold someone late for the template shift a published shift replaced', async () => {
      const replaced = await createSessionUser(db());
      const drafted = await createSessionUser(db());
      for (const person of [replaced, drafted]) await assignRunningShift(person.id);
      // On the running template shift's day, one hour that ended long ago (or, past midnight
      // on the wall clock, is still to come): either way not the template's times.
      const running = startingIn(-30, 8);
      const other = startingIn(-30 - 9 * 60, 1);
      const shift = { date: running.date, startTime: other.startTime, endTime: other.endTime };
      await seedPublishedShift(db(), { userId: replaced.id, ...shift });
      await seedDraftShift(db(), { userId: drafted.id, ...shift });
      const board = await getBoard();
      expect(['off', 'not_yet_in']).toContain(rowOf(board, replaced.id).status);
      // A draft changes nothing: still late for the template's shift.
      expect(rowOf(board, drafted.id).status).toBe('late');
    });
  });

  it('tells admins’ live streams to re-read the board when someone punches', async () => {
    const baseUrl = await listenOnFreePort(app);
    const employee = await createSessionUser(getDatabase().db);
    const isTeamActivity = (frame: SseFrame) =>
      frame.event === 'change' &&
      JSON.stringify(frame.data) === JSON.stringify({ topic: 'team_activity' });
    const adminStream = await openLiveStream(baseUrl, adminCookie());
    const employeeStream = await openLiveStream(baseUrl, employee.cookie);
    try {
      await adminStream.waitForFrame((frame) => frame.event === 'ready');
      await employeeStream.waitForFrame((frame) => frame.event === 'ready');
      await recordEvent(app, employee.cookie, 'clock_in');
      await adminStream.waitForFrame(isTeamActivity);
      await employeeStream.waitForFrame(
        (frame) =>
          frame.event === 'change' &&
          JSON.stringify(frame.data) === JSON.stringify({ topic: 'time_events' }),
      );
      expect(employeeStream.frames().some(isTeamActivity)).toBe(false);
    } finally {
      await adminStream.close();
      await employeeStream.close();
    }
  });
});
