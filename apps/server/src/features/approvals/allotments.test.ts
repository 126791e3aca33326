import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { approvalsResponseSchema } from '@punchclock/shared/contracts/approvals';
import type { Role } from '@punchclock/shared/domain/roles';
import { allotmentDays, teamRosterSettings, timeOffRequests } from '../../db/schema.ts';
import { createTimeOff, timeOffTypeId } from '../../test/approvals.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { expectApi, seedTeam, setTeamOf } from '../../test/users.ts';

interface Person {
  user: TestUser;
  cookie: string;
}

/**
 * Time-off allotments (#30 item 6): a waiting request is flagged to the approver on the days its
 * team already has as many people off (approved or waiting) as its allotment allows.
 */
describeEachDatabase('time-off allotments on the approvals queue', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let admin: Person;
  let alice: Person;
  let team: string;
  let unpaid: string;

  async function person(role: Role, teamId: string | null): Promise<Person> {
    const user = await createTestUser(db(), { role });
    if (teamId) await setTeamOf(db(), [user.id], teamId);
    return { user, cookie: await signInAs(app, user.email, user.password) };
  }

  async function timeOff(
    userId: string,
    date: string,
    status: 'approved' | 'pending' | 'rejected',
  ) {
    await db()
      .insert(timeOffRequests)
      .values({ userId, typeId: unpaid, startDate: date, endDate: date, daysX100: 100, status });
  }

  async function flagsOf(requestId: string) {
    const queue = approvalsResponseSchema.parse(
      await expectApi(app, admin.cookie, 'GET', '/api/approvals?type=time_off', 200),
    );
    const item = queue.items.find((each) => each.request.id === requestId);
    return item?.type === 'time_off' ? item.request.overAllotment : 'missing';
  }

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    unpaid = await timeOffTypeId(db(), 'Unpaid');
    team = (await seedTeam(db())).id;
    const otherTeam = (await seedTeam(db())).id;
    admin = await person('admin', null);
    alice = await person('employee', team);
    const bob = await person('employee', team);
    const carol = await person('employee', team);
    const dave = await person('employee', team);
    const olga = await person('employee', otherTeam);
    await db().insert(teamRosterSettings).values({ teamId: team, maxOffPerDay: 1 });
    // Mon 2031-05-05: Bob is off (approved), Dave was refused, Olga of another team is off.
    await timeOff(bob.user.id, '2031-05-05', 'approved');
    await timeOff(dave.user.id, '2031-05-05', 'rejected');
    await timeOff(olga.user.id, '2031-05-05', 'approved');
    // Tue 2031-05-06: Carol asked (waiting). Wed 2031-05-07: nobody.
    await timeOff(carol.user.id, '2031-05-06', 'pending');
  });
  afterAll(async () => {
    await app.close();
  });

  it('flags the days the team allotment is already used up by others, approved or waiting', async () => {
    const request = await createTimeOff(app, alice.cookie, {
      typeId: unpaid,
      startDate: '2031-05-05',
      endDate: '2031-05-07',
    });

    expect(await flagsOf(request.id)).toEqual([
      { date: '2031-05-05', maxOff: 1, offCount: 1 },
      { date: '2031-05-06', maxOff: 1, offCount: 1 },
    ]);

    // A day's own allotment takes the place of the team's usual one.
    await db().insert(allotmentDays).values({ teamId: team, date: '2031-05-05', maxOff: 2 });
    await db().insert(allotmentDays).values({ teamId: team, date: '2031-05-07', maxOff: 0 });
    expect(await flagsOf(request.id)).toEqual([
      { date: '2031-05-06', maxOff: 1, offCount: 1 },
      { date: '2031-05-07', maxOff: 0, offCount: 0 },
    ]);
  });

  it('flags nothing for a team without an allotment', async () => {
    const loner = await person('employee', (await seedTeam(db())).id);
    const request = await createTimeOff(app, loner.cookie, {
      typeId: unpaid,
      startDate: '2031-05-05',
      endDate: '2031-05-05',
    });

    expect(await flagsOf(request.id)).toEqual([]);
  });
});
