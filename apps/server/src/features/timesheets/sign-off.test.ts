import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvePeriodResultSchema,
  timesheetPeriodSchema,
  timesheetWithSignOffSchema,
  type TimesheetWithSignOff,
} from '@punchclock/shared/contracts/timesheets';
import type { Db } from '../../db/client.ts';
import { notifications, timesheetSignOffs } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { createCorrection, decide, readRawEvents } from '../../test/approvals.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { insertPunches, TORONTO, type PunchRow } from '../../test/time-tracking.ts';
import { callApi } from '../../test/schedules.ts';
import { auditRowsFor, expectApi, seedTeam, setTeamOf } from '../../test/users.ts';
import { recomputeDays } from '../reports/index.ts';

/*
 * The default calendar is bi-weekly from Sunday 2026-01-04: periods 2026-05-24 – 06-06 and
 * 2026-06-07 – 06-20 are used here, both long over (the sign-off is open from a period's last
 * day). Instants are UTC; Toronto is EDT (UTC−4) in June.
 */
function shift(start: string, end: string): PunchRow[] {
  return [
    { eventType: 'clock_in', occurredAt: start },
    { eventType: 'clock_out', occurredAt: end },
  ];
}

async function seedPunches(db: Db, userId: string, punches: PunchRow[], from: string, to: string) {
  await insertPunches(db, userId, punches);
  await recomputeDays(db, TORONTO, [userId], from, to);
}

describeEachDatabase('timesheet sign-off', (getDatabase) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: TestUser;
  let sme: TestUser;
  let lead: TestUser;
  let otherLead: TestUser;
  let worker: TestUser;
  let worker2: TestUser;
  let otherWorker: TestUser;
  const cookie: Record<string, string> = {};
  const as = (user: TestUser) => cookie[user.id]!;

  const getSheet = async (user: TestUser, query: string): Promise<TimesheetWithSignOff> =>
    timesheetWithSignOffSchema.parse(
      await expectApi(app, as(user), 'GET', `/api/timesheets?${query}`, 200),
    );
  const submit = (user: TestUser, date: string, status = 200, extra: object = {}) =>
    expectApi<TimesheetWithSignOff>(app, as(user), 'POST', '/api/timesheets/submit', status, {
      date,
      confirm: true,
      ...extra,
    });
  const decideSheet = (
    user: TestUser,
    body: { userId: string; date: string; decision: 'approve' | 'return'; comment?: string },
    status = 200,
  ) =>
    expectApi<TimesheetWithSignOff>(app, as(user), 'POST', '/api/timesheets/decide', status, body);
  const notificationsOf = (userId: string) =>
    db.select().from(notifications).where(eq(notifications.userId, userId));

  beforeAll(async () => {
    db = getDatabase().db;
    // Fixed past days: people may ask to correct them (the window is correction-window's test).
    app = await buildTestApp(getDatabase().database, { correctionWindowDays: 3650 });
    admin = await createTestUser(db, { role: 'admin', name: 'Ada Admin' });
    sme = await createTestUser(db, { role: 'sme', name: 'Sam Sme' });
    lead = await createTestUser(db, { role: 'team_lead', name: 'Lee Lead' });
    otherLead = await createTestUser(db, { role: 'team_lead', name: 'Olga Otherlead' });
    worker = await createTestUser(db, { name: 'Wanda Worker' });
    worker2 = await createTestUser(db, { name: 'Walt Worker' });
    otherWorker = await createTestUser(db, { name: 'Otto Other' });
    const team = await seedTeam(db, { leadUserId: lead.id });
    const otherTeam = await seedTeam(db, { leadUserId: otherLead.id });
    await setTeamOf(db, [worker.id, worker2.id], team.id);
    await setTeamOf(db, [otherWorker.id], otherTeam.id);
    for (const user of [admin, sme, lead, otherLead, worker, worker2, otherWorker]) {
      cookie[user.id] = await signInAs(app, user.email, user.password);
    }
    await expectApi(app, as(admin), 'PUT', '/api/approvals/settings', 200, {
      teamLeadsApproveTheirTeam: true,
    });

    // Wanda: Mon 06-08 … Fri 06-12, 08:00–18:00 EDT with no eating period: 50 h, 6 h at 1.5×,
    // and labour-law findings. Walt: Tue 06-09 09:00–13:00 (4 h, nothing to flag).
    const week = ['08', '09', '10', '11', '12'].flatMap((day) =>
      shift(`2026-06-${day}T12:00:00Z`, `2026-06-${day}T22:00:00Z`),
    );
    await seedPunches(db, worker.id, week, '2026-06-07', '2026-06-20');
    await seedPunches(
      db,
      worker2.id,
      shift('2026-06-09T13:00:00Z', '2026-06-09T17:00:00Z'),
      '2026-06-09',
      '2026-06-09',
    );
    // The period before: 4 h each on Tue 05-26 and Wed 05-27.
    await seedPunches(
      db,
      worker.id,
      shift('2026-05-26T13:00:00Z', '2026-05-26T17:00:00Z'),
      '2026-05-26',
      '2026-05-26',
    );
    await seedPunches(
      db,
      worker2.id,
      shift('2026-05-27T13:00:00Z', '2026-05-27T17:00:00Z'),
      '2026-05-27',
      '2026-05-27',
    );
  });

  afterAll(async () => {
    await app.close();
  });

  describe('submitting', () => {
    it('shows a period not yet submitted, and refuses a submission without the confirmation', async () => {
      const sheet = await getSheet(worker, 'date=2026-06-10');
      expect(sheet.signOff).toMatchObject({
        status: 'not_submitted',
        canSubmit: true,
        canWithdraw: false,
        locked: false,
      });
      const refused = await callApi(app, as(worker), 'POST', '/api/timesheets/submit', {
        date: '2026-06-10',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Confirm that these hours are complete and correct');
      // A period around year 1 would start in a year the database cannot hold.
      for (const url of [
        '/api/timesheets?date=0001-01-01',
        '/api/timesheets/period?date=0001-01-01',
      ]) {
        const ancient = await callApi(app, as(admin), 'GET', url);
        expect(ancient.statusCode, url).toBe(400);
        expect(ancient.json().message).toBe('Choose a date from 1900 on');
      }
    });

    it('submits one’s own timesheet with a snapshot of its totals, once', async () => {
      const before = await getSheet(worker, 'date=2026-06-10');
      const sheet = timesheetWithSignOffSchema.parse(await submit(worker, '2026-06-10'));
      expect(sheet.signOff).toMatchObject({
        status: 'submitted',
        changedSinceSubmission: false,
        canSubmit: false,
        canWithdraw: true,
      });
      const [row] = await db
        .select()
        .from(timesheetSignOffs)
        .where(eq(timesheetSignOffs.userId, worker.id));
      expect(row).toMatchObject({
        periodStart: '2026-06-07',
        periodEnd: '2026-06-20',
        status: 'submitted',
        submittedBy: worker.id,
        submittedTotals: {
          workedMinutes: 3000,
          regularMinutes: 2640,
          overtimeMinutes: 360,
          paidLeaveMinutes: 0,
          unpaidLeaveMinutes: 0,
          findingsCount: before.findings.length,
        },
      });
      const audit = await auditRowsFor(db, `${worker.id}:2026-06-07`, 'timesheet.submit');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: worker.id, entityType: 'timesheet_signoff' });

      const again = await callApi(app, as(worker), 'POST', '/api/timesheets/submit', {
        date: '2026-06-15',
        confirm: true,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This timesheet is already submitted.');
    });

    it('notifies the team lead, SMEs and admins of a submission with labour-law findings', async () => {
      const sheet = await getSheet(worker, 'date=2026-06-10');
      expect(sheet.findings.length).toBeGreaterThan(0);
      for (const manager of [lead, sme, admin]) {
        const rows = (await notificationsOf(manager.id)).filter(
          (row) => row.title === 'Timesheet with labour-law findings',
        );
        expect(rows, manager.name ?? '').toHaveLength(1);
        expect(rows[0]!.message).toBe(
          `Wanda Worker submitted their timesheet for Jun 7, 2026 to Jun 20, 2026 with ${sheet.findings.length} labour-law findings.`,
        );
        expect(rows[0]).toMatchObject({ type: 'warning', subjectUserId: worker.id });
      }
      for (const other of [otherLead, worker]) {
        const rows = (await notificationsOf(other.id)).filter(
          (row) => row.title === 'Timesheet with labour-law findings',
        );
        expect(rows).toEqual([]);
      }
    });

    it('submits no one else’s timesheet, and no period before its last day', async () => {
      const forOther = await callApi(app, as(lead), 'POST', '/api/timesheets/submit', {
        date: '2026-06-10',
        confirm: true,
        userId: worker2.id,
      });
      expect(forOther.statusCode).toBe(400);
      expect(forOther.json().message).toBe('You can submit only your own timesheet');
      expect((await getSheet(worker2, 'date=2026-06-10')).signOff.status).toBe('not_submitted');

      const early = await callApi(app, as(worker2), 'POST', '/api/timesheets/submit', {
        date: '2027-06-09',
        confirm: true,
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toMatch(
        /^You can submit this timesheet from its last day, [A-Z][a-z]{2} \d{1,2}, 2027\.$/,
      );
    });

    it('withdraws a submission before it is decided', async () => {
      await submit(worker2, '2026-06-10');
      const sheet = await expectApi<TimesheetWithSignOff>(
        app,
        as(worker2),
        'POST',
        '/api/timesheets/withdraw',
        200,
        { date: '2026-06-10' },
      );
      expect(sheet.signOff.status).toBe('not_submitted');
      expect(await auditRowsFor(db, `${worker2.id}:2026-06-07`, 'timesheet.withdraw')).toHaveLength(
        1,
      );
    });
  });

  describe('deciding', () => {
    it('lets the lead of the team approve, not the lead of another team', async () => {
      const outside = await callApi(app, as(otherLead), 'POST', '/api/timesheets/decide', {
        userId: worker.id,
        date: '2026-06-10',
        decision: 'approve',
      });
      expect(outside.statusCode).toBe(403);
      expect(outside.json().message).toBe('This timesheet is outside your team');
      expect(
        await callApi(app, as(worker2), 'POST', '/api/timesheets/decide', {
          userId: worker.id,
          date: '2026-06-10',
          decision: 'approve',
        }).then((response) => response.statusCode),
      ).toBe(403);

      const sheet = await decideSheet(lead, {
        userId: worker.id,
        date: '2026-06-10',
        decision: 'approve',
      });
      expect(sheet.signOff).toMatchObject({
        status: 'approved',
        decidedByName: 'Lee Lead',
        canSubmit: false,
        canWithdraw: false,
      });
      expect(await auditRowsFor(db, `${worker.id}:2026-06-07`, 'timesheet.approve')).toHaveLength(
        1,
      );
      const told = (await notificationsOf(worker.id)).filter(
        (row) => row.title === 'Timesheet approved',
      );
      expect(told.map((row) => row.message)).toEqual([
        'Your timesheet for Jun 7, 2026 to Jun 20, 2026 was approved.',
      ]);
      // Decided: nothing left to withdraw.
      const withdraw = await callApi(app, as(worker), 'POST', '/api/timesheets/withdraw', {
        date: '2026-06-10',
      });
      expect(withdraw.statusCode).toBe(409);
    });

    it('lets nobody approve their own timesheet', async () => {
      await submit(admin, '2026-06-10');
      const own = await callApi(app, as(admin), 'POST', '/api/timesheets/decide', {
        userId: admin.id,
        date: '2026-06-10',
        decision: 'approve',
      });
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe('Nobody approves their own timesheet');
    });

    it('returns with a comment, and takes the re-submission', async () => {
      await submit(worker2, '2026-06-10');
      const noComment = await callApi(app, as(sme), 'POST', '/api/timesheets/decide', {
        userId: worker2.id,
        date: '2026-06-10',
        decision: 'return',
      });
      expect(noComment.statusCode).toBe(400);
      expect(noComment.json().message).toBe('Say why the timesheet is returned');

      const returned = await decideSheet(sme, {
        userId: worker2.id,
        date: '2026-06-10',
        decision: 'return',
        comment: 'Tuesday is missing your lunch',
      });
      expect(returned.signOff).toMatchObject({
        status: 'returned',
        comment: 'Tuesday is missing your lunch',
        decidedByName: 'Sam Sme',
      });
      const mine = await getSheet(worker2, 'date=2026-06-10');
      expect(mine.signOff).toMatchObject({ status: 'returned', canSubmit: true });
      const told = (await notificationsOf(worker2.id)).filter(
        (row) => row.title === 'Timesheet returned',
      );
      expect(told.map((row) => row.message)).toEqual([
        'Your timesheet for Jun 7, 2026 to Jun 20, 2026 was returned: Tuesday is missing your lunch',
      ]);

      const again = timesheetWithSignOffSchema.parse(await submit(worker2, '2026-06-10'));
      expect(again.signOff).toMatchObject({ status: 'submitted', comment: null });
      expect(await auditRowsFor(db, `${worker2.id}:2026-06-07`, 'timesheet.return')).toHaveLength(
        1,
      );
      expect(await auditRowsFor(db, `${worker2.id}:2026-06-07`, 'timesheet.submit')).toHaveLength(
        3,
      );
    });

    it('shows hours changed since submission and refuses to approve them until re-submitted', async () => {
      // Walt asks to move Tuesday's clock-out from 13:00 to 14:00; his lead approves.
      const [, clockOut] = await readRawEvents(db, worker2.id).then((rows) =>
        rows.filter((row) => row.shiftDate === '2026-06-09'),
      );
      const correction = await createCorrection(app, as(worker2), {
        kind: 'move',
        targetEventId: clockOut!.id,
        occurredAt: '2026-06-09T18:00:00Z',
        reason: 'Stayed an hour to finish the delivery',
      });
      expect(
        (await decide(app, as(lead), [{ type: 'correction', id: correction.id }], 'approve'))[0],
      ).toMatchObject({ ok: true });
      await recomputeDays(db, TORONTO, [worker2.id], '2026-06-09', '2026-06-09');

      const sheet = await getSheet(worker2, 'date=2026-06-10');
      expect(sheet.totals.workedMinutes).toBe(300);
      expect(sheet.signOff).toMatchObject({
        status: 'submitted',
        changedSinceSubmission: true,
        canSubmit: true,
      });
      const refused = await callApi(app, as(lead), 'POST', '/api/timesheets/decide', {
        userId: worker2.id,
        date: '2026-06-10',
        decision: 'approve',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('changed_since_submission');

      await submit(worker2, '2026-06-10');
      const approved = await decideSheet(lead, {
        userId: worker2.id,
        date: '2026-06-10',
        decision: 'approve',
      });
      expect(approved.signOff).toMatchObject({ status: 'approved', changedSinceSubmission: false });
    });

    it('gives a lead the overview of their team only, with statuses and totals', async () => {
      const overview = timesheetPeriodSchema.parse(
        await expectApi(app, as(lead), 'GET', '/api/timesheets/period?date=2026-06-10', 200),
      );
      expect(overview).toMatchObject({
        period: { start: '2026-06-07', end: '2026-06-20' },
        locked: false,
        canApprovePeriod: false,
      });
      expect(overview.people.map((row) => row.person.name)).toEqual([
        'Walt Worker',
        'Wanda Worker',
      ]);
      expect(overview.people[1]).toMatchObject({
        signOff: { status: 'approved', changedSinceSubmission: false },
        totals: { workedMinutes: 3000, regularMinutes: 2640, overtimeMinutes: 360 },
        canDecide: true,
      });
      const admins = timesheetPeriodSchema.parse(
        await expectApi(app, as(admin), 'GET', '/api/timesheets/period?date=2026-06-10', 200),
      );
      expect(admins.canApprovePeriod).toBe(true);
      expect(admins.people.map((row) => row.person.id)).toEqual(
        expect.arrayContaining([worker.id, worker2.id, otherWorker.id, admin.id]),
      );
      expect(admins.people.find((row) => row.person.id === admin.id)?.canDecide).toBe(false);
      expect(
        (await callApi(app, as(worker), 'GET', '/api/timesheets/period?date=2026-06-10'))
          .statusCode,
      ).toBe(403);
    });
  });

  it('lets a team lead only read their team while approving is not switched on for leads', async () => {
    await expectApi(app, as(admin), 'PUT', '/api/approvals/settings', 200, {
      teamLeadsApproveTheirTeam: false,
    });
    try {
      const overview = timesheetPeriodSchema.parse(
        await expectApi(app, as(lead), 'GET', '/api/timesheets/period?date=2026-06-10', 200),
      );
      expect(overview.people.map((row) => [row.person.name, row.canDecide])).toEqual([
        ['Walt Worker', false],
        ['Wanda Worker', false],
      ]);
      const refused = await callApi(app, as(lead), 'POST', '/api/timesheets/decide', {
        userId: worker.id,
        date: '2026-06-10',
        decision: 'return',
        comment: 'Check Friday',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You do not approve time');
      expect((await getSheet(worker, 'date=2026-06-10')).signOff.status).toBe('approved');
    } finally {
      await expectApi(app, as(admin), 'PUT', '/api/approvals/settings', 200, {
        teamLeadsApproveTheirTeam: true,
      });
    }
  });

  describe('approving a period', () => {
    it('refuses while someone with time has not submitted, then approves and locks when confirmed', async () => {
      await submit(worker, '2026-05-30');
      expect(
        (
          await callApi(app, as(lead), 'POST', '/api/timesheets/period/approve', {
            date: '2026-05-30',
          })
        ).statusCode,
      ).toBe(403);
      const refused = await callApi(app, as(admin), 'POST', '/api/timesheets/period/approve', {
        date: '2026-05-30',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'period_incomplete',
        message:
          '1 timesheet is not approved: Walt Worker (not submitted). Confirm to lock the period without them.',
      });
      // Nothing changed: Wanda's still waits, and the period is open.
      expect((await getSheet(worker, 'date=2026-05-30')).signOff).toMatchObject({
        status: 'submitted',
        locked: false,
      });

      const result = approvePeriodResultSchema.parse(
        await expectApi(app, as(admin), 'POST', '/api/timesheets/period/approve', 200, {
          date: '2026-05-30',
          force: true,
        }),
      );
      expect(result).toMatchObject({
        period: { start: '2026-05-24', end: '2026-06-06' },
        approved: [{ id: worker.id, name: 'Wanda Worker' }],
        missing: [{ id: worker2.id, name: 'Walt Worker', status: 'not_submitted' }],
      });
      expect((await getSheet(worker, 'date=2026-05-30')).signOff).toMatchObject({
        status: 'approved',
        decidedByName: 'Ada Admin',
        locked: true,
        canSubmit: false,
      });
      expect((await getSheet(worker2, 'date=2026-05-30')).signOff).toMatchObject({
        status: 'not_submitted',
        locked: true,
        canSubmit: false,
      });
      const [periodAudit] = await auditRowsFor(db, result.lockId, 'period.approve');
      expect(periodAudit).toMatchObject({
        actorId: admin.id,
        after: { approved: [worker.id], forced: true },
      });
      expect(await auditRowsFor(db, result.lockId, 'period.lock')).toHaveLength(1);

      // The existing lock: a correction, a submission and a decision in the period are refused.
      const correction = await callApi(app, as(worker2), 'POST', '/api/corrections', {
        kind: 'add',
        eventType: 'clock_in',
        occurredAt: '2026-05-28T13:00:00Z',
        reason: 'Forgot to clock in',
      });
      expect(correction.statusCode).toBe(409);
      expect(correction.json().code).toBe('period_locked');
      const late = await callApi(app, as(worker2), 'POST', '/api/timesheets/submit', {
        date: '2026-05-30',
        confirm: true,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(
        'This pay period is locked. Ask an admin to reopen it first.',
      );
      const returned = await callApi(app, as(lead), 'POST', '/api/timesheets/decide', {
        userId: worker.id,
        date: '2026-05-30',
        decision: 'return',
        comment: 'Too late',
      });
      expect(returned.statusCode).toBe(409);
      const again = await callApi(app, as(admin), 'POST', '/api/timesheets/period/approve', {
        date: '2026-05-30',
        force: true,
      });
      expect(again.statusCode).toBe(409);

      // Reopening is the audited reopen; the approvals stay (and count again once changed).
      await expectApi(app, as(admin), 'POST', `/api/approvals/locks/${result.lockId}/reopen`, 204);
      expect(await auditRowsFor(db, result.lockId, 'period.reopen')).toHaveLength(1);
      expect((await getSheet(worker, 'date=2026-05-30')).signOff).toMatchObject({
        status: 'approved',
        locked: false,
      });
      expect((await getSheet(worker2, 'date=2026-05-30')).signOff.canSubmit).toBe(true);
    });

    it('approves a period with everyone approved without asking', async () => {
      await submit(worker2, '2026-05-30');
      const result = approvePeriodResultSchema.parse(
        await expectApi(app, as(admin), 'POST', '/api/timesheets/period/approve', 200, {
          date: '2026-05-30',
        }),
      );
      expect(result.approved.map((entry) => entry.id)).toEqual([worker2.id]);
      expect(result.missing).toEqual([]);
      const [row] = await db
        .select()
        .from(timesheetSignOffs)
        .where(
          and(
            eq(timesheetSignOffs.userId, worker2.id),
            eq(timesheetSignOffs.periodStart, '2026-05-24'),
          ),
        );
      expect(row?.status).toBe('approved');
    });
  });
});
