import { beforeAll, expect, it } from 'vitest';
import type { Role } from '@punchclock/shared/domain/roles';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { seedTeam, setTeamOf } from '../../test/users.ts';
import {
  assertCanSeePerson,
  canSeePerson,
  canSeeTeam,
  isTeamInScope,
  teamScopeOf,
  type Caller,
} from './caller.ts';

const callerOf = (user: TestUser): Caller => ({ userId: user.id, role: user.role });

it('a null scope holds every team and the teamless; a list only its own teams', () => {
  expect(isTeamInScope(null, 't1')).toBe(true);
  expect(isTeamInScope(null, null)).toBe(true);
  expect(isTeamInScope(['t1'], 't1')).toBe(true);
  expect(isTeamInScope(['t1'], 't2')).toBe(false);
  expect(isTeamInScope(['t1'], null)).toBe(false);
  expect(isTeamInScope([], 't1')).toBe(false);
});

describeEachDatabase('who may see whom (the team-lead scope)', (getDatabase) => {
  const db = () => getDatabase().db;
  const callers = {} as Record<Role | 'idle_lead', TestUser>;
  let ledTeamId = '';
  let otherTeamId = '';
  let member: TestUser;
  let outsider: TestUser;
  let teamless: TestUser;

  beforeAll(async () => {
    for (const role of ['admin', 'sme', 'team_lead', 'employee'] as const)
      callers[role] = await createTestUser(db(), { role });
    callers.idle_lead = await createTestUser(db(), { role: 'team_lead' });
    ledTeamId = (await seedTeam(db(), { leadUserId: callers.team_lead.id })).id;
    otherTeamId = (await seedTeam(db())).id;
    member = await createTestUser(db());
    outsider = await createTestUser(db());
    teamless = await createTestUser(db());
    await setTeamOf(db(), [member.id, callers.employee.id], ledTeamId);
    await setTeamOf(db(), [outsider.id], otherTeamId);
  });

  it('admins and SMEs see every team and every person, teamless ones too', async () => {
    for (const role of ['admin', 'sme'] as const) {
      const caller = callerOf(callers[role]);
      expect(await teamScopeOf(db(), caller)).toBeNull();
      expect(await canSeeTeam(db(), caller, otherTeamId)).toBe(true);
      for (const person of [member, outsider, teamless])
        expect(await canSeePerson(db(), caller, person.id)).toBe(true);
    }
  });

  it('a team lead sees the teams they lead and only their people', async () => {
    const caller = callerOf(callers.team_lead);
    expect(await teamScopeOf(db(), caller)).toEqual([ledTeamId]);
    expect(await canSeeTeam(db(), caller, ledTeamId)).toBe(true);
    expect(await canSeeTeam(db(), caller, otherTeamId)).toBe(false);
    expect(await canSeePerson(db(), caller, member.id)).toBe(true);
    expect(await canSeePerson(db(), caller, outsider.id)).toBe(false);
    expect(await canSeePerson(db(), caller, teamless.id)).toBe(false);
    await expect(assertCanSeePerson(db(), caller, outsider.id)).rejects.toThrow(
      'You can see your own team only',
    );
    await expect(assertCanSeePerson(db(), caller, member.id)).resolves.toBeUndefined();
  });

  it('a team lead who leads no team sees nobody', async () => {
    const caller = callerOf(callers.idle_lead);
    expect(await teamScopeOf(db(), caller)).toEqual([]);
    expect(await canSeeTeam(db(), caller, ledTeamId)).toBe(false);
    expect(await canSeePerson(db(), caller, member.id)).toBe(false);
  });

  it('an employee sees no team, not even their own', async () => {
    const caller = callerOf(callers.employee);
    expect(await teamScopeOf(db(), caller)).toEqual([]);
    expect(await canSeeTeam(db(), caller, ledTeamId)).toBe(false);
    expect(await canSeePerson(db(), caller, member.id)).toBe(false);
  });
});
