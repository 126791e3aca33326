import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correctionSchema, type CorrectionDto } from '@punchclock/shared/contracts/approvals';
import {
  historyResponseSchema,
  type HistoryDay,
  type TimeEvent,
} from '@punchclock/shared/contracts/time-tracking';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import {
  correctionStatus,
  createCorrection,
  decide,
  queuedDates,
  readDayMetrics,
  readRawEvents,
  torontoInstant,
} from '../../test/approvals.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { insertPunches, TORONTO } from '../../test/time-tracking.ts';
import { auditRowsFor, expectApi } from '../../test/users.ts';
import { recomputeDays, recomputeQueuedDays } from '../reports/recompute.ts';

interface Person {
  user: TestUser;
  cookie: string;
}

/** Past weekdays in EDT, one per test so no test sees another's day. */
const DAYS = {
  requests: '2026-10-13',
  layered: '2026-10-14',
  rejected: '2026-10-15',
  cancelled: '2026-10-16',
  moveOnly: '2026-10-19',
  night: '2026-10-06',
};

describeEachDatabase('correction requests', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let sme: Person;

  async function person(role: TestUser['role'] = 'employee', name?: string): Promise<Person> {
    const user = await createTestUser(db(), { role, ...(name ? { name } : {}) });
    return { user, cookie: await signInAs(app, user.email, user.password) };
  }

  /**
   * A day clocked in at 09:00, on break at 12:00 with a double tap at 12:01, back at 12:15,
   * and never clocked out. Returns the stored raw punches, oldest first.
   */
  async function forgetfulDay(who: Person, date: string) {
    await insertPunches(db(), who.user.id, [
      { eventType: 'clock_in', occurredAt: torontoInstant(date, '09:00') },
      { eventType: 'break', occurredAt: torontoInstant(date, '12:00') },
      { eventType: 'break', occurredAt: torontoInstant(date, '12:01') },
      { eventType: 'clock_in', occurredAt: torontoInstant(date, '12:15') },
    ]);
    const raw = (await readRawEvents(db(), who.user.id)).filter((row) => row.shiftDate === date);
    const [clockIn, , doubleTap] = raw;
    if (!clockIn || !doubleTap || raw.length !== 4) throw new Error('punches not stored');
    return { raw, clockIn, doubleTap };
  }

  /** The three corrections that fix a forgetful day: add 17:00 out, 09:00 → 08:30, drop 12:01. */
  async function requestFixes(who: Person, date: string) {
    const { raw, clockIn, doubleTap } = await forgetfulDay(who, date);
    const add = await createCorrection(app, who.cookie, {
      kind: 'add',
      eventType: 'clock_out',
      occurredAt: torontoInstant(date, '17:00'),
      reason: 'Forgot to clock out',
    });
    const move = await createCorrection(app, who.cookie, {
      kind: 'move',
      targetEventId: clockIn.id,
      occurredAt: torontoInstant(date, '08:30'),
      reason: 'The kiosk was down at 08:30',
    });
    const remove = await createCorrection(app, who.cookie, {
      kind: 'remove',
      targetEventId: doubleTap.id,
      reason: 'Pressed break twice',
    });
    return { raw, clockIn, doubleTap, add, move, remove };
  }

  async function historyDay(who: Person, date: string): Promise<HistoryDay | undefined> {
    const body = await expectApi(
      app,
      who.cookie,
      'GET',
      `/api/time-events/history?from=${date}&to=${date}`,
      200,
    );
    return historyResponseSchema.parse(body).days.find((day) => day.date === date);
  }

  /** A stored punch as history shows it. */
  const asPublic = (row: Awaited<ReturnType<typeof readRawEvents>>[number]): TimeEvent => ({
    id: row.id,
    eventType: row.eventType,
    occurredAt: row.occurredAt.toISOString(),
    date: row.date,
    shiftDate: row.shiftDate,
    source: row.source,
  });

  beforeAll(async () => {
    // Fixed past days, weeks back: how far back people may ask is correction-window.test.ts's.
    app = await buildTestApp(getDatabase().database, { correctionWindowDays: 3650 });
    sme = await person('sme', 'Sasha Sme');
  });
  afterAll(async () => {
    await app.close();
  });

  describe('POST /api/corrections', () => {
    it('records an add, a move and a remove as pending requests beside the raw punches', async () => {
      const employee = await person('employee', 'Cory Clock');
      const date = DAYS.requests;
      const { raw, clockIn, doubleTap, add, move, remove } = await requestFixes(employee, date);

      const common = {
        userId: employee.user.id,
        userName: 'Cory Clock',
        date,
        status: 'pending',
        decidedByName: null,
        decidedAt: null,
        decisionComment: null,
      };
      expect(correctionSchema.parse(add)).toEqual({
        ...common,
        id: add.id,
        kind: 'add',
        targetEventId: null,
        originalEventType: null,
        originalOccurredAt: null,
        eventType: 'clock_out',
        occurredAt: torontoInstant(date, '17:00'),
        reason: 'Forgot to clock out',
        requestedAt: expect.any(String),
      });
      expect(move).toEqual({
        ...common,
        id: move.id,
        kind: 'move',
        targetEventId: clockIn.id,
        originalEventType: 'clock_in',
        originalOccurredAt: torontoInstant(date, '09:00'),
        eventType: null,
        occurredAt: torontoInstant(date, '08:30'),
        reason: 'The kiosk was down at 08:30',
        requestedAt: expect.any(String),
      });
      expect(remove).toEqual({
        ...common,
        id: remove.id,
        kind: 'remove',
        targetEventId: doubleTap.id,
        originalEventType: 'break',
        originalOccurredAt: torontoInstant(date, '12:01'),
        eventType: null,
        occurredAt: null,
        reason: 'Pressed break twice',
        requestedAt: expect.any(String),
      });

      // Nothing about the raw punches changed, and pending corrections do not count yet.
      expect(
        (await readRawEvents(db(), employee.user.id)).filter((r) => r.shiftDate === date),
      ).toEqual(raw);
      const day = await historyDay(employee, date);
      expect(day).toMatchObject({ isCorrected: false, originalEvents: null, corrections: [] });
      expect(day?.events).toEqual(raw.map(asPublic));

      // The requester sees their own, one audit row each.
      const listed = await expectApi<{ corrections: CorrectionDto[] }>(
        app,
        employee.cookie,
        'GET',
        '/api/corrections',
        200,
      );
      expect(listed.corrections.map((each) => each.id).sort()).toEqual(
        [add.id, move.id, remove.id].sort(),
      );
      for (const correction of [add, move, remove]) {
        const rows = await auditRowsFor(db(), correction.id, 'correction.request');
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          actorId: employee.user.id,
          entityType: 'time_correction',
          after: { kind: correction.kind, date, reason: correction.reason },
        });
      }
      const stranger = await person();
      const theirs = await expectApi<{ corrections: CorrectionDto[] }>(
        app,
        stranger.cookie,
        'GET',
        '/api/corrections',
        200,
      );
      expect(theirs.corrections).toEqual([]);
    });

    it('refuses a second pending correction for the same punch (409)', async () => {
      const employee = await person();
      const { clockIn, move } = await requestFixes(employee, shiftDate(DAYS.requests, -7));
      for (const body of [
        {
          kind: 'move' as const,
          targetEventId: clockIn.id,
          occurredAt: torontoInstant(move.date, '08:45'),
          reason: 'Actually 08:45',
        },
        { kind: 'remove' as const, targetEventId: clockIn.id, reason: 'Never came in' },
      ]) {
        const response = await callApi(app, employee.cookie, 'POST', '/api/corrections', body);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          message: 'There is already a pending correction for that punch',
          code: 'duplicate_correction',
        });
      }
    });

    it('only corrects the caller’s own punches: someone else’s or an unknown one is 404', async () => {
      const owner = await person();
      const { clockIn } = await forgetfulDay(owner, shiftDate(DAYS.requests, -14));
      const intruder = await person();
      for (const targetEventId of [clockIn.id, '6f9619ff-8b86-4d01-b42d-00cf4fc964ff']) {
        for (const body of [
          { kind: 'remove', targetEventId, reason: 'Not mine to remove' },
          {
            kind: 'move',
            targetEventId,
            occurredAt: torontoInstant(shiftDate(DAYS.requests, -14), '10:00'),
            reason: 'Not mine to move',
          },
        ]) {
          const response = await callApi(app, intruder.cookie, 'POST', '/api/corrections', body);
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({
            message: 'That punch was not found',
            code: 'not_found',
          });
        }
      }
      // Even an approver cannot file a correction on someone else's punch.
      const bySme = await callApi(app, sme.cookie, 'POST', '/api/corrections', {
        kind: 'remove',
        targetEventId: clockIn.id,
        reason: 'On their behalf',
      });
      expect(bySme.statusCode).toBe(404);
    });

    it('refuses a day that has not started, and a reason that is too short', async () => {
      const employee = await person();
      const future = shiftDate(toBusinessDate(new Date(), TORONTO), 2);
      const early = await callApi(app, employee.cookie, 'POST', '/api/corrections', {
        kind: 'add',
        eventType: 'clock_in',
        occurredAt: torontoInstant(future, '09:00'),
        reason: 'Clocking in ahead',
      });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({
        message: 'You can only correct days that have started',
        code: 'future_correction',
      });
      const terse = await callApi(app, employee.cookie, 'POST', '/api/corrections', {
        kind: 'add',
        eventType: 'clock_in',
        occurredAt: torontoInstant(DAYS.requests, '09:00'),
        reason: ' x ',
      });
      expect(terse.statusCode).toBe(400);
      expect(terse.json().message).toBe('Say why (at least 3 characters)');
    });

    it('answers a missed punch in any year a client can send with a refusal, never a server error', async () => {
      const employee = await person();
      const missed = (occurredAt: string) =>
        callApi(app, employee.cookie, 'POST', '/api/corrections', {
          kind: 'add',
          eventType: 'clock_out',
          occurredAt,
          reason: 'Forgot to clock out',
        });
      // A year before 1000, found by the input fuzz: its business day is 0084-03-19.
      const ancient = await missed('0084-03-19T12:19:56.156Z');
      expect(ancient.statusCode).toBe(400);
      expect(ancient.json().code).toBe('correction_too_old');
      // Years no business day can be stored for are refused as input.
      const beforeYearOne = await missed('0000-06-01T12:00:00Z');
      expect(beforeYearOne.statusCode).toBe(400);
      expect(beforeYearOne.json().message).toBe('Give the time of the missed punch');
      const year9999 = await missed('9999-06-01T12:00:00Z');
      expect(year9999.statusCode).toBe(400);
      expect(year9999.json().message).toBe('Use a date before the year 9999');
      const mine = await expectApi(app, employee.cookie, 'GET', '/api/corrections', 200);
      expect(mine).toEqual({ corrections: [] });
    });
  });

  describe('once approved', () => {
    it('leaves the raw punches alone and layers the corrections over them in history and day metrics', async () => {
      const employee = await person();
      const date = DAYS.layered;
      const { raw, clockIn, add, move, remove } = await requestFixes(employee, date);

      // Before: the day is left open, a missed clock-out.
      await recomputeDays(db(), TORONTO, [employee.user.id], date, date);
      expect(await readDayMetrics(db(), employee.user.id, date)).toMatchObject({
        status: 'unscheduled',
        missedClockOut: true,
        isCorrected: false,
        workedMinutes: 195, // 09:00 to the last punch at 12:15
        firstClockInHour: 9,
      });

      const results = await decide(
        app,
        sme.cookie,
        [add, move, remove].map((correction) => ({ type: 'correction', id: correction.id })),
        'approve',
        'Checked with the kiosk log',
      );
      expect(results).toEqual(
        [add, move, remove].map((correction) => ({ id: correction.id, ok: true, message: null })),
      );
      for (const correction of [add, move, remove]) {
        expect(await correctionStatus(db(), correction.id)).toBe('approved');
      }

      // The raw rows are exactly as they were.
      expect(
        (await readRawEvents(db(), employee.user.id)).filter((r) => r.shiftDate === date),
      ).toEqual(raw);

      // History shows the day as it counts, with the originals beside it.
      const day = await historyDay(employee, date);
      expect(day?.isCorrected).toBe(true);
      expect(day?.originalEvents).toEqual(raw.map(asPublic));
      expect(day?.events).toEqual([
        { ...asPublic(clockIn), occurredAt: torontoInstant(date, '08:30') },
        asPublic(raw[1] as (typeof raw)[number]),
        asPublic(raw[3] as (typeof raw)[number]),
        {
          id: add.id,
          eventType: 'clock_out',
          occurredAt: torontoInstant(date, '17:00'),
          date,
          shiftDate: date,
          source: 'admin_correction',
        },
      ]);
      expect(day).toMatchObject({
        firstClockIn: torontoInstant(date, '08:30'),
        lastClockOut: torontoInstant(date, '17:00'),
        isOpen: false,
        workedMinutes: 510,
        breakMinutes: 15,
      });
      expect(day?.corrections).toHaveLength(3);
      expect(day?.corrections).toEqual(
        expect.arrayContaining(
          [add, move, remove].map((correction) => ({
            kind: correction.kind,
            reason: correction.reason,
            decidedByName: 'Sasha Sme',
            decidedAt: expect.any(String),
          })),
        ),
      );

      // Approval queued the day; recomputing it counts the corrected punches.
      expect(await queuedDates(db(), employee.user.id)).toEqual([date]);
      expect(await recomputeQueuedDays(db(), TORONTO)).toBeGreaterThanOrEqual(1);
      expect(await queuedDates(db(), employee.user.id)).toEqual([]);
      expect(await readDayMetrics(db(), employee.user.id, date)).toMatchObject({
        status: 'unscheduled',
        missedClockOut: false,
        isCorrected: true,
        workedMinutes: 510,
        breakMinutes: 15,
        firstClockInHour: 8,
      });

      const audit = await auditRowsFor(db(), move.id, 'correction.approve');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorId: sme.user.id,
        after: { status: 'approved', comment: 'Checked with the kiosk log' },
      });
    });

    it('adds a forgotten night-shift clock-out to the day the shift started', async () => {
      const employee = await person();
      const evening = DAYS.night;
      const morning = shiftDate(evening, 1);
      await insertPunches(db(), employee.user.id, [
        { eventType: 'clock_in', occurredAt: torontoInstant(evening, '22:00') },
        { eventType: 'break', occurredAt: torontoInstant(morning, '02:00') },
        { eventType: 'clock_in', occurredAt: torontoInstant(morning, '02:15') },
      ]);
      const add = await createCorrection(app, employee.cookie, {
        kind: 'add',
        eventType: 'clock_out',
        occurredAt: torontoInstant(morning, '06:00'),
        reason: 'Left at six, forgot to punch',
      });
      expect(add.date).toBe(evening);
      // A clock-in on a later day with nothing open starts its own day, as a punch would.
      const nextShift = await createCorrection(app, employee.cookie, {
        kind: 'add',
        eventType: 'clock_in',
        occurredAt: torontoInstant(shiftDate(evening, 2), '22:00'),
        reason: 'Forgot to clock in',
      });
      expect(nextShift.date).toBe(shiftDate(evening, 2));
      await decide(app, sme.cookie, [{ type: 'correction', id: add.id }], 'approve');

      const day = await historyDay(employee, evening);
      expect(day?.isCorrected).toBe(true);
      expect(day?.events.map((event) => event.eventType)).toEqual([
        'clock_in',
        'break',
        'clock_in',
        'clock_out',
      ]);
      expect(day).toMatchObject({ isOpen: false, workedMinutes: 480 });
      expect(await queuedDates(db(), employee.user.id)).toEqual([evening]);
      await recomputeQueuedDays(db(), TORONTO);
      expect(await readDayMetrics(db(), employee.user.id, evening)).toMatchObject({
        missedClockOut: false,
        isCorrected: true,
        workedMinutes: 480,
      });
      // No stray day made of the clock-out alone.
      await recomputeDays(db(), TORONTO, [employee.user.id], morning, morning);
      expect(await readDayMetrics(db(), employee.user.id, morning)).toBeUndefined();
    });

    it('applies a single move on its own (the other punches untouched)', async () => {
      const employee = await person();
      const date = DAYS.moveOnly;
      const { raw, doubleTap } = await forgetfulDay(employee, date);
      const move = await createCorrection(app, employee.cookie, {
        kind: 'move',
        targetEventId: doubleTap.id,
        occurredAt: torontoInstant(date, '16:00'),
        reason: 'That was my clock-out, wrong button',
      });
      await decide(app, sme.cookie, [{ type: 'correction', id: move.id }], 'approve');
      const day = await historyDay(employee, date);
      expect(day?.events.map((event) => [event.id, event.eventType, event.occurredAt])).toEqual([
        [raw[0]?.id, 'clock_in', torontoInstant(date, '09:00')],
        [raw[1]?.id, 'break', torontoInstant(date, '12:00')],
        [raw[3]?.id, 'clock_in', torontoInstant(date, '12:15')],
        [doubleTap.id, 'break', torontoInstant(date, '16:00')],
      ]);
      expect(day?.originalEvents).toEqual(raw.map(asPublic));
    });
  });

  describe('rejected and cancelled', () => {
    it('a rejected correction changes nothing anywhere', async () => {
      const employee = await person();
      const date = DAYS.rejected;
      const { raw, add } = await requestFixes(employee, date);
      await decide(app, sme.cookie, [{ type: 'correction', id: add.id }], 'reject', 'No evidence');
      expect(await correctionStatus(db(), add.id)).toBe('rejected');
      const day = await historyDay(employee, date);
      expect(day).toMatchObject({ isCorrected: false, originalEvents: null, corrections: [] });
      expect(day?.events).toEqual(raw.map(asPublic));
      // A rejection does not queue the day.
      expect(await queuedDates(db(), employee.user.id)).toEqual([]);
      await recomputeDays(db(), TORONTO, [employee.user.id], date, date);
      expect(await readDayMetrics(db(), employee.user.id, date)).toMatchObject({
        missedClockOut: true,
        isCorrected: false,
      });
    });

    it('the requester cancels their own pending correction, once; nobody else can', async () => {
      const employee = await person();
      const { clockIn, move } = await requestFixes(employee, DAYS.cancelled);

      const stranger = await person();
      for (const cookie of [stranger.cookie, sme.cookie]) {
        const response = await callApi(app, cookie, 'POST', `/api/corrections/${move.id}/cancel`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Correction not found', code: 'not_found' });
      }
      expect(await correctionStatus(db(), move.id)).toBe('pending');

      await expectApi(app, employee.cookie, 'POST', `/api/corrections/${move.id}/cancel`, 204);
      expect(await correctionStatus(db(), move.id)).toBe('cancelled');
      const rows = await auditRowsFor(db(), move.id, 'correction.cancel');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorId: employee.user.id,
        before: { status: 'pending' },
        after: { status: 'cancelled' },
      });
      const again = await callApi(
        app,
        employee.cookie,
        'POST',
        `/api/corrections/${move.id}/cancel`,
      );
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: 'Only a pending correction can be cancelled; this one is cancelled',
        code: 'not_pending',
      });
      // A cancelled correction can no longer be decided, and the punch is free to correct again.
      const [late] = await decide(
        app,
        sme.cookie,
        [{ type: 'correction', id: move.id }],
        'approve',
      );
      expect(late).toEqual({
        id: move.id,
        ok: false,
        message: 'This request was already cancelled',
      });
      await createCorrection(app, employee.cookie, {
        kind: 'move',
        targetEventId: clockIn.id,
        occurredAt: torontoInstant(DAYS.cancelled, '08:50'),
        reason: 'Second try',
      });
    });

    it('refuses to cancel a decided correction', async () => {
      const employee = await person();
      const { add } = await requestFixes(employee, shiftDate(DAYS.cancelled, -7));
      await decide(app, sme.cookie, [{ type: 'correction', id: add.id }], 'approve');
      const response = await callApi(
        app,
        employee.cookie,
        'POST',
        `/api/corrections/${add.id}/cancel`,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'Only a pending correction can be cancelled; this one is approved',
      );
      expect(await correctionStatus(db(), add.id)).toBe('approved');
    });
  });
});
