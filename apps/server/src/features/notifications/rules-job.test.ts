import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleTemplate } from '@punchclock/shared/contracts/schedules';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@punchclock/shared/domain/notification-rules';
import type { Role } from '@punchclock/shared/domain/roles';
import { profiles, teams, timeEvents } from '../../db/schema.ts';
import { LIVE_CHANNEL, notifyLive } from '../../platform/live-events.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { listenOnFreePort, openLiveStream, type SseFrame } from '../../test/live-stream.ts';
import {
  countNotifications,
  findDuplicateOccasions,
  readNotificationRows,
} from '../../test/notifications.ts';
import { seedDraftShift, seedPublishedShift } from '../../test/roster-fixtures.ts';
import { seedAssignment, seedTemplate } from '../../test/schedules.ts';
import { insertPunches, TORONTO, waitFor } from '../../test/time-tracking.ts';
import type { Db } from '../../db/client.ts';
import { runNotificationRules } from './rules-job.ts';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const EDT = '-04:00';

/** An instant given as Toronto wall-clock time in summer (EDT). */
const summer = (date: string, time: string) => new Date(`${date}T${time}:00${EDT}`);

const run = (db: Db, now: Date) =>
  runNotificationRules(db, TORONTO, DEFAULT_NOTIFICATION_SETTINGS, now);

interface TemplateShape {
  workStart: string;
  workEnd: string;
  breakDurationMins?: number;
}

describeEachDatabase('notification rules job', (getDatabase) => {
  const db = () => getDatabase().db;

  // The job reads inside a transaction, on one connection: queueing queries on it is
  // deprecated by node-postgres (and refused from pg 9), so here a deprecation is an error.
  beforeAll(() => {
    process.throwDeprecation = true;
  });
  afterAll(() => {
    process.throwDeprecation = false;
  });

  async function template(shape: TemplateShape): Promise<ScheduleTemplate> {
    return seedTemplate(db(), {
      lunchStart: null,
      lunchEnd: null,
      breakDurationMins: 15,
      workingDays: EVERY_DAY,
      ...shape,
    });
  }

  /** A person with a role and a name; assigned to `shift` around `date` when given. */
  async function person(
    name: string,
    options: { role?: Role; suspended?: boolean; shift?: ScheduleTemplate; date?: string } = {},
  ): Promise<TestUser> {
    const user = await createTestUser(db(), {
      role: options.role ?? 'employee',
      name,
      suspended: options.suspended,
    });
    if (options.shift && options.date) {
      await seedAssignment(db(), {
        userId: user.id,
        templateId: options.shift.id,
        dateRangeStart: shiftDate(options.date, -1),
        dateRangeEnd: shiftDate(options.date, 1),
      });
    }
    return user;
  }

  async function eventId(userId: string, eventType: 'break' | 'lunch'): Promise<string> {
    const [row] = await db()
      .select({ id: timeEvents.id })
      .from(timeEvents)
      .where(and(eq(timeEvents.userId, userId), eq(timeEvents.eventType, eventType)));
    if (!row) throw new Error(`no ${eventType} punch`);
    return row.id;
  }

  async function occasionsOf(user: TestUser): Promise<string[]> {
    return (await readNotificationRows(db(), [user.id])).map((row) => row.occasionKey ?? '');
  }

  describe('one run at 10:00 on a summer Wednesday', () => {
    const DAY = '2026-06-10';
    const now = summer(DAY, '10:00');
    let day: ScheduleTemplate;
    let people: Record<string, TestUser>;
    let breakId: string;
    let raised: number | null;

    beforeAll(async () => {
      day = await template({ workStart: '09:00', workEnd: '17:00' });
      const longBreaks = await template({
        workStart: '09:00',
        workEnd: '17:00',
        breakDurationMins: 30,
      });
      const later = await template({ workStart: '10:10', workEnd: '18:00' });
      const early = await template({ workStart: '06:00', workEnd: '07:30' });
      people = {
        late: await person('Lena Late', { shift: day, date: DAY }),
        onBreak: await person('Bruno Break', { shift: day, date: DAY }),
        longBreak: await person('Lars Long', { shift: longBreaks, date: DAY }),
        onTime: await person('Olga OnTime', { shift: day, date: DAY }),
        startingSoon: await person('Sam Soon', { shift: later, date: DAY }),
        stillIn: await person('Walt Warning', { shift: early, date: DAY }),
        suspended: await person('Suzy Suspended', { shift: day, date: DAY, suspended: true }),
        teamLead: await person('Tina Lead', { role: 'team_lead' }),
        sme: await person('Simon Sme', { role: 'sme' }),
        employee: await person('Emil Employee'),
        admin: await person('Ada Admin', { role: 'admin' }),
        secondAdmin: await person('Alan Admin', { role: 'admin' }),
        suspendedAdmin: await person('Sid Admin', { role: 'admin', suspended: true }),
      };
      await insertPunches(db(), people.onBreak?.id ?? '', [
        { eventType: 'clock_in', occurredAt: summer(DAY, '08:55').toISOString() },
        { eventType: 'break', occurredAt: summer(DAY, '09:40').toISOString() },
      ]);
      await insertPunches(db(), people.longBreak?.id ?? '', [
        { eventType: 'clock_in', occurredAt: summer(DAY, '08:55').toISOString() },
        { eventType: 'break', occurredAt: summer(DAY, '09:40').toISOString() },
      ]);
      await insertPunches(db(), people.onTime?.id ?? '', [
        { eventType: 'clock_in', occurredAt: summer(DAY, '08:58').toISOString() },
      ]);
      await insertPunches(db(), people.stillIn?.id ?? '', [
        { eventType: 'clock_in', occurredAt: summer(DAY, '05:55').toISOString() },
      ]);
      breakId = await eventId(people.onBreak?.id ?? '', 'break');
      raised = await run(db(), now);
    });

    const the = (key: string): TestUser => {
      const user = people[key];
      if (!user) throw new Error(`no ${key}`);
      return user;
    };

    it('raises late for someone not clocked in 5 minutes after the start', async () => {
      expect(await readNotificationRows(db(), [the('late').id])).toEqual([
        {
          id: expect.any(String),
          userId: the('late').id,
          type: 'late',
          title: 'You are late',
          message: `Your shift (${day.name}) started at 9:00 AM and you have not clocked in.`,
          occasionKey: `late:${DAY}`,
          subjectUserId: null,
          isRead: false,
        },
      ]);
    });

    it('raises overbreak for a 20 minute break against the 15 minute limit', async () => {
      const rows = await readNotificationRows(db(), [the('onBreak').id]);
      expect(rows).toEqual([
        expect.objectContaining({
          type: 'overbreak',
          title: 'Break over limit',
          message: 'Your break started at 9:40 AM and has passed its 15 minute limit.',
          occasionKey: `overbreak:${breakId}`,
        }),
      ]);
    });

    it('leaves a 20 minute break alone when the template allows 30', async () => {
      expect(await occasionsOf(the('longBreak'))).toEqual([]);
    });

    it('reminds someone whose shift starts in 10 minutes (the default lead)', async () => {
      expect(await readNotificationRows(db(), [the('startingSoon').id])).toEqual([
        expect.objectContaining({
          type: 'shift_reminder',
          title: 'Shift starting soon',
          occasionKey: `shift_reminder:${DAY}`,
          message: expect.stringContaining('starts at 10:10 AM'),
        }),
      ]);
    });

    it('warns someone still clocked in 120 minutes after the end', async () => {
      expect(await readNotificationRows(db(), [the('stillIn').id])).toEqual([
        expect.objectContaining({
          type: 'warning',
          title: 'Still clocked in',
          occasionKey: `forgot_clock_out:${DAY}`,
          message: 'Your shift ended at 7:30 AM. Did you forget to clock out?',
        }),
      ]);
    });

    it('raises nothing for someone on time, nor for anyone suspended', async () => {
      expect(await occasionsOf(the('onTime'))).toEqual([]);
      expect(await occasionsOf(the('suspended'))).toEqual([]);
      expect(await occasionsOf(the('suspendedAdmin'))).toEqual([]);
    });

    it('copies late and overbreak, with the person’s name, to every admin', async () => {
      for (const admin of [the('admin'), the('secondAdmin')]) {
        const rows = await readNotificationRows(db(), [admin.id]);
        expect(rows).toHaveLength(2);
        expect(rows).toEqual(
          expect.arrayContaining([
            {
              id: expect.any(String),
              userId: admin.id,
              type: 'late',
              title: 'Lena Late is late',
              message: `Lena Late's shift (${day.name}) started at 9:00 AM and they have not clocked in.`,
              occasionKey: `late:${DAY}:${the('late').id}`,
              subjectUserId: the('late').id,
              isRead: false,
            },
            {
              id: expect.any(String),
              userId: admin.id,
              type: 'overbreak',
              title: 'Bruno Break is over their break',
              message: "Bruno Break's break started at 9:40 AM and has passed its 15 minute limit.",
              occasionKey: `overbreak:${breakId}:${the('onBreak').id}`,
              subjectUserId: the('onBreak').id,
              isRead: false,
            },
          ]),
        );
      }
    });

    it('copies nothing to employees, team leads or sme users', async () => {
      const bystanders = [the('teamLead'), the('sme'), the('employee')];
      expect(
        await readNotificationRows(
          db(),
          bystanders.map((user) => user.id),
        ),
      ).toEqual([]);
    });

    it('reports how many it raised: 4 to the people, 2 copies to each of 2 admins', () => {
      expect(raised).toBe(8);
    });

    it('raises nothing new when run again, at the same minute or later', async () => {
      const everyone = Object.values(people).map((user) => user.id);
      const before = await readNotificationRows(db(), everyone);
      expect(await run(db(), now)).toBe(0);
      expect(await run(db(), summer(DAY, '10:01'))).toBe(0);
      expect(await run(db(), summer(DAY, '10:10'))).toBe(0);
      expect(await readNotificationRows(db(), everyone)).toEqual(before);
      expect(await findDuplicateOccasions(db())).toEqual([]);
    });

    it('raises a new occasion for a new break', async () => {
      await insertPunches(db(), the('onBreak').id, [
        { eventType: 'clock_in', occurredAt: summer(DAY, '10:20').toISOString() },
        { eventType: 'break', occurredAt: summer(DAY, '11:00').toISOString() },
      ]);
      await run(db(), summer(DAY, '11:15'));
      expect(await occasionsOf(the('onBreak'))).toEqual([`overbreak:${breakId}`]);
      await run(db(), summer(DAY, '11:16'));
      const occasions = await occasionsOf(the('onBreak'));
      expect(occasions).toHaveLength(2);
      expect(occasions).toContain(`overbreak:${breakId}`);
      expect(new Set(occasions).size).toBe(2);
    });
  });

  describe('running at the same time', () => {
    async function lateScenario(date: string) {
      const day = await template({ workStart: '09:00', workEnd: '17:00' });
      const late = [
        await person('Carla Concurrent', { shift: day, date }),
        await person('Cody Concurrent', { shift: day, date }),
      ];
      const onBreak = await person('Bea Concurrent', { shift: day, date });
      await insertPunches(db(), onBreak.id, [
        { eventType: 'clock_in', occurredAt: summer(date, '09:00').toISOString() },
        { eventType: 'break', occurredAt: summer(date, '09:30').toISOString() },
      ]);
      const admin = await person('Abe Concurrent', { role: 'admin' });
      return { users: [...late, onBreak, admin], admin };
    }

    /**
     * Of runs at once, one raises everything new and the others find nothing (0) or stand
     * aside while it holds the lock (null); together they raised exactly the rows added.
     */
    function expectOneEffectiveRun(results: (number | null)[], added: number) {
      expect(results.filter((result) => result !== null && result > 0)).toEqual([added]);
      expect(results.every((result) => result === null || result >= 0)).toBe(true);
    }

    it('raises each notification once when one instance runs it twice at once', async () => {
      const date = '2026-06-17';
      const { users } = await lateScenario(date);
      const before = await countNotifications(db());
      const results = await Promise.all([
        run(db(), summer(date, '10:00')),
        run(db(), summer(date, '10:00')),
      ]);
      expectOneEffectiveRun(results, (await countNotifications(db())) - before);
      // 3 people's own + the new admin's 3 copies (earlier admins get copies too).
      const rows = await readNotificationRows(
        db(),
        users.map((user) => user.id),
      );
      expect(rows).toHaveLength(6);
      expect(await findDuplicateOccasions(db())).toEqual([]);
    });

    it('raises each notification once when two instances run it at once', async () => {
      const second = await getDatabase().openSecondConnection();
      try {
        for (const date of ['2026-06-24', '2026-07-01', '2026-07-08']) {
          const { users } = await lateScenario(date);
          const now = summer(date, '10:00');
          const before = await countNotifications(db());
          const results = await Promise.all([run(db(), now), run(second.db, now)]);
          expectOneEffectiveRun(results, (await countNotifications(db())) - before);
          const rows = await readNotificationRows(
            db(),
            users.map((user) => user.id),
          );
          expect(rows, date).toHaveLength(6);
          // And again, now that everything has been raised.
          const again = await Promise.all([run(db(), now), run(second.db, now)]);
          expect(again.map((result) => result ?? 0)).toEqual([0, 0]);
        }
        expect(await findDuplicateOccasions(db())).toEqual([]);
      } finally {
        await second.close();
      }
    });
  });

  describe('live messages', () => {
    let appB: FastifyInstance;
    let baseUrlB: string;

    beforeAll(async () => {
      const second = await getDatabase().openSecondConnection();
      appB = await buildTestApp(second);
      appB.addHook('onClose', () => second.close());
      baseUrlB = await listenOnFreePort(appB);
    });
    afterAll(async () => {
      await appB.close();
    });

    const isNotificationsChange = (frame: SseFrame) =>
      frame.event === 'change' &&
      JSON.stringify(frame.data) === JSON.stringify({ topic: 'notifications' });

    it('NOTIFYs each user who got something, once, and reaches their stream on another instance', async () => {
      const date = '2026-07-15';
      const day = await template({ workStart: '09:00', workEnd: '17:00' });
      const late = await person('Liv Live', { shift: day, date });
      const onTime = await person('Otto Live', { shift: day, date });
      const admin = await person('Ari Live', { role: 'admin' });
      await insertPunches(db(), onTime.id, [
        { eventType: 'clock_in', occurredAt: summer(date, '08:59').toISOString() },
      ]);
      const payloads: { userId?: string; topic?: string }[] = [];
      const stopListening = await getDatabase().database.listen(LIVE_CHANNEL, {
        onNotification: (payload) => payloads.push(JSON.parse(payload)),
        onReconnect: () => {},
      });
      const streams = await Promise.all(
        [late, onTime, admin].map(async (user) => {
          const stream = await openLiveStream(
            baseUrlB,
            await signInAs(appB, user.email, user.password),
          );
          await stream.waitForFrame((frame) => frame.event === 'ready');
          return stream;
        }),
      );
      const [lateStream, onTimeStream, adminStream] = streams;
      try {
        const raised = await run(db(), summer(date, '10:00'));
        const notifiedUsers = (
          await readNotificationRows(db(), [late.id, onTime.id, admin.id])
        ).map((row) => row.userId);
        expect(notifiedUsers.sort()).toEqual([late.id, admin.id].sort());

        await lateStream?.waitForFrame(isNotificationsChange);
        await adminStream?.waitForFrame(isNotificationsChange);
        // Each user with a new row is told once, and nobody else.
        await waitFor(() =>
          expect(payloads.filter((payload) => payload.userId === admin.id)).toEqual([
            { userId: admin.id, topic: 'notifications' },
          ]),
        );
        expect(payloads.filter((payload) => payload.userId === late.id)).toEqual([
          { userId: late.id, topic: 'notifications' },
        ]);
        expect(payloads.filter((payload) => payload.userId === onTime.id)).toEqual([]);
        expect(onTimeStream?.frames().some(isNotificationsChange)).toBe(false);
        expect(raised).toBeGreaterThanOrEqual(3);

        // A run that raises nothing tells nobody: a marker sent after it is the next message.
        const before = payloads.length;
        expect(await run(db(), summer(date, '10:01'))).toBe(0);
        await db().transaction((tx) => notifyLive(tx, onTime.id, 'time_events'));
        await waitFor(() => expect(payloads.length).toBeGreaterThan(before));
        expect(payloads.slice(before)).toEqual([{ userId: onTime.id, topic: 'time_events' }]);
      } finally {
        await stopListening();
        await Promise.all(streams.map((stream) => stream.close()));
      }
    });
  });

  describe('night shifts and daylight saving, through the stored schedule', () => {
    it('raises late at 22:05 on the start day and the warning at 08:00 the next day', async () => {
      const date = '2026-07-22';
      const night = await template({ workStart: '22:00', workEnd: '06:00' });
      const noShow = await person('Nina Night', { shift: night, date });
      const stayer = await person('Nils Night', { shift: night, date });
      await insertPunches(db(), stayer.id, [
        { eventType: 'clock_in', occurredAt: summer(date, '21:55').toISOString() },
      ]);

      expect(await run(db(), summer(date, '22:04'))).toBe(0);
      await run(db(), summer(date, '22:05'));
      expect(await occasionsOf(noShow)).toEqual([`late:${date}`]);
      expect(await occasionsOf(stayer)).toEqual([]);

      const nextDay = shiftDate(date, 1);
      await run(db(), summer(nextDay, '07:59'));
      expect(await occasionsOf(stayer)).toEqual([]);
      await run(db(), summer(nextDay, '08:00'));
      expect(await readNotificationRows(db(), [stayer.id])).toEqual([
        expect.objectContaining({
          type: 'warning',
          occasionKey: `forgot_clock_out:${date}`,
          message: 'Your shift ended at 6:00 AM. Did you forget to clock out?',
        }),
      ]);
    });

    it('raises the reminder and late at the right instants on 2026-11-01 (fall back)', async () => {
      const date = '2026-11-01';
      const day = await template({ workStart: '09:00', workEnd: '17:00' });
      const user = await person('Dana Dst', { shift: day, date });
      // 09:00 EST is 14:00Z on the day the clocks go back.
      await run(db(), new Date('2026-11-01T13:49:00Z'));
      expect(await occasionsOf(user)).toEqual([]);
      await run(db(), new Date('2026-11-01T13:50:00Z'));
      expect(await occasionsOf(user)).toEqual([`shift_reminder:${date}`]);
      await run(db(), new Date('2026-11-01T14:04:00Z'));
      expect(await occasionsOf(user)).toEqual([`shift_reminder:${date}`]);
      await run(db(), new Date('2026-11-01T14:05:00Z'));
      expect((await occasionsOf(user)).sort()).toEqual([`late:${date}`, `shift_reminder:${date}`]);
    });
  });
  // #30: a published roster shift takes the place of the person's template that day.
  describe('published roster shifts', () => {
    it('reminds and raises late against the published shift, not the template', async () => {
      const date = '2026-07-15';
      const day = await template({ workStart: '09:00', workEnd: '17:00' });
      const moved = await person('Rosa Roster', { shift: day, date });
      await seedPublishedShift(db(), {
        userId: moved.id,
        date,
        startTime: '13:00',
        endTime: '21:00',
        position: 'Cashier',
      });
      // No template at all: the published shift alone makes them someone to watch.
      const rosterOnly = await person('Otto Only');
      await seedPublishedShift(db(), {
        userId: rosterOnly.id,
        date,
        startTime: '09:00',
        endTime: '17:00',
        position: 'Stock',
      });
      // A draft is nobody's plan.
      const drafted = await person('Dora Draft');
      await seedDraftShift(db(), {
        userId: drafted.id,
        date,
        startTime: '09:00',
        endTime: '17:00',
      });

      await run(db(), summer(date, '10:00'));
      expect(await occasionsOf(moved)).toEqual([]);
      expect(await occasionsOf(drafted)).toEqual([]);
      expect(await readNotificationRows(db(), [rosterOnly.id])).toEqual([
        expect.objectContaining({
          type: 'late',
          occasionKey: `late:${date}`,
          message: 'Your shift (Stock) started at 9:00 AM and you have not clocked in.',
        }),
      ]);

      await run(db(), summer(date, '12:50'));
      expect(await readNotificationRows(db(), [moved.id])).toEqual([
        expect.objectContaining({
          type: 'shift_reminder',
          message: 'Your shift (Cashier) starts at 1:00 PM.',
        }),
      ]);
      await run(db(), summer(date, '13:05'));
      expect(await readNotificationRows(db(), [moved.id])).toContainEqual(
        expect.objectContaining({
          type: 'late',
          message: 'Your shift (Cashier) started at 1:00 PM and you have not clocked in.',
        }),
      );
      expect(await occasionsOf(drafted)).toEqual([]);
    });
  });

  // The job reads only the people with a shift or a punch since yesterday (and the admins):
  // whoever matters to a rule must still be among them, and the team lead copied even so.
  describe('reading only the people at work', () => {
    it('warns, after midnight, someone clocked in since yesterday whose schedule ended yesterday', async () => {
      const date = '2026-08-12';
      const evening = await template({ workStart: '14:00', workEnd: '22:00' });
      const leaver = await person('Lou Leaver');
      await seedAssignment(db(), {
        userId: leaver.id,
        templateId: evening.id,
        dateRangeStart: shiftDate(date, -3),
        dateRangeEnd: date,
      });
      await insertPunches(db(), leaver.id, [
        { eventType: 'clock_in', occurredAt: summer(date, '13:55').toISOString() },
      ]);
      // 22:00 + 120 minutes is midnight: the warning falls due on a day with no shift.
      await run(db(), summer(shiftDate(date, 1), '00:05'));
      expect(await readNotificationRows(db(), [leaver.id])).toEqual([
        expect.objectContaining({
          type: 'warning',
          occasionKey: `forgot_clock_out:${date}`,
          message: 'Your shift ended at 10:00 PM. Did you forget to clock out?',
        }),
      ]);
    });

    it('copies lateness to the team lead who is neither scheduled nor clocked in, unless suspended', async () => {
      const date = '2026-08-19';
      const day = await template({ workStart: '09:00', workEnd: '17:00' });
      const lead = await person('Lea Lead', { role: 'team_lead' });
      const suspendedLead = await person('Sue Lead', { role: 'team_lead', suspended: true });
      const late = await person('Lyle Late', { shift: day, date });
      const alsoLate = await person('Lorna Late', { shift: day, date });
      for (const [member, leadId] of [
        [late, lead.id],
        [alsoLate, suspendedLead.id],
      ] as const) {
        const teamId = randomUUID();
        await db()
          .insert(teams)
          .values({ id: teamId, name: `Team ${teamId}`, leadUserId: leadId });
        await db().update(profiles).set({ teamId }).where(eq(profiles.id, member.id));
      }
      await run(db(), summer(date, '10:00'));
      expect(await readNotificationRows(db(), [lead.id])).toEqual([
        expect.objectContaining({
          type: 'late',
          occasionKey: `late:${date}:${late.id}`,
          subjectUserId: late.id,
        }),
      ]);
      expect(await readNotificationRows(db(), [suspendedLead.id])).toEqual([]);
    });
  });
});
