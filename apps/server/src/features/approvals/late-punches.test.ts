import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  approvalsResponseSchema,
  smeOverviewSchema,
  type LatePunchDto,
} from '@punchclock/shared/contracts/approvals';
import { dayDetailSchema, workedHoursReportSchema } from '@punchclock/shared/contracts/reports';
import {
  historyResponseSchema,
  recordTimeEventResponseSchema,
} from '@punchclock/shared/contracts/time-tracking';
import type { Role } from '@punchclock/shared/domain/roles';
import type { TimeEventType } from '@punchclock/shared/domain/time-state';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { decide } from '../../test/approvals.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { postTimeEvent, TORONTO } from '../../test/time-tracking.ts';
import { auditRowsFor, expectApi, seedTeam, setTeamOf } from '../../test/users.ts';
import { recomputeQueuedDays } from '../reports/recompute.ts';

interface Person {
  id: string;
  cookie: string;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describeEachDatabase('punches that arrive late', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let admin: Person;
  let sme: Person;
  let lead: Person;

  async function person(role: Role = 'employee'): Promise<Person> {
    const user = await createTestUser(db(), { role });
    return { id: user.id, cookie: await signInAs(app, user.email, user.password) };
  }

  /** A punch the client says it captured `minutesLate` minutes ago (an offline replay). */
  async function punchLate(who: Person, eventType: TimeEventType, minutesLate: number) {
    const response = await postTimeEvent(app, who.cookie, {
      eventType,
      capturedOfflineAt: minutesAgo(minutesLate),
    });
    expect(response.statusCode).toBe(201);
    return recordTimeEventResponseSchema.parse(response.json());
  }

  async function pendingLatePunches(viewer: Person): Promise<LatePunchDto[]> {
    const body = await expectApi(app, viewer.cookie, 'GET', '/api/approvals?type=late_punch', 200);
    return approvalsResponseSchema
      .parse(body)
      .items.flatMap((item) => (item.type === 'late_punch' ? [item.request] : []));
  }

  async function historyDay(who: Person, date: string) {
    const body = await expectApi(app, who.cookie, 'GET', '/api/time-events/history', 200);
    const day = historyResponseSchema.parse(body).days.find((entry) => entry.date === date);
    if (!day) throw new Error(`no history for ${date}`);
    return day;
  }

  async function workedHours(who: Person, date: string) {
    await recomputeQueuedDays(db(), TORONTO);
    const body = await expectApi(
      app,
      admin.cookie,
      'GET',
      `/api/reports/worked-hours?from=${date}&to=${date}&groupBy=day`,
      200,
    );
    return workedHoursReportSchema.parse(body).rows.find((row) => row.userId === who.id);
  }

  async function setTeamLeadsApprove(value: boolean) {
    await expectApi(app, admin.cookie, 'PUT', '/api/approvals/settings', 200, {
      teamLeadsApproveTheirTeam: value,
    });
  }

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database, { latePunchReviewMinutes: 15 });
    admin = await person('admin');
    sme = await person('sme');
    lead = await person('team_lead');
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends a punch 20 minutes late to review; it counts meanwhile, flagged everywhere', async () => {
    const worker = await person();
    const { event, needsReview } = await punchLate(worker, 'clock_in', 20);
    expect(needsReview).toBe(true);

    // The person keeps working: their state follows the punch at once.
    const today = await expectApi<{ state: string }>(
      app,
      worker.cookie,
      'GET',
      '/api/time-events/today',
      200,
    );
    expect(today.state).toBe('clock_in');

    const [item] = (await pendingLatePunches(sme)).filter((entry) => entry.userId === worker.id);
    expect(item).toMatchObject({
      timeEventId: event.id,
      eventType: 'clock_in',
      occurredAt: event.occurredAt,
      date: event.shiftDate,
      status: 'pending',
    });
    expect(item?.minutesLate).toBeGreaterThanOrEqual(20);
    expect(item?.minutesLate).toBeLessThan(22);

    expect((await historyDay(worker, event.shiftDate)).unreviewedEventIds).toEqual([event.id]);
    const detail = dayDetailSchema.parse(
      await expectApi(
        app,
        admin.cookie,
        'GET',
        `/api/reports/day?userId=${worker.id}&date=${event.shiftDate}`,
        200,
      ),
    );
    expect(detail.events).toEqual([
      {
        eventType: 'clock_in',
        occurredAt: event.occurredAt,
        isUnreviewed: true,
        origin: 'recorded offline',
      },
    ]);

    const overview = smeOverviewSchema.parse(
      await expectApi(app, sme.cookie, 'GET', '/api/approvals/sme-overview', 200),
    );
    expect(overview.pendingByType.late_punch).toBeGreaterThanOrEqual(1);
  });

  it('does not review a punch only 10 minutes late, nor a live one', async () => {
    const worker = await person();
    expect((await punchLate(worker, 'clock_in', 10)).needsReview).toBe(false);
    const live = await postTimeEvent(app, worker.cookie, { eventType: 'break' });
    expect(recordTimeEventResponseSchema.parse(live.json()).needsReview).toBe(false);
    expect((await pendingLatePunches(sme)).filter((item) => item.userId === worker.id)).toEqual([]);
  });

  it('approving keeps the punch as it is and clears the marker, with an audit row', async () => {
    const worker = await person();
    const { event } = await punchLate(worker, 'clock_in', 20);
    const [item] = (await pendingLatePunches(sme)).filter((entry) => entry.userId === worker.id);
    if (!item) throw new Error('no review item');

    expect(await decide(app, sme.cookie, [{ type: 'late_punch', id: item.id }], 'approve')).toEqual(
      [{ id: item.id, ok: true, message: null }],
    );
    expect((await pendingLatePunches(sme)).map((entry) => entry.id)).not.toContain(item.id);
    const day = await historyDay(worker, event.shiftDate);
    expect(day.unreviewedEventIds).toEqual([]);
    expect(day.events.map((entry) => entry.id)).toEqual([event.id]);
    expect(day.isCorrected).toBe(false);
    expect(await auditRowsFor(db(), item.id, 'late_punch.approve')).toEqual([
      expect.objectContaining({
        actorId: sme.id,
        entityType: 'late_punch_review',
        before: { status: 'pending' },
        after: { userId: worker.id, status: 'approved', comment: null },
      }),
    ]);
    // Decided once.
    expect(await decide(app, sme.cookie, [{ type: 'late_punch', id: item.id }], 'reject')).toEqual([
      { id: item.id, ok: false, message: 'This request was already approved' },
    ]);
  });

  it('rejecting excludes the punch from the day and from worked hours, like a removed punch', async () => {
    const worker = await person();
    const { event } = await punchLate(worker, 'clock_in', 30);
    const clockOut = await postTimeEvent(app, worker.cookie, { eventType: 'clock_out' });
    expect(clockOut.statusCode).toBe(201);

    const before = await workedHours(worker, event.shiftDate);
    expect(before?.workedMinutes).toBeGreaterThanOrEqual(29);
    expect(before?.unreviewedPunches).toBe(1);

    const [item] = (await pendingLatePunches(admin)).filter((entry) => entry.userId === worker.id);
    if (!item) throw new Error('no review item');
    expect(
      await decide(app, admin.cookie, [{ type: 'late_punch', id: item.id }], 'reject', 'Not here'),
    ).toEqual([{ id: item.id, ok: true, message: null }]);

    const day = await historyDay(worker, event.shiftDate);
    expect(day.events.map((entry) => entry.id)).not.toContain(event.id);
    expect(day.originalEvents?.map((entry) => entry.id)).toContain(event.id);
    expect(day.isCorrected).toBe(true);
    expect(day.unreviewedEventIds).toEqual([]);
    expect(day.corrections).toEqual([
      expect.objectContaining({
        kind: 'remove',
        reason: 'Punch recorded late, rejected on review: Not here',
      }),
    ]);

    const after = await workedHours(worker, event.shiftDate);
    expect(after?.workedMinutes).toBe(0);
    expect(after?.unreviewedPunches).toBe(0);

    const [audit] = await auditRowsFor(db(), item.id, 'late_punch.reject');
    expect(audit).toMatchObject({
      actorId: admin.id,
      entityType: 'late_punch_review',
      after: { status: 'rejected', comment: 'Not here' },
    });
  });

  it('follows the team-lead scope and nobody reviews their own punch', async () => {
    const member = await person();
    const outsider = await person();
    const leadTeam = (await seedTeam(db(), { leadUserId: lead.id })).id;
    await setTeamOf(db(), [lead.id, member.id], leadTeam);
    await setTeamOf(db(), [outsider.id], (await seedTeam(db())).id);
    await punchLate(member, 'clock_in', 20);
    await punchLate(outsider, 'clock_in', 20);
    await punchLate(lead, 'clock_in', 20);
    const byUser = async (userId: string) =>
      (await pendingLatePunches(sme)).find((item) => item.userId === userId)?.id ?? '';
    const memberItem = await byUser(member.id);
    const outsiderItem = await byUser(outsider.id);
    const leadItem = await byUser(lead.id);

    const refused = await app.inject({
      method: 'GET',
      url: '/api/approvals?type=late_punch',
      headers: { cookie: lead.cookie },
    });
    expect(refused.statusCode).toBe(403);

    await setTeamLeadsApprove(true);
    try {
      const seen = (await pendingLatePunches(lead)).map((item) => item.id);
      expect(seen).toEqual(expect.arrayContaining([memberItem, leadItem]));
      expect(seen).not.toContain(outsiderItem);
      const results = await decide(
        app,
        lead.cookie,
        [memberItem, outsiderItem, leadItem].map((id) => ({ type: 'late_punch' as const, id })),
        'approve',
      );
      expect(results).toEqual([
        { id: memberItem, ok: true, message: null },
        { id: outsiderItem, ok: false, message: 'This request is outside your team' },
        { id: leadItem, ok: false, message: 'Nobody approves their own request' },
      ]);
    } finally {
      await setTeamLeadsApprove(false);
    }
  });
});
