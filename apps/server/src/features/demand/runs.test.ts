import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SolverResult, SolverRun } from '@punchclock/shared/contracts/demand';
import { businessInstant } from '@punchclock/shared/domain/business-time';
import { getWeekDates } from '@punchclock/shared/domain/schedule';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  availabilityExceptions,
  payRates,
  profiles,
  shifts,
  solverRuns,
  staffingRequirements,
  timeOffRequests,
} from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { timeOffTypeId } from '../../test/approvals.ts';
import { testConfig } from '../../test/config.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { seedDraftShift } from '../../test/roster-fixtures.ts';
import { callApi } from '../../test/schedules.ts';
import { auditRowsFor, seedTeam, setTeamOf } from '../../test/users.ts';
import { processNextSolverRun, type RunJobLog, type SolveRoster } from './run-job.ts';
import { TooManyCandidates } from './solver/candidates.ts';
import type { RosterProblem, SolvedShift } from './solver/types.ts';

/** A Sunday-started week far from any lock (2031-03-09 is a Sunday). */
const WEEK = getWeekDates('2031-03-09');
const [SUN, MON, TUE, WED] = WEEK as [string, string, string, string];
const TZ = 'America/Toronto';

/** What a test solver answers: a fixed result around the shifts it is given. */
function answerOf(shifts: SolvedShift[], outcome: SolverResult['outcome'] = 'optimal') {
  const result: SolverResult = {
    outcome,
    shiftsAdded: shifts.length,
    requiredHours: 16,
    coveredHours: 16,
    shortfallHours: 0,
    overHours: 0,
    coverage: 1,
    cost: { labour: 1, overtime: 0, underCoverage: 0, overCoverage: 0, preferences: 0, total: 1 },
    gap: 0.004,
    seconds: 0.1,
    people: 2,
    candidateShifts: 10,
    parts: 1,
    notes: [],
  };
  return { result, shifts };
}

const day = (userId: string, date: string, position: string | null = null): SolvedShift => ({
  userId,
  date,
  startTime: '09:00',
  endTime: '17:00',
  lunchStart: '12:30',
  lunchEnd: '13:00',
  breakDurationMins: 15,
  position,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Crew {
  teamId: string;
  lead: TestUser;
  leadCookie: string;
  ada: TestUser;
  bea: TestUser;
}

describeEachDatabase('auto-fill runs', (getDatabase) => {
  let app: FastifyInstance;
  let db: Db;
  let config: AppConfig;
  let otherLeadCookie: string;
  let employeeCookie: string;

  beforeAll(async () => {
    db = getDatabase().db;
    config = testConfig();
    app = await buildTestApp(getDatabase().database);
    const otherLead = await createTestUser(db, { role: 'team_lead' });
    await seedTeam(db, { leadUserId: otherLead.id });
    otherLeadCookie = await signInAs(app, otherLead.email, otherLead.password);
    const employee = await createTestUser(db);
    employeeCookie = await signInAs(app, employee.email, employee.password);
  });
  afterAll(async () => {
    await app.close();
  });

  const api = (cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    callApi(app, cookie, method, url, payload);

  function expectStatus(response: LightMyRequestResponse, status: number) {
    expect(response.statusCode, response.body).toBe(status);
  }

  async function newCrew(): Promise<Crew> {
    const lead = await createTestUser(db, { role: 'team_lead', name: 'Lee Lead' });
    const team = await seedTeam(db, { leadUserId: lead.id });
    const ada = await createTestUser(db, { name: 'Ada Filled' });
    const bea = await createTestUser(db, { name: 'Bea Filled' });
    await setTeamOf(db, [ada.id, bea.id], team.id);
    return {
      teamId: team.id,
      lead,
      leadCookie: await signInAs(app, lead.email, lead.password),
      ada,
      bea,
    };
  }

  async function queue(crew: Crew): Promise<SolverRun> {
    const response = await api(crew.leadCookie, 'POST', '/api/demand/solver-runs', {
      teamId: crew.teamId,
      weekStart: WED,
      timeLimitSeconds: 10,
    });
    expectStatus(response, 202);
    return (response.json() as { run: SolverRun }).run;
  }

  async function readRun(crew: Crew, id: string): Promise<SolverRun> {
    const response = await api(crew.leadCookie, 'GET', `/api/demand/solver-runs/${id}`);
    expectStatus(response, 200);
    return (response.json() as { run: SolverRun }).run;
  }

  /** The job's log: what it reports, kept for the tests to read. */
  const logged: { fields: Record<string, unknown>; message: string }[] = [];
  const log = {
    error: (fields: Record<string, unknown>, message: string) => {
      logged.push({ fields, message });
    },
  } as RunJobLog;

  /** Run the job until it finds nothing queued (the other tests' runs are done by then). */
  const work = (solve: SolveRoster, heartbeatMs = 20) =>
    processNextSolverRun(db, config, solve, log, { heartbeatMs });

  /** Leave no queued run for the next test's job pass. */
  async function drainQueue(): Promise<void> {
    await db.update(solverRuns).set({ status: 'cancelled' }).where(eq(solverRuns.status, 'queued'));
  }

  it('queues one live run per team and week; a second request finds it; audited', async () => {
    const crew = await newCrew();
    const run = await queue(crew);
    expect(run).toMatchObject({ status: 'queued', weekStart: SUN, progressPercent: 0 });
    const again = await api(crew.leadCookie, 'POST', '/api/demand/solver-runs', {
      teamId: crew.teamId,
      weekStart: SUN,
    });
    expectStatus(again, 200);
    expect((again.json() as { run: SolverRun }).run.id).toBe(run.id);
    const rows = await auditRowsFor(db, run.id, 'demand.autofill');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actorId).toBe(crew.lead.id);
    const list = await api(
      crew.leadCookie,
      'GET',
      `/api/demand/solver-runs?teamId=${crew.teamId}&weekStart=${TUE}`,
    );
    expectStatus(list, 200);
    expect((list.json() as { runs: SolverRun[] }).runs.map((each) => each.id)).toEqual([run.id]);
    await drainQueue();
  });

  it('keeps a team lead to their own teams, and employees out', async () => {
    const crew = await newCrew();
    const run = await queue(crew);
    const body = { teamId: crew.teamId, weekStart: SUN };
    expectStatus(await api(otherLeadCookie, 'POST', '/api/demand/solver-runs', body), 403);
    expectStatus(await api(otherLeadCookie, 'GET', `/api/demand/solver-runs/${run.id}`), 403);
    expectStatus(
      await api(otherLeadCookie, 'POST', `/api/demand/solver-runs/${run.id}/cancel`),
      403,
    );
    expectStatus(
      await api(
        otherLeadCookie,
        'GET',
        `/api/demand/solver-runs?teamId=${crew.teamId}&weekStart=${SUN}`,
      ),
      403,
    );
    expectStatus(await api(employeeCookie, 'POST', '/api/demand/solver-runs', body), 403);
    expectStatus(await api(crew.leadCookie, 'GET', '/api/demand/solver-runs/not-an-id'), 404);
    await drainQueue();
  });

  it('cancels a queued run at once, and then takes a new request', async () => {
    const crew = await newCrew();
    const run = await queue(crew);
    const cancelled = await api(
      crew.leadCookie,
      'POST',
      `/api/demand/solver-runs/${run.id}/cancel`,
    );
    expectStatus(cancelled, 200);
    expect((cancelled.json() as { run: SolverRun }).run.status).toBe('cancelled');
    expect(await auditRowsFor(db, run.id, 'demand.autofill.cancel')).toHaveLength(1);
    const next = await queue(crew);
    expect(next.id).not.toBe(run.id);
    await drainQueue();
  });

  it('builds the problem from the database, solves it and writes drafts, skipping days planned meanwhile', async () => {
    const crew = await newCrew();
    await db
      .update(profiles)
      .set({ positions: ['cashier'] })
      .where(eq(profiles.id, crew.ada.id));
    await db.insert(payRates).values({
      userId: crew.ada.id,
      effectiveFrom: '2030-01-01',
      hourlyCents: 2400,
    });
    // Monday: Ada already has a shift (locked); Tuesday: Bea is away all day.
    await seedDraftShift(db, {
      userId: crew.ada.id,
      teamId: crew.teamId,
      date: MON,
      startTime: '08:00',
      endTime: '16:00',
    });
    await db.insert(availabilityExceptions).values({
      userId: crew.bea.id,
      date: TUE,
      kind: 'unavailable',
      startTime: null,
      endTime: null,
    });
    const nine = businessInstant(TUE, '09:00', TZ);
    await db.insert(staffingRequirements).values([
      {
        teamId: crew.teamId,
        position: '',
        startsAt: nine,
        date: TUE,
        minutes: 30,
        required: 2,
        source: 'typed',
      },
      {
        teamId: crew.teamId,
        position: 'cashier',
        startsAt: nine,
        date: TUE,
        minutes: 30,
        required: 1,
        source: 'typed',
      },
    ]);
    const run = await queue(crew);

    let seen: RosterProblem | null = null;
    const solve: SolveRoster = async (problem) => {
      seen = problem;
      // Someone plans Bea's Wednesday while the solver works.
      await seedDraftShift(db, {
        userId: crew.bea.id,
        teamId: crew.teamId,
        date: WED,
        startTime: '10:00',
        endTime: '14:00',
      });
      return answerOf([
        day(crew.ada.id, TUE, 'cashier'),
        day(crew.bea.id, MON),
        day(crew.bea.id, WED),
      ]);
    };
    expect(await work(solve)).toBe(true);

    const problem = seen as RosterProblem | null;
    if (!problem) throw new Error('the solver was not called');
    expect(problem.weekDates).toEqual(WEEK);
    expect(problem.timeZone).toBe(TZ);
    expect(problem.rules).toEqual({
      dailyRestMinutes: 660,
      betweenShiftsMinutes: 480,
      weeklyMaxMinutes: 2880,
    });
    expect(problem.shape).toMatchObject({ lengthsMinutes: [480], earliestStart: '06:00' });
    expect(problem.demand).toEqual(
      expect.arrayContaining([
        { start: nine.getTime(), end: nine.getTime() + 1_800_000, position: '', required: 2 },
        {
          start: nine.getTime(),
          end: nine.getTime() + 1_800_000,
          position: 'cashier',
          required: 1,
        },
      ]),
    );
    const ada = problem.people.find((person) => person.id === crew.ada.id);
    const bea = problem.people.find((person) => person.id === crew.bea.id);
    expect(ada?.positions).toEqual(['cashier']);
    expect(ada?.hourlyCost).toBe(24);
    // Bea has no rate: the team's average.
    expect(bea?.hourlyCost).toBe(24);
    expect(ada?.overtime).toEqual({ weeklyThresholdMinutes: 44 * 60, premiumMultiplier: 0.5 });
    expect(ada?.locked).toEqual([
      expect.objectContaining({ date: MON, paidMinutes: 480, position: '' }),
    ]);
    expect(bea?.unavailable).toContainEqual({
      start: businessInstant(TUE, '00:00', TZ).getTime(),
      end: businessInstant(WED, '00:00', TZ).getTime(),
    });

    const done = await readRun(crew, run.id);
    expect(done.status).toBe('done');
    expect(done.progressPercent).toBe(100);
    expect(done.gap).toBe(0.004);
    expect(done.result?.shiftsAdded).toBe(2);
    expect(done.result?.notes.join(' ')).toContain('Bea Filled');
    const written = await db
      .select()
      .from(shifts)
      .where(and(eq(shifts.teamId, crew.teamId), eq(shifts.createdBy, crew.lead.id)));
    expect(written.map((row) => [row.userId, row.date, row.position]).sort()).toEqual(
      [
        [crew.ada.id, TUE, 'cashier'],
        [crew.bea.id, MON, null],
      ].sort(),
    );
    const applied = await auditRowsFor(db, run.id, 'demand.autofill.apply');
    expect(applied).toHaveLength(1);
    expect(applied[0]?.actorId).toBe(crew.lead.id);
    expect(applied[0]?.after).toMatchObject({
      shiftsAdded: 2,
      skipped: [{ userId: crew.bea.id, date: WED, reason: 'planned' }],
    });
    // The drafts are on the lead's board.
    const board = await api(
      crew.leadCookie,
      'GET',
      `/api/roster?weekStart=${SUN}&teamId=${crew.teamId}`,
    );
    expectStatus(board, 200);
    const boardShifts = (board.json() as { shifts: { userId: string; state: string }[] }).shifts;
    expect(boardShifts.filter((shift) => shift.state === 'draft')).toHaveLength(4);
  });

  it('checks each shift again at write-back: time off approved and shifts added meanwhile win', async () => {
    const crew = await newCrew();
    const run = await queue(crew);
    const solve: SolveRoster = async () => {
      // While the solver works: Ada's Tuesday off is approved; Bea gets a late Monday shift
      // that leaves her 5 hours before Tuesday 09:00 (8 are needed).
      await db.insert(timeOffRequests).values({
        userId: crew.ada.id,
        typeId: await timeOffTypeId(db, 'Unpaid'),
        startDate: TUE,
        endDate: TUE,
        daysX100: 100,
        status: 'approved',
      });
      await seedDraftShift(db, {
        userId: crew.bea.id,
        teamId: crew.teamId,
        date: MON,
        startTime: '20:00',
        endTime: '04:00',
      });
      return answerOf([day(crew.ada.id, TUE), day(crew.bea.id, TUE), day(crew.ada.id, WED)]);
    };
    expect(await work(solve)).toBe(true);
    const done = await readRun(crew, run.id);
    expect(done.status).toBe('done');
    expect(done.result?.shiftsAdded).toBe(1);
    const notes = done.result?.notes.join('\n') ?? '';
    expect(notes).toContain('Ada Filled’s shift on');
    expect(notes).toContain('Bea Filled’s shift on');
    const written = await db
      .select()
      .from(shifts)
      .where(and(eq(shifts.teamId, crew.teamId), eq(shifts.createdBy, crew.lead.id)));
    expect(written.map((row) => [row.userId, row.date])).toEqual([[crew.ada.id, WED]]);
    const applied = await auditRowsFor(db, run.id, 'demand.autofill.apply');
    expect(applied[0]?.after).toMatchObject({
      skipped: [
        { userId: crew.ada.id, date: TUE, reason: 'conflict' },
        { userId: crew.bea.id, date: TUE, reason: 'conflict' },
      ],
    });
  });

  it('saves progress with the heartbeat, and stops a running run when asked', async () => {
    const crew = await newCrew();
    const run = await queue(crew);
    let midway: SolverRun | null = null;
    const solve: SolveRoster = async (_problem, options) => {
      options.onProgress?.({ elapsedSeconds: 1, percent: 40.4, gap: 0.05 });
      await sleep(120);
      midway = await readRun(crew, run.id);
      const cancel = await api(crew.leadCookie, 'POST', `/api/demand/solver-runs/${run.id}/cancel`);
      expectStatus(cancel, 200);
      for (let waited = 0; !options.signal?.aborted && waited < 2_000; waited += 10)
        await sleep(10);
      return answerOf([], options.signal?.aborted ? 'cancelled' : 'optimal');
    };
    await work(solve);
    expect(midway).toMatchObject({ status: 'running', progressPercent: 40, gap: 0.05 });
    const after = await readRun(crew, run.id);
    expect(after.status).toBe('cancelled');
    expect(after.finishedAt).not.toBeNull();
    const written = await db.select().from(shifts).where(eq(shifts.teamId, crew.teamId));
    expect(written).toHaveLength(0);
  });

  it('fails a run whose solver went silent (any instance), and one whose solver threw', async () => {
    const crew = await newCrew();
    const [stale] = await db
      .insert(solverRuns)
      .values({
        teamId: crew.teamId,
        weekStart: SUN,
        status: 'running',
        timeLimitSeconds: 30,
        requestedBy: crew.lead.id,
        heartbeatAt: new Date(Date.now() - 5 * 60_000),
      })
      .returning();
    if (!stale) throw new Error('no run');
    const fresh = await db
      .insert(solverRuns)
      .values({
        teamId: crew.teamId,
        weekStart: '2031-03-16',
        status: 'running',
        timeLimitSeconds: 30,
        heartbeatAt: new Date(),
      })
      .returning();
    expect(await work(() => Promise.reject(new Error('unused')))).toBe(false);
    const failed = await readRun(crew, stale.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/stopped answering/);
    expect((await readRun(crew, fresh[0]?.id ?? '')).status).toBe('running');
    await db
      .update(solverRuns)
      .set({ status: 'failed' })
      .where(eq(solverRuns.id, fresh[0]?.id ?? ''));

    const run = await queue(crew);
    await work(() => Promise.reject(new Error('solver crashed: secret detail')));
    const crashed = await readRun(crew, run.id);
    expect(crashed.status).toBe('failed');
    expect(crashed.error).toBe('The auto-fill failed; the server log has the details.');
    // The app's log has it, with the run's id; the stored error does not.
    expect(logged.at(-1)).toMatchObject({
      fields: { runId: run.id, err: expect.any(Error) },
      message: 'solver run failed',
    });
  });

  it('says how to shrink a week too large to model, in the reader’s language', async () => {
    const crew = await newCrew();
    const run = await queue(crew);
    await work(() => Promise.reject(new TooManyCandidates(1_234_567)));
    const failed = await readRun(crew, run.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(
      /1234567 candidate shifts.*fewer shift lengths or a longer start step/,
    );
  });

  it('fails a run whose solver stopped without anybody cancelling it', async () => {
    const crew = await newCrew();
    const run = await queue(crew);
    // The worker exited on its own: the solver answers "cancelled", but nobody asked.
    expect(await work(async () => answerOf([day(crew.ada.id, TUE)], 'cancelled'))).toBe(true);
    const stopped = await readRun(crew, run.id);
    expect(stopped.status).toBe('failed');
    expect(stopped.error).toBe('The auto-fill failed; the server log has the details.');
    expect(logged.at(-1)).toMatchObject({ fields: { runId: run.id } });
  });

  it('writes nothing when another instance failed the run while it was solving', async () => {
    const crew = await newCrew();
    const run = await queue(crew);
    await work(async () => {
      await db.update(solverRuns).set({ status: 'failed' }).where(eq(solverRuns.id, run.id));
      return answerOf([day(crew.ada.id, TUE)]);
    });
    expect((await readRun(crew, run.id)).status).toBe('failed');
    expect(await db.select().from(shifts).where(eq(shifts.teamId, crew.teamId))).toHaveLength(0);
  });
});
