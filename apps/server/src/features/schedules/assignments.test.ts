import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assignment, ScheduleTemplate } from '@punchclock/shared/contracts/schedules';
import { assignedSchedules, auditLog } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import {
  callApi,
  postAssignments,
  postTemplate,
  readAuditRows,
  type AssignBody,
} from '../../test/schedules.ts';

describeEachDatabase('schedule assignments api', (getDatabase) => {
  let app: FastifyInstance;
  let admin: TestUser;
  let adminCookie: string;
  let dayShift: ScheduleTemplate;
  let nightShift: ScheduleTemplate;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    admin = await createTestUser(getDatabase().db, { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
    dayShift = await postTemplate(app, adminCookie);
    nightShift = await postTemplate(app, adminCookie, {
      workStart: '22:00',
      workEnd: '06:00',
      lunchStart: '02:00',
      lunchEnd: '02:30',
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    callApi(app, adminCookie, method, url, payload);

  const assign = (body: AssignBody) => postAssignments(app, adminCookie, body);

  /** The stored assignments of a user, as the admin list shows them. */
  async function assignmentsOf(userId: string): Promise<Assignment[]> {
    const response = await api('GET', `/api/schedule-assignments?userId=${userId}`);
    expect(response.statusCode).toBe(200);
    return (response.json() as { assignments: Assignment[] }).assignments;
  }

  async function countAuditRows(): Promise<number> {
    const [row] = await getDatabase().db.select({ n: count() }).from(auditLog);
    return row?.n ?? 0;
  }

  const snapshotOf = (assignment: Assignment) => ({
    userId: assignment.userId,
    templateId: assignment.templateId,
    templateName: assignment.templateName,
    dateRangeStart: assignment.dateRangeStart,
    dateRangeEnd: assignment.dateRangeEnd,
  });

  describe('create', () => {
    it('assigns a template to several people at once, one create audit row each', async () => {
      const ada = await createTestUser(getDatabase().db, { name: 'Ada Assigned' });
      const bea = await createTestUser(getDatabase().db, { name: null });
      const response = await api('POST', '/api/schedule-assignments', {
        userIds: [ada.id, bea.id, ada.id],
        templateId: dayShift.id,
        dateRangeStart: '2026-11-02',
        dateRangeEnd: '2026-11-27',
      });

      expect(response.statusCode).toBe(201);
      const { assignments } = response.json() as { assignments: Assignment[] };
      // The repeated id is assigned once.
      expect(assignments).toHaveLength(2);
      const common = {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        templateId: dayShift.id,
        templateName: dayShift.name,
        dateRangeStart: '2026-11-02',
        dateRangeEnd: '2026-11-27',
      };
      expect(assignments).toEqual([
        { ...common, userId: ada.id, userName: 'Ada Assigned', userEmail: ada.email },
        { ...common, userId: bea.id, userName: null, userEmail: bea.email },
      ]);
      expect(await assignmentsOf(ada.id)).toEqual([assignments[0]]);
      expect(await assignmentsOf(bea.id)).toEqual([assignments[1]]);

      for (const assignment of assignments) {
        expect(await readAuditRows(getDatabase().db, assignment.id)).toEqual([
          {
            actorId: admin.id,
            action: 'schedule_assignment.create',
            entityType: 'schedule_assignment',
            entityId: assignment.id,
            before: null,
            after: snapshotOf(assignment),
            ip: '127.0.0.1',
            userAgent: 'punchclock-tests',
          },
        ]);
      }
    });

    it('allows a new range starting the day after the previous one ends', async () => {
      const user = await createTestUser(getDatabase().db);
      await assign({
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2026-01-01',
        dateRangeEnd: '2026-01-31',
      });
      await assign({
        userIds: [user.id],
        templateId: nightShift.id,
        dateRangeStart: '2026-02-01',
        dateRangeEnd: '2026-02-28',
      });
      expect((await assignmentsOf(user.id)).map((each) => each.templateName)).toEqual([
        dayShift.name,
        nightShift.name,
      ]);
    });

    it('refuses an overlap with 409 naming the person, template and dates', async () => {
      const user = await createTestUser(getDatabase().db, { name: 'Olive Overlap' });
      await assign({
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2026-03-01',
        dateRangeEnd: '2026-03-31',
      });

      // Touching on the last day is already an overlap (both ends are inclusive).
      const response = await api('POST', '/api/schedule-assignments', {
        userIds: [user.id],
        templateId: nightShift.id,
        dateRangeStart: '2026-03-31',
        dateRangeEnd: '2026-04-30',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: `Olive Overlap already has ${dayShift.name} from Mar 1, 2026 to Mar 31, 2026`,
        code: 'assignment_overlap',
      });
    });

    it('names a person without a name by their email, and hints when the clash starts inside', async () => {
      const user = await createTestUser(getDatabase().db, { name: null });
      await assign({
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2026-05-10',
        dateRangeEnd: '2026-05-20',
      });
      const response = await api('POST', '/api/schedule-assignments', {
        userIds: [user.id],
        templateId: nightShift.id,
        dateRangeStart: '2026-05-01',
        dateRangeEnd: '2026-05-31',
      });
      expect(response.statusCode).toBe(409);
      expect((response.json() as { message: string }).message).toBe(
        `${user.email} already has ${dayShift.name} from May 10, 2026 to May 20, 2026 (it starts within the new dates)`,
      );
    });

    it('assigns nobody when one of the people clashes (all or nothing)', async () => {
      const first = await createTestUser(getDatabase().db);
      const clashing = await createTestUser(getDatabase().db, { name: 'Cleo Clash' });
      const last = await createTestUser(getDatabase().db);
      const [existing] = await assign({
        userIds: [clashing.id],
        templateId: nightShift.id,
        dateRangeStart: '2026-06-15',
        dateRangeEnd: '2026-06-20',
      });
      const auditBefore = await countAuditRows();

      const response = await api('POST', '/api/schedule-assignments', {
        userIds: [first.id, clashing.id, last.id],
        templateId: dayShift.id,
        dateRangeStart: '2026-06-01',
        dateRangeEnd: '2026-06-30',
      });
      expect(response.statusCode).toBe(409);
      expect((response.json() as { message: string }).message).toContain(
        `Cleo Clash already has ${nightShift.name} from Jun 15, 2026 to Jun 20, 2026`,
      );

      expect(await assignmentsOf(first.id)).toEqual([]);
      expect(await assignmentsOf(last.id)).toEqual([]);
      expect(await assignmentsOf(clashing.id)).toEqual([existing]);
      expect(await countAuditRows()).toBe(auditBefore);
    });

    it('refuses an unknown person or template with 404 and assigns nobody', async () => {
      const real = await createTestUser(getDatabase().db);
      const unknownUser = await api('POST', '/api/schedule-assignments', {
        userIds: [real.id, randomUUID()],
        templateId: dayShift.id,
        dateRangeStart: '2026-07-01',
        dateRangeEnd: '2026-07-31',
      });
      expect(unknownUser.statusCode).toBe(404);
      expect(unknownUser.json()).toEqual({
        message: 'One of the chosen people does not exist',
        code: 'not_found',
      });
      expect(await assignmentsOf(real.id)).toEqual([]);

      const unknownTemplate = await api('POST', '/api/schedule-assignments', {
        userIds: [real.id],
        templateId: randomUUID(),
        dateRangeStart: '2026-07-01',
        dateRangeEnd: '2026-07-31',
      });
      expect(unknownTemplate.statusCode).toBe(404);
      expect(unknownTemplate.json()).toEqual({
        message: 'Schedule template not found',
        code: 'not_found',
      });
    });

    it.each([
      [
        'an end before the start',
        { dateRangeStart: '2026-07-31', dateRangeEnd: '2026-07-01' },
        'The end date must be on or after the start date',
      ],
      ['nobody', { userIds: [] }, 'Choose at least one person'],
      ['a malformed date', { dateRangeStart: '2026-7-1' }, 'Use a yyyy-MM-dd date'],
      // Shaped right but not a day: must be a 400, not a database error.
      ['a date that does not exist', { dateRangeEnd: '2026-02-30' }, 'Use a yyyy-MM-dd date'],
    ])('refuses %s with 400', async (_case, overrides, message) => {
      const user = await createTestUser(getDatabase().db);
      const response = await api('POST', '/api/schedule-assignments', {
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2026-07-01',
        dateRangeEnd: '2026-07-31',
        ...overrides,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'invalid' });
      expect(await assignmentsOf(user.id)).toEqual([]);
    });
  });

  describe('endOverlapping', () => {
    it('ends an earlier assignment the day before the new one starts: update + create audit rows', async () => {
      const user = await createTestUser(getDatabase().db);
      const [earlier] = await assign({
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2026-01-01',
        dateRangeEnd: '2026-12-31',
      });
      if (!earlier) throw new Error('no earlier assignment');

      const response = await api('POST', '/api/schedule-assignments', {
        userIds: [user.id],
        templateId: nightShift.id,
        dateRangeStart: '2026-07-01',
        dateRangeEnd: '2027-06-30',
        endOverlapping: true,
      });
      expect(response.statusCode).toBe(201);
      const [created] = (response.json() as { assignments: Assignment[] }).assignments;
      if (!created) throw new Error('nothing created');

      const [stored] = await getDatabase()
        .db.select({ end: assignedSchedules.dateRangeEnd })
        .from(assignedSchedules)
        .where(eq(assignedSchedules.id, earlier.id));
      expect(stored?.end).toBe('2026-06-30');
      expect(await assignmentsOf(user.id)).toEqual([
        { ...earlier, dateRangeEnd: '2026-06-30' },
        created,
      ]);

      const earlierRows = await readAuditRows(getDatabase().db, earlier.id);
      expect(earlierRows.map((row) => row.action)).toEqual([
        'schedule_assignment.create',
        'schedule_assignment.update',
      ]);
      expect(earlierRows[1]).toMatchObject({
        actorId: admin.id,
        before: snapshotOf(earlier),
        after: { ...snapshotOf(earlier), dateRangeEnd: '2026-06-30' },
      });
      expect((await readAuditRows(getDatabase().db, created.id)).map((row) => row.action)).toEqual([
        'schedule_assignment.create',
      ]);
    });

    it('still refuses an assignment that starts inside the new range', async () => {
      const user = await createTestUser(getDatabase().db, { name: 'Iris Inside' });
      const [inside] = await assign({
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2026-08-10',
        dateRangeEnd: '2026-08-20',
      });

      const response = await api('POST', '/api/schedule-assignments', {
        userIds: [user.id],
        templateId: nightShift.id,
        dateRangeStart: '2026-08-01',
        dateRangeEnd: '2026-08-31',
        endOverlapping: true,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: `Iris Inside already has ${dayShift.name} from Aug 10, 2026 to Aug 20, 2026 (it starts within the new dates)`,
        code: 'assignment_overlap_inside',
      });
      expect(await assignmentsOf(user.id)).toEqual([inside]);
    });

    it('refuses one starting on the same day as the new range', async () => {
      const user = await createTestUser(getDatabase().db);
      await assign({
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2026-09-01',
        dateRangeEnd: '2026-09-30',
      });
      const response = await api('POST', '/api/schedule-assignments', {
        userIds: [user.id],
        templateId: nightShift.id,
        dateRangeStart: '2026-09-01',
        dateRangeEnd: '2026-09-15',
        endOverlapping: true,
      });
      expect(response.statusCode).toBe(409);
    });

    it('leaves the earlier assignment untouched when a later clash refuses the request', async () => {
      const user = await createTestUser(getDatabase().db);
      const [earlier] = await assign({
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2027-01-01',
        dateRangeEnd: '2027-03-31',
      });
      const [later] = await assign({
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2027-05-01',
        dateRangeEnd: '2027-05-31',
      });
      if (!earlier || !later) throw new Error('fixtures missing');
      const auditBefore = await countAuditRows();

      const response = await api('POST', '/api/schedule-assignments', {
        userIds: [user.id],
        templateId: nightShift.id,
        dateRangeStart: '2027-03-01',
        dateRangeEnd: '2027-06-30',
        endOverlapping: true,
      });
      expect(response.statusCode).toBe(409);
      expect(await assignmentsOf(user.id)).toEqual([earlier, later]);
      expect(await countAuditRows()).toBe(auditBefore);
    });
  });

  describe('update', () => {
    it('changes the end date and writes one update audit row', async () => {
      const user = await createTestUser(getDatabase().db);
      const [before] = await assign({
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2028-01-01',
        dateRangeEnd: '2028-12-31',
      });
      if (!before) throw new Error('fixture missing');

      const response = await api('PUT', `/api/schedule-assignments/${before.id}`, {
        templateId: dayShift.id,
        dateRangeStart: '2028-01-01',
        dateRangeEnd: '2028-03-15',
      });
      expect(response.statusCode).toBe(200);
      const { assignment: after } = response.json() as { assignment: Assignment };
      expect(after).toEqual({ ...before, dateRangeEnd: '2028-03-15' });
      expect(await assignmentsOf(user.id)).toEqual([after]);

      const rows = await readAuditRows(getDatabase().db, before.id);
      expect(rows.map((row) => row.action)).toEqual([
        'schedule_assignment.create',
        'schedule_assignment.update',
      ]);
      expect(rows[1]).toMatchObject({
        actorId: admin.id,
        entityType: 'schedule_assignment',
        before: snapshotOf(before),
        after: snapshotOf(after),
      });
    });

    it('switches the template', async () => {
      const user = await createTestUser(getDatabase().db);
      const [before] = await assign({
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2028-01-01',
        dateRangeEnd: '2028-01-31',
      });
      if (!before) throw new Error('fixture missing');
      const response = await api('PUT', `/api/schedule-assignments/${before.id}`, {
        templateId: nightShift.id,
        dateRangeStart: '2028-01-01',
        dateRangeEnd: '2028-01-31',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        assignment: { ...before, templateId: nightShift.id, templateName: nightShift.name },
      });
    });

    it('refuses a change that would overlap another assignment of the person', async () => {
      const user = await createTestUser(getDatabase().db, { name: 'Paul Put' });
      const [january] = await assign({
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2028-01-01',
        dateRangeEnd: '2028-01-31',
      });
      const [march] = await assign({
        userIds: [user.id],
        templateId: nightShift.id,
        dateRangeStart: '2028-03-01',
        dateRangeEnd: '2028-03-31',
      });
      if (!january || !march) throw new Error('fixtures missing');

      const response = await api('PUT', `/api/schedule-assignments/${january.id}`, {
        templateId: dayShift.id,
        dateRangeStart: '2028-01-01',
        dateRangeEnd: '2028-03-15',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: `Paul Put already has ${nightShift.name} from Mar 1, 2028 to Mar 31, 2028`,
        code: 'assignment_overlap',
      });
      expect(await assignmentsOf(user.id)).toEqual([january, march]);
      expect(await readAuditRows(getDatabase().db, january.id)).toHaveLength(1);

      // Growing up to the day before the other one is fine.
      const upToIt = await api('PUT', `/api/schedule-assignments/${january.id}`, {
        templateId: dayShift.id,
        dateRangeStart: '2028-01-01',
        dateRangeEnd: '2028-02-29',
      });
      expect(upToIt.statusCode).toBe(200);
    });

    it('refuses switching to an archived template, but still lets an archived one be ended early', async () => {
      const user = await createTestUser(getDatabase().db);
      const retiring = await postTemplate(app, adminCookie);
      const [onRetiring] = await assign({
        userIds: [user.id],
        templateId: retiring.id,
        dateRangeStart: '2029-01-01',
        dateRangeEnd: '2029-12-31',
      });
      const [onDay] = await assign({
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2030-01-01',
        dateRangeEnd: '2030-12-31',
      });
      if (!onRetiring || !onDay) throw new Error('fixtures missing');
      expect((await api('POST', `/api/schedule-templates/${retiring.id}/archive`)).statusCode).toBe(
        200,
      );

      const switchTo = await api('PUT', `/api/schedule-assignments/${onDay.id}`, {
        templateId: retiring.id,
        dateRangeStart: onDay.dateRangeStart,
        dateRangeEnd: onDay.dateRangeEnd,
      });
      expect(switchTo.statusCode).toBe(400);
      expect(switchTo.json()).toEqual({
        message: `"${retiring.name}" is archived and cannot be assigned`,
        code: 'invalid',
      });

      const endEarly = await api('PUT', `/api/schedule-assignments/${onRetiring.id}`, {
        templateId: retiring.id,
        dateRangeStart: '2029-01-01',
        dateRangeEnd: '2029-06-30',
      });
      expect(endEarly.statusCode).toBe(200);
    });

    it('refuses an end before the start (400) and an unknown assignment (404)', async () => {
      const user = await createTestUser(getDatabase().db);
      const [assignment] = await assign({
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2028-05-01',
        dateRangeEnd: '2028-05-31',
      });
      if (!assignment) throw new Error('fixture missing');
      const reversed = await api('PUT', `/api/schedule-assignments/${assignment.id}`, {
        templateId: dayShift.id,
        dateRangeStart: '2028-05-31',
        dateRangeEnd: '2028-05-01',
      });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toEqual({
        message: 'The end date must be on or after the start date',
        code: 'invalid',
      });

      const unknown = await api('PUT', `/api/schedule-assignments/${randomUUID()}`, {
        templateId: dayShift.id,
        dateRangeStart: '2028-05-01',
        dateRangeEnd: '2028-05-31',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Assignment not found', code: 'not_found' });
    });
  });

  describe('delete', () => {
    it('deletes with 204, writes one delete audit row, and answers 404 the second time', async () => {
      const user = await createTestUser(getDatabase().db);
      const [assignment] = await assign({
        userIds: [user.id],
        templateId: dayShift.id,
        dateRangeStart: '2031-01-01',
        dateRangeEnd: '2031-01-31',
      });
      if (!assignment) throw new Error('fixture missing');

      const response = await api('DELETE', `/api/schedule-assignments/${assignment.id}`);
      expect(response.statusCode).toBe(204);
      expect(await assignmentsOf(user.id)).toEqual([]);

      const rows = await readAuditRows(getDatabase().db, assignment.id);
      expect(rows.map((row) => row.action)).toEqual([
        'schedule_assignment.create',
        'schedule_assignment.delete',
      ]);
      expect(rows[1]).toMatchObject({
        actorId: admin.id,
        before: snapshotOf(assignment),
        after: null,
      });

      const again = await api('DELETE', `/api/schedule-assignments/${assignment.id}`);
      expect(again.statusCode).toBe(404);
      const malformed = await api('DELETE', '/api/schedule-assignments/12345');
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toEqual({ message: 'Assignment not found', code: 'not_found' });
    });
  });

  describe('two admins at once', () => {
    it('lets only one of two overlapping assignments of a person through, across server instances', async () => {
      // A second instance on its own connection pool (PostgreSQL), as production would run.
      const second = await getDatabase().openSecondConnection();
      const otherApp = await buildTestApp(second);
      try {
        const otherAdmin = await createTestUser(getDatabase().db, { role: 'admin' });
        const otherCookie = await signInAs(otherApp, otherAdmin.email, otherAdmin.password);
        for (let round = 0; round < 5; round += 1) {
          const user = await createTestUser(getDatabase().db);
          const body = (templateId: string, dateRangeStart: string, dateRangeEnd: string) => ({
            userIds: [user.id],
            templateId,
            dateRangeStart,
            dateRangeEnd,
          });
          const responses = await Promise.all([
            callApi(
              app,
              adminCookie,
              'POST',
              '/api/schedule-assignments',
              body(dayShift.id, '2033-01-01', '2033-01-31'),
            ),
            callApi(
              otherApp,
              otherCookie,
              'POST',
              '/api/schedule-assignments',
              body(nightShift.id, '2033-01-15', '2033-02-15'),
            ),
          ]);
          expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
          expect(await assignmentsOf(user.id)).toHaveLength(1);
        }
      } finally {
        await otherApp.close();
        await second.close();
      }
    });
  });

  describe('list', () => {
    it('filters by person and by the dates a range overlaps', async () => {
      const user = await createTestUser(getDatabase().db);
      const made: Assignment[] = [];
      for (const [dateRangeStart, dateRangeEnd] of [
        ['2032-01-01', '2032-01-31'],
        ['2032-03-01', '2032-03-31'],
        ['2032-05-01', '2032-05-31'],
      ] as const) {
        made.push(
          ...(await assign({
            userIds: [user.id],
            templateId: dayShift.id,
            dateRangeStart,
            dateRangeEnd,
          })),
        );
      }
      const [january, march] = made;

      const response = await api(
        'GET',
        `/api/schedule-assignments?userId=${user.id}&from=2032-01-31&to=2032-03-01`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ assignments: [january, march] });
    });

    it.each([
      ['from=garbage', 'Use a yyyy-MM-dd date'],
      ['to=2032-02-30', 'Use a yyyy-MM-dd date'],
      ['userId=someone', 'Invalid user'],
    ])('refuses the filter %s with 400', async (query, message) => {
      const response = await api('GET', `/api/schedule-assignments?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'invalid' });
    });
  });
});
