import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RosterResponse, Shift, ShiftInput } from '@punchclock/shared/contracts/rosters';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { getWeekDates } from '@punchclock/shared/domain/schedule';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  emailOutbox,
  notifications,
  periodLocks,
  publishedShifts,
  shifts,
  timeOffRequests,
  webhookDeliveries,
} from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { queuedDates, timeOffTypeId } from '../../test/approvals.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi, seedAssignment, seedTemplate } from '../../test/schedules.ts';
import { seedTeam, setTeamOf } from '../../test/users.ts';
import { publishShiftsNow } from './publish.ts';
import { setShiftPerson } from './repository.ts';

/** A Sunday-started week far from any lock (2031-03-02 is a Sunday). */
const WEEK = getWeekDates('2031-03-02');
const [SUN, MON, TUE, WED, THU, FRI] = WEEK as [string, string, string, string, string, string];

interface Crew {
  teamId: string;
  lead: TestUser;
  leadCookie: string;
  ada: TestUser;
  bea: TestUser;
}

describeEachDatabase('the roster: board, shifts, publishing', (getDatabase) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: TestUser;
  let adminCookie: string;
  /** A push service on localhost: the paths it was sent to. */
  let pushService: Server;
  let pushPort = 0;
  const pushedPaths: string[] = [];

  beforeAll(async () => {
    db = getDatabase().db;
    pushService = createServer((request, response) => {
      pushedPaths.push(request.url ?? '');
      request.resume();
      request.on('end', () => {
        response.statusCode = 201;
        response.end();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    const address = pushService.address();
    pushPort = typeof address === 'object' && address ? address.port : 0;
    app = await buildTestApp(getDatabase().database, {
      push: {
        serviceHosts: [...DEFAULT_PUSH_SERVICE_HOSTS, `127.0.0.1:${pushPort}`],
        contact: 'mailto:ops@example.com',
      },
    });
    admin = await createTestUser(db, { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => pushService.close(resolve));
  });

  /** Turn push reminders on for a person's (pretend) browser. */
  async function subscribeToPush(user: TestUser): Promise<void> {
    const cookie = await signInAs(app, user.email, user.password);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const saved = await api(cookie, 'PUT', '/api/push/subscription', {
      endpoint: `http://127.0.0.1:${pushPort}/send/${user.id}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    });
    expectStatus(saved, 204);
  }

  const api = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => callApi(app, cookie, method, url, payload);

  function expectStatus(response: LightMyRequestResponse, status: number) {
    expect(response.statusCode, response.body).toBe(status);
  }

  /** A team with its lead and two people, each test its own. */
  async function newCrew(): Promise<Crew> {
    const lead = await createTestUser(db, { role: 'team_lead', name: 'Lee Lead' });
    const team = await seedTeam(db, { leadUserId: lead.id });
    const ada = await createTestUser(db, { name: 'Ada Planned' });
    const bea = await createTestUser(db, { name: 'Bea Planned' });
    await setTeamOf(db, [ada.id, bea.id], team.id);
    return {
      teamId: team.id,
      lead,
      leadCookie: await signInAs(app, lead.email, lead.password),
      ada,
      bea,
    };
  }

  const shiftBody = (overrides: Partial<ShiftInput> = {}): ShiftInput => ({
    userId: null,
    date: MON,
    startTime: '09:00',
    endTime: '17:00',
    lunchStart: '12:00',
    lunchEnd: '12:30',
    breakDurationMins: 15,
    position: null,
    note: null,
    ...overrides,
  });

  async function addShift(cookie: string, overrides: Partial<ShiftInput>): Promise<Shift> {
    const response = await api(cookie, 'POST', '/api/roster/shifts', shiftBody(overrides));
    expectStatus(response, 201);
    return (response.json() as { shift: Shift }).shift;
  }

  async function board(cookie: string, query: string): Promise<RosterResponse> {
    const response = await api(cookie, 'GET', `/api/roster?${query}`);
    expectStatus(response, 200);
    return response.json() as RosterResponse;
  }

  const publish = (cookie: string, weekStart: string, teamId?: string) =>
    api(cookie, 'POST', '/api/roster/publish', { weekStart, ...(teamId ? { teamId } : {}) });

  const notificationsOf = (userId: string) =>
    db
      .select({
        id: notifications.id,
        messageKey: notifications.messageKey,
        messageValues: notifications.messageValues,
      })
      .from(notifications)
      .where(
        and(eq(notifications.userId, userId), eq(notifications.messageKey, 'roster.published')),
      )
      .orderBy(asc(notifications.createdAt));

  describe('who plans', () => {
    it('refuses employees, and a lead outside their team', async () => {
      const crew = await newCrew();
      const other = await newCrew();
      const employeeCookie = await signInAs(app, crew.ada.email, crew.ada.password);
      expectStatus(await api(employeeCookie, 'GET', `/api/roster?weekStart=${MON}`), 403);
      expectStatus(
        await api(employeeCookie, 'POST', '/api/roster/shifts', shiftBody({ userId: crew.ada.id })),
        403,
      );

      const otherTeam = await api(
        crew.leadCookie,
        'GET',
        `/api/roster?weekStart=${MON}&teamId=${other.teamId}`,
      );
      expectStatus(otherTeam, 403);
      const outside = await api(
        crew.leadCookie,
        'POST',
        '/api/roster/shifts',
        shiftBody({ userId: other.ada.id }),
      );
      expectStatus(outside, 403);
      expect(outside.json()).toMatchObject({ message: 'You can plan your own team’s roster only' });
      const openElsewhere = await api(
        crew.leadCookie,
        'POST',
        '/api/roster/shifts',
        shiftBody({ teamId: other.teamId }),
      );
      expectStatus(openElsewhere, 403);

      // Their own board holds their people only.
      const own = await board(crew.leadCookie, `weekStart=${WED}`);
      expect(own.weekStart).toBe(SUN);
      expect(own.teams).toEqual([{ id: crew.teamId, name: expect.any(String) }]);
      expect(own.people.map((person) => person.userId).sort()).toEqual(
        [crew.ada.id, crew.bea.id].sort(),
      );
    });

    it('says what is wrong with a shift', async () => {
      const crew = await newCrew();
      const post = (body: unknown) => api(crew.leadCookie, 'POST', '/api/roster/shifts', body);
      const cases: [unknown, number, string][] = [
        [
          shiftBody({ userId: crew.ada.id, startTime: '9am' }),
          400,
          'Start time must be a time like 09:00',
        ],
        [
          shiftBody({ userId: crew.ada.id, endTime: '09:00', startTime: '09:00' }),
          400,
          'The shift must end at a different time than it starts',
        ],
        [
          shiftBody({ userId: crew.ada.id, lunchStart: '18:00', lunchEnd: '18:30' }),
          400,
          'Lunch must be inside the shift',
        ],
        [
          shiftBody({ userId: crew.ada.id, lunchEnd: null }),
          400,
          'Give both a lunch start and a lunch end, or neither',
        ],
        [
          shiftBody({ userId: crew.ada.id, breakDurationMins: 200 }),
          400,
          'Break length must be between 0 and 120 minutes',
        ],
        [shiftBody({ userId: null }), 400, 'An open shift needs a team: choose one'],
        [shiftBody({ userId: randomUUID() }), 404, 'No such person'],
      ];
      for (const [body, status, message] of cases) {
        const response = await post(body);
        expect(response.statusCode, message).toBe(status);
        expect(response.json()).toMatchObject({ message });
      }
      const ancient = await api(crew.leadCookie, 'GET', '/api/roster?weekStart=0001-01-01');
      expectStatus(ancient, 400);
      expect(ancient.json()).toMatchObject({ message: 'Choose a date from 1900 on' });
      expectStatus(
        await api(
          crew.leadCookie,
          'PUT',
          '/api/roster/shifts/not-an-id',
          shiftBody({ userId: crew.ada.id }),
        ),
        404,
      );
      expectStatus(await api(crew.leadCookie, 'DELETE', `/api/roster/shifts/${randomUUID()}`), 404);
    });
  });

  describe('shifts', () => {
    it('adds drafts, one per person a day, audited; an open shift takes the team given', async () => {
      const crew = await newCrew();
      const shift = await addShift(crew.leadCookie, {
        userId: crew.ada.id,
        position: 'Cashier',
        note: 'Front till',
      });
      expect(shift).toMatchObject({
        userId: crew.ada.id,
        userName: 'Ada Planned',
        teamId: crew.teamId,
        date: MON,
        state: 'draft',
        paidMinutes: 450,
        position: 'Cashier',
      });
      // Ada holds no position: a warning, not a refusal.
      expect(shift.conflicts.map((conflict) => conflict.code)).toEqual(['position']);
      const [audit] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, shift.id), eq(auditLog.action, 'shift.create')));
      expect(audit).toMatchObject({ actorId: crew.lead.id, entityType: 'shift' });

      const second = await api(
        crew.leadCookie,
        'POST',
        '/api/roster/shifts',
        shiftBody({
          userId: crew.ada.id,
          startTime: '18:00',
          endTime: '22:00',
          lunchStart: null,
          lunchEnd: null,
        }),
      );
      expectStatus(second, 409);
      expect(second.json()).toMatchObject({
        message: expect.stringContaining('Ada Planned already has a shift on'),
        code: 'shift_same_day',
      });

      // Moving her Tuesday onto her Monday is refused too.
      const tuesday = await addShift(crew.leadCookie, { userId: crew.ada.id, date: TUE });
      const moved = await api(
        crew.leadCookie,
        'PUT',
        `/api/roster/shifts/${tuesday.id}`,
        shiftBody({ userId: crew.ada.id, date: MON }),
      );
      expectStatus(moved, 409);

      const open = await addShift(crew.leadCookie, { teamId: crew.teamId, date: WED });
      expect(open).toMatchObject({ userId: null, teamId: crew.teamId, conflicts: [] });
    });

    it('changes bump the version; a draft deleted goes at once', async () => {
      const crew = await newCrew();
      const shift = await addShift(crew.leadCookie, { userId: crew.bea.id, date: THU });
      const changed = await api(
        crew.leadCookie,
        'PUT',
        `/api/roster/shifts/${shift.id}`,
        shiftBody({ userId: crew.bea.id, date: FRI, startTime: '10:00', endTime: '18:00' }),
      );
      expectStatus(changed, 200);
      expect((changed.json() as { shift: Shift }).shift).toMatchObject({
        date: FRI,
        startTime: '10:00',
        state: 'draft',
      });
      const [row] = await db.select().from(shifts).where(eq(shifts.id, shift.id));
      expect(row?.version).toBe(2);

      expectStatus(await api(crew.leadCookie, 'DELETE', `/api/roster/shifts/${shift.id}`), 204);
      expect(await db.select().from(shifts).where(eq(shifts.id, shift.id))).toEqual([]);
      const actions = await db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, shift.id))
        .orderBy(asc(auditLog.id));
      expect(actions.map((each) => each.action)).toEqual([
        'shift.create',
        'shift.update',
        'shift.delete',
      ]);
    });

    it('refuses shifts, and publishing them, in a locked pay period', async () => {
      const crew = await newCrew();
      const lockedWeek = getWeekDates('2031-06-01');
      const lockedDay = lockedWeek[1] ?? '';
      // Planned before the period was locked, then locked.
      await addShift(crew.leadCookie, { userId: crew.bea.id, date: lockedWeek[2] ?? '' });
      const [lock] = await db
        .insert(periodLocks)
        .values({ fromDate: lockedWeek[0] ?? '', toDate: lockedWeek[6] ?? '', lockedBy: admin.id })
        .returning({ id: periodLocks.id });
      try {
        const refused = await api(
          crew.leadCookie,
          'POST',
          '/api/roster/shifts',
          shiftBody({ userId: crew.ada.id, date: lockedDay }),
        );
        expectStatus(refused, 409);
        expect(refused.json()).toMatchObject({ code: 'period_locked' });
        const unpublished = await publish(crew.leadCookie, lockedDay, crew.teamId);
        expectStatus(unpublished, 409);
        expect(unpublished.json()).toMatchObject({ code: 'period_locked' });
      } finally {
        if (lock) await db.delete(periodLocks).where(eq(periodLocks.id, lock.id));
      }
    });
  });

  describe('copying and filling', () => {
    it('copies a week as drafts, skipping days already planned', async () => {
      const crew = await newCrew();
      await addShift(crew.leadCookie, { userId: crew.ada.id, date: MON });
      await addShift(crew.leadCookie, { userId: crew.ada.id, date: TUE });
      await addShift(crew.leadCookie, { teamId: crew.teamId, date: WED, position: 'Stock' });
      const next = getWeekDates(shiftDate(SUN, 7));
      await addShift(crew.leadCookie, { userId: crew.ada.id, date: next[2] ?? '' });

      const body = { fromWeekStart: MON, toWeekStart: next[0], teamId: crew.teamId };
      const copied = await api(crew.leadCookie, 'POST', '/api/roster/copy-week', body);
      expectStatus(copied, 201);
      expect(copied.json()).toEqual({ created: 2, skipped: 1 });
      const again = await api(crew.leadCookie, 'POST', '/api/roster/copy-week', body);
      expect(again.json()).toEqual({ created: 0, skipped: 3 });

      const week = await board(crew.leadCookie, `weekStart=${next[0]}&teamId=${crew.teamId}`);
      expect(
        week.shifts.map((shift) => [shift.userId, shift.date, shift.state, shift.position]),
      ).toEqual([
        [crew.ada.id, next[1], 'draft', null],
        [crew.ada.id, next[2], 'draft', null],
        [null, next[3], 'draft', 'Stock'],
      ]);
      const same = await api(crew.leadCookie, 'POST', '/api/roster/copy-week', {
        fromWeekStart: MON,
        toWeekStart: WED,
      });
      expectStatus(same, 400);
      expect(same.json()).toMatchObject({ message: 'Choose another week to copy into' });
    });

    it("fills a week from a template's working days, times, lunch and break", async () => {
      const crew = await newCrew();
      const template = await seedTemplate(db, {
        workStart: '07:00',
        workEnd: '15:30',
        lunchStart: '11:00',
        lunchEnd: '11:30',
        breakDurationMins: 20,
        workingDays: [1, 2, 3, 4, 5],
      });
      const weekStart = shiftDate(SUN, 14);
      const days = getWeekDates(weekStart);
      await addShift(crew.leadCookie, { userId: crew.bea.id, date: days[2] ?? '' });
      const filled = await api(crew.leadCookie, 'POST', '/api/roster/fill-from-template', {
        templateId: template.id,
        weekStart,
        userIds: [crew.ada.id, crew.bea.id],
        position: 'Cook',
      });
      expectStatus(filled, 201);
      expect(filled.json()).toEqual({ created: 9, skipped: 1 });
      const week = await board(crew.leadCookie, `weekStart=${weekStart}&teamId=${crew.teamId}`);
      const adaMonday = week.shifts.find(
        (shift) => shift.userId === crew.ada.id && shift.date === days[1],
      );
      expect(adaMonday).toMatchObject({
        startTime: '07:00',
        endTime: '15:30',
        lunchStart: '11:00',
        lunchEnd: '11:30',
        breakDurationMins: 20,
        position: 'Cook',
        paidMinutes: 480,
      });
      expect(week.shifts.filter((shift) => shift.userId === crew.ada.id)).toHaveLength(5);

      const other = await newCrew();
      const refused = await api(crew.leadCookie, 'POST', '/api/roster/fill-from-template', {
        templateId: template.id,
        weekStart,
        userIds: [other.ada.id],
      });
      expectStatus(refused, 403);
      const none = await api(crew.leadCookie, 'POST', '/api/roster/fill-from-template', {
        templateId: template.id,
        weekStart,
        userIds: [],
      });
      expectStatus(none, 400);
      expect(none.json()).toMatchObject({ message: 'Choose at least one person' });
    });
  });

  describe('the board', () => {
    it("shows templates' shifts, availability, time off, positions and allotments", async () => {
      const crew = await newCrew();
      const template = await seedTemplate(db, { workingDays: [1, 2, 3, 4, 5] });
      await seedAssignment(db, {
        userId: crew.bea.id,
        templateId: template.id,
        dateRangeStart: '2031-01-01',
        dateRangeEnd: '2031-12-31',
      });
      await addShift(crew.leadCookie, { userId: crew.bea.id, date: TUE, position: 'Cashier' });
      const adaCookie = await signInAs(app, crew.ada.email, crew.ada.password);
      expectStatus(
        await api(adaCookie, 'PUT', '/api/availability/weekly', {
          rules: [{ weekday: 3, kind: 'unavailable', startTime: null, endTime: null }],
        }),
        200,
      );
      await db.insert(timeOffRequests).values({
        userId: crew.ada.id,
        typeId: await timeOffTypeId(db, 'Unpaid'),
        startDate: THU,
        endDate: THU,
        daysX100: 100,
        status: 'approved',
      });
      expectStatus(
        await api(adminCookie, 'PUT', `/api/roster/settings/${crew.teamId}`, {
          autoApproveClaims: false,
          maxOffPerDay: 1,
        }),
        200,
      );
      expectStatus(
        await api(adminCookie, 'PUT', '/api/roster/allotment-days', {
          teamId: crew.teamId,
          date: FRI,
          maxOff: 0,
        }),
        200,
      );

      const week = await board(crew.leadCookie, `weekStart=${SUN}&teamId=${crew.teamId}`);
      expect(week.days).toEqual(WEEK);
      expect(
        week.templateShifts.map((shift) => [shift.userId, shift.date, shift.paidMinutes]),
      ).toEqual([
        [crew.bea.id, MON, 450],
        [crew.bea.id, WED, 450],
        [crew.bea.id, THU, 450],
        [crew.bea.id, FRI, 450],
      ]);
      const ada = week.people.find((person) => person.userId === crew.ada.id);
      expect(ada?.availability.find((day) => day.date === WED)?.ranges).toEqual([
        { kind: 'unavailable', startTime: null, endTime: null },
      ]);
      expect(ada?.timeOff).toEqual([
        { date: THU, status: 'approved', typeName: 'Unpaid', startTime: null, endTime: null },
      ]);
      expect(week.positions).toEqual(['Cashier']);
      expect(week.unpublishedCount).toBe(1);
      expect(week.allotments.filter((each) => each.date === THU || each.date === FRI)).toEqual([
        { teamId: crew.teamId, date: THU, maxOff: 1, offCount: 1 },
        { teamId: crew.teamId, date: FRI, maxOff: 0, offCount: 0 },
      ]);

      // A shift on Ada's unavailable Wednesday shows it.
      const wednesday = await addShift(crew.leadCookie, { userId: crew.ada.id, date: WED });
      expect(wednesday.conflicts).toEqual([
        expect.objectContaining({ code: 'unavailable', severity: 'blocking', isOverridable: true }),
      ]);

      const cashiers = await board(
        crew.leadCookie,
        `weekStart=${SUN}&teamId=${crew.teamId}&position=Cashier`,
      );
      expect(cashiers.people.map((person) => person.userId)).toEqual([crew.bea.id]);
    });
  });

  describe('publishing', () => {
    it('refuses a week with a blocking conflict, naming it; publishes once overridden', async () => {
      const crew = await newCrew();
      const adaCookie = await signInAs(app, crew.ada.email, crew.ada.password);
      await api(adaCookie, 'PUT', '/api/availability/weekly', {
        rules: [{ weekday: 1, kind: 'unavailable', startTime: '08:00', endTime: '12:00' }],
      });
      const monday = await addShift(crew.leadCookie, { userId: crew.ada.id, date: MON });
      await addShift(crew.leadCookie, { userId: crew.bea.id, date: MON });

      const refused = await publish(crew.leadCookie, SUN, crew.teamId);
      expectStatus(refused, 409);
      expect(refused.json()).toMatchObject({ code: 'roster_conflicts' });
      const { message } = refused.json() as { message: string };
      expect(message).toMatch(/^Nothing was published/);
      expect(message).toContain('Ada Planned on');
      expect(message).not.toContain('Bea Planned');
      expect(
        await db.select().from(publishedShifts).where(eq(publishedShifts.id, monday.id)),
      ).toEqual([]);

      const overridden = await api(
        crew.leadCookie,
        'PUT',
        `/api/roster/shifts/${monday.id}`,
        shiftBody({ userId: crew.ada.id, overrideReason: 'Ada asked to work this Monday' }),
      );
      expectStatus(overridden, 200);
      expectStatus(await publish(crew.leadCookie, SUN, crew.teamId), 200);
    });

    it('publishes, tells each person (app, email, webhook), and tells them again after a change', async () => {
      const crew = await newCrew();
      const hook = await api(adminCookie, 'POST', '/api/webhooks', {
        url: 'http://127.0.0.1:9/hooks',
        eventTypes: ['roster.published'],
        allowPrivateNetwork: true,
      });
      expectStatus(hook, 201);
      const weekStart = shiftDate(SUN, 28);
      const days = getWeekDates(weekStart);
      const adaShift = await addShift(crew.leadCookie, {
        userId: crew.ada.id,
        date: days[1] ?? '',
      });
      const adaSecond = await addShift(crew.leadCookie, {
        userId: crew.ada.id,
        date: days[2] ?? '',
      });
      const beaShift = await addShift(crew.leadCookie, {
        userId: crew.bea.id,
        date: days[1] ?? '',
      });
      const open = await addShift(crew.leadCookie, { teamId: crew.teamId, date: days[3] ?? '' });

      await subscribeToPush(crew.ada);
      const published = await publish(crew.leadCookie, days[4] ?? '');
      expectStatus(published, 200);
      expect(published.json()).toEqual({ published: 4, notified: 2 });
      // Ada turned push reminders on: her device hears of it too.
      expect(pushedPaths.filter((path) => path === `/send/${crew.ada.id}`)).toHaveLength(1);
      const rows = await db
        .select({ id: publishedShifts.id, version: publishedShifts.version })
        .from(publishedShifts)
        .where(inArray(publishedShifts.id, [adaShift.id, adaSecond.id, beaShift.id, open.id]));
      expect(rows).toHaveLength(4);

      const [adaNote] = await notificationsOf(crew.ada.id);
      expect(adaNote?.messageValues).toEqual({ weekStart, count: 2, removed: 0 });
      const [email] = await db
        .select({ kind: emailOutbox.kind })
        .from(emailOutbox)
        .where(eq(emailOutbox.notificationId, adaNote?.id ?? ''));
      expect(email?.kind).toBe('schedule_changes');

      const [audit] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'roster.publish'), eq(auditLog.actorId, crew.lead.id)));
      expect(audit?.after).toMatchObject({ weekStart, teamId: null });
      expect((audit?.after as { changes: unknown[] }).changes).toEqual(
        expect.arrayContaining([
          { userId: crew.ada.id, shiftId: adaShift.id, change: 'added', date: days[1] },
          { userId: null, shiftId: open.id, change: 'added', date: days[3] },
        ]),
      );
      const deliveries = await db
        .select({ eventType: webhookDeliveries.eventType, payload: webhookDeliveries.payload })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.auditId, audit?.id ?? 0));
      expect(deliveries).toEqual([
        {
          eventType: 'roster.published',
          payload: expect.objectContaining({
            type: 'roster.published',
            data: expect.objectContaining({ weekStart, object: 'roster_week' }),
          }),
        },
      ]);

      let week = await board(crew.leadCookie, `weekStart=${weekStart}`);
      expect(week.unpublishedCount).toBe(0);
      expect(new Set(week.shifts.map((shift) => shift.state))).toEqual(new Set(['published']));

      // Ada's Monday changes, her Tuesday goes: the board says so, and so does the next publish.
      await api(
        crew.leadCookie,
        'PUT',
        `/api/roster/shifts/${adaShift.id}`,
        shiftBody({
          userId: crew.ada.id,
          date: days[1] ?? '',
          startTime: '10:00',
          endTime: '18:00',
        }),
      );
      expectStatus(await api(crew.leadCookie, 'DELETE', `/api/roster/shifts/${adaSecond.id}`), 204);
      week = await board(crew.leadCookie, `weekStart=${weekStart}`);
      const stateOf = (id: string) => week.shifts.find((shift) => shift.id === id)?.state;
      expect([stateOf(adaShift.id), stateOf(adaSecond.id), stateOf(beaShift.id)]).toEqual([
        'changed',
        'deleted',
        'published',
      ]);
      expect(week.unpublishedCount).toBe(2);

      const again = await publish(crew.leadCookie, weekStart);
      expect(again.json()).toEqual({ published: 2, notified: 1 });
      const adaNotes = await notificationsOf(crew.ada.id);
      expect(adaNotes.map((note) => note.messageValues)).toEqual([
        { weekStart, count: 2, removed: 0 },
        { weekStart, count: 1, removed: 1 },
      ]);
      expect(await notificationsOf(crew.bea.id)).toHaveLength(1);
      expect(await db.select().from(shifts).where(eq(shifts.id, adaSecond.id))).toEqual([]);
      const [seen] = await db
        .select({ startTime: publishedShifts.startTime })
        .from(publishedShifts)
        .where(eq(publishedShifts.id, adaShift.id));
      expect(seen?.startTime).toBe('10:00:00');
      week = await board(crew.leadCookie, `weekStart=${weekStart}`);
      expect(week.shifts.map((shift) => shift.state)).toEqual([
        'published',
        'published',
        'published',
      ]);

      // Nothing left to publish: nothing happens.
      expect((await publish(crew.leadCookie, weekStart)).json()).toEqual({
        published: 0,
        notified: 0,
      });
    });

    it('publishes a shift given to someone else at once (what an approved trade does)', async () => {
      const crew = await newCrew();
      const weekStart = shiftDate(SUN, 35);
      const day = getWeekDates(weekStart)[2] ?? '';
      const shift = await addShift(crew.leadCookie, { userId: crew.ada.id, date: day });
      expectStatus(await publish(crew.leadCookie, weekStart), 200);
      const changes = await db.transaction(async (tx) => {
        await setShiftPerson(tx, shift.id, crew.bea.id);
        return publishShiftsNow(tx, [shift.id], admin.id);
      });
      expect(changes).toEqual([
        { userId: crew.ada.id, shiftId: shift.id, change: 'removed', date: day },
        { userId: crew.bea.id, shiftId: shift.id, change: 'added', date: day },
      ]);
      const [seen] = await db
        .select({ userId: publishedShifts.userId, version: publishedShifts.version })
        .from(publishedShifts)
        .where(eq(publishedShifts.id, shift.id));
      expect(seen).toEqual({ userId: crew.bea.id, version: 2 });
      const week = await board(crew.leadCookie, `weekStart=${weekStart}`);
      expect(week.shifts).toEqual([
        expect.objectContaining({ id: shift.id, userId: crew.bea.id, state: 'published' }),
      ]);
    });

    it('queues the days whose published plan changed for recompute', async () => {
      const crew = await newCrew();
      const today = toBusinessDate(new Date(), 'America/Toronto');
      const lastWeek = getWeekDates(shiftDate(today, -7));
      const day = lastWeek[2] ?? '';
      await addShift(adminCookie, { userId: crew.ada.id, date: day });
      expectStatus(await publish(adminCookie, day, crew.teamId), 200);
      expect(await queuedDates(db, crew.ada.id)).toContain(day);
    });
  });
});
