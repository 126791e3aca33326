import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listAssignmentsResponseSchema,
  listRuleSetsResponseSchema,
  ruleSetResponseSchema,
  toilBalanceSchema,
  type RuleSetInput,
} from '@punchclock/shared/contracts/pay-rules';
import { timesheetSchema, type Timesheet } from '@punchclock/shared/contracts/timesheets';
import type { Role } from '@punchclock/shared/domain/roles';
import type { Db } from '../../db/client.ts';
import { overtimeRuleAssignments, overtimeRuleSets, timeEvents } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { seedPublishedShift } from '../../test/roster-fixtures.ts';
import { callApi, seedAssignment, seedTemplate } from '../../test/schedules.ts';
import { insertPunches, type PunchRow } from '../../test/time-tracking.ts';
import { createTimeOff, decide } from '../../test/approvals.ts';
import { auditRowsFor, countAuditRows, expectApi, seedTeam, setTeamOf } from '../../test/users.ts';
import { recomputeDays, recomputeQueuedDays } from '../reports/index.ts';
import { insertLock, reopenLock } from '../period-locks/index.ts';

/*
 * The default calendar is bi-weekly from Sunday 2026-01-04 (one period is 2026-06-07 … 06-20),
 * work weeks start on Sunday. June is EDT (UTC−4): 08:00 local is 12:00Z. Every person has their
 * own team or person assignment, so no test's rule sets reach another's timesheet.
 */

/** Days of `hours` hours from 08:00 EDT on each date. */
function days(dates: string[], hours: number): PunchRow[] {
  return dates.flatMap((date) => [
    { eventType: 'clock_in' as const, occurredAt: `${date}T12:00:00Z` },
    {
      eventType: 'clock_out' as const,
      occurredAt: new Date(Date.parse(`${date}T12:00:00Z`) + hours * 3_600_000).toISOString(),
    },
  ]);
}

async function seedPunches(db: Db, userId: string, punches: PunchRow[], from: string, to: string) {
  await insertPunches(db, userId, punches);
  await recomputeDays(db, 'America/Toronto', [userId], from, to);
}

const DAILY_8: Omit<RuleSetInput, 'name'> = {
  weeklyThresholdMinutes: 2640,
  dailyTiers: [{ afterMinutes: 480, multiplier: 1.5 }],
};

describeEachDatabase('pay rules api', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  const cookies = new Map<Role, string>();
  const users = new Map<Role, TestUser>();
  let counter = 0;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    for (const role of ['admin', 'team_lead', 'sme', 'employee'] as const) {
      const user = await createTestUser(db(), { role });
      users.set(role, user);
      cookies.set(role, await signInAs(app, user.email, user.password));
    }
  });
  afterAll(async () => {
    await app.close();
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    callApi(app, cookies.get('admin') ?? null, method, url, payload);

  async function createRuleSet(values: Omit<RuleSetInput, 'name'>, name?: string) {
    counter += 1;
    const response = await asAdmin('POST', '/api/pay-rules/rule-sets', {
      name: name ?? `Rules ${counter} ${Math.random().toString(36).slice(2, 7)}`,
      ...values,
    });
    expect(response.statusCode, response.body).toBe(201);
    return ruleSetResponseSchema.parse(response.json()).ruleSet;
  }

  async function assign(ruleSetId: string, target: unknown, effectiveFrom: string) {
    const response = await asAdmin('POST', '/api/pay-rules/assignments', {
      ruleSetId,
      target,
      effectiveFrom,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { assignment: { id: string } };
  }

  async function timesheetOf(userId: string, date: string): Promise<Timesheet> {
    const response = await asAdmin('GET', `/api/timesheets?userId=${userId}&date=${date}`);
    expect(response.statusCode, response.body).toBe(200);
    return timesheetSchema.parse(response.json());
  }

  async function counts() {
    const [sets] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(overtimeRuleSets);
    const [assignments] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(overtimeRuleAssignments);
    return { sets: sets?.n, assignments: assignments?.n, audit: await countAuditRows(db()) };
  }

  /** A person in a team of their own. */
  async function personInNewTeam() {
    const person = await createTestUser(db(), { role: 'employee' });
    const team = await seedTeam(db());
    await setTeamOf(db(), [person.id], team.id);
    return { person, team };
  }

  describe('rule sets', () => {
    it('ships the Ontario default assigned to the organisation', async () => {
      const response = await asAdmin('GET', '/api/pay-rules/rule-sets');
      expect(response.statusCode).toBe(200);
      const { ruleSets } = listRuleSetsResponseSchema.parse(response.json());
      expect(ruleSets.find((set) => set.name === 'Ontario (ESA)')).toMatchObject({
        weeklyThresholdMinutes: 2640,
        weeklyMultiplier: 1.5,
        dailyTiers: [],
        averaging: null,
        bankToil: false,
        rounding: { kind: 'none' },
        firstEffectiveDate: '2000-01-01',
        editable: false,
      });
      const list = listAssignmentsResponseSchema.parse(
        (await asAdmin('GET', '/api/pay-rules/assignments')).json(),
      );
      expect(list.assignments).toContainEqual(
        expect.objectContaining({
          ruleSetName: 'Ontario (ESA)',
          target: { kind: 'organisation', id: null, name: 'Organisation' },
          effectiveFrom: '2000-01-01',
        }),
      );
    });

    it('creates and edits a rule set not yet in force, each change audited', async () => {
      const created = await createRuleSet(
        {
          weeklyThresholdMinutes: 2400,
          weeklyMultiplier: 1.5,
          dailyTiers: [
            { afterMinutes: 480, multiplier: 1.5 },
            { afterMinutes: 720, multiplier: 2 },
          ],
          bankToil: true,
          toilExpiryMonths: 12,
          rounding: { kind: 'nearest', stepMinutes: 15 },
        },
        'Daily eight and twelve',
      );
      expect(created).toMatchObject({
        name: 'Daily eight and twelve',
        averaging: null,
        editable: true,
        firstEffectiveDate: null,
      });
      const [createAudit] = await auditRowsFor(db(), created.id, 'pay_rule_set.create');
      expect(createAudit?.actorId).toBe(users.get('admin')?.id);
      expect(createAudit?.after).toMatchObject({ name: 'Daily eight and twelve', bankToil: true });

      const response = await asAdmin('PUT', `/api/pay-rules/rule-sets/${created.id}`, {
        ...created,
        weeklyThresholdMinutes: 2640,
        averaging: { weeks: 2, startDate: '2030-01-06' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const updated = ruleSetResponseSchema.parse(response.json()).ruleSet;
      expect(updated).toMatchObject({
        weeklyThresholdMinutes: 2640,
        averaging: { weeks: 2, startDate: '2030-01-06' },
      });
      const [updateAudit] = await auditRowsFor(db(), created.id, 'pay_rule_set.update');
      expect(updateAudit?.before).toMatchObject({ weeklyThresholdMinutes: 2400 });
      expect(updateAudit?.after).toMatchObject({ weeklyThresholdMinutes: 2640 });
    });

    it('refuses to rewrite a rule set timesheets have used: a change is a new rule set from a date', async () => {
      const { team } = await personInNewTeam();
      const set = await createRuleSet(DAILY_8);
      await assign(set.id, { kind: 'team', teamId: team.id }, '2026-06-01');
      const before = await counts();
      const response = await asAdmin('PUT', `/api/pay-rules/rule-sets/${set.id}`, {
        ...set,
        weeklyThresholdMinutes: 2400,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        `"${set.name}" has been in force since 2026-06-01, so timesheets use it and it cannot change. Create a new rule set and assign it from the date the change applies.`,
      );
      expect(await counts()).toEqual(before);
      const [row] = await db()
        .select({ threshold: overtimeRuleSets.weeklyThresholdMinutes })
        .from(overtimeRuleSets)
        .where(eq(overtimeRuleSets.id, set.id));
      expect(row?.threshold).toBe(2640);
    });

    it.each([
      [
        'averaging over 5 weeks',
        { weeklyThresholdMinutes: 2640, averaging: { weeks: 5, startDate: '2026-06-07' } },
        'Averaging covers 2 to 4 weeks',
      ],
      [
        'a negative threshold',
        { weeklyThresholdMinutes: -60 },
        'The weekly threshold cannot be negative',
      ],
      [
        'daily tiers that do not increase',
        {
          weeklyThresholdMinutes: 2640,
          dailyTiers: [
            { afterMinutes: 720, multiplier: 1.5 },
            { afterMinutes: 480, multiplier: 2 },
          ],
        },
        'Daily threshold 2 must start later in the day than the one before it',
      ],
      [
        'averaging that does not start on the work week’s first day',
        { weeklyThresholdMinutes: 2640, averaging: { weeks: 2, startDate: '2026-06-10' } },
        'Averaging must start on the first day of a work week (a Sunday)',
      ],
      [
        'an expiry other than 3 or 12 months',
        { weeklyThresholdMinutes: 2640, bankToil: true, toilExpiryMonths: 6 },
        'Time off in lieu must be taken within 3 months, or 12 with a written agreement',
      ],
      [
        'a weekly threshold longer than a week',
        { weeklyThresholdMinutes: 2_000_000_000_000 },
        'The weekly threshold must be within a week (168 hours)',
      ],
      [
        'rounding to 10 minutes',
        { weeklyThresholdMinutes: 2640, rounding: { kind: 'nearest', stepMinutes: 10 } },
        'Round to the nearest 5, 6 or 15 minutes',
      ],
      [
        // Every overtime minute is exported under a pay code: OT1.5 or OT2, nothing else.
        'a daily rate of 1.75×, which no pay code carries',
        {
          weeklyThresholdMinutes: 2640,
          dailyTiers: [{ afterMinutes: 480, multiplier: 1.75 }],
        },
        'Overtime is paid at 1.5× or 2× (pay codes OT1.5 and OT2)',
      ],
      [
        'a weekly rate of 1.25×',
        { weeklyThresholdMinutes: 2640, weeklyMultiplier: 1.25 },
        'Overtime is paid at 1.5× or 2× (pay codes OT1.5 and OT2)',
      ],
      [
        'no name',
        { name: '', weeklyThresholdMinutes: 2640 },
        'Give the rule set a name of at least 2 characters',
      ],
    ])('refuses %s with a clear message and changes nothing', async (_label, values, message) => {
      const before = await counts();
      const response = await asAdmin('POST', '/api/pay-rules/rule-sets', {
        name: 'Refused rules',
        ...values,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(await counts()).toEqual(before);
    });

    it('refuses a second rule set with the same name', async () => {
      await createRuleSet(DAILY_8, 'Same name');
      const before = await counts();
      const response = await asAdmin('POST', '/api/pay-rules/rule-sets', {
        name: 'same NAME',
        ...DAILY_8,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('A rule set named "same NAME" already exists');
      expect(await counts()).toEqual(before);
    });
  });

  describe('assignments', () => {
    it('assigns from a date, audited, and keeps the superseded one as history', async () => {
      const { team } = await personInNewTeam();
      const first = await createRuleSet(DAILY_8);
      const second = await createRuleSet({ weeklyThresholdMinutes: 2400 });
      const { assignment } = await assign(
        first.id,
        { kind: 'team', teamId: team.id },
        '2026-03-01',
      );
      await assign(second.id, { kind: 'team', teamId: team.id }, '2026-07-01');
      const [audit] = await auditRowsFor(db(), assignment.id, 'pay_rule_assignment.create');
      expect(audit?.after).toMatchObject({
        ruleSetId: first.id,
        effectiveFrom: '2026-03-01',
        target: { kind: 'team', id: team.id, name: team.name },
      });
      const response = await asAdmin('GET', `/api/pay-rules/assignments?teamId=${team.id}`);
      const { assignments } = listAssignmentsResponseSchema.parse(response.json());
      expect(
        assignments.map((each) => [each.ruleSetName, each.effectiveFrom, each.supersededFrom]),
      ).toEqual([
        [first.name, '2026-03-01', '2026-07-01'],
        [second.name, '2026-07-01', null],
      ]);
    });

    it('refuses a second assignment of the same target on the same date, changing nothing', async () => {
      const { team } = await personInNewTeam();
      const first = await createRuleSet(DAILY_8);
      const second = await createRuleSet(DAILY_8);
      await assign(first.id, { kind: 'team', teamId: team.id }, '2026-08-02');
      const before = await counts();
      const response = await asAdmin('POST', '/api/pay-rules/assignments', {
        ruleSetId: second.id,
        target: { kind: 'team', teamId: team.id },
        effectiveFrom: '2026-08-02',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        `${team.name} already has a rule set from 2026-08-02 ("${first.name}")`,
      );
      expect(await counts()).toEqual(before);
    });

    it('refuses unknown targets and rule sets, and a date in a locked pay period', async () => {
      const set = await createRuleSet(DAILY_8);
      const { person } = await personInNewTeam();
      const before = await counts();
      const post = (body: unknown) => asAdmin('POST', '/api/pay-rules/assignments', body);
      const unknown = '6f9619ff-8b86-4d01-b42d-00cf4fc964ff';
      const cases: [unknown, number, string][] = [
        [
          { ruleSetId: unknown, target: { kind: 'organisation' }, effectiveFrom: '2026-05-03' },
          400,
          'Unknown rule set',
        ],
        [
          {
            ruleSetId: set.id,
            target: { kind: 'team', teamId: unknown },
            effectiveFrom: '2026-05-03',
          },
          400,
          'Unknown team',
        ],
        [
          {
            ruleSetId: set.id,
            target: { kind: 'person', userId: unknown },
            effectiveFrom: '2026-05-03',
          },
          400,
          'Unknown person',
        ],
        [
          {
            ruleSetId: set.id,
            target: { kind: 'person', userId: person.id },
            effectiveFrom: '2026-02-30',
          },
          400,
          'Use a yyyy-MM-dd date',
        ],
        [
          { ruleSetId: set.id, target: { kind: 'everyone' }, effectiveFrom: '2026-05-03' },
          400,
          'Assign to the organisation, a team or a person',
        ],
      ];
      for (const [body, status, message] of cases) {
        const response = await post(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(response.json().message).toBe(message);
      }
      const lockId = await insertLock(db(), {
        fromDate: '2025-01-05',
        toDate: '2025-01-18',
        lockedBy: users.get('admin')?.id ?? '',
      });
      try {
        const locked = await post({
          ruleSetId: set.id,
          target: { kind: 'person', userId: person.id },
          effectiveFrom: '2025-01-10',
        });
        expect(locked.statusCode).toBe(409);
        expect(locked.json().message).toMatch(/locked pay period \(Jan 5, 2025 to Jan 18, 2025\)/);
      } finally {
        await reopenLock(db(), lockId, users.get('admin')?.id ?? '');
      }
      expect(await counts()).toEqual({ ...before, audit: before.audit });
    });
  });

  it.each(['team_lead', 'sme', 'employee'] as const)(
    'refuses the admin endpoints to a %s (403), changing nothing',
    async (role) => {
      const set = await createRuleSet(DAILY_8);
      const before = await counts();
      const cookie = cookies.get(role) ?? null;
      const calls: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
        ['GET', '/api/pay-rules/rule-sets'],
        ['POST', '/api/pay-rules/rule-sets', { name: 'Sneaky', ...DAILY_8 }],
        ['PUT', `/api/pay-rules/rule-sets/${set.id}`, { name: 'Sneaky', ...DAILY_8 }],
        ['GET', '/api/pay-rules/assignments'],
        [
          'POST',
          '/api/pay-rules/assignments',
          { ruleSetId: set.id, target: { kind: 'organisation' }, effectiveFrom: '2026-01-04' },
        ],
      ];
      for (const [method, url, body] of calls) {
        const response = await callApi(app, cookie, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      expect(await counts()).toEqual(before);
    },
  );

  describe('timesheets under the rule sets', () => {
    it('uses the old rule set for the week before a mid-period change and the new one after', async () => {
      const { person, team } = await personInNewTeam();
      const daily = await createRuleSet(DAILY_8);
      // From Wednesday 06-10: the week of Sunday 06-07 keeps Ontario, the next week is daily.
      await assign(daily.id, { kind: 'team', teamId: team.id }, '2026-06-10');
      await seedPunches(
        db(),
        person.id,
        days(['2026-06-11', '2026-06-15'], 10),
        '2026-06-07',
        '2026-06-20',
      );
      const sheet = await timesheetOf(person.id, '2026-06-10');
      expect(sheet.days.find((day) => day.date === '2026-06-11')).toMatchObject({
        workedMinutes: 600,
        regularMinutes: 600,
        overtime: {},
      });
      // A 10-h day with the daily rule after 8 h: 120 min at 1.5×.
      expect(sheet.days.find((day) => day.date === '2026-06-15')).toMatchObject({
        workedMinutes: 600,
        regularMinutes: 480,
        overtime: { 'OT1.5': 120 },
      });
      expect(sheet.weeks.map((week) => [week.start, week.ruleSet?.name])).toEqual([
        ['2026-06-07', 'Ontario (ESA)'],
        ['2026-06-14', daily.name],
      ]);
      expect(sheet.totals).toMatchObject({ regularMinutes: 1080, overtime: { 'OT1.5': 120 } });
    });

    it('lets a person’s own rule set beat their team’s', async () => {
      const { person, team } = await personInNewTeam();
      const daily = await createRuleSet(DAILY_8);
      const weeklyOnly = await createRuleSet({ weeklyThresholdMinutes: 2640 });
      await assign(daily.id, { kind: 'team', teamId: team.id }, '2026-05-03');
      await assign(weeklyOnly.id, { kind: 'person', userId: person.id }, '2026-05-31');
      await seedPunches(db(), person.id, days(['2026-06-08'], 10), '2026-06-07', '2026-06-13');
      const sheet = await timesheetOf(person.id, '2026-06-08');
      expect(sheet.days.find((day) => day.date === '2026-06-08')).toMatchObject({
        regularMinutes: 600,
        overtime: {},
      });
      expect(sheet.weeks[0]?.ruleSet?.name).toBe(weeklyOnly.name);
    });

    it('averages 50 h and 38 h over two weeks to no overtime', async () => {
      const { person } = await personInNewTeam();
      const averaged = await createRuleSet({
        weeklyThresholdMinutes: 2640,
        averaging: { weeks: 2, startDate: '2026-05-24' },
      });
      await assign(averaged.id, { kind: 'person', userId: person.id }, '2026-05-24');
      const week1 = days(
        ['2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12'],
        10,
      );
      const week2 = [
        ...days(['2026-06-15', '2026-06-16', '2026-06-17', '2026-06-18'], 8),
        ...days(['2026-06-19'], 6),
      ];
      await seedPunches(db(), person.id, [...week1, ...week2], '2026-06-07', '2026-06-20');
      const sheet = await timesheetOf(person.id, '2026-06-10');
      expect(sheet.totals).toMatchObject({
        workedMinutes: 88 * 60,
        regularMinutes: 88 * 60,
        overtime: {},
      });
      expect(sheet.weeks.map((week) => [week.workedMinutes, week.overtime])).toEqual([
        [3000, {}],
        [2280, {}],
      ]);
    });

    it('banks 6 h of overtime as 540 min of time off in lieu instead of paying it', async () => {
      const { person, team } = await personInNewTeam();
      const banked = await createRuleSet({ weeklyThresholdMinutes: 2640, bankToil: true });
      await assign(banked.id, { kind: 'team', teamId: team.id }, '2026-06-07');
      const week = days(['2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12'], 10);
      await seedPunches(db(), person.id, week, '2026-06-07', '2026-06-13');
      const sheet = await timesheetOf(person.id, '2026-06-10');
      expect(sheet.days.find((day) => day.date === '2026-06-12')).toMatchObject({
        workedMinutes: 600,
        regularMinutes: 240,
        overtime: {},
        toilEarnedMinutes: 540,
      });
      expect(sheet.totals).toMatchObject({
        regularMinutes: 2640,
        overtime: {},
        toilEarnedMinutes: 540,
      });
      expect(sheet.weeks[0]).toMatchObject({ overtime: {}, toilEarnedMinutes: 540 });

      const balance = async (cookie: string | null, query: string) =>
        callApi(app, cookie, 'GET', `/api/pay-rules/toil-balance?${query}`);
      const personCookie = await signInAs(app, person.email, person.password);
      const own = await balance(personCookie, 'asOf=2026-06-30');
      expect(own.statusCode, own.body).toBe(200);
      expect(toilBalanceSchema.parse(own.json())).toEqual({
        userId: person.id,
        asOf: '2026-06-30',
        balanceMinutes: 540,
        earnedMinutes: 540,
        takenMinutes: 0,
        expiredMinutes: 0,
        overdrawnMinutes: 0,
        lots: [
          { earnedOn: '2026-06-12', minutes: 540, remainingMinutes: 540, expiresOn: '2026-09-12' },
        ],
      });
      // Four hours of approved time off in lieu (a type paid under TOIL-TAKEN) come off it.
      const adminCookie = cookies.get('admin') ?? '';
      const toilType = await expectApi<{ type: { id: string } }>(
        app,
        adminCookie,
        'POST',
        '/api/time-off/types',
        201,
        { name: 'Lieu time', isPaid: true, isUnlimited: true, payCode: 'TOIL-TAKEN' },
      );
      const request = await createTimeOff(app, personCookie, {
        typeId: toilType.type.id,
        startDate: '2026-06-22',
        endDate: '2026-06-22',
        startTime: '13:00',
        endTime: '17:00',
      });
      await decide(app, adminCookie, [{ type: 'time_off', id: request.id }], 'approve');
      await recomputeQueuedDays(db(), 'America/Toronto');
      const afterLeave = await balance(personCookie, 'asOf=2026-06-30');
      expect(afterLeave.json()).toMatchObject({
        balanceMinutes: 300,
        earnedMinutes: 540,
        takenMinutes: 240,
      });
      // Taken after the date asked about does not count yet.
      expect((await balance(personCookie, 'asOf=2026-06-21')).json()).toMatchObject({
        balanceMinutes: 540,
        takenMinutes: 0,
      });

      // Three months on what was left has expired.
      const later = await balance(
        cookies.get('admin') ?? null,
        `userId=${person.id}&asOf=2026-09-12`,
      );
      expect(later.json()).toMatchObject({ balanceMinutes: 0, expiredMinutes: 300, lots: [] });
      // Another team's lead and another employee may not read it.
      expect(
        (await balance(cookies.get('team_lead') ?? null, `userId=${person.id}`)).statusCode,
      ).toBe(403);
      expect(
        (await balance(cookies.get('employee') ?? null, `userId=${person.id}`)).statusCode,
      ).toBe(403);
      expect((await balance(null, `userId=${person.id}`)).statusCode).toBe(401);
    });

    it('rounds the fall-back night in real time: 22:07 EDT to 06:53 EST pays 10 h', async () => {
      const { person } = await personInNewTeam();
      const rounded = await createRuleSet({
        weeklyThresholdMinutes: 2640,
        rounding: { kind: 'nearest', stepMinutes: 15 },
      });
      await assign(rounded.id, { kind: 'person', userId: person.id }, '2026-10-25');
      // Sat 2026-10-31 22:07 EDT (11-01 02:07Z) → Sun 06:53 EST (11:53Z): 586 real minutes,
      // filed on Saturday; rounded 22:00 EDT → 07:00 EST (02:00Z → 12:00Z) = 600 minutes.
      const night: PunchRow[] = [
        { eventType: 'clock_in', occurredAt: '2026-11-01T02:07:00Z' },
        { eventType: 'clock_out', occurredAt: '2026-11-01T11:53:00Z' },
      ];
      await seedPunches(db(), person.id, night, '2026-10-25', '2026-11-07');
      const sheet = await timesheetOf(person.id, '2026-10-31');
      expect(sheet.days.find((day) => day.date === '2026-10-31')).toMatchObject({
        workedMinutes: 600,
        roundingMinutes: 14,
      });
      expect(sheet.days.find((day) => day.date === '2026-11-01')).toMatchObject({
        workedMinutes: 0,
      });
    });

    it('pays the scheduled start and end within the grace, and the punch beyond it', async () => {
      const { person } = await personInNewTeam();
      const graced = await createRuleSet({
        weeklyThresholdMinutes: 2640,
        rounding: { kind: 'grace', graceMinutes: 5 },
      });
      await assign(graced.id, { kind: 'person', userId: person.id }, '2026-06-07');
      const template = await seedTemplate(db(), { lunchStart: null, lunchEnd: null });
      await seedAssignment(db(), {
        userId: person.id,
        templateId: template.id,
        dateRangeStart: '2026-06-01',
        dateRangeEnd: '2026-06-30',
      });
      // Scheduled 09:00–17:00 EDT (13:00Z–21:00Z). Tuesday 09:04–16:57: both within 5 minutes,
      // paid 480. Wednesday 09:08–16:57: the clock-in is 8 minutes late and paid as punched.
      const punches: PunchRow[] = [
        { eventType: 'clock_in', occurredAt: '2026-06-09T13:04:00Z' },
        { eventType: 'clock_out', occurredAt: '2026-06-09T20:57:00Z' },
        { eventType: 'clock_in', occurredAt: '2026-06-10T13:08:00Z' },
        { eventType: 'clock_out', occurredAt: '2026-06-10T20:57:00Z' },
      ];
      await seedPunches(db(), person.id, punches, '2026-06-07', '2026-06-13');
      const sheet = await timesheetOf(person.id, '2026-06-09');
      expect(sheet.days.find((day) => day.date === '2026-06-09')).toMatchObject({
        workedMinutes: 480,
        roundingMinutes: 7,
      });
      expect(sheet.days.find((day) => day.date === '2026-06-10')).toMatchObject({
        workedMinutes: 472,
        roundingMinutes: 3,
      });
    });

    // #30: the grace is held against the day's published roster shift, not the template.
    it('graces against a published shift in place of the template that day', async () => {
      const { person } = await personInNewTeam();
      const graced = await createRuleSet({
        weeklyThresholdMinutes: 2640,
        rounding: { kind: 'grace', graceMinutes: 5 },
      });
      await assign(graced.id, { kind: 'person', userId: person.id }, '2026-06-07');
      const template = await seedTemplate(db(), { lunchStart: null, lunchEnd: null });
      await seedAssignment(db(), {
        userId: person.id,
        templateId: template.id,
        dateRangeStart: '2026-06-01',
        dateRangeEnd: '2026-06-30',
      });
      // Thursday published 10:00–18:00 EDT (14:00Z–22:00Z); punched 10:04–17:57, both within
      // the grace of the shift (the template's 09:00–17:00 would pay them as punched).
      await seedPublishedShift(db(), {
        userId: person.id,
        date: '2026-06-11',
        startTime: '10:00',
        endTime: '18:00',
      });
      const punches: PunchRow[] = [
        { eventType: 'clock_in', occurredAt: '2026-06-11T14:04:00Z' },
        { eventType: 'clock_out', occurredAt: '2026-06-11T21:57:00Z' },
      ];
      await seedPunches(db(), person.id, punches, '2026-06-07', '2026-06-13');
      const sheet = await timesheetOf(person.id, '2026-06-11');
      expect(sheet.days.find((day) => day.date === '2026-06-11')).toMatchObject({
        workedMinutes: 480,
        roundingMinutes: 7,
      });
    });

    it('pays rounded punches in the timesheet and leaves the raw punches alone', async () => {
      const { person } = await personInNewTeam();
      const rounded = await createRuleSet({
        weeklyThresholdMinutes: 2640,
        rounding: { kind: 'nearest', stepMinutes: 15 },
      });
      await assign(rounded.id, { kind: 'person', userId: person.id }, '2026-06-07');
      // 08:07–16:53 EDT = 526 min punched; rounded 08:00–17:00 = 540 min paid.
      const punches: PunchRow[] = [
        { eventType: 'clock_in', occurredAt: '2026-06-09T12:07:00Z' },
        { eventType: 'clock_out', occurredAt: '2026-06-09T20:53:00Z' },
      ];
      await seedPunches(db(), person.id, punches, '2026-06-07', '2026-06-13');
      const sheet = await timesheetOf(person.id, '2026-06-09');
      expect(sheet.days.find((day) => day.date === '2026-06-09')).toMatchObject({
        workedMinutes: 540,
        regularMinutes: 540,
        roundingMinutes: 14,
      });
      expect(sheet.totals.workedMinutes).toBe(540);
      const raw = await db()
        .select({ at: timeEvents.occurredAt })
        .from(timeEvents)
        .where(eq(timeEvents.userId, person.id));
      expect(raw.map((row) => row.at.toISOString()).sort()).toEqual([
        '2026-06-09T12:07:00.000Z',
        '2026-06-09T20:53:00.000Z',
      ]);
    });
  });

  describe('weekly rest, the rule set’s choice (decision 0039)', () => {
    /** 12-h shifts, one every 24 h from `firstStart` (an instant). */
    function shifts(firstStart: string, count: number): PunchRow[] {
      return Array.from({ length: count }, (_, day) => {
        const start = Date.parse(firstStart) + day * 24 * 3_600_000;
        return [
          { eventType: 'clock_in' as const, occurredAt: new Date(start).toISOString() },
          {
            eventType: 'clock_out' as const,
            occurredAt: new Date(start + 12 * 3_600_000).toISOString(),
          },
        ];
      }).flat();
    }

    const weeklyRestOf = (sheet: Timesheet) =>
      sheet.findings
        .filter((finding) => finding.kind === 'missing-weekly-rest')
        .map((finding) =>
          finding.kind === 'missing-weekly-rest'
            ? [finding.periodStartDate, finding.requiredOffMinutes, finding.longestOffMinutes]
            : [],
        );

    it('stores, returns and audits the choice, 24 h a week by default; refuses another value', async () => {
      const set = await createRuleSet({ weeklyThresholdMinutes: 2640 });
      expect(set.weeklyRest).toBe('weekly_24');
      const response = await asAdmin('PUT', `/api/pay-rules/rule-sets/${set.id}`, {
        ...set,
        weeklyRest: 'biweekly_48',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(ruleSetResponseSchema.parse(response.json()).ruleSet.weeklyRest).toBe('biweekly_48');
      const listed = listRuleSetsResponseSchema.parse(
        (await asAdmin('GET', '/api/pay-rules/rule-sets')).json(),
      );
      expect(listed.ruleSets.find((each) => each.id === set.id)?.weeklyRest).toBe('biweekly_48');
      const [audit] = await auditRowsFor(db(), set.id, 'pay_rule_set.update');
      expect(audit?.before).toMatchObject({ weeklyRest: 'weekly_24' });
      expect(audit?.after).toMatchObject({ weeklyRest: 'biweekly_48' });

      const before = await counts();
      const refused = await asAdmin('POST', '/api/pay-rules/rule-sets', {
        name: 'Monthly rest',
        weeklyThresholdMinutes: 2640,
        weeklyRest: 'monthly',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        'Choose 24 hours off in each work week, or 48 hours off in every two work weeks',
      );
      expect(await counts()).toEqual(before);
    });

    it('timesheets flag 60 h off with only 12 h of it in the first week under 24 h a week, not under 48 h in two weeks', async () => {
      // The pay period 06-07 … 06-20 is one pair of work weeks. 12-h shifts every 24 h from Sun
      // 06-07 00:00 EDT (7; the last ends Sat 06-13 12:00 EDT), 60 h off to Tue 06-16 00:00 EDT
      // (12 h of them in the first week), then 5 more.
      const punches = [...shifts('2026-06-07T04:00:00Z', 7), ...shifts('2026-06-16T04:00:00Z', 5)];
      const weekly = await createRuleSet({ weeklyThresholdMinutes: 2640 });
      const biweekly = await createRuleSet({
        weeklyThresholdMinutes: 2640,
        weeklyRest: 'biweekly_48',
      });
      const a = await personInNewTeam();
      const b = await personInNewTeam();
      await assign(weekly.id, { kind: 'person', userId: a.person.id }, '2026-06-07');
      await assign(biweekly.id, { kind: 'person', userId: b.person.id }, '2026-06-07');
      for (const { person } of [a, b]) {
        await seedPunches(db(), person.id, punches, '2026-06-06', '2026-06-21');
      }
      expect(weeklyRestOf(await timesheetOf(a.person.id, '2026-06-10'))).toEqual([
        ['2026-06-07', 1440, 720],
      ]);
      expect(weeklyRestOf(await timesheetOf(b.person.id, '2026-06-10'))).toEqual([]);
    });

    it('timesheets flag 36 h off in each week under 48 h in two weeks, not under 24 h a week', async () => {
      // 6 shifts from Sun 06-07 00:00 EDT (36 h off to Sun 06-14 00:00), the same again.
      const punches = [...shifts('2026-06-07T04:00:00Z', 6), ...shifts('2026-06-14T04:00:00Z', 6)];
      const weekly = await createRuleSet({ weeklyThresholdMinutes: 2640 });
      const biweekly = await createRuleSet({
        weeklyThresholdMinutes: 2640,
        weeklyRest: 'biweekly_48',
      });
      const a = await personInNewTeam();
      const b = await personInNewTeam();
      await assign(weekly.id, { kind: 'team', teamId: a.team.id }, '2026-05-31');
      await assign(biweekly.id, { kind: 'team', teamId: b.team.id }, '2026-05-31');
      for (const { person } of [a, b]) {
        await seedPunches(db(), person.id, punches, '2026-06-06', '2026-06-21');
      }
      expect(weeklyRestOf(await timesheetOf(a.person.id, '2026-06-15'))).toEqual([]);
      expect(weeklyRestOf(await timesheetOf(b.person.id, '2026-06-15'))).toEqual([
        ['2026-06-07', 2880, 2160],
      ]);
    });
  });

  describe('warnings on rule sets the ESA may not allow (decision 0039)', () => {
    const warningsOf = async (id: string, language?: string) => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/pay-rules/rule-sets',
        headers: {
          cookie: cookies.get('admin') ?? '',
          ...(language ? { 'accept-language': language } : {}),
        },
      });
      expect(response.statusCode).toBe(200);
      return listRuleSetsResponseSchema.parse(response.json()).ruleSets.find((set) => set.id === id)
        ?.warnings;
    };

    it('accepts a 50-hour threshold but warns, on saving and reading, in English and French', async () => {
      const set = await createRuleSet({ weeklyThresholdMinutes: 50 * 60 });
      const message =
        "Overtime after 50h a week is later than Ontario's 44h: only sectors with their own threshold (O. Reg. 285/01) may use it.";
      expect(set.warnings).toEqual([message]);
      expect(await warningsOf(set.id)).toEqual([message]);
      expect(await warningsOf(set.id, 'fr-CA')).toEqual([
        "Les heures supplémentaires après 50\u00a0h par semaine commencent plus tard que les 44\u00a0h de l'Ontario : seuls les secteurs qui ont leur propre seuil (Règl. de l'Ont. 285/01) peuvent l'utiliser.",
      ]);
      const standard = await createRuleSet({ weeklyThresholdMinutes: 44 * 60 });
      expect(standard.warnings).toEqual([]);
    });

    it('warns about averaging until every person it applies to has an agreement covering its dates', async () => {
      const set = await createRuleSet({
        weeklyThresholdMinutes: 2640,
        averaging: { weeks: 2, startDate: '2026-06-07', endDate: '2027-06-05' },
      });
      expect(set.warnings).toEqual([
        'Averaging needs a written agreement on file for each person it applies to: file them under Agreements on file before you assign this rule set.',
      ]);
      const { person, team } = await personInNewTeam();
      const other = await createTestUser(db(), { role: 'employee', name: 'Averaged Twice' });
      await setTeamOf(db(), [other.id], team.id);
      await assign(set.id, { kind: 'team', teamId: team.id }, '2026-06-07');
      const names = [person.name, 'Averaged Twice'].sort((x, y) =>
        String(x).localeCompare(String(y)),
      );
      expect(await warningsOf(set.id)).toEqual([
        `Averaging needs a written agreement on file for each person it applies to: 2 people have none covering its dates (${names.join(', ')}). File them under Agreements on file, or overtime is owed week by week.`,
      ]);
      // An agreement a day short does not cover; one over all the dates does.
      const file = async (userId: string, startDate: string) => {
        const response = await asAdmin('POST', '/api/pay-rules/agreements', {
          userId,
          kind: 'averaging',
          startDate,
          endDate: '2027-06-05',
        });
        expect(response.statusCode, response.body).toBe(201);
      };
      await file(person.id, '2026-06-07');
      await file(other.id, '2026-06-08');
      expect(await warningsOf(set.id)).toEqual([
        'Averaging needs a written agreement on file for each person it applies to: 1 person has none covering its dates (Averaged Twice). File them under Agreements on file, or overtime is owed week by week.',
      ]);
      // A one-day agreement for 06-07 joins the one from 06-08: every date covered.
      const oneDay = await asAdmin('POST', '/api/pay-rules/agreements', {
        userId: other.id,
        kind: 'averaging',
        startDate: '2026-06-07',
        endDate: '2026-06-07',
      });
      expect(oneDay.statusCode, oneDay.body).toBe(201);
      expect(await warningsOf(set.id)).toEqual([]);
    });
  });
});
