import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findShiftConflicts } from '@punchclock/shared/domain/roster/conflicts';
import type { Db } from '../../db/client.ts';
import {
  assignedSchedules,
  availabilityExceptions,
  availabilityRules,
  profiles,
  publishedShifts,
  scheduleTemplates,
  shifts,
  timeOffRequests,
} from '../../db/schema.ts';
import { timeOffTypeId } from '../../test/approvals.ts';
import {
  listTestDatabaseKinds,
  openTestDatabase,
  type TestDatabase,
} from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { loadPlanContexts } from './plan-context.ts';

/*
 * The plan contexts the roster rules read, from the database: a person with a night-shift template
 * (Mon–Fri 22:00–06:00, lunch 02:00–02:30) for March 2026, roster shifts on some of its days,
 * time off, availability and positions. Checked for the week of Mon 2026-03-09 to Fri 03-13
 * (read from 03-02 to 03-20).
 */
for (const kind of listTestDatabaseKinds()) {
  describe(`loadPlanContexts [${kind}]`, () => {
    let database: TestDatabase;
    let db: Db;
    let queries: string[] = [];
    let ana: string;
    let ben: string;
    let cleo: string;
    /** Ana's board: a draft on 03-10, a published shift deleted on 03-11, one published 03-12. */
    const draftId = randomUUID();
    const deletedId = randomUUID();
    const publishedId = randomUUID();

    beforeAll(async () => {
      database = await openTestDatabase(kind, (query) => queries.push(query));
      db = database.db;
      ana = (await createTestUser(db, { name: 'Ana Plan' })).id;
      ben = (await createTestUser(db, { name: 'Ben Plan' })).id;
      cleo = (await createTestUser(db, { name: 'Cleo Plan' })).id;
      await db
        .update(profiles)
        .set({ positions: ['Cashier', 'Cook'] })
        .where(eq(profiles.id, ana));

      const [template] = await db
        .insert(scheduleTemplates)
        .values({
          name: `Nights ${randomUUID()}`,
          workStart: '22:00',
          workEnd: '06:00',
          lunchStart: '02:00',
          lunchEnd: '02:30',
          breakDurationMins: 15,
          workingDays: [1, 2, 3, 4, 5],
        })
        .returning({ id: scheduleTemplates.id });
      await db.insert(assignedSchedules).values([
        {
          userId: ana,
          templateId: template!.id,
          dateRangeStart: '2026-03-01',
          dateRangeEnd: '2026-03-31',
        },
        // Ben's assignment ends before the dates read.
        {
          userId: ben,
          templateId: template!.id,
          dateRangeStart: '2026-01-01',
          dateRangeEnd: '2026-02-27',
        },
      ]);

      const shift = (
        id: string,
        date: string,
        extra: Partial<typeof shifts.$inferInsert> = {},
      ) => ({
        id,
        userId: ana,
        date,
        startTime: '09:00',
        endTime: '17:00',
        breakDurationMins: 15,
        ...extra,
      });
      await db.insert(shifts).values([
        shift(draftId, '2026-03-10', {
          position: 'Cashier',
          overrideReason: 'Asked for days this week',
          lunchStart: '12:00',
          lunchEnd: '12:30',
        }),
        shift(deletedId, '2026-03-11', { deletedAt: new Date('2026-03-01T12:00:00Z'), version: 2 }),
        shift(publishedId, '2026-03-12', { startTime: '10:00', endTime: '18:00', version: 2 }),
        // Outside the dates read.
        shift(randomUUID(), '2026-04-15'),
      ]);
      await db.insert(publishedShifts).values([
        { ...shift(deletedId, '2026-03-11'), version: 1 },
        // Published before it moved to 10:00.
        { ...shift(publishedId, '2026-03-12'), version: 1 },
      ]);

      const vacation = await timeOffTypeId(db, 'Vacation');
      const sick = await timeOffTypeId(db, 'Sick');
      const request = (
        status: 'approved' | 'pending' | 'rejected',
        startDate: string,
        endDate: string,
        times: { startTime?: string; endTime?: string } = {},
      ) => ({
        userId: ana,
        typeId: times.startTime ? sick : vacation,
        startDate,
        endDate,
        daysX100: 100,
        status,
        ...times,
      });
      await db
        .insert(timeOffRequests)
        .values([
          request('approved', '2026-03-13', '2026-03-13'),
          request('pending', '2026-03-16', '2026-03-16', { startTime: '13:00', endTime: '17:00' }),
          request('rejected', '2026-03-09', '2026-03-09'),
          request('approved', '2026-04-30', '2026-05-01'),
        ]);

      await db.insert(availabilityRules).values([
        { userId: ana, weekday: 2, kind: 'unavailable', startTime: '17:00', endTime: '22:00' },
        { userId: ana, weekday: 0, kind: 'prefer_not', startTime: null, endTime: null },
      ]);
      await db.insert(availabilityExceptions).values([
        { userId: ana, date: '2026-03-12', kind: 'prefer_not', startTime: null, endTime: null },
        { userId: ana, date: '2026-05-01', kind: 'unavailable', startTime: null, endTime: null },
      ]);
    });
    afterAll(async () => {
      await database.close();
    });

    const week = { from: '2026-03-09', to: '2026-03-13' };

    it('reads the planned board: roster shifts not deleted, the template’s on other days', async () => {
      const contexts = await loadPlanContexts(db, { userIds: [ana], ...week, version: 'planned' });
      const context = contexts.get(ana)!;
      // The template's working days from 03-02 to 03-20, except 03-10 (a draft takes its place);
      // 03-11's roster shift is deleted on the board, so the template's is back.
      expect(context.shifts.map((each) => [each.id, each.date, each.startTime])).toEqual([
        ['template:2026-03-02', '2026-03-02', '22:00'],
        ['template:2026-03-03', '2026-03-03', '22:00'],
        ['template:2026-03-04', '2026-03-04', '22:00'],
        ['template:2026-03-05', '2026-03-05', '22:00'],
        ['template:2026-03-06', '2026-03-06', '22:00'],
        ['template:2026-03-09', '2026-03-09', '22:00'],
        [draftId, '2026-03-10', '09:00'],
        ['template:2026-03-11', '2026-03-11', '22:00'],
        [publishedId, '2026-03-12', '10:00'],
        ['template:2026-03-13', '2026-03-13', '22:00'],
        ['template:2026-03-16', '2026-03-16', '22:00'],
        ['template:2026-03-17', '2026-03-17', '22:00'],
        ['template:2026-03-18', '2026-03-18', '22:00'],
        ['template:2026-03-19', '2026-03-19', '22:00'],
        ['template:2026-03-20', '2026-03-20', '22:00'],
      ]);
      expect(context.shifts.find((each) => each.id === draftId)).toEqual({
        id: draftId,
        userId: ana,
        date: '2026-03-10',
        startTime: '09:00',
        endTime: '17:00',
        lunchStart: '12:00',
        lunchEnd: '12:30',
        breakDurationMins: 15,
        position: 'Cashier',
        overrideReason: 'Asked for days this week',
      });
      expect(context.shifts.find((each) => each.id === 'template:2026-03-09')).toMatchObject({
        endTime: '06:00',
        lunchStart: '02:00',
        lunchEnd: '02:30',
        position: null,
      });
    });

    it('reads the published plan: published rows as people see them', async () => {
      const contexts = await loadPlanContexts(db, {
        userIds: [ana],
        ...week,
        version: 'published',
      });
      const roster = contexts.get(ana)!.shifts.filter((each) => !each.id.startsWith('template:'));
      expect(roster.map((each) => [each.id, each.date, each.startTime])).toEqual([
        [deletedId, '2026-03-11', '09:00'],
        [publishedId, '2026-03-12', '09:00'],
      ]);
      const dates = contexts.get(ana)!.shifts.map((each) => each.date);
      // The draft is not published: the template's shift stays on 03-10.
      expect(dates).toContain('2026-03-10');
      expect(dates.filter((date) => date === '2026-03-11' || date === '2026-03-12')).toHaveLength(
        2,
      );
    });

    it('reads approved and pending time off, availability and positions of the dates', async () => {
      const context = (
        await loadPlanContexts(db, { userIds: [ana], ...week, version: 'planned' })
      ).get(ana)!;
      expect(context.positions).toEqual(['Cashier', 'Cook']);
      expect(context.timeOff).toEqual([
        {
          startDate: '2026-03-13',
          endDate: '2026-03-13',
          startTime: null,
          endTime: null,
          status: 'approved',
          typeName: 'Vacation',
        },
        {
          startDate: '2026-03-16',
          endDate: '2026-03-16',
          startTime: '13:00',
          endTime: '17:00',
          status: 'pending',
          typeName: 'Sick',
        },
      ]);
      expect(context.weekly).toEqual(
        expect.arrayContaining([
          { weekday: 2, kind: 'unavailable', startTime: '17:00', endTime: '22:00' },
          { weekday: 0, kind: 'prefer_not', startTime: null, endTime: null },
        ]),
      );
      expect(context.weekly).toHaveLength(2);
      expect(context.exceptions).toEqual([
        { date: '2026-03-12', kind: 'prefer_not', startTime: null, endTime: null },
      ]);
    });

    it('gives everyone asked a context, empty for a person with nothing planned', async () => {
      const contexts = await loadPlanContexts(db, {
        userIds: [ben, cleo, ben],
        ...week,
        version: 'planned',
      });
      expect([...contexts.keys()].sort()).toEqual([ben, cleo].sort());
      expect(contexts.get(ben)).toEqual({
        userId: ben,
        positions: [],
        shifts: [],
        timeOff: [],
        weekly: [],
        exceptions: [],
      });
      expect(await loadPlanContexts(db, { userIds: [], ...week, version: 'planned' })).toEqual(
        new Map(),
      );
    });

    it('reads with the same number of queries for one person as for three', async () => {
      queries = [];
      await loadPlanContexts(db, { userIds: [ana], ...week, version: 'planned' });
      const forOne = queries.length;
      queries = [];
      await loadPlanContexts(db, { userIds: [ana, ben, cleo], ...week, version: 'published' });
      expect(queries.length).toBe(forOne);
      expect(forOne).toBeLessThanOrEqual(6);
    });

    it('feeds the roster rules: the draft after a template night is short of rest', async () => {
      const context = (
        await loadPlanContexts(db, { userIds: [ana], ...week, version: 'planned' })
      ).get(ana)!;
      const draft = context.shifts.find((each) => each.id === draftId)!;
      const conflicts = findShiftConflicts(draft, context, 'America/Toronto');
      // The template's Mon 03-09 night ends Tue 06:00 and the draft starts at 09:00: 3 h off
      // between them, and at most 5 h in a row in the 24 hours from Mon 22:00. Tuesday's
      // unavailable 17:00–22:00 starts as the draft ends: no conflict.
      expect(conflicts.map((each) => each.code)).toEqual(['daily_rest', 'between_shifts']);
    });
  });
}
