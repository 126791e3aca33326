import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleTemplate } from '@punchclock/shared/contracts/schedules';
import { scheduleTemplates } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import {
  callApi,
  postAssignments,
  postTemplate,
  readAuditRows,
  templateBody,
  uniqueTemplateName,
} from '../../test/schedules.ts';

describeEachDatabase('schedule templates api', (getDatabase) => {
  let app: FastifyInstance;
  let admin: TestUser;
  let adminCookie: string;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    admin = await createTestUser(getDatabase().db, { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await app.close();
  });

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    callApi(app, adminCookie, method, url, payload);

  async function listTemplates(): Promise<ScheduleTemplate[]> {
    const response = await api('GET', '/api/schedule-templates');
    expect(response.statusCode).toBe(200);
    return (response.json() as { templates: ScheduleTemplate[] }).templates;
  }

  async function countTemplatesNamed(name: string): Promise<number> {
    const [row] = await getDatabase()
      .db.select({ n: count() })
      .from(scheduleTemplates)
      .where(eq(scheduleTemplates.name, name));
    return row?.n ?? 0;
  }

  /** The audit trail's shape for a template: every column but the id. */
  const snapshotOf = (template: ScheduleTemplate) => ({
    name: template.name,
    workStart: template.workStart,
    workEnd: template.workEnd,
    lunchStart: template.lunchStart,
    lunchEnd: template.lunchEnd,
    breakDurationMins: template.breakDurationMins,
    workingDays: template.workingDays,
    isArchived: template.isArchived,
  });

  it('lets team leads read the templates (to fill a roster) but not employees or SMEs', async () => {
    const db = getDatabase().db;
    for (const [role, status] of [
      ['team_lead', 200],
      ['employee', 403],
      ['sme', 403],
    ] as const) {
      const person = await createTestUser(db, { role });
      const cookie = await signInAs(app, person.email, person.password);
      const response = await callApi(app, cookie, 'GET', '/api/schedule-templates');
      expect(response.statusCode, role).toBe(status);
    }
  });

  describe('create', () => {
    it('answers 201 with the template and writes one schedule_template.create audit row', async () => {
      const body = templateBody({ breakDurationMins: 20, workingDays: [5, 1, 3] });
      const response = await api('POST', '/api/schedule-templates', body);

      expect(response.statusCode).toBe(201);
      const { template } = response.json() as { template: ScheduleTemplate };
      expect(template).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: body.name,
        workStart: '09:00',
        workEnd: '17:00',
        lunchStart: '12:00',
        lunchEnd: '12:30',
        breakDurationMins: 20,
        workingDays: [1, 3, 5],
        isArchived: false,
        assignmentCount: 0,
      });

      expect(await readAuditRows(getDatabase().db, template.id)).toEqual([
        {
          actorId: admin.id,
          action: 'schedule_template.create',
          entityType: 'schedule_template',
          entityId: template.id,
          before: null,
          after: snapshotOf(template),
          ip: '127.0.0.1',
          userAgent: 'punchclock-tests',
        },
      ]);
    });

    it('stores an overnight shift with its lunch after midnight, read back as HH:mm', async () => {
      const created = await postTemplate(app, adminCookie, {
        workStart: '22:00',
        workEnd: '06:00',
        lunchStart: '02:00',
        lunchEnd: '02:30',
        workingDays: [0, 1, 2, 3, 4],
      });
      expect(created).toMatchObject({
        workStart: '22:00',
        workEnd: '06:00',
        lunchStart: '02:00',
        lunchEnd: '02:30',
      });
      expect((await listTemplates()).find((each) => each.id === created.id)).toEqual(created);
    });

    it('stores a template without a lunch', async () => {
      const created = await postTemplate(app, adminCookie, { lunchStart: null, lunchEnd: null });
      expect(created).toMatchObject({ lunchStart: null, lunchEnd: null });
    });

    it.each([
      ['an empty name', { name: '  ' }, 'Name is required'],
      [
        'a name over 100 characters',
        { name: 'n'.repeat(101) },
        'Name must be at most 100 characters',
      ],
      [
        'a break over 120 minutes',
        { breakDurationMins: 121 },
        'Break length must be between 0 and 120 minutes',
      ],
      [
        'a negative break',
        { breakDurationMins: -5 },
        'Break length must be between 0 and 120 minutes',
      ],
      ['a malformed start time', { workStart: '9am' }, 'Start time must be a time like 09:00'],
      [
        'a lunch outside the shift',
        { lunchStart: '18:00', lunchEnd: '18:30' },
        'Lunch must be inside the shift',
      ],
      [
        'a lunch ending before it starts',
        { lunchStart: '13:00', lunchEnd: '12:00' },
        'Lunch must end after it starts',
      ],
      [
        'only a lunch start',
        { lunchEnd: null },
        'Give both a lunch start and a lunch end, or neither',
      ],
      ['no working days', { workingDays: [] }, 'Choose at least one working day'],
    ])('refuses %s with 400 and creates nothing', async (_case, overrides, message) => {
      const body = { ...templateBody(), ...overrides };
      const response = await api('POST', '/api/schedule-templates', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'invalid' });
      expect(await countTemplatesNamed(body.name.trim())).toBe(0);
    });

    it('refuses a name already taken, whatever its case, with 409', async () => {
      const name = uniqueTemplateName('Early');
      await postTemplate(app, adminCookie, { name });
      const twin = name.toUpperCase();
      const response = await api('POST', '/api/schedule-templates', templateBody({ name: twin }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: `A schedule template named "${twin}" already exists`,
        code: 'duplicate_name',
      });
      const padded = await api(
        'POST',
        '/api/schedule-templates',
        templateBody({ name: ` ${name} ` }),
      );
      expect(padded.statusCode).toBe(409);
      expect(
        (await listTemplates()).filter((each) => each.name.toLowerCase() === name.toLowerCase()),
      ).toHaveLength(1);
    });
  });

  describe('two admins at once', () => {
    it('answers 409, never 500, to the loser of a race for the same name', async () => {
      // A second instance on its own connection pool (PostgreSQL): both pass the name check,
      // and the unique index refuses the second insert.
      const second = await getDatabase().openSecondConnection();
      const otherApp = await buildTestApp(second);
      try {
        for (let round = 0; round < 5; round += 1) {
          const body = templateBody();
          const responses = await Promise.all([
            callApi(app, adminCookie, 'POST', '/api/schedule-templates', body),
            callApi(otherApp, adminCookie, 'POST', '/api/schedule-templates', {
              ...body,
              name: body.name.toUpperCase(),
            }),
          ]);
          expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
          const refused = responses.find((response) => response.statusCode === 409);
          expect(refused?.json()).toMatchObject({ code: 'duplicate_name' });
          const named = (await listTemplates()).filter(
            (each) => each.name.toLowerCase() === body.name.toLowerCase(),
          );
          expect(named).toHaveLength(1);
        }
      } finally {
        await otherApp.close();
        await second.close();
      }
    });
  });

  describe('update', () => {
    it('changes the template and writes one update audit row with before and after', async () => {
      const before = await postTemplate(app, adminCookie);
      const newName = uniqueTemplateName('Late');
      const response = await api(
        'PUT',
        `/api/schedule-templates/${before.id}`,
        templateBody({
          name: newName,
          workStart: '13:00',
          workEnd: '21:30',
          lunchStart: '17:00',
          lunchEnd: '17:45',
          breakDurationMins: 30,
          workingDays: [0, 6],
        }),
      );

      expect(response.statusCode).toBe(200);
      const { template: after } = response.json() as { template: ScheduleTemplate };
      expect(after).toEqual({
        id: before.id,
        name: newName,
        workStart: '13:00',
        workEnd: '21:30',
        lunchStart: '17:00',
        lunchEnd: '17:45',
        breakDurationMins: 30,
        workingDays: [0, 6],
        isArchived: false,
        assignmentCount: 0,
      });
      expect((await listTemplates()).find((each) => each.id === before.id)).toEqual(after);

      const rows = await readAuditRows(getDatabase().db, before.id);
      expect(rows.map((row) => row.action)).toEqual([
        'schedule_template.create',
        'schedule_template.update',
      ]);
      expect(rows[1]).toMatchObject({
        actorId: admin.id,
        entityType: 'schedule_template',
        before: snapshotOf(before),
        after: snapshotOf(after),
      });
    });

    it('lets a template keep its own name in another case, but not take another one', async () => {
      const mine = await postTemplate(app, adminCookie);
      const other = await postTemplate(app, adminCookie);

      const recased = await api(
        'PUT',
        `/api/schedule-templates/${mine.id}`,
        templateBody({ name: mine.name.toUpperCase() }),
      );
      expect(recased.statusCode).toBe(200);

      const taken = await api(
        'PUT',
        `/api/schedule-templates/${mine.id}`,
        templateBody({ name: other.name.toLowerCase() }),
      );
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'duplicate_name' });
      expect((await listTemplates()).find((each) => each.id === mine.id)?.name).toBe(
        mine.name.toUpperCase(),
      );
    });

    it('refuses an invalid edit with 400 and leaves the template and the audit log alone', async () => {
      const template = await postTemplate(app, adminCookie);
      const response = await api(
        'PUT',
        `/api/schedule-templates/${template.id}`,
        templateBody({ name: template.name, breakDurationMins: 500 }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Break length must be between 0 and 120 minutes',
        code: 'invalid',
      });
      expect((await listTemplates()).find((each) => each.id === template.id)).toEqual(template);
      expect(await readAuditRows(getDatabase().db, template.id)).toHaveLength(1);
    });

    it.each([
      ['an unknown id', randomUUID()],
      ['an id that is not a UUID', 'not-a-uuid'],
    ])('answers 404 for %s', async (_case, id) => {
      const response = await api('PUT', `/api/schedule-templates/${id}`, templateBody());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: 'Schedule template not found',
        code: 'not_found',
      });
    });
  });

  describe('archive and restore', () => {
    it('archives and restores, one audit row each, and an archived template cannot be assigned', async () => {
      const template = await postTemplate(app, adminCookie);
      const employee = await createTestUser(getDatabase().db);

      const archived = await api('POST', `/api/schedule-templates/${template.id}/archive`);
      expect(archived.statusCode).toBe(200);
      expect(archived.json()).toEqual({ template: { ...template, isArchived: true } });
      const listed = await listTemplates();
      expect(listed.find((each) => each.id === template.id)?.isArchived).toBe(true);
      // Archived templates come after every active one.
      const firstArchived = listed.findIndex((each) => each.isArchived);
      expect(listed.slice(firstArchived).every((each) => each.isArchived)).toBe(true);

      const assign = () =>
        api('POST', '/api/schedule-assignments', {
          userIds: [employee.id],
          templateId: template.id,
          dateRangeStart: '2026-11-02',
          dateRangeEnd: '2026-11-27',
        });
      const refused = await assign();
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: `"${template.name}" is archived and cannot be assigned`,
        code: 'invalid',
      });

      const restored = await api('POST', `/api/schedule-templates/${template.id}/restore`);
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toEqual({ template: { ...template, isArchived: false } });
      expect((await assign()).statusCode).toBe(201);

      const rows = await readAuditRows(getDatabase().db, template.id);
      expect(rows.map((row) => row.action)).toEqual([
        'schedule_template.create',
        'schedule_template.archive',
        'schedule_template.restore',
      ]);
      expect(rows[1]).toMatchObject({
        actorId: admin.id,
        before: { isArchived: false },
        after: { isArchived: true },
      });
      expect(rows[2]).toMatchObject({
        actorId: admin.id,
        before: { isArchived: true },
        after: { isArchived: false },
      });
    });

    it('answers 404 when archiving an unknown template', async () => {
      const response = await api('POST', `/api/schedule-templates/${randomUUID()}/archive`);
      expect(response.statusCode).toBe(404);
    });
  });

  describe('delete', () => {
    it('deletes an unused template with 204 and writes one delete audit row', async () => {
      const template = await postTemplate(app, adminCookie);
      const response = await api('DELETE', `/api/schedule-templates/${template.id}`);

      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect((await listTemplates()).some((each) => each.id === template.id)).toBe(false);
      const rows = await readAuditRows(getDatabase().db, template.id);
      expect(rows.map((row) => row.action)).toEqual([
        'schedule_template.create',
        'schedule_template.delete',
      ]);
      expect(rows[1]).toMatchObject({
        actorId: admin.id,
        before: snapshotOf(template),
        after: null,
      });

      const again = await api('DELETE', `/api/schedule-templates/${template.id}`);
      expect(again.statusCode).toBe(404);
    });

    it('refuses to delete a template with assignments (409, "archive it instead") and keeps it', async () => {
      const template = await postTemplate(app, adminCookie);
      const employee = await createTestUser(getDatabase().db);
      await postAssignments(app, adminCookie, {
        userIds: [employee.id],
        templateId: template.id,
        dateRangeStart: '2025-01-01',
        dateRangeEnd: '2025-01-31',
      });

      const response = await api('DELETE', `/api/schedule-templates/${template.id}`);
      expect(response.statusCode).toBe(409);
      const body = response.json() as { message: string; code: string };
      expect(body.code).toBe('template_in_use');
      expect(body.message).toContain('archive it instead');
      expect(body.message).toBe(
        `"${template.name}" has 1 assignment; archive it instead so history keeps it`,
      );
      expect((await listTemplates()).find((each) => each.id === template.id)).toMatchObject({
        assignmentCount: 1,
      });
      expect((await readAuditRows(getDatabase().db, template.id)).map((row) => row.action)).toEqual(
        ['schedule_template.create'],
      );
    });
  });

  describe('list', () => {
    it('counts past, current and future assignments of each template', async () => {
      const busy = await postTemplate(app, adminCookie);
      const idle = await postTemplate(app, adminCookie);
      const first = await createTestUser(getDatabase().db);
      const second = await createTestUser(getDatabase().db);
      await postAssignments(app, adminCookie, {
        userIds: [first.id, second.id],
        templateId: busy.id,
        dateRangeStart: '2020-01-01',
        dateRangeEnd: '2020-12-31',
      });
      await postAssignments(app, adminCookie, {
        userIds: [first.id],
        templateId: busy.id,
        dateRangeStart: '2099-01-01',
        dateRangeEnd: '2099-12-31',
      });

      const templates = await listTemplates();
      expect(templates.find((each) => each.id === busy.id)?.assignmentCount).toBe(3);
      expect(templates.find((each) => each.id === idle.id)?.assignmentCount).toBe(0);

      const response = await api('DELETE', `/api/schedule-templates/${busy.id}`);
      expect(response.json()).toMatchObject({
        message: `"${busy.name}" has 3 assignments; archive it instead so history keeps it`,
      });
    });
  });
});
