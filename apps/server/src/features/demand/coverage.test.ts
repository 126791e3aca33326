import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoverageResponse } from '@punchclock/shared/contracts/demand';
import type { ShiftMarket } from '@punchclock/shared/contracts/rosters';
import { businessInstant } from '@punchclock/shared/domain/business-time';
import { intervalsOfDay } from '@punchclock/shared/domain/demand/coverage';
import type { Db } from '../../db/client.ts';
import { profiles, publishedShifts, staffingRequirements } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { seedDraftShift, seedPublishedShift } from '../../test/roster-fixtures.ts';
import { callApi, seedAssignment, seedTemplate } from '../../test/schedules.ts';
import { insertPunches } from '../../test/time-tracking.ts';
import { auditRowsFor, seedTeam, setTeamOf } from '../../test/users.ts';
import { onClockOf, workingSpans } from './coverage.ts';

const TZ = 'America/Toronto';
/** A past Tuesday: every interval has begun. */
const DAY = '2025-06-10';
const EVE = '2025-06-09';
const at = (date: string, time: string) => businessInstant(date, time, TZ).toISOString();

describe('people on the clock per interval', () => {
  const intervals = intervalsOfDay(DAY, 30, TZ);
  const nine = intervals.findIndex((interval) => interval.label === '09:00');

  it('counts the elapsed part of the interval under way, and nothing for those to come', () => {
    const now = Date.parse(at(DAY, '09:15'));
    const spans = workingSpans(
      [{ eventType: 'clock_in', occurredAt: at(DAY, '09:00'), date: DAY }],
      now,
    );
    const onClock = onClockOf([spans], intervals, now);
    expect(onClock[nine]).toBe(1);
    expect(onClock[nine + 1]).toBeNull();
    expect(onClock[nine - 1]).toBe(0);
  });

  it('leaves out breaks and lunch, and a shift left open past 16 hours', () => {
    const now = Date.parse(at('2025-06-11', '12:00'));
    const spans = workingSpans(
      [
        { eventType: 'clock_in', occurredAt: at(DAY, '09:00'), date: DAY },
        { eventType: 'break', occurredAt: at(DAY, '09:15'), date: DAY },
        { eventType: 'clock_in', occurredAt: at(DAY, '09:30'), date: DAY },
      ],
      now,
    );
    expect(spans).toEqual([
      { start: Date.parse(at(DAY, '09:00')), end: Date.parse(at(DAY, '09:15')) },
      { start: Date.parse(at(DAY, '09:30')), end: Date.parse(at('2025-06-11', '01:30')) },
    ]);
    expect(onClockOf([spans], intervals, now)[nine]).toBe(0.5);
  });
});

describeEachDatabase('coverage and posting a gap', (getDatabase) => {
  let app: FastifyInstance;
  let db: Db;
  let teamId: string;
  let leadCookie: string;
  let otherLeadCookie: string;
  let ada: TestUser;
  let adaCookie: string;
  let outsiderCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    db = getDatabase().db;
    app = await buildTestApp(getDatabase().database);
    const lead = await createTestUser(db, { role: 'team_lead' });
    teamId = (await seedTeam(db, { leadUserId: lead.id })).id;
    leadCookie = await signInAs(app, lead.email, lead.password);
    const otherLead = await createTestUser(db, { role: 'team_lead' });
    await seedTeam(db, { leadUserId: otherLead.id });
    otherLeadCookie = await signInAs(app, otherLead.email, otherLead.password);
    const admin = await createTestUser(db, { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
    ada = await createTestUser(db, { name: 'Ada Covered' });
    const bea = await createTestUser(db, { name: 'Bea Covered' });
    const cy = await createTestUser(db, { name: 'Cy Nights' });
    await setTeamOf(db, [ada.id, bea.id, cy.id], teamId);
    await db
      .update(profiles)
      .set({ positions: ['cashier'] })
      .where(eq(profiles.id, ada.id));
    adaCookie = await signInAs(app, ada.email, ada.password);
    const outsider = await createTestUser(db);
    outsiderCookie = await signInAs(app, outsider.email, outsider.password);

    // Ada: published 09:00–17:00 with lunch; Bea: a draft 13:00–21:00; Cy: last night's shift.
    await seedPublishedShift(db, {
      userId: ada.id,
      teamId,
      date: DAY,
      startTime: '09:00',
      endTime: '17:00',
      lunchStart: '12:00',
      lunchEnd: '12:30',
      position: 'cashier',
    });
    await seedDraftShift(db, {
      userId: bea.id,
      teamId,
      date: DAY,
      startTime: '13:00',
      endTime: '21:00',
    });
    await seedPublishedShift(db, {
      userId: cy.id,
      teamId,
      date: EVE,
      startTime: '22:00',
      endTime: '06:00',
    });
    const need = (time: string, required: number) => ({
      teamId,
      position: '',
      startsAt: businessInstant(DAY, time, TZ),
      date: DAY,
      minutes: 30,
      required,
      source: 'typed',
    });
    await db
      .insert(staffingRequirements)
      .values([need('02:00', 1), need('09:00', 2), need('12:00', 1)]);
    await insertPunches(db, ada.id, [
      { eventType: 'clock_in', occurredAt: at(DAY, '09:00') },
      { eventType: 'break', occurredAt: at(DAY, '10:30') },
      { eventType: 'clock_in', occurredAt: at(DAY, '10:45') },
      { eventType: 'lunch', occurredAt: at(DAY, '12:00') },
      { eventType: 'clock_in', occurredAt: at(DAY, '12:30') },
      { eventType: 'clock_out', occurredAt: at(DAY, '17:00') },
    ]);
    await insertPunches(db, cy.id, [
      { eventType: 'clock_in', occurredAt: at(EVE, '22:00') },
      { eventType: 'clock_out', occurredAt: at(DAY, '06:00') },
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  function expectStatus(response: LightMyRequestResponse, status: number) {
    expect(response.statusCode, response.body).toBe(status);
  }

  async function coverage(query: string, cookie = leadCookie): Promise<CoverageResponse> {
    const response = await callApi(app, cookie, 'GET', `/api/demand/coverage?${query}`);
    expectStatus(response, 200);
    return response.json() as CoverageResponse;
  }

  const row = (answer: CoverageResponse, time: string) => {
    const found = answer.intervals.find((interval) => interval.startTime === time);
    if (!found) throw new Error(`no interval ${time}`);
    return found;
  };

  it('sets required against scheduled, planned and on the clock, interval by interval', async () => {
    const day = await coverage(`teamId=${teamId}&date=${DAY}`);
    expect(day.intervals).toHaveLength(48);
    expect(day.intervalMinutes).toBe(30);
    expect(row(day, '02:00')).toMatchObject({ required: 1, scheduled: 1, planned: 1, onClock: 1 });
    expect(row(day, '09:00')).toMatchObject({ required: 2, scheduled: 1, planned: 1, onClock: 1 });
    // A 15-minute break in the interval: half a person working.
    expect(row(day, '10:30')).toMatchObject({ required: null, scheduled: 1, onClock: 0.5 });
    // Lunch is neither coverage nor work.
    expect(row(day, '12:00')).toMatchObject({ required: 1, scheduled: 0, planned: 0, onClock: 0 });
    // Bea's draft is planned, not yet scheduled.
    expect(row(day, '13:00')).toMatchObject({ scheduled: 1, planned: 2, onClock: 1 });
    expect(row(day, '17:00')).toMatchObject({ scheduled: 0, planned: 1, onClock: 0 });
    expect(row(day, '06:00')).toMatchObject({ scheduled: 0, onClock: 0 });
    expect(day.scheduledShortfallHours).toBe(1);
    expect(day.onClockShortfallHours).toBe(1);
  });

  it('narrows to a position: its shifts, and its holders on the clock', async () => {
    const day = await coverage(`teamId=${teamId}&date=${DAY}&position=cashier`);
    expect(row(day, '09:00')).toMatchObject({ required: null, scheduled: 1, onClock: 1 });
    expect(row(day, '02:00')).toMatchObject({ scheduled: 0, onClock: 0 });
    expect(row(day, '13:00')).toMatchObject({ planned: 1 });
  });

  it('has nobody on the clock for a day not begun', async () => {
    const day = await coverage(`teamId=${teamId}&date=2031-03-12`);
    expect(day.intervals.every((interval) => interval.onClock === null)).toBe(true);
    expect(day.onClockShortfallHours).toBeNull();
  });

  it('is for the team’s planners only', async () => {
    const query = `/api/demand/coverage?teamId=${teamId}&date=${DAY}`;
    expectStatus(await callApi(app, otherLeadCookie, 'GET', query), 403);
    expectStatus(await callApi(app, adaCookie, 'GET', query), 403);
  });

  it('posts a gap as published open shifts the team can claim', async () => {
    const body = {
      teamId,
      date: '2031-03-12',
      startTime: '14:00',
      endTime: '18:00',
      position: 'cashier',
      count: 2,
      note: 'Busy afternoon',
    };
    expectStatus(
      await callApi(app, otherLeadCookie, 'POST', '/api/demand/coverage/open-shifts', body),
      403,
    );
    const posted = await callApi(app, leadCookie, 'POST', '/api/demand/coverage/open-shifts', body);
    expectStatus(posted, 201);
    const { shiftIds } = posted.json() as { shiftIds: string[] };
    expect(shiftIds).toHaveLength(2);
    const published = await db
      .select()
      .from(publishedShifts)
      .where(inArray(publishedShifts.id, shiftIds));
    expect(published.map((shift) => [shift.userId, shift.teamId, shift.position])).toEqual([
      [null, teamId, 'cashier'],
      [null, teamId, 'cashier'],
    ]);
    expect(await auditRowsFor(db, teamId, 'demand.post_gap')).toHaveLength(1);

    const market = await callApi(app, adaCookie, 'GET', '/api/shift-market');
    expectStatus(market, 200);
    const open = (market.json() as ShiftMarket).openShifts.map((shift) => shift.id);
    expect(open).toEqual(expect.arrayContaining(shiftIds));
    const elsewhere = await callApi(app, outsiderCookie, 'GET', '/api/shift-market');
    expect((elsewhere.json() as ShiftMarket).openShifts.map((shift) => shift.id)).not.toContain(
      shiftIds[0],
    );
    const claim = await callApi(app, adaCookie, 'POST', '/api/shift-trades', {
      kind: 'claim',
      shiftId: shiftIds[0],
    });
    expect(claim.statusCode, claim.body).toBeLessThan(300);
  });

  it('answers a retried post with the shifts it already posted, not new ones', async () => {
    const body = {
      teamId,
      date: '2031-03-13',
      startTime: '14:00',
      endTime: '18:00',
      count: 2,
      requestId: '6f1c5a0e-3b0e-4c55-9d1e-2f7a8b9c0d1e',
    };
    const post = () => callApi(app, leadCookie, 'POST', '/api/demand/coverage/open-shifts', body);
    const [first, second] = await Promise.all([post(), post()]);
    expectStatus(first, 201);
    expectStatus(second, 201);
    const { shiftIds } = first.json() as { shiftIds: string[] };
    expect((second.json() as { shiftIds: string[] }).shiftIds).toEqual(shiftIds);
    const third = await post();
    expect((third.json() as { shiftIds: string[] }).shiftIds).toEqual(shiftIds);
    const onThatDay = await db
      .select({ id: publishedShifts.id })
      .from(publishedShifts)
      .where(and(eq(publishedShifts.teamId, teamId), eq(publishedShifts.date, '2031-03-13')));
    expect(onThatDay).toHaveLength(2);
    // Another planner cannot borrow the id to read what was posted.
    expectStatus(
      await callApi(app, adminCookie, 'POST', '/api/demand/coverage/open-shifts', body),
      409,
    );
  });
});

describeEachDatabase('coverage counts template shifts', (getDatabase) => {
  let app: FastifyInstance;
  let db: Db;
  let teamId: string;
  let leadCookie: string;

  beforeAll(async () => {
    db = getDatabase().db;
    app = await buildTestApp(getDatabase().database);
    const lead = await createTestUser(db, { role: 'team_lead' });
    teamId = (await seedTeam(db, { leadUserId: lead.id })).id;
    leadCookie = await signInAs(app, lead.email, lead.password);
    const dee = await createTestUser(db, { name: 'Dee Template' });
    const eve = await createTestUser(db, { name: 'Eve Rostered' });
    await setTeamOf(db, [dee.id, eve.id], teamId);
    // Both work a 09:00–17:00 template (lunch 12:00–12:30); Eve's roster shift replaces hers.
    const template = await seedTemplate(db);
    for (const userId of [dee.id, eve.id]) {
      await seedAssignment(db, {
        userId,
        templateId: template.id,
        dateRangeStart: '2025-06-01',
        dateRangeEnd: '2025-06-30',
      });
    }
    await seedPublishedShift(db, {
      userId: eve.id,
      teamId,
      date: DAY,
      startTime: '13:00',
      endTime: '21:00',
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('counts a person’s template shift on a day they have no roster shift, as scheduled and planned', async () => {
    const response = await callApi(
      app,
      leadCookie,
      'GET',
      `/api/demand/coverage?teamId=${teamId}&date=${DAY}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const day = response.json() as CoverageResponse;
    const at = (time: string) => day.intervals.find((interval) => interval.startTime === time);
    expect(at('09:00')).toMatchObject({ scheduled: 1, planned: 1 });
    expect(at('12:00')).toMatchObject({ scheduled: 0, planned: 0 });
    expect(at('13:00')).toMatchObject({ scheduled: 2, planned: 2 });
    expect(at('18:00')).toMatchObject({ scheduled: 1, planned: 1 });
    expect(at('08:00')).toMatchObject({ scheduled: 0, planned: 0 });
  });
});
