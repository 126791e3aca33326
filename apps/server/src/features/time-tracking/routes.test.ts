import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResponse, TodayResponse } from '@punchclock/shared/contracts/time-tracking';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { TimeEventType, TimeState } from '@punchclock/shared/domain/time-state';
import { assignedSchedules, auditLog, scheduleTemplates, timeEvents } from '../../db/schema.ts';
import { buildTestApp, CSRF_HEADERS } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
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
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The punches that put a fresh user into each state. */
const PATH_TO: Record<TimeState, TimeEventType[]> = {
  none: [],
  clock_in: ['clock_in'],
  break: ['clock_in', 'break'],
  lunch: ['clock_in', 'lunch'],
  clock_out: ['clock_in', 'clock_out'],
};

/** product §4/§5 as the server enforces it: 201, or 409 with the refusal. */
const TRANSITIONS: [TimeState, TimeEventType, 201 | 409, string | null][] = [
  ['none', 'clock_in', 201, null],
  ['none', 'break', 409, 'Please clock in first'],
  ['none', 'lunch', 409, 'Please clock in first'],
  ['none', 'clock_out', 409, 'Please clock in first'],
  ['clock_in', 'clock_in', 409, 'You are already working'],
  ['clock_in', 'break', 201, null],
  ['clock_in', 'lunch', 201, null],
  ['clock_in', 'clock_out', 201, null],
  ['break', 'clock_in', 201, null],
  ['break', 'break', 409, 'You are already on break'],
  ['break', 'lunch', 201, null],
  ['break', 'clock_out', 201, null],
  ['lunch', 'clock_in', 201, null],
  ['lunch', 'break', 201, null],
  ['lunch', 'lunch', 409, 'You are already at lunch'],
  ['lunch', 'clock_out', 201, null],
  ['clock_out', 'clock_in', 201, null],
  ['clock_out', 'break', 409, 'Please clock in first'],
  ['clock_out', 'lunch', 409, 'Please clock in first'],
  ['clock_out', 'clock_out', 409, 'Please clock in first'],
];

function todayInToronto(): string {
  return toBusinessDate(new Date(), TORONTO);
}

function isoMinutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * MINUTE).toISOString();
}

describeEachDatabase('time-tracking api', (getDatabase) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  const newUser = () => createSessionUser(getDatabase().db);

  async function storedEvents(userId: string) {
    return getDatabase()
      .db.select()
      .from(timeEvents)
      .where(eq(timeEvents.userId, userId))
      .orderBy(asc(timeEvents.occurredAt));
  }

  async function getToday(user: SessionUser): Promise<TodayResponse> {
    const response = await getJson(app, user.cookie, '/api/time-events/today');
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  async function getHistory(user: SessionUser, query = ''): Promise<HistoryResponse> {
    const response = await getJson(app, user.cookie, `/api/time-events/history${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  describe('POST /api/time-events', () => {
    it('covers every state × action pair', () => {
      expect(new Set(TRANSITIONS.map(([state, action]) => `${state}/${action}`)).size).toBe(20);
    });

    it.each(TRANSITIONS)('from %s, %s → %i %s', async (state, action, status, message) => {
      const user = await newUser();
      for (const step of PATH_TO[state]) await recordEvent(app, user.cookie, step);
      expect((await getToday(user)).state).toBe(state);

      const response = await postTimeEvent(app, user.cookie, { eventType: action });

      expect(response.statusCode).toBe(status);
      if (status === 409) {
        expect(response.json()).toEqual({ message, code: 'invalid_transition' });
        expect(await storedEvents(user.id)).toHaveLength(PATH_TO[state].length);
        expect((await getToday(user)).state).toBe(state);
      } else {
        expect((await getToday(user)).state).toBe(action);
      }
    });

    it('answers 201 with the stored event, timed by the server', async () => {
      const user = await newUser();
      const id = randomUUID();
      const before = Date.now();
      const response = await postTimeEvent(app, user.cookie, { id, eventType: 'clock_in' });
      const after = Date.now();

      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        event: {
          id,
          eventType: 'clock_in',
          occurredAt: expect.any(String),
          date: expect.any(String),
          shiftDate: expect.any(String),
          source: 'web',
        },
        isReplay: false,
        needsReview: false,
        warning: null,
      });
      const occurredMs = Date.parse(body.event.occurredAt);
      expect(occurredMs).toBeGreaterThanOrEqual(before);
      expect(occurredMs).toBeLessThanOrEqual(after);
      expect(body.event.date).toBe(toBusinessDate(occurredMs, TORONTO));
      // A clock-in opens its shift on its own business day.
      expect(body.event.shiftDate).toBe(body.event.date);

      const [row] = await storedEvents(user.id);
      expect(row).toMatchObject({ id, userId: user.id, eventType: 'clock_in', source: 'web' });
      expect(row?.occurredAt.toISOString()).toBe(body.event.occurredAt);
    });

    it('walks a whole day: in, break, lunch straight from break, back, out, and in again', async () => {
      const user = await newUser();
      const sequence: TimeEventType[] = [
        'clock_in',
        'break',
        'lunch',
        'clock_in',
        'clock_out',
        'clock_in',
      ];
      for (const eventType of sequence) {
        const response = await postTimeEvent(app, user.cookie, { eventType });
        expect(response.statusCode, `${eventType}: ${response.body}`).toBe(201);
      }
      const rows = await storedEvents(user.id);
      expect(rows.map((row) => row.eventType)).toEqual(sequence);
      // Each punch strictly after the one before, so the order (and the state) is never ambiguous.
      for (let index = 1; index < rows.length; index++) {
        expect(rows[index]?.occurredAt.getTime()).toBeGreaterThan(
          rows[index - 1]?.occurredAt.getTime() ?? Infinity,
        );
      }
    });

    it.each([
      [{ id: 'not-a-uuid', eventType: 'clock_in' }, 'Invalid event id'],
      [{ eventType: 'clock_in' }, 'Invalid event id'],
      [{ id: randomUUID(), eventType: 'clock_in', capturedOfflineAt: 'yesterday' }, 'Invalid time'],
    ])('refuses %j with 400 "%s"', async (body, message) => {
      const user = await newUser();
      const response = await app.inject({
        method: 'POST',
        url: '/api/time-events',
        headers: { ...CSRF_HEADERS, cookie: user.cookie },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'invalid' });
      expect(await storedEvents(user.id)).toEqual([]);
    });

    it('refuses an unknown action type with 400', async () => {
      const user = await newUser();
      const response = await postTimeEvent(app, user.cookie, { eventType: 'nap' });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid');
      expect(await storedEvents(user.id)).toEqual([]);
    });
  });

  describe('GET /api/time-events/today', () => {
    it('is empty before the first punch', async () => {
      const user = await newUser();
      expect(await getToday(user)).toEqual({
        date: todayInToronto(),
        timeZone: TORONTO,
        state: 'none',
        events: [],
        stateSince: null,
        shiftStartedAt: null,
        breakLimitMinutes: 15,
        lunchLimitMinutes: 30,
        locationMode: 'off',
        todayShift: null,
      });
    });

    it('returns the state, today’s events oldest first and when the state began', async () => {
      const user = await newUser();
      const clockIn = await recordEvent(app, user.cookie, 'clock_in');
      const breakStart = await recordEvent(app, user.cookie, 'break');
      const back = await recordEvent(app, user.cookie, 'clock_in');

      const today = await getToday(user);
      expect(today.state).toBe('clock_in');
      expect(today.events).toEqual([clockIn, breakStart, back]);
      expect(today.stateSince).toBe(back.occurredAt);
      // Returning from the break does not start a new shift.
      expect(today.shiftStartedAt).toBe(clockIn.occurredAt);

      const lunch = await recordEvent(app, user.cookie, 'lunch');
      expect(await getToday(user)).toMatchObject({
        state: 'lunch',
        stateSince: lunch.occurredAt,
        shiftStartedAt: clockIn.occurredAt,
      });
    });

    it('reports clock_out with no running state after clocking out', async () => {
      const user = await newUser();
      await recordEvent(app, user.cookie, 'clock_in');
      const out = await recordEvent(app, user.cookie, 'clock_out');
      const today = await getToday(user);
      expect(today).toMatchObject({ state: 'clock_out', stateSince: null, shiftStartedAt: null });
      expect(today.events.at(-1)).toEqual(out);
    });

    it('uses the assigned template’s break allowance when one covers today', async () => {
      const db = getDatabase().db;
      const user = await newUser();
      const today = todayInToronto();
      const [template] = await db
        .insert(scheduleTemplates)
        .values({
          name: `Short breaks ${randomUUID()}`,
          workStart: '09:00',
          workEnd: '17:00',
          breakDurationMins: 10,
        })
        .returning({ id: scheduleTemplates.id, name: scheduleTemplates.name });
      if (!template) throw new Error('no template');

      // An assignment that ended yesterday does not count.
      await db.insert(assignedSchedules).values({
        userId: user.id,
        templateId: template.id,
        dateRangeStart: shiftDate(today, -30),
        dateRangeEnd: shiftDate(today, -1),
      });
      expect((await getToday(user)).breakLimitMinutes).toBe(15);

      await db.insert(assignedSchedules).values({
        userId: user.id,
        templateId: template.id,
        dateRangeStart: today,
        dateRangeEnd: shiftDate(today, 6),
      });
      expect(await getToday(user)).toMatchObject({
        breakLimitMinutes: 10,
        lunchLimitMinutes: 30,
        todayShift: { templateName: template.name, workStart: '09:00', workEnd: '17:00' },
      });
    });
  });

  describe('idempotent retries', () => {
    it('answers a retry with 200 and the first result, writing nothing more', async () => {
      const user = await newUser();
      const id = randomUUID();
      const first = await postTimeEvent(app, user.cookie, { id, eventType: 'clock_in' });
      expect(first.statusCode).toBe(201);

      // By now clock_in would be refused ("already working"): the retry is recognised first.
      const retry = await postTimeEvent(app, user.cookie, { id, eventType: 'clock_in' });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual({
        event: first.json().event,
        isReplay: true,
        needsReview: false,
        warning: null,
      });
      expect(await storedEvents(user.id)).toHaveLength(1);
    });

    it('refuses the same id from another user with 409 and leaves the first row alone', async () => {
      const owner = await newUser();
      const other = await newUser();
      const id = randomUUID();
      const first = await postTimeEvent(app, owner.cookie, { id, eventType: 'clock_in' });
      expect(first.statusCode).toBe(201);

      const stolen = await postTimeEvent(app, other.cookie, { id, eventType: 'clock_in' });
      expect(stolen.statusCode).toBe(409);
      expect(stolen.json()).toEqual({
        message: 'This event id was already used for another action',
        code: 'id_reused',
      });
      expect(await storedEvents(other.id)).toEqual([]);
      const [row] = await getDatabase().db.select().from(timeEvents).where(eq(timeEvents.id, id));
      expect(row?.userId).toBe(owner.id);
    });

    it('refuses the same id for a different action of the same user with 409', async () => {
      const user = await newUser();
      const id = randomUUID();
      expect(
        (await postTimeEvent(app, user.cookie, { id, eventType: 'clock_in' })).statusCode,
      ).toBe(201);
      const reused = await postTimeEvent(app, user.cookie, { id, eventType: 'break' });
      expect(reused.statusCode).toBe(409);
      expect(reused.json().code).toBe('id_reused');
      expect(await storedEvents(user.id)).toHaveLength(1);
    });
  });

  describe('actions captured offline', () => {
    it('accepts them within bounds, at the captured time, as offline_sync', async () => {
      const user = await newUser();
      const capturedIn = isoMinutesAgo(30);
      const capturedBreak = isoMinutesAgo(20);
      const inResponse = await postTimeEvent(app, user.cookie, {
        eventType: 'clock_in',
        capturedOfflineAt: capturedIn,
      });
      expect(inResponse.statusCode).toBe(201);
      expect(inResponse.json().event).toMatchObject({
        eventType: 'clock_in',
        occurredAt: capturedIn,
        date: toBusinessDate(capturedIn, TORONTO),
        source: 'offline_sync',
      });
      const breakResponse = await postTimeEvent(app, user.cookie, {
        eventType: 'break',
        capturedOfflineAt: capturedBreak,
      });
      expect(breakResponse.statusCode).toBe(201);
      expect(breakResponse.json().event.occurredAt).toBe(capturedBreak);

      const rows = await storedEvents(user.id);
      expect(rows.map((row) => [row.eventType, row.source, row.occurredAt.toISOString()])).toEqual([
        ['clock_in', 'offline_sync', capturedIn],
        ['break', 'offline_sync', capturedBreak],
      ]);
    });

    it('accepts a time with an offset and up to a minute of clock skew', async () => {
      const user = await newUser();
      const ahead = new Date(Date.now() + 30_000);
      const response = await postTimeEvent(app, user.cookie, {
        eventType: 'clock_in',
        capturedOfflineAt: ahead.toISOString().replace('Z', '+00:00'),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().event.occurredAt).toBe(ahead.toISOString());
    });

    it('still applies the state machine', async () => {
      const user = await newUser();
      const response = await postTimeEvent(app, user.cookie, {
        eventType: 'break',
        capturedOfflineAt: isoMinutesAgo(5),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'Please clock in first',
        code: 'invalid_transition',
      });
    });

    it.each([
      [
        'more than a minute in the future',
        () => new Date(Date.now() + 5 * MINUTE).toISOString(),
        'This action is dated in the future and was not recorded',
        'offline_future',
      ],
      [
        'older than 24 hours',
        () => isoMinutesAgo(24 * 60 + 5),
        'This action was captured more than 24 hours ago and was not recorded',
        'offline_too_old',
      ],
    ])('refuses one %s with 400', async (_label, capturedAt, message, code) => {
      const user = await newUser();
      const response = await postTimeEvent(app, user.cookie, {
        eventType: 'clock_in',
        capturedOfflineAt: capturedAt(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code });
      expect(await storedEvents(user.id)).toEqual([]);
    });

    it('refuses one older than the user’s latest punch with 409', async () => {
      const user = await newUser();
      await recordEvent(app, user.cookie, 'clock_in');
      const response = await postTimeEvent(app, user.cookie, {
        eventType: 'break',
        capturedOfflineAt: isoMinutesAgo(5),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'This action is older than your last recorded action and was not recorded',
        code: 'offline_out_of_order',
      });
      expect(await storedEvents(user.id)).toHaveLength(1);
    });

    it('accepts one 23 hours old, on the business day it was captured', async () => {
      const user = await newUser();
      const captured = isoMinutesAgo(23 * 60);
      const response = await postTimeEvent(app, user.cookie, {
        eventType: 'clock_in',
        capturedOfflineAt: captured,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().event.date).toBe(toBusinessDate(captured, TORONTO));
    });
  });

  describe('access', () => {
    it.each([
      ['GET', '/api/time-events/today'],
      ['GET', '/api/time-events/history'],
      ['POST', '/api/time-events'],
      ['GET', '/api/live'],
    ] as const)('%s %s needs a session: 401 without one', async (method, url) => {
      const response = await app.inject({
        method,
        url,
        headers: CSRF_HEADERS,
        ...(method === 'POST' ? { payload: { id: randomUUID(), eventType: 'clock_in' } } : {}),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please sign in', code: 'unauthorized' });
    });

    it('POST needs the CSRF header even with a session', async () => {
      const user = await newUser();
      const payload = { id: randomUUID(), eventType: 'clock_in' };
      const withoutHeader = await app.inject({
        method: 'POST',
        url: '/api/time-events',
        headers: { cookie: user.cookie },
        payload,
      });
      expect(withoutHeader.statusCode).toBe(403);
      expect(withoutHeader.json()).toEqual({ message: 'Cross-site request refused', code: 'csrf' });

      const crossSite = await app.inject({
        method: 'POST',
        url: '/api/time-events',
        headers: { ...CSRF_HEADERS, cookie: user.cookie, origin: 'https://evil.example' },
        payload,
      });
      expect(crossSite.statusCode).toBe(403);
      expect(await storedEvents(user.id)).toEqual([]);
    });

    it('shows a user only their own punches', async () => {
      const alice = await newUser();
      const bob = await newUser();
      const aliceIn = await recordEvent(app, alice.cookie, 'clock_in');
      await insertPunches(getDatabase().db, alice.id, [
        { eventType: 'clock_in', occurredAt: '2025-02-03T09:00:00-05:00' },
        { eventType: 'clock_out', occurredAt: '2025-02-03T17:00:00-05:00' },
      ]);

      expect(await getToday(bob)).toMatchObject({ state: 'none', events: [] });
      expect(await getHistory(bob)).toEqual({ days: [], page: 1, pageSize: 14, totalDays: 0 });
      // Bob can act independently of Alice's state.
      await recordEvent(app, bob.cookie, 'clock_in');
      const bobOut = await recordEvent(app, bob.cookie, 'clock_out');
      expect((await getToday(bob)).events.map((event) => event.id)).not.toContain(aliceIn.id);
      expect((await getToday(alice)).events).toEqual([aliceIn]);
      expect((await getToday(alice)).state).toBe('clock_in');
      const aliceHistory = await getHistory(alice);
      expect(aliceHistory.totalDays).toBe(2);
      const aliceIds = aliceHistory.days.flatMap((day) => day.events.map((event) => event.id));
      expect(aliceIds).not.toContain(bobOut.id);
    });
  });

  describe('GET /api/time-events/history', () => {
    let user: SessionUser;

    // Four past days in January 2025 (EST, UTC-5).
    beforeAll(async () => {
      user = await newUser();
      const t = (date: string, time: string) => `${date}T${time}:00-05:00`;
      await insertPunches(getDatabase().db, user.id, [
        // A full day: 7:15 working + a 15-minute paid break; 30 minutes' lunch unpaid.
        { eventType: 'clock_in', occurredAt: t('2025-01-06', '09:00') },
        { eventType: 'break', occurredAt: t('2025-01-06', '10:30') },
        { eventType: 'clock_in', occurredAt: t('2025-01-06', '10:45') },
        { eventType: 'lunch', occurredAt: t('2025-01-06', '12:00') },
        { eventType: 'clock_in', occurredAt: t('2025-01-06', '12:30') },
        { eventType: 'clock_out', occurredAt: t('2025-01-06', '17:00') },
        // A morning.
        { eventType: 'clock_in', occurredAt: t('2025-01-07', '08:00') },
        { eventType: 'clock_out', occurredAt: t('2025-01-07', '12:00'), source: 'offline_sync' },
        // Never clocked out: the open break is not counted on a past day.
        { eventType: 'clock_in', occurredAt: t('2025-01-08', '09:00') },
        { eventType: 'break', occurredAt: t('2025-01-08', '11:00') },
        // A late stretch just before midnight.
        { eventType: 'clock_in', occurredAt: t('2025-01-10', '22:00') },
        { eventType: 'clock_out', occurredAt: t('2025-01-10', '23:30') },
      ]);
    });

    it('lists days newest first with their totals and events oldest first', async () => {
      const history = await getHistory(user);
      expect(history).toMatchObject({ page: 1, pageSize: 14, totalDays: 4 });
      expect(history.days.map((day) => day.date)).toEqual([
        '2025-01-10',
        '2025-01-08',
        '2025-01-07',
        '2025-01-06',
      ]);
      const [late, open, morning, full] = history.days;
      expect(full).toMatchObject({
        firstClockIn: '2025-01-06T14:00:00.000Z',
        lastClockOut: '2025-01-06T22:00:00.000Z',
        workedMinutes: 450,
        breakMinutes: 15,
        lunchMinutes: 30,
        isOpen: false,
      });
      expect(full?.events.map((event) => event.eventType)).toEqual([
        'clock_in',
        'break',
        'clock_in',
        'lunch',
        'clock_in',
        'clock_out',
      ]);
      expect(morning).toMatchObject({ workedMinutes: 240, breakMinutes: 0, lunchMinutes: 0 });
      expect(morning?.events.map((event) => event.source)).toEqual(['web', 'offline_sync']);
      expect(open).toMatchObject({
        lastClockOut: null,
        workedMinutes: 120,
        breakMinutes: 0,
        isOpen: true,
      });
      expect(late).toMatchObject({
        date: '2025-01-10',
        firstClockIn: '2025-01-11T03:00:00.000Z',
        workedMinutes: 90,
      });
    });

    it('pages through the days', async () => {
      const first = await getHistory(user, '?pageSize=3');
      expect(first).toMatchObject({ page: 1, pageSize: 3, totalDays: 4 });
      expect(first.days.map((day) => day.date)).toEqual(['2025-01-10', '2025-01-08', '2025-01-07']);

      const second = await getHistory(user, '?pageSize=3&page=2');
      expect(second).toMatchObject({ page: 2, pageSize: 3, totalDays: 4 });
      expect(second.days.map((day) => day.date)).toEqual(['2025-01-06']);

      const beyond = await getHistory(user, '?pageSize=3&page=3');
      expect(beyond).toEqual({ days: [], page: 3, pageSize: 3, totalDays: 4 });
    });

    it('limits to a date range, both ends included', async () => {
      const range = await getHistory(user, '?from=2025-01-07&to=2025-01-08');
      expect(range.totalDays).toBe(2);
      expect(range.days.map((day) => day.date)).toEqual(['2025-01-08', '2025-01-07']);
      const single = await getHistory(user, '?from=2025-01-06&to=2025-01-06');
      expect(single.days.map((day) => day.date)).toEqual(['2025-01-06']);
    });

    it.each([
      ['?from=2025-01-08&to=2025-01-07', 'The start date must be on or before the end date'],
      ['?page=0', 'Page must be 1 or more'],
      ['?pageSize=101', 'Page size must be at most 100'],
      ['?from=2025-1-7', 'Use a yyyy-MM-dd date'],
    ])('refuses %s with 400 "%s"', async (query, message) => {
      const response = await getJson(app, user.cookie, `/api/time-events/history${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'invalid' });
    });

    it('includes today, counting an open shift up to now', async () => {
      const other = await newUser();
      const clockIn = await recordEvent(app, other.cookie, 'clock_in');
      const history = await getHistory(other);
      expect(history.totalDays).toBe(1);
      expect(history.days[0]).toMatchObject({
        date: clockIn.date,
        firstClockIn: clockIn.occurredAt,
        isOpen: true,
        workedMinutes: 0,
      });
    });
  });

  describe('audit log', () => {
    async function recordAudits(userId: string) {
      return getDatabase()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, 'time_event.record')))
        .orderBy(asc(auditLog.id));
    }

    it('writes one time_event.record row per recorded punch, none for a replay or refusal', async () => {
      const user = await newUser();
      const id = randomUUID();
      const first = await postTimeEvent(app, user.cookie, { id, eventType: 'clock_in' });
      expect(first.statusCode).toBe(201);
      const event = first.json().event;

      expect(
        (await postTimeEvent(app, user.cookie, { id, eventType: 'clock_in' })).statusCode,
      ).toBe(200);
      expect((await postTimeEvent(app, user.cookie, { eventType: 'clock_in' })).statusCode).toBe(
        409,
      );

      const rows = await recordAudits(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorId: user.id,
        action: 'time_event.record',
        entityType: 'time_event',
        entityId: id,
        before: null,
        after: { eventType: 'clock_in', occurredAt: event.occurredAt, source: 'web' },
        ip: '127.0.0.1',
        userAgent: 'punchclock-tests',
      });

      const breakEvent = await recordEvent(app, user.cookie, 'break');
      const offline = await postTimeEvent(app, user.cookie, {
        eventType: 'clock_in',
        capturedOfflineAt: new Date().toISOString(),
      });
      expect(offline.statusCode).toBe(201);
      const after = await recordAudits(user.id);
      expect(after.map((row) => row.entityId)).toEqual([
        id,
        breakEvent.id,
        offline.json().event.id,
      ]);
      expect(after[2]?.after).toMatchObject({ source: 'offline_sync' });
      expect(after.map((row) => row.entityId)).toSatisfy((ids: unknown[]) =>
        ids.every((each) => typeof each === 'string' && UUID.test(each)),
      );
    });
  });
});
