import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminOverviewResponseSchema,
  type AdminOverview,
} from '@punchclock/shared/contracts/admin';
import type { ScheduleTemplate } from '@punchclock/shared/contracts/schedules';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { timeCorrections, timeOffRequests } from '../../db/schema.ts';
import { timeOffTypeId } from '../../test/approvals.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi, seedAssignment, seedTemplate } from '../../test/schedules.ts';
import { insertPunches, type PunchRow } from '../../test/time-tracking.ts';

const DAY = '2026-06-10';
/** Toronto wall-clock time on DAY (summer, UTC-4). */
const at = (time: string) => new Date(`${DAY}T${time}:00-04:00`);
const NOW = at('10:00');

// Its own database: the overview counts everyone in it.
describeEachDatabase('GET /api/admin/overview', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let adminCookie: string;
  const people: Record<string, TestUser> = {};

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    const admin = await createTestUser(db(), { role: 'admin', name: 'Ova Admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);

    const template = (workStart: string, workEnd: string): Promise<ScheduleTemplate> =>
      seedTemplate(db(), {
        workStart,
        workEnd,
        lunchStart: null,
        lunchEnd: null,
        breakDurationMins: 15,
        workingDays: [0, 1, 2, 3, 4, 5, 6],
      });
    const nineToFive = await template('09:00', '17:00');
    const elevenToSeven = await template('11:00', '19:00');
    const justStarted = await template('09:57', '17:57');

    const person = async (
      key: string,
      options: { shift?: ScheduleTemplate; punches?: [PunchRow['eventType'], string][] } = {},
      suspended = false,
    ) => {
      const user = await createTestUser(db(), { name: `Person ${key}`, suspended });
      if (options.shift) {
        await seedAssignment(db(), {
          userId: user.id,
          templateId: options.shift.id,
          dateRangeStart: shiftDate(DAY, -1),
          dateRangeEnd: shiftDate(DAY, 1),
        });
      }
      await insertPunches(
        db(),
        user.id,
        (options.punches ?? []).map(([eventType, time]) => ({
          eventType,
          occurredAt: at(time).toISOString(),
        })),
      );
      people[key] = user;
    };

    await person('working', { shift: nineToFive, punches: [['clock_in', '08:50']] });
    await person('arrivedLate', { shift: nineToFive, punches: [['clock_in', '09:20']] });
    await person('overBreak', {
      punches: [
        ['clock_in', '08:55'],
        ['break', '09:40'],
      ],
    });
    await person('shortBreak', {
      punches: [
        ['clock_in', '08:55'],
        ['break', '09:55'],
      ],
    });
    await person('overLunch', {
      punches: [
        ['clock_in', '08:00'],
        ['lunch', '09:20'],
      ],
    });
    await person('clockedOut', {
      punches: [
        ['clock_in', '06:00'],
        ['clock_out', '09:00'],
      ],
    });
    await person('late', { shift: nineToFive });
    await person('later', { shift: elevenToSeven });
    await person('withinGrace', { shift: justStarted });
    await person('off');
    await person('suspended', { shift: nineToFive }, true);

    const correction = (status: 'pending' | 'approved') => ({
      userId: people.working?.id ?? '',
      date: DAY,
      kind: 'add' as const,
      eventType: 'clock_out' as const,
      occurredAt: at('17:00'),
      reason: 'Forgot',
      status,
      requestedBy: people.working?.id ?? '',
    });
    await db()
      .insert(timeCorrections)
      .values([correction('pending'), correction('approved'), correction('pending')]);
    // Time off waits in the same queue (issue #12: it used to be left out of this count).
    const vacation = await timeOffTypeId(db(), 'Vacation');
    const timeOff = (status: 'pending' | 'rejected') => ({
      userId: people.off?.id ?? '',
      typeId: vacation,
      startDate: shiftDate(DAY, 7),
      endDate: shiftDate(DAY, 7),
      daysX100: 100,
      status,
    });
    await db()
      .insert(timeOffRequests)
      .values([timeOff('pending'), timeOff('rejected')]);
  });
  afterAll(async () => {
    await app.close();
  });

  async function overviewAt(now: Date): Promise<AdminOverview> {
    // Only the clock the route reads is moved; timers and the database run as usual.
    vi.useFakeTimers({ toFake: ['Date'], now });
    try {
      const response = await callApi(app, adminCookie, 'GET', '/api/admin/overview');
      expect(response.statusCode, response.body).toBe(200);
      return adminOverviewResponseSchema.parse(response.json());
    } finally {
      vi.useRealTimers();
    }
  }

  it('counts who is working, on break, at lunch, out, not yet in, late and over the limit', async () => {
    const overview = await overviewAt(NOW);
    expect(overview.today).toBe(DAY);
    expect(overview.counts).toEqual({
      working: 2, // working, arrivedLate
      onBreak: 2, // overBreak, shortBreak
      atLunch: 1, // overLunch
      clockedOut: 1,
      notYetIn: 2, // later (11:00), withinGrace (started 3 minutes ago)
      late: 1,
      overLimit: 2, // overBreak (25 > 15), overLunch (40 > 30)
    });
    // Everyone active (the admin and "off" included), and the suspended one apart.
    expect(overview.people).toEqual({ active: 11, suspended: 1 });
    // Two corrections and one time-off request wait: what the approvals queue lists.
    expect(overview.pendingApprovals).toBe(3);
  });

  it('lists who was or is late today, latest first', async () => {
    const overview = await overviewAt(NOW);
    expect(overview.lateToday).toEqual([
      { userId: people.late?.id, name: 'Person late', minutesLate: 60, stillOut: true },
      {
        userId: people.arrivedLate?.id,
        name: 'Person arrivedLate',
        minutesLate: 20,
        stillOut: false,
      },
    ]);
  });

  describe('later the same day', () => {
    it('moves people along as their shifts start', async () => {
      const overview = await overviewAt(at('11:10'));
      expect(overview.counts).toMatchObject({
        notYetIn: 0,
        late: 3, // late, later (11:00), withinGrace (09:57)
      });
      expect(overview.lateToday.map((entry) => [entry.name, entry.minutesLate])).toEqual([
        ['Person late', 130],
        ['Person withinGrace', 73],
        ['Person arrivedLate', 20],
        ['Person later', 10],
      ]);
    });
  });
});
