import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createCalendarFeedResponseSchema } from '@punchclock/shared/contracts/calendar-feeds';
import { profiles, timeOffRequests } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { timeOffTypeId } from '../../test/approvals.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { republishShift, seedDraftShift, seedPublishedShift } from '../../test/roster-fixtures.ts';
import { callApi, seedAssignment, seedTemplate } from '../../test/schedules.ts';
import { seedTeam } from '../../test/users.ts';

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string | null;
  startUtc: string;
  endUtc: string;
  startLocal: string;
  isDate: boolean;
}

/** What a calendar app reads: each event, its instants (through the feed's VTIMEZONE) and wall time. */
function readCalendar(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  return calendar
    .getAllSubcomponents('vevent')
    .map((component) => new ICAL.Event(component))
    .map((event) => ({
      uid: event.uid,
      summary: event.summary,
      description: event.description ?? null,
      startUtc: event.startDate.toJSDate().toISOString(),
      endUtc: event.endDate.toJSDate().toISOString(),
      startLocal: event.startDate.toString(),
      isDate: event.startDate.isDate,
    }))
    .sort((a, b) => a.startLocal.localeCompare(b.startLocal));
}

describeEachDatabase('calendar feeds (#18 point 4)', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  async function personWithShifts(from: string, to: string) {
    const person = await createTestUser(db(), { name: 'Dana Day' });
    const template = await seedTemplate(db(), {
      name: `Day ${from}`,
      workStart: '09:00',
      workEnd: '17:00',
      workingDays: [0, 1, 2, 3, 4, 5, 6],
    });
    await seedAssignment(db(), {
      userId: person.id,
      templateId: template.id,
      dateRangeStart: from,
      dateRangeEnd: to,
    });
    const cookie = await signInAs(app, person.email, person.password);
    return { person, cookie, template };
  }

  async function makeFeed(cookie: string, teamId: string | null = null) {
    const response = await callApi(app, cookie, 'POST', '/api/calendar-feeds', { teamId });
    expect(response.statusCode, response.body).toBe(201);
    return createCalendarFeedResponseSchema.parse(response.json());
  }

  const fetchFeed = (url: string) => app.inject({ method: 'GET', url: new URL(url).pathname });

  /** The feed as a calendar app fetches it on `now` (only the clock the route reads moves). */
  async function fetchFeedOn(url: string, now: string) {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(now) });
    try {
      return await fetchFeed(url);
    } finally {
      vi.useRealTimers();
    }
  }

  it('puts a 09:00 shift at 09:00 Toronto on both sides of the spring-forward night', async () => {
    const { cookie } = await personWithShifts('2027-03-12', '2027-03-16');
    const { url } = await makeFeed(cookie);
    expect(url).toMatch(/^http:\/\/[^/]+\/api\/calendar-feeds\/[\w-]{43}\.ics$/);

    const response = await fetchFeedOn(url, '2027-03-01T12:00:00Z');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    expect(response.body).toContain('BEGIN:VTIMEZONE');
    expect(response.body).toContain('TZID:America/Toronto');
    const events = readCalendar(response.body);
    expect(events.map((event) => [event.startLocal, event.startUtc, event.endUtc])).toEqual([
      ['2027-03-12T09:00:00', '2027-03-12T14:00:00.000Z', '2027-03-12T22:00:00.000Z'],
      ['2027-03-13T09:00:00', '2027-03-13T14:00:00.000Z', '2027-03-13T22:00:00.000Z'],
      // 14 March 2027: clocks go forward at 02:00; 09:00 EDT is 13:00Z.
      ['2027-03-14T09:00:00', '2027-03-14T13:00:00.000Z', '2027-03-14T21:00:00.000Z'],
      ['2027-03-15T09:00:00', '2027-03-15T13:00:00.000Z', '2027-03-15T21:00:00.000Z'],
      ['2027-03-16T09:00:00', '2027-03-16T13:00:00.000Z', '2027-03-16T21:00:00.000Z'],
    ]);
    expect(events[0]?.summary).toBe('Day 2027-03-12');
  });

  it('adds approved time off as whole days, not pending or rejected requests', async () => {
    const { person, cookie } = await personWithShifts('2026-10-30', '2026-11-02');
    const vacation = await timeOffTypeId(db(), 'Vacation');
    const request = (startDate: string, status: 'approved' | 'pending' | 'rejected') => ({
      userId: person.id,
      typeId: vacation,
      startDate,
      endDate: startDate,
      daysX100: 100,
      status,
    });
    await db()
      .insert(timeOffRequests)
      .values([
        request('2026-11-03', 'approved'),
        request('2026-11-04', 'pending'),
        request('2026-11-05', 'rejected'),
      ]);
    const { url } = await makeFeed(cookie);
    const events = readCalendar((await fetchFeedOn(url, '2026-10-28T12:00:00Z')).body);
    const daysOff = events.filter((event) => event.isDate);
    expect(daysOff.map((event) => [event.summary, event.startLocal])).toEqual([
      ['Vacation', '2026-11-03'],
    ]);
    // 1 November 2026: clocks go back; 09:00 EST is 14:00Z again.
    expect(events.filter((event) => !event.isDate).map((event) => event.startUtc)).toEqual([
      '2026-10-30T13:00:00.000Z',
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
  });

  // #30: published roster shifts, in place of the template's shift that day; never drafts.
  it('shows a published shift by its position and note, one event even when it moves', async () => {
    const { person, cookie } = await personWithShifts('2026-11-23', '2026-11-27');
    const shiftId = await seedPublishedShift(db(), {
      userId: person.id,
      date: '2026-11-25',
      startTime: '22:00',
      endTime: '06:00',
      position: 'Night porter',
      note: 'Keys at the front desk',
    });
    await seedDraftShift(db(), {
      userId: person.id,
      date: '2026-11-26',
      startTime: '13:00',
      endTime: '21:00',
      position: 'Draft only',
    });
    const { url } = await makeFeed(cookie);
    const read = async () =>
      readCalendar((await fetchFeedOn(url, '2026-11-20T12:00:00Z')).body).map((event) => [
        event.startLocal,
        event.endUtc,
        event.summary,
        event.description,
      ]);
    const template = (date: string) => [
      `${date}T09:00:00`,
      `${date}T22:00:00.000Z`,
      'Day 2026-11-23',
      null,
    ];
    expect(await read()).toEqual([
      template('2026-11-23'),
      template('2026-11-24'),
      ['2026-11-25T22:00:00', '2026-11-26T11:00:00.000Z', 'Night porter', 'Keys at the front desk'],
      template('2026-11-26'),
      template('2026-11-27'),
    ]);
    const roster = (await fetchFeedOn(url, '2026-11-20T12:00:00Z')).body;
    expect(roster).toContain(`UID:roster-shift-${shiftId}@punchclock`);
    expect(roster).not.toContain('Draft only');

    // Moved and republished: the same event (UID) moves; the 25th is the template's again.
    await republishShift(db(), shiftId, {
      date: '2026-11-27',
      startTime: '18:00',
      endTime: '23:00',
    });
    expect(await read()).toEqual([
      template('2026-11-23'),
      template('2026-11-24'),
      template('2026-11-25'),
      template('2026-11-26'),
      ['2026-11-27T18:00:00', '2026-11-28T04:00:00.000Z', 'Night porter', 'Keys at the front desk'],
    ]);
    const uids = readCalendar((await fetchFeedOn(url, '2026-11-20T12:00:00Z')).body).map(
      (event) => event.uid,
    );
    expect(uids.filter((uid) => uid === `roster-shift-${shiftId}@punchclock`)).toHaveLength(1);
  });

  it('stops the old address when a new one is made, and for a suspended owner', async () => {
    const { person, cookie } = await personWithShifts('2026-01-05', '2026-01-06');
    const first = await makeFeed(cookie);
    expect((await fetchFeed(first.url)).statusCode).toBe(200);
    const second = await makeFeed(cookie);
    expect((await fetchFeed(first.url)).statusCode).toBe(404);
    expect((await fetchFeed(second.url)).statusCode).toBe(200);

    const listed = await callApi(app, cookie, 'GET', '/api/calendar-feeds');
    expect(listed.json()).toMatchObject({
      feeds: [{ id: second.feed.id, team: null, lastUsedAt: expect.any(String) }],
      teams: [],
    });

    await db().update(profiles).set({ isSuspended: true }).where(eq(profiles.id, person.id));
    expect((await fetchFeed(second.url)).statusCode).toBe(404);
    expect((await fetchFeed('http://x/api/calendar-feeds/not-a-token.ics')).statusCode).toBe(404);
  });

  it('lets a team lead publish the team’s shifts, each named; refuses other teams', async () => {
    const lead = await createTestUser(db(), { role: 'team_lead' });
    const team = await seedTeam(db(), { leadUserId: lead.id });
    const other = await seedTeam(db());
    const { person } = await personWithShifts('2026-02-02', '2026-02-02');
    await db().update(profiles).set({ teamId: team.id }).where(eq(profiles.id, person.id));
    const leadCookie = await signInAs(app, lead.email, lead.password);

    const refused = await callApi(app, leadCookie, 'POST', '/api/calendar-feeds', {
      teamId: other.id,
    });
    expect(refused.statusCode).toBe(403);
    const { url, feed } = await makeFeed(leadCookie, team.id);
    expect(feed.team).toEqual({ id: team.id, name: team.name });
    const events = readCalendar((await fetchFeedOn(url, '2026-02-01T12:00:00Z')).body);
    expect(events.map((event) => event.summary)).toEqual(['Dana Day: Day 2026-02-02']);
    // A suspended member leaves the team's calendar.
    await db().update(profiles).set({ isSuspended: true }).where(eq(profiles.id, person.id));
    expect(readCalendar((await fetchFeedOn(url, '2026-02-01T12:00:00Z')).body)).toEqual([]);

    // An employee leads no team: their list offers none.
    const { cookie } = await personWithShifts('2026-02-03', '2026-02-03');
    const listed = await callApi(app, cookie, 'GET', '/api/calendar-feeds');
    expect(listed.json()).toMatchObject({ teams: [] });
  });
});
