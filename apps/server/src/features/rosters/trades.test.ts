import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalsResponseSchema, smeOverviewSchema } from '@punchclock/shared/contracts/approvals';
import {
  shiftMarketResponseSchema,
  shiftTradeResponseSchema,
  type ShiftTrade,
  type ShiftTradeRequest,
} from '@punchclock/shared/contracts/rosters';
import type { Role } from '@punchclock/shared/domain/roles';
import {
  notifications,
  profiles,
  publishedShifts,
  shifts,
  shiftTrades,
  teamRosterSettings,
  timeOffRequests,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema.ts';
import { decide, timeOffTypeId } from '../../test/approvals.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { auditRowsFor, expectApi, seedTeam, setTeamOf } from '../../test/users.ts';

interface Person {
  user: TestUser;
  cookie: string;
}

/**
 * Open shifts, swaps and drops end to end (#30 item 5): each step through the API, the
 * manager's step through the approvals queue, with what each refuses and why.
 */
describeEachDatabase('shift trades', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let admin: Person;
  let lead: Person;
  let ann: Person;
  let ben: Person;
  let cal: Person;
  /** In another team. */
  let ola: Person;
  let team: string;
  let autoTeam: string;
  let otherTeam: string;

  async function person(role: Role, name: string, teamId: string | null): Promise<Person> {
    const user = await createTestUser(db(), { role, name });
    if (teamId) await setTeamOf(db(), [user.id], teamId);
    return { user, cookie: await signInAs(app, user.email, user.password) };
  }

  /** A published shift, as a publish leaves it: the board row and the published row alike. */
  async function publishedShift(shift: {
    userId: string | null;
    teamId: string;
    date: string;
    startTime?: string;
    endTime?: string;
    position?: string | null;
  }): Promise<string> {
    const id = randomUUID();
    const row = {
      id,
      userId: shift.userId,
      teamId: shift.teamId,
      date: shift.date,
      startTime: shift.startTime ?? '09:00',
      endTime: shift.endTime ?? '17:00',
      lunchStart: null,
      lunchEnd: null,
      breakDurationMins: 15,
      position: shift.position ?? null,
      version: 1,
    };
    await db().insert(shifts).values(row);
    await db().insert(publishedShifts).values(row);
    return id;
  }

  async function shiftOwners(id: string) {
    const [board] = await db().select().from(shifts).where(eq(shifts.id, id));
    const [published] = await db().select().from(publishedShifts).where(eq(publishedShifts.id, id));
    return {
      board: board?.userId,
      published: published?.userId,
      inSync: board?.version === published?.version,
    };
  }

  async function requestTrade(who: Person, body: ShiftTradeRequest): Promise<ShiftTrade> {
    const answer = await expectApi(app, who.cookie, 'POST', '/api/shift-trades', 201, body);
    return shiftTradeResponseSchema.parse(answer).trade;
  }

  async function step(
    who: Person,
    id: string,
    action: 'accept' | 'decline' | 'cancel',
  ): Promise<ShiftTrade> {
    const answer = await expectApi(
      app,
      who.cookie,
      'POST',
      `/api/shift-trades/${id}/${action}`,
      200,
    );
    return shiftTradeResponseSchema.parse(answer).trade;
  }

  /** A request that must be refused: its status and message. */
  async function refused(who: Person, url: string, body?: unknown) {
    const response = await callApi(app, who.cookie, 'POST', url, body);
    return {
      status: response.statusCode,
      message: (response.json() as { message: string }).message,
    };
  }

  async function messageKeysOf(userId: string): Promise<string[]> {
    const rows = await db()
      .select({ key: notifications.messageKey })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    return rows.map((row) => row.key ?? '').sort();
  }

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    const leadUser = await createTestUser(db(), { role: 'team_lead', name: 'Lee Lead' });
    team = (await seedTeam(db(), { leadUserId: leadUser.id })).id;
    autoTeam = (await seedTeam(db())).id;
    otherTeam = (await seedTeam(db())).id;
    await setTeamOf(db(), [leadUser.id], team);
    lead = { user: leadUser, cookie: await signInAs(app, leadUser.email, leadUser.password) };
    admin = await person('admin', 'Ada Admin', null);
    ann = await person('employee', 'Ann Able', team);
    ben = await person('employee', 'Ben Baker', team);
    cal = await person('employee', 'Cal Cole', team);
    ola = await person('employee', 'Ola Other', otherTeam);
    await db().insert(teamRosterSettings).values({ teamId: autoTeam, autoApproveClaims: true });
  });
  afterAll(async () => {
    await app.close();
  });

  describe('open shifts', () => {
    it('a claim waits in the approvals queue; approving moves the shift and tells everyone', async () => {
      const endpoint = randomUUID();
      await db()
        .insert(webhookEndpoints)
        .values({
          id: endpoint,
          url: 'https://hooks.example.com/punchclock',
          eventTypes: ['shift.traded'],
          secret: 'test-secret-test-secret',
        });
      const shiftId = await publishedShift({ userId: null, teamId: team, date: '2031-03-04' });

      const market = shiftMarketResponseSchema.parse(
        await expectApi(app, ann.cookie, 'GET', '/api/shift-market', 200),
      );
      expect(market.openShifts.find((shift) => shift.id === shiftId)).toMatchObject({
        date: '2031-03-04',
        startTime: '09:00',
        problems: [],
      });
      expect(market.colleagues.map((colleague) => colleague.name)).toEqual([
        'Ben Baker',
        'Cal Cole',
        'Lee Lead',
      ]);

      const claim = await requestTrade(ann, { kind: 'claim', shiftId });
      expect(claim).toMatchObject({ kind: 'claim', status: 'pending', takerId: ann.user.id });

      const queue = approvalsResponseSchema.parse(
        await expectApi(app, admin.cookie, 'GET', '/api/approvals?type=shift_trade', 200),
      );
      const item = queue.items.find((each) => each.request.id === claim.id);
      expect(item).toMatchObject({
        type: 'shift_trade',
        request: { status: 'pending', userName: 'Ann Able', problems: [] },
      });
      // The queue's filters read the shift: its team and its date.
      const ids = async (query: string) =>
        approvalsResponseSchema
          .parse(await expectApi(app, admin.cookie, 'GET', `/api/approvals?${query}`, 200))
          .items.map((each) => each.request.id);
      expect(await ids(`teamId=${team}&from=2031-03-04&to=2031-03-04`)).toContain(claim.id);
      expect(await ids(`teamId=${otherTeam}`)).not.toContain(claim.id);
      expect(await ids('type=shift_trade&from=2031-03-05')).not.toContain(claim.id);
      expect(await ids('type=time_off')).not.toContain(claim.id);
      const overview = smeOverviewSchema.parse(
        await expectApi(app, admin.cookie, 'GET', '/api/approvals/sme-overview', 200),
      );
      expect(overview.pendingByType.shift_trade).toBeGreaterThanOrEqual(1);

      const results = await decide(
        app,
        admin.cookie,
        [{ type: 'shift_trade', id: claim.id }],
        'approve',
        'Thanks Ann',
      );
      expect(results).toEqual([{ id: claim.id, ok: true, message: null }]);
      expect(await shiftOwners(shiftId)).toEqual({
        board: ann.user.id,
        published: ann.user.id,
        inSync: true,
      });
      const [trade] = await db().select().from(shiftTrades).where(eq(shiftTrades.id, claim.id));
      expect(trade).toMatchObject({ status: 'approved', decidedBy: admin.user.id });
      expect(await ids('type=shift_trade&status=approved')).toContain(claim.id);
      expect(await ids('type=shift_trade')).not.toContain(claim.id);
      expect(await messageKeysOf(ann.user.id)).toEqual([
        'shift_trade.approved_comment',
        'shift_trade.given',
      ]);
      expect(await auditRowsFor(db(), claim.id, 'shift_trade.request')).toHaveLength(1);
      const [approved] = await auditRowsFor(db(), claim.id, 'shift_trade.approve');
      expect(approved?.after).toMatchObject({ shiftId, toUserId: ann.user.id, fromUserId: null });
      const deliveries = await db()
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint));
      expect(deliveries.map((delivery) => delivery.eventType)).toEqual(['shift.traded']);
      expect(deliveries[0]?.payload).toMatchObject({
        type: 'shift.traded',
        data: { id: claim.id, shiftId, toUserId: ann.user.id },
      });
    });

    it('a team that approves claims by itself gives the shift at once', async () => {
      const ivy = await person('employee', 'Ivy Auto', autoTeam);
      const shiftId = await publishedShift({ userId: null, teamId: autoTeam, date: '2031-03-05' });

      const claim = await requestTrade(ivy, { kind: 'claim', shiftId });

      expect(claim.status).toBe('approved');
      expect(await shiftOwners(shiftId)).toEqual({
        board: ivy.user.id,
        published: ivy.user.id,
        inSync: true,
      });
      expect(await messageKeysOf(ivy.user.id)).toEqual(['shift_trade.given']);
      const [approved] = await auditRowsFor(db(), claim.id, 'shift_trade.approve');
      expect(approved).toMatchObject({ actorId: null, after: { autoApproved: true } });
    });

    it('refuses a claim by someone with approved time off that day', async () => {
      const dee = await person('employee', 'Dee Away', team);
      await db()
        .insert(timeOffRequests)
        .values({
          userId: dee.user.id,
          typeId: await timeOffTypeId(db(), 'Vacation'),
          startDate: '2031-03-10',
          endDate: '2031-03-10',
          daysX100: 100,
          status: 'approved',
        });
      const shiftId = await publishedShift({ userId: null, teamId: team, date: '2031-03-10' });

      const answer = await refused(dee, '/api/shift-trades', { kind: 'claim', shiftId });

      expect(answer.status).toBe(409);
      expect(answer.message).toBe('Vacation approved for Mar 10, 2031');
      expect(await db().select().from(shiftTrades).where(eq(shiftTrades.shiftId, shiftId))).toEqual(
        [],
      );
    });

    it('refuses a claim starting 6 h after the end of their shift (ESA rest)', async () => {
      const eve = await person('employee', 'Eve Evening', team);
      // 14:00–23:00 on the 11th, then 05:00 on the 12th: 6 hours off.
      await publishedShift({
        userId: eve.user.id,
        teamId: team,
        date: '2031-03-11',
        startTime: '14:00',
        endTime: '23:00',
      });
      const early = await publishedShift({
        userId: null,
        teamId: team,
        date: '2031-03-12',
        startTime: '05:00',
        endTime: '13:00',
      });
      // Starting at 10:00 leaves 11 hours off: allowed.
      const later = await publishedShift({
        userId: null,
        teamId: team,
        date: '2031-03-12',
        startTime: '10:00',
        endTime: '18:00',
      });

      const answer = await refused(eve, '/api/shift-trades', { kind: 'claim', shiftId: early });

      expect(answer.status).toBe(409);
      expect(answer.message).toContain(
        'Only 6h off before this shift; 8h are needed between shifts',
      );
      const market = shiftMarketResponseSchema.parse(
        await expectApi(app, eve.cookie, 'GET', '/api/shift-market', 200),
      );
      expect(market.openShifts.find((shift) => shift.id === early)?.problems).toEqual(
        expect.arrayContaining([expect.stringMatching(/between shifts/)]),
      );
      expect(market.openShifts.find((shift) => shift.id === later)?.problems).toEqual([]);
    });

    it('counts rest in real hours the night clocks spring forward (2027-03-14)', async () => {
      const fay = await person('employee', 'Fay Forward', team);
      const gus = await person('employee', 'Gus Gap', team);
      // The clock says 11 hours from 22:00 to 09:00, but only 10 pass that night.
      await publishedShift({
        userId: fay.user.id,
        teamId: team,
        date: '2027-03-14',
        startTime: '09:00',
        endTime: '13:00',
      });
      await publishedShift({
        userId: gus.user.id,
        teamId: team,
        date: '2027-03-14',
        startTime: '10:00',
        endTime: '14:00',
      });
      const evening = () =>
        publishedShift({
          userId: null,
          teamId: team,
          date: '2027-03-13',
          startTime: '14:00',
          endTime: '22:00',
        });

      const tooShort = await refused(fay, '/api/shift-trades', {
        kind: 'claim',
        shiftId: await evening(),
      });

      expect(tooShort).toEqual({
        status: 409,
        message:
          'Only 10h off in a row in the 24 hours from Mar 13, 2027, 2:00 PM; 11h are needed each day',
      });
      expect((await requestTrade(gus, { kind: 'claim', shiftId: await evening() })).status).toBe(
        'pending',
      );
    });

    it('refuses a claim of a position the person does not hold, and one of another team', async () => {
      const cashier = await publishedShift({
        userId: null,
        teamId: team,
        date: '2031-03-13',
        position: 'Cashier',
      });
      const elsewhere = await publishedShift({ userId: null, teamId: team, date: '2031-03-14' });

      const wrongPosition = await refused(ben, '/api/shift-trades', {
        kind: 'claim',
        shiftId: cashier,
      });
      const wrongTeam = await refused(ola, '/api/shift-trades', {
        kind: 'claim',
        shiftId: elsewhere,
      });

      expect(wrongPosition).toEqual({
        status: 409,
        message: 'Does not hold the position “Cashier”',
      });
      expect(wrongTeam).toEqual({ status: 409, message: "You are not in this shift's team" });
      // Holding the position makes the same claim fine.
      await db()
        .update(profiles)
        .set({ positions: ['cashier'] })
        .where(eq(profiles.id, ben.user.id));
      expect((await requestTrade(ben, { kind: 'claim', shiftId: cashier })).status).toBe('pending');
    });

    it('one live trade per shift: a second claim is refused until the first is settled', async () => {
      const shiftId = await publishedShift({ userId: null, teamId: team, date: '2031-03-17' });
      const first = await requestTrade(ann, { kind: 'claim', shiftId });

      const second = await refused(cal, '/api/shift-trades', { kind: 'claim', shiftId });

      expect(second.status).toBe(409);
      expect(second.message).toMatch(/already has a claim or an offer waiting/);
      await step(ann, first.id, 'cancel');
      expect((await requestTrade(cal, { kind: 'claim', shiftId })).status).toBe('pending');
      // Two at the same moment: one gets it, the other is told why not.
      const race = await publishedShift({ userId: null, teamId: team, date: '2031-03-19' });
      const answers = await Promise.all(
        [ann, cal].map((who) =>
          callApi(app, who.cookie, 'POST', '/api/shift-trades', { kind: 'claim', shiftId: race }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect(
        await db().select().from(shiftTrades).where(eq(shiftTrades.shiftId, race)),
      ).toHaveLength(1);
    });

    it('a claim whose shift was changed on the board since is refused at approval, with why', async () => {
      const shiftId = await publishedShift({ userId: null, teamId: team, date: '2031-03-18' });
      const claim = await requestTrade(ann, { kind: 'claim', shiftId });
      // A planner moves its start; not published yet.
      await db()
        .update(shifts)
        .set({ startTime: '10:00', version: 2 })
        .where(eq(shifts.id, shiftId));

      const [result] = await decide(
        app,
        admin.cookie,
        [{ type: 'shift_trade', id: claim.id }],
        'approve',
      );

      expect(result).toMatchObject({ ok: false });
      expect(result?.message).toMatch(/changed on the roster after it was published/);
      expect(await shiftOwners(shiftId)).toMatchObject({ board: null, published: null });
      const queue = approvalsResponseSchema.parse(
        await expectApi(app, admin.cookie, 'GET', '/api/approvals?type=shift_trade', 200),
      );
      const item = queue.items.find((each) => each.request.id === claim.id);
      expect(item?.type === 'shift_trade' && item.request.problems).toEqual([
        expect.stringMatching(/changed on the roster/),
      ]);
      // It can still be rejected.
      const [rejected] = await decide(
        app,
        admin.cookie,
        [{ type: 'shift_trade', id: claim.id }],
        'reject',
      );
      expect(rejected?.ok).toBe(true);
    });
  });

  it('publishing a change to a shift withdraws the trade waiting on it and tells both people', async () => {
    const shiftId = await publishedShift({ userId: ann.user.id, teamId: team, date: '2031-03-24' });
    const swap = await requestTrade(ann, { kind: 'swap', shiftId, colleagueId: ben.user.id });
    await step(ben, swap.id, 'accept');
    // The lead moves the shift an hour later and publishes the week.
    await expectApi(app, lead.cookie, 'PUT', `/api/roster/shifts/${shiftId}`, 200, {
      userId: ann.user.id,
      date: '2031-03-24',
      startTime: '10:00',
      endTime: '18:00',
      lunchStart: null,
      lunchEnd: null,
      breakDurationMins: 15,
      position: null,
      note: null,
    });
    await expectApi(app, lead.cookie, 'POST', '/api/roster/publish', 200, {
      weekStart: '2031-03-24',
      teamId: team,
    });

    const [row] = await db().select().from(shiftTrades).where(eq(shiftTrades.id, swap.id));
    expect(row).toMatchObject({
      status: 'cancelled',
      decisionComment: 'The shift was changed on the roster',
    });
    expect(await messageKeysOf(ann.user.id)).toContain('shift_trade.voided');
    expect(await messageKeysOf(ben.user.id)).toContain('shift_trade.voided');
    // The shift stays Ann's, as published; a new offer may be made.
    expect(await shiftOwners(shiftId)).toMatchObject({ board: ann.user.id, inSync: true });
    await requestTrade(ann, { kind: 'drop', shiftId });
  });

  describe('swaps and drops', () => {
    it('a swap offered to a colleague who declines', async () => {
      const shiftId = await publishedShift({
        userId: ann.user.id,
        teamId: team,
        date: '2031-04-01',
      });

      const swap = await requestTrade(ann, {
        kind: 'swap',
        shiftId,
        colleagueId: ben.user.id,
        note: 'Dentist',
      });
      expect(swap).toMatchObject({
        status: 'offered',
        takerId: ben.user.id,
        takerName: 'Ben Baker',
      });
      const market = shiftMarketResponseSchema.parse(
        await expectApi(app, ben.cookie, 'GET', '/api/shift-market', 200),
      );
      expect(market.offers.map((offer) => offer.id)).toContain(swap.id);
      // Offered, not waiting for a manager: not in the queue.
      const queue = approvalsResponseSchema.parse(
        await expectApi(app, admin.cookie, 'GET', '/api/approvals?type=shift_trade', 200),
      );
      expect(queue.items.map((each) => each.request.id)).not.toContain(swap.id);
      // Only Ben may answer it.
      expect((await refused(cal, `/api/shift-trades/${swap.id}/decline`)).status).toBe(403);

      const declined = await step(ben, swap.id, 'decline');

      expect(declined.status).toBe('declined');
      expect(await shiftOwners(shiftId)).toMatchObject({ board: ann.user.id });
      const keys = await db()
        .select({ key: notifications.messageKey })
        .from(notifications)
        .where(
          and(
            eq(notifications.occasionKey, `shift_trade:${swap.id}:declined`),
            eq(notifications.userId, ann.user.id),
          ),
        );
      expect(keys).toEqual([{ key: 'shift_trade.declined' }]);
      expect(await messageKeysOf(ben.user.id)).toContain('shift_trade.offered');
      expect(await auditRowsFor(db(), swap.id, 'shift_trade.decline')).toHaveLength(1);
    });

    it('a swap accepted by the colleague and approved by the team lead moves the shift', async () => {
      await expectApi(app, admin.cookie, 'PUT', '/api/approvals/settings', 200, {
        teamLeadsApproveTheirTeam: true,
      });
      const shiftId = await publishedShift({
        userId: cal.user.id,
        teamId: team,
        date: '2031-04-02',
      });
      const swap = await requestTrade(cal, { kind: 'swap', shiftId, colleagueId: ben.user.id });

      const accepted = await step(ben, swap.id, 'accept');
      expect(accepted.status).toBe('pending');
      // The swap is Cal's request: in Cal's list, not in Ben's.
      const mine = async (who: Person) =>
        shiftMarketResponseSchema
          .parse(await expectApi(app, who.cookie, 'GET', '/api/shift-market', 200))
          .mine.map((trade) => trade.id);
      expect(await mine(cal)).toContain(swap.id);
      expect(await mine(ben)).not.toContain(swap.id);
      const queue = approvalsResponseSchema.parse(
        await expectApi(app, lead.cookie, 'GET', '/api/approvals?type=shift_trade', 200),
      );
      expect(queue.items.map((each) => each.request.id)).toContain(swap.id);

      const [result] = await decide(
        app,
        lead.cookie,
        [{ type: 'shift_trade', id: swap.id }],
        'approve',
      );

      expect(result).toEqual({ id: swap.id, ok: true, message: null });
      expect(await shiftOwners(shiftId)).toEqual({
        board: ben.user.id,
        published: ben.user.id,
        inSync: true,
      });
      const calKeys = await messageKeysOf(cal.user.id);
      expect(calKeys).toEqual(
        expect.arrayContaining(['shift_trade.taken', 'shift_trade.approved']),
      );
      expect(await messageKeysOf(ben.user.id)).toContain('shift_trade.given');
      expect(await auditRowsFor(db(), swap.id, 'shift_trade.accept')).toHaveLength(1);
      expect(await auditRowsFor(db(), swap.id, 'shift_trade.approve')).toHaveLength(1);
      // Nobody approves their own claim.
      const open = await publishedShift({ userId: null, teamId: team, date: '2031-04-04' });
      const leadClaim = await requestTrade(lead, { kind: 'claim', shiftId: open });
      const [own] = await decide(
        app,
        lead.cookie,
        [{ type: 'shift_trade', id: leadClaim.id }],
        'approve',
      );
      expect(own).toMatchObject({ ok: false, message: 'Nobody approves their own request' });
      // The lead cannot decide it again.
      const [again] = await decide(
        app,
        lead.cookie,
        [{ type: 'shift_trade', id: swap.id }],
        'reject',
      );
      expect(again).toMatchObject({ ok: false, message: 'This swap was already approved' });
    });

    it('a dropped shift taken by a colleague and rejected stays with its owner', async () => {
      const shiftId = await publishedShift({
        userId: ann.user.id,
        teamId: team,
        date: '2031-04-03',
      });
      const drop = await requestTrade(ann, { kind: 'drop', shiftId });
      expect(drop).toMatchObject({ status: 'offered', takerId: null });
      // The team's eligible people hear of it; Ola (another team) does not.
      expect(await messageKeysOf(cal.user.id)).toContain('shift_trade.offered');
      expect(await messageKeysOf(ola.user.id)).not.toContain('shift_trade.offered');
      expect((await refused(ola, `/api/shift-trades/${drop.id}/accept`)).status).toBe(409);
      expect((await refused(ben, `/api/shift-trades/${drop.id}/decline`)).status).toBe(409);

      const taken = await step(cal, drop.id, 'accept');
      expect(taken).toMatchObject({ status: 'pending', takerId: cal.user.id });

      const [result] = await decide(
        app,
        admin.cookie,
        [{ type: 'shift_trade', id: drop.id }],
        'reject',
        'Cal is needed elsewhere',
      );

      expect(result?.ok).toBe(true);
      expect(await shiftOwners(shiftId)).toEqual({
        board: ann.user.id,
        published: ann.user.id,
        inSync: true,
      });
      const [trade] = await db().select().from(shiftTrades).where(eq(shiftTrades.id, drop.id));
      expect(trade).toMatchObject({
        status: 'rejected',
        decisionComment: 'Cal is needed elsewhere',
      });
      expect(await auditRowsFor(db(), drop.id, 'shift_trade.reject')).toHaveLength(1);
      const rejected = await db()
        .select({ key: notifications.messageKey })
        .from(notifications)
        .where(eq(notifications.occasionKey, `decision:shift_trade:${drop.id}`));
      expect(rejected).toEqual([{ key: 'shift_trade.rejected_comment' }]);
    });

    it('only the owner offers a shift, and only the one who asked withdraws it', async () => {
      const shiftId = await publishedShift({
        userId: ann.user.id,
        teamId: team,
        date: '2031-04-06',
      });

      const notYours = await refused(ben, '/api/shift-trades', { kind: 'drop', shiftId });
      expect(notYours).toEqual({ status: 403, message: 'This shift is not yours' });

      const swap = await requestTrade(ann, { kind: 'swap', shiftId, colleagueId: ben.user.id });
      expect((await refused(ben, `/api/shift-trades/${swap.id}/cancel`)).status).toBe(403);
      await step(ben, swap.id, 'accept');
      // Still withdrawable while it waits for a manager.
      const cancelled = await step(ann, swap.id, 'cancel');
      expect(cancelled.status).toBe('cancelled');
      expect(await refused(ann, `/api/shift-trades/${swap.id}/cancel`)).toEqual({
        status: 409,
        message: 'This swap was already withdrawn',
      });
      expect(await auditRowsFor(db(), swap.id, 'shift_trade.cancel')).toHaveLength(1);
      // A swap to someone who already works that day is refused: a published shift…
      await publishedShift({
        userId: cal.user.id,
        teamId: team,
        date: '2031-04-06',
        startTime: '18:00',
        endTime: '22:00',
      });
      const busy = await refused(ann, '/api/shift-trades', {
        kind: 'swap',
        shiftId,
        colleagueId: cal.user.id,
      });
      expect(busy).toEqual({
        status: 409,
        message: 'Cal Cole: Already has a shift that day (6:00 PM–10:00 PM); one shift a day',
      });
      // …and one still only planned takes the day (one shift a day on the board).
      await db().insert(shifts).values({
        userId: ben.user.id,
        teamId: team,
        date: '2031-04-06',
        startTime: '18:00',
        endTime: '22:00',
      });
      const planned = await refused(ann, '/api/shift-trades', {
        kind: 'swap',
        shiftId,
        colleagueId: ben.user.id,
      });
      expect(planned.status).toBe(409);
      expect(planned.message).toBe('Ben Baker already has a shift on Apr 6, 2031');
    });
  });
});
