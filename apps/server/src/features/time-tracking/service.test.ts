import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { timeEvents } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { SYSTEM_META } from '../../platform/request-meta.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { seedDraftShift, seedPublishedShift } from '../../test/roster-fixtures.ts';
import { seedAssignment, seedTemplate } from '../../test/schedules.ts';
import { createSessionUser, insertPunches, TORONTO } from '../../test/time-tracking.ts';
import type { TimeEventType } from '@punchclock/shared/domain/time-state';
import { getHistory, getToday, recordTimeEvent } from './service.ts';

/** A Toronto wall-clock time in November 2026 (EST, UTC-5) as an ISO instant. */
const est = (date: string, time: string) => `${date}T${time}:00-05:00`;

describeEachDatabase('time-tracking service with a fixed clock', (getDatabase) => {
  const db = () => getDatabase().db;

  function record(
    userId: string,
    eventType: TimeEventType,
    now: string,
    capturedOfflineAt?: string,
  ) {
    return recordTimeEvent(
      db(),
      { timeZone: TORONTO, latePunchReviewMinutes: 15, earlyClockInWarningMinutes: 60 },
      userId,
      { id: randomUUID(), eventType, ...(capturedOfflineAt ? { capturedOfflineAt } : {}) },
      SYSTEM_META,
      new Date(now),
    );
  }

  async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
    return { status: error.statusCode, message: error.message };
  }

  describe('clocking in long before the shift', () => {
    /** Someone on a 09:00–17:00 Monday-to-Friday shift through November 2026. */
    async function nineToFiver() {
      const user = await createSessionUser(db());
      const template = await seedTemplate(db());
      await seedAssignment(db(), {
        userId: user.id,
        templateId: template.id,
        dateRangeStart: '2026-11-01',
        dateRangeEnd: '2026-11-30',
      });
      return user;
    }

    it('records the clock-in and warns how long before the shift it is', async () => {
      const user = await nineToFiver();
      const result = await record(user.id, 'clock_in', est('2026-11-23', '05:50'));
      expect(result.event.eventType).toBe('clock_in');
      expect(result.warning).toBe('You clocked in 3 h 10 min before your shift starts at 9:00 AM');
    });

    it('says nothing within the margin, on a day off, or for later punches', async () => {
      const user = await nineToFiver();
      expect((await record(user.id, 'clock_in', est('2026-11-24', '08:05'))).warning).toBeNull();
      expect((await record(user.id, 'break', est('2026-11-24', '08:10'))).warning).toBeNull();
      expect((await record(user.id, 'clock_out', est('2026-11-24', '17:00'))).warning).toBeNull();
      // Saturday: no shift to be early for.
      expect((await record(user.id, 'clock_in', est('2026-11-28', '05:00'))).warning).toBeNull();
    });

    // #30: a published roster shift takes the place of the template's that day.
    it('warns against the published shift of the day, not the template', async () => {
      const user = await nineToFiver();
      await seedPublishedShift(db(), {
        userId: user.id,
        date: '2026-11-25',
        startTime: '13:00',
        endTime: '21:00',
        position: 'Cashier',
      });
      await seedPublishedShift(db(), {
        userId: user.id,
        date: '2026-11-28', // Saturday, the template's day off
        startTime: '10:00',
        endTime: '14:00',
      });
      // A draft is not the person's plan yet: the 26th is still 09:00.
      await seedDraftShift(db(), {
        userId: user.id,
        date: '2026-11-26',
        startTime: '13:00',
        endTime: '21:00',
      });
      const early = await record(user.id, 'clock_in', est('2026-11-25', '08:55'));
      expect(early.warning).toBe('You clocked in 4 h 5 min before your shift starts at 1:00 PM');
      const today = await getToday(db(), TORONTO, user.id, new Date(est('2026-11-25', '09:00')));
      expect(today.todayShift).toEqual({
        templateName: 'Cashier',
        workStart: '13:00',
        workEnd: '21:00',
        lunchStart: null,
        lunchEnd: null,
        isWorkingDay: true,
      });
      await record(user.id, 'clock_out', est('2026-11-25', '21:00'));
      expect((await record(user.id, 'clock_in', est('2026-11-26', '08:30'))).warning).toBeNull();
      await record(user.id, 'clock_out', est('2026-11-26', '17:00'));
      const saturday = await record(user.id, 'clock_in', est('2026-11-28', '07:50'));
      expect(saturday.warning).toBe(
        'You clocked in 2 h 10 min before your shift starts at 10:00 AM',
      );
    });

    it('says nothing to someone without a schedule', async () => {
      const user = await createSessionUser(db());
      expect((await record(user.id, 'clock_in', est('2026-11-23', '04:00'))).warning).toBeNull();
    });
  });

  describe('night shifts', () => {
    it('carries a shift open at midnight into the next day', async () => {
      const user = await createSessionUser(db());
      await insertPunches(db(), user.id, [
        { eventType: 'clock_in', occurredAt: est('2026-11-21', '22:00') },
      ]);

      const atHalfPast = await getToday(
        db(),
        TORONTO,
        user.id,
        new Date(est('2026-11-22', '00:30')),
      );
      expect(atHalfPast).toMatchObject({
        date: '2026-11-22',
        state: 'clock_in',
        events: [],
        stateSince: '2026-11-22T03:00:00.000Z',
        shiftStartedAt: '2026-11-22T03:00:00.000Z',
      });

      const breakStart = await record(user.id, 'break', est('2026-11-22', '01:00'));
      expect(breakStart.event).toMatchObject({ eventType: 'break', date: '2026-11-22' });
      await record(user.id, 'clock_in', est('2026-11-22', '01:15'));
      const out = await record(user.id, 'clock_out', est('2026-11-22', '06:00'));

      const morning = await getToday(db(), TORONTO, user.id, new Date(est('2026-11-22', '07:00')));
      expect(morning.state).toBe('clock_out');
      expect(morning.events.map((event) => event.eventType)).toEqual([
        'break',
        'clock_in',
        'clock_out',
      ]);
      expect(morning.events.at(-1)).toEqual(out.event);
    });

    it('files a night shift under the day it started, in history too', async () => {
      const user = await createSessionUser(db());
      await record(user.id, 'clock_in', est('2026-11-20', '22:00'));
      const breakStart = await record(user.id, 'break', est('2026-11-21', '01:00'));
      const back = await record(user.id, 'clock_in', est('2026-11-21', '01:15'));
      const out = await record(user.id, 'clock_out', est('2026-11-21', '06:00'));
      for (const punch of [breakStart, back, out]) {
        expect(punch.event).toMatchObject({ date: '2026-11-21', shiftDate: '2026-11-20' });
      }

      const history = await getHistory(
        db(),
        TORONTO,
        user.id,
        {},
        new Date(est('2026-11-21', '07:00')),
      );
      expect(history.totalDays).toBe(1);
      expect(history.days[0]).toMatchObject({
        date: '2026-11-20',
        workedMinutes: 8 * 60,
        breakMinutes: 15,
        lunchMinutes: 0,
        isOpen: false,
      });
      expect(history.days[0]?.events).toHaveLength(4);
    });

    it('starts the day with no state after yesterday’s clock-out', async () => {
      const user = await createSessionUser(db());
      await insertPunches(db(), user.id, [
        { eventType: 'clock_in', occurredAt: est('2026-11-21', '09:00') },
        { eventType: 'clock_out', occurredAt: est('2026-11-21', '17:00') },
      ]);
      const now = est('2026-11-22', '08:00');
      expect(await getToday(db(), TORONTO, user.id, new Date(now))).toMatchObject({
        state: 'none',
        events: [],
        stateSince: null,
      });
      expect(await refusal(record(user.id, 'break', now))).toEqual({
        status: 409,
        message: 'Please clock in first',
      });
      expect((await record(user.id, 'clock_in', now)).isReplay).toBe(false);
    });

    it('keeps a shift open for 16 hours and no longer, counted from its first clock-in', async () => {
      const user = await createSessionUser(db());
      // In 08:00, break 15:00, back 15:15 and never clocked out.
      await insertPunches(db(), user.id, [
        { eventType: 'clock_in', occurredAt: est('2026-11-21', '08:00') },
        { eventType: 'break', occurredAt: est('2026-11-21', '15:00') },
        { eventType: 'clock_in', occurredAt: est('2026-11-21', '15:15') },
      ]);
      const withinLimit = new Date(est('2026-11-21', '23:59'));
      expect((await getToday(db(), TORONTO, user.id, withinLimit)).shiftStartedAt).toBe(
        '2026-11-21T13:00:00.000Z',
      );

      // 07:00 the next morning is 23 h after the clock-in (but under 16 h after the break).
      const nextMorning = est('2026-11-22', '07:00');
      expect((await getToday(db(), TORONTO, user.id, new Date(nextMorning))).state).toBe('none');
      const fresh = await record(user.id, 'clock_in', nextMorning);
      const today = await getToday(db(), TORONTO, user.id, new Date(est('2026-11-22', '07:05')));
      expect(today).toMatchObject({
        state: 'clock_in',
        shiftStartedAt: fresh.event.occurredAt,
        events: [fresh.event],
      });
      // The fresh shift is a real one: a break is allowed.
      expect((await record(user.id, 'break', est('2026-11-22', '09:00'))).event.eventType).toBe(
        'break',
      );
    });

    it('refuses a second clock-in while a night shift is within its 16 hours', async () => {
      const user = await createSessionUser(db());
      await insertPunches(db(), user.id, [
        { eventType: 'clock_in', occurredAt: est('2026-11-21', '20:00') },
      ]);
      expect(await refusal(record(user.id, 'clock_in', est('2026-11-22', '11:59')))).toEqual({
        status: 409,
        message: 'You are already working',
      });
      expect((await record(user.id, 'clock_in', est('2026-11-22', '12:01'))).isReplay).toBe(false);
    });
  });

  describe('times and days', () => {
    it('files an offline action under the business day it was captured on', async () => {
      const user = await createSessionUser(db());
      const result = await record(
        user.id,
        'clock_in',
        est('2026-11-22', '00:10'),
        est('2026-11-21', '23:50'),
      );
      expect(result.event).toMatchObject({
        occurredAt: '2026-11-22T04:50:00.000Z',
        date: '2026-11-21',
        source: 'offline_sync',
      });
    });

    it('never files a live action before an earlier-recorded one (clock skew)', async () => {
      const user = await createSessionUser(db());
      const now = est('2026-11-22', '10:00');
      // Captured offline on a device 30 s fast: accepted (skew under a minute).
      const ahead = await record(user.id, 'clock_in', now, '2026-11-22T10:00:30-05:00');
      expect(ahead.event.occurredAt).toBe('2026-11-22T15:00:30.000Z');

      const breakStart = await record(user.id, 'break', now);
      expect(Date.parse(breakStart.event.occurredAt)).toBeGreaterThan(
        Date.parse(ahead.event.occurredAt),
      );
      expect((await getToday(db(), TORONTO, user.id, new Date(now))).state).toBe('break');
    });

    it('gives each punch of a burst its own instant, in the order they were decided', async () => {
      const user = await createSessionUser(db());
      const now = est('2026-11-22', '10:00');
      const sequence: TimeEventType[] = ['clock_in', 'break', 'clock_in', 'clock_out'];
      for (const eventType of sequence) await record(user.id, eventType, now);
      const rows = await db()
        .select()
        .from(timeEvents)
        .where(eq(timeEvents.userId, user.id))
        .orderBy(asc(timeEvents.occurredAt));
      expect(rows.map((row) => row.eventType)).toEqual(sequence);
      expect(new Set(rows.map((row) => row.occurredAt.getTime())).size).toBe(4);
      expect((await getToday(db(), TORONTO, user.id, new Date(now))).state).toBe('clock_out');
    });

    it('counts real elapsed time across the 25-hour fall-back day', async () => {
      const user = await createSessionUser(db());
      await insertPunches(db(), user.id, [
        // 00:30 EDT to 23:30 EST on 2026-11-01: 24 hours, though the clock moved 23.
        { eventType: 'clock_in', occurredAt: '2026-11-01T00:30:00-04:00' },
        { eventType: 'clock_out', occurredAt: '2026-11-01T23:30:00-05:00' },
      ]);
      const history = await getHistory(
        db(),
        TORONTO,
        user.id,
        {},
        new Date(est('2026-11-05', '12:00')),
      );
      expect(history.days).toHaveLength(1);
      expect(history.days[0]).toMatchObject({ date: '2026-11-01', workedMinutes: 24 * 60 });
    });

    it('counts today’s open shift in history up to now, and a past open day not at all', async () => {
      const user = await createSessionUser(db());
      await insertPunches(db(), user.id, [
        { eventType: 'clock_in', occurredAt: est('2026-11-20', '09:00') },
      ]);
      const sameDay = await getHistory(
        db(),
        TORONTO,
        user.id,
        {},
        new Date(est('2026-11-20', '10:30')),
      );
      expect(sameDay.days[0]).toMatchObject({
        date: '2026-11-20',
        workedMinutes: 90,
        isOpen: true,
      });
      const later = await getHistory(
        db(),
        TORONTO,
        user.id,
        {},
        new Date(est('2026-11-21', '10:30')),
      );
      expect(later.days[0]).toMatchObject({ date: '2026-11-20', workedMinutes: 0, isOpen: true });
    });

    it('leaves days after "today" out unless asked for', async () => {
      const user = await createSessionUser(db());
      await insertPunches(db(), user.id, [
        { eventType: 'clock_in', occurredAt: est('2026-11-20', '09:00') },
        { eventType: 'clock_in', occurredAt: est('2026-11-22', '09:00') },
      ]);
      const now = new Date(est('2026-11-21', '12:00'));
      const history = await getHistory(db(), TORONTO, user.id, {}, now);
      expect(history.days.map((day) => day.date)).toEqual(['2026-11-20']);
      const ranged = await getHistory(db(), TORONTO, user.id, { to: '2026-11-30' }, now);
      expect(ranged.days.map((day) => day.date)).toEqual(['2026-11-22', '2026-11-20']);
    });
  });
});
