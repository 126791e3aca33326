import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityResponse } from '@punchclock/shared/contracts/rosters';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { seedTeam } from '../../test/users.ts';

describeEachDatabase('availability and roster settings', (getDatabase) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: TestUser;
  let adminCookie: string;
  const today = toBusinessDate(new Date(), 'America/Toronto');

  beforeAll(async () => {
    db = getDatabase().db;
    app = await buildTestApp(getDatabase().database);
    admin = await createTestUser(db, { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await app.close();
  });

  const api = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => callApi(app, cookie, method, url, payload);

  function expectStatus(response: LightMyRequestResponse, status: number) {
    expect(response.statusCode, response.body).toBe(status);
  }

  async function signedIn(role: TestUser['role'] = 'employee') {
    const user = await createTestUser(db, { role });
    return { user, cookie: await signInAs(app, user.email, user.password) };
  }

  describe("a person's own availability", () => {
    it('round-trips the weekly pattern and exceptions, audited', async () => {
      const { user, cookie } = await signedIn();
      const empty = await api(cookie, 'GET', '/api/availability');
      expectStatus(empty, 200);
      expect(empty.json()).toEqual({ weekly: [], exceptions: [] });

      const rules = [
        { weekday: 0, kind: 'unavailable', startTime: null, endTime: null },
        { weekday: 2, kind: 'prefer_not', startTime: '18:00', endTime: '23:00' },
        { weekday: 2, kind: 'available', startTime: '07:00', endTime: '12:00' },
      ];
      const saved = await api(cookie, 'PUT', '/api/availability/weekly', { rules });
      expectStatus(saved, 200);
      expect((saved.json() as AvailabilityResponse).weekly).toEqual([rules[0], rules[2], rules[1]]);

      const date = shiftDate(today, 3);
      const added = await api(cookie, 'POST', '/api/availability/exceptions', {
        date,
        kind: 'unavailable',
        startTime: '09:00',
        endTime: '13:00',
        note: 'Dentist',
      });
      expectStatus(added, 201);
      const { exception } = added.json() as { exception: { id: string } };
      const read = (await api(cookie, 'GET', '/api/availability')).json() as AvailabilityResponse;
      expect(read.exceptions).toEqual([
        {
          id: exception.id,
          date,
          kind: 'unavailable',
          startTime: '09:00',
          endTime: '13:00',
          note: 'Dentist',
        },
      ]);
      expect(read.weekly).toHaveLength(3);

      // Someone else's exception names nothing.
      const other = await signedIn();
      expectStatus(
        await api(other.cookie, 'DELETE', `/api/availability/exceptions/${exception.id}`),
        404,
      );
      expectStatus(
        await api(cookie, 'DELETE', `/api/availability/exceptions/${exception.id}`),
        204,
      );
      expect(
        ((await api(cookie, 'GET', '/api/availability')).json() as AvailabilityResponse).exceptions,
      ).toEqual([]);

      const actions = await db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.actorId, user.id));
      expect(actions.map((row) => row.action)).toEqual(
        expect.arrayContaining([
          'availability.update',
          'availability_exception.create',
          'availability_exception.delete',
        ]),
      );
    });

    it('refuses past dates and half-given ranges, with the reason', async () => {
      const { cookie } = await signedIn();
      const past = await api(cookie, 'POST', '/api/availability/exceptions', {
        date: shiftDate(today, -1),
        kind: 'unavailable',
        startTime: null,
        endTime: null,
      });
      expectStatus(past, 400);
      expect(past.json()).toMatchObject({
        message: expect.stringContaining('is in the past: availability can be given from today on'),
      });
      const half = await api(cookie, 'PUT', '/api/availability/weekly', {
        rules: [{ weekday: 1, kind: 'available', startTime: '09:00', endTime: null }],
      });
      expectStatus(half, 400);
      expect(half.json()).toMatchObject({
        message: 'Give both a start and an end time, or neither for the whole day',
      });
      const kind = await api(cookie, 'PUT', '/api/availability/weekly', {
        rules: [{ weekday: 1, kind: 'maybe', startTime: null, endTime: null }],
      });
      expect(kind.json()).toMatchObject({
        message: 'Choose available, prefer not or unavailable',
      });
      const tooMany = await api(cookie, 'PUT', '/api/availability/weekly', {
        rules: Array.from({ length: 11 }, (_, index) => ({
          weekday: 4,
          kind: 'available',
          startTime: `${String(index + 8).padStart(2, '0')}:00`,
          endTime: `${String(index + 8).padStart(2, '0')}:30`,
        })),
      });
      expectStatus(tooMany, 400);
      expect(tooMany.json()).toMatchObject({ message: 'Give at most 10 ranges a day' });
    });
  });

  describe('roster settings', () => {
    it('admins set a team’s settings and allotment days; leads read their own teams', async () => {
      const { user: lead, cookie: leadCookie } = await signedIn('team_lead');
      const team = await seedTeam(db, { leadUserId: lead.id });
      const other = await seedTeam(db);

      const refused = await api(leadCookie, 'PUT', `/api/roster/settings/${team.id}`, {
        autoApproveClaims: true,
        maxOffPerDay: 2,
      });
      expectStatus(refused, 403);
      const invalid = await api(adminCookie, 'PUT', `/api/roster/settings/${team.id}`, {
        autoApproveClaims: true,
        maxOffPerDay: -1,
      });
      expectStatus(invalid, 400);
      expect(invalid.json()).toMatchObject({ message: 'Give a number from 0 to 999' });
      expectStatus(
        await api(adminCookie, 'PUT', `/api/roster/settings/${randomUUID()}`, {
          autoApproveClaims: true,
          maxOffPerDay: 2,
        }),
        404,
      );

      expectStatus(
        await api(adminCookie, 'PUT', `/api/roster/settings/${team.id}`, {
          autoApproveClaims: true,
          maxOffPerDay: 2,
        }),
        200,
      );
      const date = shiftDate(today, 10);
      const set = await api(adminCookie, 'PUT', '/api/roster/allotment-days', {
        teamId: team.id,
        date,
        maxOff: 0,
      });
      expectStatus(set, 200);
      expect(set.json()).toMatchObject({
        allotmentDays: expect.arrayContaining([{ teamId: team.id, date, maxOff: 0 }]),
      });

      const seen = await api(leadCookie, 'GET', '/api/roster/settings');
      expectStatus(seen, 200);
      expect(seen.json()).toEqual({
        teams: [{ teamId: team.id, teamName: team.name, autoApproveClaims: true, maxOffPerDay: 2 }],
        allotmentDays: [{ teamId: team.id, date, maxOff: 0 }],
      });
      const everyone = (await api(adminCookie, 'GET', '/api/roster/settings')).json() as {
        teams: { teamId: string; autoApproveClaims: boolean; maxOffPerDay: number | null }[];
      };
      expect(everyone.teams.find((each) => each.teamId === other.id)).toMatchObject({
        autoApproveClaims: false,
        maxOffPerDay: null,
      });

      const cleared = await api(adminCookie, 'PUT', '/api/roster/allotment-days', {
        teamId: team.id,
        date,
        maxOff: null,
      });
      expect((cleared.json() as { allotmentDays: unknown[] }).allotmentDays).not.toContainEqual(
        expect.objectContaining({ teamId: team.id, date }),
      );
      const audits = await db
        .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, team.id), eq(auditLog.entityType, 'team')));
      expect(audits).toEqual(
        expect.arrayContaining([
          {
            action: 'team_roster_settings.update',
            before: { autoApproveClaims: false, maxOffPerDay: null },
            after: { autoApproveClaims: true, maxOffPerDay: 2 },
          },
          {
            action: 'allotment_day.update',
            before: { date, maxOff: 0 },
            after: { date, maxOff: null },
          },
        ]),
      );

      const { cookie: employeeCookie } = await signedIn();
      expectStatus(await api(employeeCookie, 'GET', '/api/roster/settings'), 403);
    });
  });
});
