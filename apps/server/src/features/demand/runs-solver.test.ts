import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CoverageResponse, SolverRun } from '@punchclock/shared/contracts/demand';
import { businessInstant } from '@punchclock/shared/domain/business-time';
import type { Db } from '../../db/client.ts';
import { availabilityExceptions, shifts, staffingRequirements } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { testConfig } from '../../test/config.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { expectApi, seedTeam, setTeamOf } from '../../test/users.ts';
import { processNextSolverRun } from './run-job.ts';
import { solveRoster } from './solver/solve.ts';

const TZ = 'America/Toronto';
const TUE = '2031-03-11';

describeEachDatabase('auto-fill with the real solver', (getDatabase) => {
  let app: FastifyInstance;
  let db: Db;

  beforeAll(async () => {
    db = getDatabase().db;
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  it('fills a day’s requirement with drafts that respect availability, and coverage shows them planned', async () => {
    const lead = await createTestUser(db, { role: 'team_lead' });
    const teamId = (await seedTeam(db, { leadUserId: lead.id })).id;
    const cookie = await signInAs(app, lead.email, lead.password);
    const ada = await createTestUser(db, { name: 'Ada Solved' });
    const bea = await createTestUser(db, { name: 'Bea Away' });
    await setTeamOf(db, [ada.id, bea.id], teamId);
    await db.insert(availabilityExceptions).values({
      userId: bea.id,
      date: TUE,
      kind: 'unavailable',
      startTime: null,
      endTime: null,
    });
    // One person 09:00–17:00 on Tuesday.
    const rows = Array.from({ length: 16 }, (_, index) => {
      const startsAt = new Date(businessInstant(TUE, '09:00', TZ).getTime() + index * 1_800_000);
      return {
        teamId,
        position: '',
        startsAt,
        date: TUE,
        minutes: 30,
        required: 1,
        source: 'typed',
      };
    });
    await db.insert(staffingRequirements).values(rows);

    const { run } = await expectApi<{ run: SolverRun }>(
      app,
      cookie,
      'POST',
      '/api/demand/solver-runs',
      202,
      {
        teamId,
        weekStart: TUE,
        timeLimitSeconds: 20,
      },
    );
    expect(await processNextSolverRun(db, testConfig(), solveRoster, { error: () => {} })).toBe(
      true,
    );
    const { run: done } = await expectApi<{ run: SolverRun }>(
      app,
      cookie,
      'GET',
      `/api/demand/solver-runs/${run.id}`,
      200,
    );
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.result?.shiftsAdded).toBeGreaterThanOrEqual(1);
    expect(done.result?.coverage).toBeGreaterThan(0.8);

    const written = await db
      .select()
      .from(shifts)
      .where(and(eq(shifts.teamId, teamId), eq(shifts.date, TUE)));
    expect(written.length).toBeGreaterThanOrEqual(1);
    expect(written.every((shift) => shift.userId === ada.id)).toBe(true);
    expect(written.every((shift) => shift.createdBy === lead.id)).toBe(true);

    const coverage = await callApi(
      app,
      cookie,
      'GET',
      `/api/demand/coverage?teamId=${teamId}&date=${TUE}`,
    );
    expect(coverage.statusCode, coverage.body).toBe(200);
    const noon = (coverage.json() as CoverageResponse).intervals.find(
      (each) => each.startTime === '10:00',
    );
    expect(noon?.planned).toBe(1);
    expect(noon?.scheduled).toBe(0);
  }, 60_000);
});
