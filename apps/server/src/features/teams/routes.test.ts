import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTeamsResponseSchema, type Team } from '@punchclock/shared/contracts/users';
import { shiftDate } from '@punchclock/shared/domain/business-time';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@punchclock/shared/domain/notification-rules';
import { ROLES, type Role } from '@punchclock/shared/domain/roles';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { readNotificationRows } from '../../test/notifications.ts';
import { callApi, seedAssignment, seedTemplate } from '../../test/schedules.ts';
import { insertPunches, TORONTO } from '../../test/time-tracking.ts';
import {
  auditRowsFor,
  expectApi,
  seedTeam,
  setTeamOf,
  SYSTEM_ACTOR,
  uniqueTeamName,
} from '../../test/users.ts';
import { runNotificationRules } from '../notifications/rules-job.ts';
import { setUserSuspended } from '../users/suspension.ts';

const UNKNOWN_ID = '6f9619ff-8b86-4d01-b42d-00cf4fc964ff';

describeEachDatabase('teams api', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  const users = new Map<Role, TestUser>();
  const cookies = new Map<Role, string>();

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    for (const role of ROLES) {
      const user = await createTestUser(db(), { role, name: `Teams ${role}` });
      users.set(role, user);
      cookies.set(role, await signInAs(app, user.email, user.password));
    }
  });
  afterAll(async () => {
    await app.close();
  });

  const adminId = () => users.get('admin')?.id ?? '';
  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    callApi(app, cookies.get('admin') ?? null, method, url, payload);

  async function listTeams(role: Role = 'admin'): Promise<Team[]> {
    const response = await callApi(app, cookies.get(role) ?? null, 'GET', '/api/teams');
    expect(response.statusCode, response.body).toBe(200);
    return listTeamsResponseSchema.parse(response.json()).teams;
  }

  describe('GET /api/teams', () => {
    it('lists every team for admins, and only the teams they lead for a team lead', async () => {
      const lead = users.get('team_lead') as TestUser;
      const team = await seedTeam(db(), { leadUserId: lead.id });
      const other = await seedTeam(db(), { leadUserId: null });
      const members = [await createTestUser(db()), await createTestUser(db())];
      await setTeamOf(
        db(),
        members.map((member) => member.id),
        team.id,
      );
      const expected = {
        id: team.id,
        name: team.name,
        leadUserId: lead.id,
        leadName: lead.name,
        memberCount: 2,
      };
      const forAdmin = await listTeams('admin');
      expect(forAdmin.find((each) => each.id === team.id)).toEqual(expected);
      expect(forAdmin.some((each) => each.id === other.id)).toBe(true);
      const forLead = await listTeams('team_lead');
      expect(forLead.find((each) => each.id === team.id)).toEqual(expected);
      expect(forLead.every((each) => each.leadUserId === lead.id)).toBe(true);
    });

    it.each([
      ['employee', 403],
      ['sme', 403],
      ['anonymous', 401],
    ] as const)('answers %s with %i', async (principal, status) => {
      const cookie = principal === 'anonymous' ? null : (cookies.get(principal) ?? null);
      expect((await callApi(app, cookie, 'GET', '/api/teams')).statusCode).toBe(status);
    });
  });

  describe('POST /api/teams', () => {
    it('creates a team (name trimmed) and audits it', async () => {
      const lead = users.get('team_lead') as TestUser;
      const name = uniqueTeamName('Created');
      const body = await expectApi<{ team: Team }>(
        app,
        cookies.get('admin') ?? null,
        'POST',
        '/api/teams',
        201,
        { name: `  ${name} `, leadUserId: lead.id },
      );
      expect(body.team).toEqual({
        id: expect.any(String),
        name,
        leadUserId: lead.id,
        leadName: 'Teams team_lead',
        memberCount: 0,
      });
      const [audit] = await auditRowsFor(db(), body.team.id, 'team.create');
      expect(audit).toMatchObject({
        actorId: adminId(),
        entityType: 'team',
        before: null,
        after: { name, leadUserId: lead.id, leadName: 'Teams team_lead' },
      });
      expect((await listTeams()).map((team) => team.id)).toContain(body.team.id);
    });

    it('takes an admin as lead, or no lead', async () => {
      for (const leadUserId of [adminId(), null]) {
        const response = await asAdmin('POST', '/api/teams', {
          name: uniqueTeamName(),
          leadUserId,
        });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json()).toMatchObject({ team: { leadUserId } });
      }
    });

    it('refuses a name in use, whatever its case, with 409', async () => {
      const existing = await seedTeam(db());
      const response = await asAdmin('POST', '/api/teams', {
        name: existing.name.toUpperCase(),
        leadUserId: null,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: `A team named "${existing.name.toUpperCase()}" already exists`,
        code: 'duplicate_team',
      });
    });

    it('two creations of one name at once: one 201, one 409', async () => {
      const name = uniqueTeamName('Race');
      const responses = await Promise.all(
        [name, name.toLowerCase()].map((each) =>
          asAdmin('POST', '/api/teams', { name: each, leadUserId: null }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect(
        (await listTeams()).filter((team) => team.name.toLowerCase() === name.toLowerCase()),
      ).toHaveLength(1);
    });

    it.each(['employee', 'sme'] as const)('refuses a lead who is %s with 400', async (role) => {
      const candidate = await createTestUser(db(), { role, name: `Nolan ${role}` });
      const response = await asAdmin('POST', '/api/teams', {
        name: uniqueTeamName(),
        leadUserId: candidate.id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: `Nolan ${role} is not a team lead; change their role first`,
        code: 'invalid',
      });
    });

    it.each([
      [{ name: '' }, 'Team name is required'],
      [{ name: '   ' }, 'Team name is required'],
      [{ name: 'n'.repeat(101) }, 'Team name must be at most 100 characters'],
      [{ leadUserId: 'not-an-id' }, 'Unknown team lead'],
      [{ leadUserId: UNKNOWN_ID }, 'Unknown team lead'],
    ])('refuses %j with 400 %s', async (override, message) => {
      const name = uniqueTeamName();
      const response = await asAdmin('POST', '/api/teams', {
        name,
        leadUserId: null,
        ...override,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'invalid' });
      expect((await listTeams()).some((team) => team.name === name)).toBe(false);
    });
  });

  describe('PUT /api/teams/:id', () => {
    it('renames and changes the lead, audited before and after', async () => {
      const team = await seedTeam(db(), { leadUserId: adminId() });
      const lead = users.get('team_lead') as TestUser;
      const name = uniqueTeamName('Renamed');
      const response = await asAdmin('PUT', `/api/teams/${team.id}`, {
        name,
        leadUserId: lead.id,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        team: { ...team, name, leadUserId: lead.id, leadName: 'Teams team_lead' },
      });
      const [audit] = await auditRowsFor(db(), team.id, 'team.update');
      expect(audit).toMatchObject({
        actorId: adminId(),
        before: { name: team.name, leadUserId: adminId(), leadName: 'Teams admin' },
        after: { name, leadUserId: lead.id, leadName: 'Teams team_lead' },
      });
    });

    it('refuses another team’s name with 409 but allows its own in another case', async () => {
      const [first, second] = [await seedTeam(db()), await seedTeam(db())];
      const clash = await asAdmin('PUT', `/api/teams/${second.id}`, {
        name: first.name,
        leadUserId: null,
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toEqual({
        message: `A team named "${first.name}" already exists`,
        code: 'duplicate_team',
      });
      const own = await asAdmin('PUT', `/api/teams/${second.id}`, {
        name: second.name.toUpperCase(),
        leadUserId: null,
      });
      expect(own.statusCode, own.body).toBe(200);
    });

    it('refuses a lead who is not a team lead or admin', async () => {
      const team = await seedTeam(db());
      const response = await asAdmin('PUT', `/api/teams/${team.id}`, {
        name: team.name,
        leadUserId: users.get('employee')?.id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Teams employee is not a team lead; change their role first',
        code: 'invalid',
      });
    });

    it('answers 404 for an unknown team', async () => {
      for (const id of [UNKNOWN_ID, 'nope']) {
        const response = await asAdmin('PUT', `/api/teams/${id}`, {
          name: uniqueTeamName(),
          leadUserId: null,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Team not found', code: 'not_found' });
      }
    });
  });

  describe('DELETE /api/teams/:id', () => {
    it('removes an empty team, audited', async () => {
      const team = await seedTeam(db(), { leadUserId: adminId() });
      const response = await asAdmin('DELETE', `/api/teams/${team.id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await listTeams()).some((each) => each.id === team.id)).toBe(false);
      const [audit] = await auditRowsFor(db(), team.id, 'team.delete');
      expect(audit).toMatchObject({
        actorId: adminId(),
        before: { name: team.name, leadUserId: adminId() },
        after: null,
      });
      expect((await asAdmin('DELETE', `/api/teams/${team.id}`)).statusCode).toBe(404);
    });

    it('refuses a team that still has members with 409', async () => {
      const team = await seedTeam(db());
      const [one, two] = [await createTestUser(db()), await createTestUser(db())];
      await setTeamOf(db(), [one.id], team.id);
      const single = await asAdmin('DELETE', `/api/teams/${team.id}`);
      expect(single.statusCode).toBe(409);
      expect(single.json()).toEqual({
        message: `"${team.name}" still has 1 member; move them to another team first`,
        code: 'team_not_empty',
      });
      await setTeamOf(db(), [two.id], team.id);
      expect((await asAdmin('DELETE', `/api/teams/${team.id}`)).json()).toMatchObject({
        message: `"${team.name}" still has 2 members; move them to another team first`,
      });
      expect((await listTeams()).find((each) => each.id === team.id)?.memberCount).toBe(2);
      // Moved out, it can go.
      await setTeamOf(db(), [one.id, two.id], null);
      expect((await asAdmin('DELETE', `/api/teams/${team.id}`)).statusCode).toBe(204);
    });
  });

  describe('team lead copies of late and over-break notifications', () => {
    const DAY = '2026-06-10';
    const at = (time: string) => new Date(`${DAY}T${time}:00-04:00`);

    it('go to the lead of the person’s team only (and never about themselves)', async () => {
      const template = await seedTemplate(db(), {
        workStart: '09:00',
        workEnd: '17:00',
        lunchStart: null,
        lunchEnd: null,
        breakDurationMins: 15,
        workingDays: [0, 1, 2, 3, 4, 5, 6],
      });
      const person = async (name: string, role: Role = 'employee') => {
        const user = await createTestUser(db(), { name, role });
        await seedAssignment(db(), {
          userId: user.id,
          templateId: template.id,
          dateRangeStart: shiftDate(DAY, -1),
          dateRangeEnd: shiftDate(DAY, 1),
        });
        return user;
      };
      const leadOne = await person('Leona One', 'team_lead');
      const leadTwo = await createTestUser(db(), { role: 'team_lead', name: 'Leo Two' });
      const suspendedLead = await createTestUser(db(), { role: 'team_lead', name: 'Sus Lead' });
      const teamOne = await seedTeam(db(), { leadUserId: leadOne.id });
      const teamTwo = await seedTeam(db(), { leadUserId: leadTwo.id });
      const teamThree = await seedTeam(db(), { leadUserId: suspendedLead.id });
      await setUserSuspended(db(), suspendedLead.email, true, SYSTEM_ACTOR);

      const lateOne = await person('Lara Late');
      const breakerOne = await person('Bo Breaker');
      const lateTwo = await person('Lenny Late');
      const lateThree = await person('Tess Three');
      const teamless = await person('Nat Noteam');
      await setTeamOf(db(), [leadOne.id, lateOne.id, breakerOne.id], teamOne.id);
      await setTeamOf(db(), [lateTwo.id], teamTwo.id);
      await setTeamOf(db(), [lateThree.id], teamThree.id);
      await insertPunches(db(), breakerOne.id, [
        { eventType: 'clock_in', occurredAt: at('08:55').toISOString() },
        { eventType: 'break', occurredAt: at('09:40').toISOString() },
      ]);

      await runNotificationRules(db(), TORONTO, DEFAULT_NOTIFICATION_SETTINGS, at('10:00'));

      const received = async (lead: TestUser) =>
        (await readNotificationRows(db(), [lead.id]))
          .map((row) => `${row.type} ${row.subjectUserId === null ? 'own' : row.title}`)
          .sort();
      expect(await received(leadOne)).toEqual([
        'late Lara Late is late',
        'late own',
        'overbreak Bo Breaker is over their break',
      ]);
      expect(
        (await readNotificationRows(db(), [leadOne.id])).map((row) => row.subjectUserId).sort(),
      ).toEqual([lateOne.id, breakerOne.id, null].sort());
      expect(await received(leadTwo)).toEqual(['late Lenny Late is late']);
      expect(await received(suspendedLead)).toEqual([]);
      // The people themselves got their own (no subject: it is about them), nobody else's.
      for (const [user, type] of [
        [lateOne, 'late'],
        [breakerOne, 'overbreak'],
        [teamless, 'late'],
      ] as const) {
        const rows = await readNotificationRows(db(), [user.id]);
        expect(rows.map((row) => [row.type, row.subjectUserId])).toEqual([[type, null]]);
      }
      // A second run raises nothing new.
      await runNotificationRules(db(), TORONTO, DEFAULT_NOTIFICATION_SETTINGS, at('10:01'));
      expect(await received(leadOne)).toHaveLength(3);
    });
  });
});
