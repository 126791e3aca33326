import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  directoryResponseSchema,
  listUsersResponseSchema,
  USER_SORTS,
  type ListUsersResponse,
  type Team,
  type UserRow,
} from '@punchclock/shared/contracts/users';
import { ROLES, type Role } from '@punchclock/shared/domain/roles';
import { profiles, users } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { recordEvent } from '../../test/time-tracking.ts';
import { bulkInsertUsers, seedTeam, setTeamOf, type BulkUser } from '../../test/users.ts';

type Sort = (typeof USER_SORTS)[number];

/** A lowercase tag (letters only) that no other test's names or emails contain. */
const newTag = () =>
  `q${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

describeEachDatabase('GET /api/users', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  const cookies = new Map<Role, string>();

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    for (const role of ROLES) {
      const user = await createTestUser(db(), { role });
      cookies.set(role, await signInAs(app, user.email, user.password));
    }
  });
  afterAll(async () => {
    await app.close();
  });

  async function list(query: string, role: Role = 'admin'): Promise<ListUsersResponse> {
    const response = await callApi(app, cookies.get(role) ?? null, 'GET', `/api/users${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body: ListUsersResponse = response.json();
    expect(listUsersResponseSchema.parse(body)).toEqual(body);
    return body;
  }

  describe('who may list', () => {
    let tag: string;
    let lead: TestUser;
    let leadCookie: string;
    let ledTeams: Team[];
    let otherTeam: Team;
    let members: Record<'ledA' | 'ledB' | 'suspendedLed' | 'other' | 'teamless', TestUser>;

    beforeAll(async () => {
      tag = newTag();
      lead = await createTestUser(db(), { role: 'team_lead', name: `${tag} lead` });
      leadCookie = await signInAs(app, lead.email, lead.password);
      ledTeams = [
        await seedTeam(db(), { leadUserId: lead.id }),
        await seedTeam(db(), { leadUserId: lead.id }),
      ];
      otherTeam = await seedTeam(db());
      const person = (name: string, suspended = false) =>
        createTestUser(db(), { name: `${tag} ${name}`, suspended });
      members = {
        ledA: await person('alma'),
        ledB: await person('bert'),
        suspendedLed: await person('cora', true),
        other: await person('dina'),
        teamless: await person('emil'),
      };
      const [teamA, teamB] = ledTeams as [Team, Team];
      await setTeamOf(db(), [members.ledA.id, members.suspendedLed.id], teamA.id);
      await setTeamOf(db(), [members.ledB.id], teamB.id);
      await setTeamOf(db(), [members.other.id], otherTeam.id);
    });

    it('admin sees everyone and may edit', async () => {
      const body = await list(`?search=${tag}`);
      expect(body.canEdit).toBe(true);
      expect(body.total).toBe(6);
      expect(body.users.map((user) => user.name)).toEqual(
        ['alma', 'bert', 'cora', 'dina', 'emil', 'lead'].map((name) => `${tag} ${name}`),
      );
    });

    it('a team lead sees only the people of the teams they lead, read-only', async () => {
      const response = await callApi(app, leadCookie, 'GET', `/api/users?search=${tag}`);
      expect(response.statusCode).toBe(200);
      const body: ListUsersResponse = response.json();
      expect(body.canEdit).toBe(false);
      expect(body.total).toBe(3);
      expect(body.users.map((user) => user.id)).toEqual(
        [members.ledA, members.ledB, members.suspendedLed].map((user) => user.id),
      );
      // Without a search too: nobody from other teams, nobody without a team.
      const all: ListUsersResponse = (
        await callApi(app, leadCookie, 'GET', '/api/users?pageSize=100')
      ).json();
      expect(all.total).toBe(3);
      expect(new Set(all.users.map((user) => user.teamId))).toEqual(
        new Set(ledTeams.map((team) => team.id)),
      );
      // Filters narrow within their teams and never widen beyond them.
      const [teamA] = ledTeams as [Team];
      const narrowed: ListUsersResponse = (
        await callApi(app, leadCookie, 'GET', `/api/users?teamId=${teamA.id}&status=active`)
      ).json();
      expect(narrowed.users.map((user) => user.id)).toEqual([members.ledA.id]);
      const elsewhere: ListUsersResponse = (
        await callApi(app, leadCookie, 'GET', `/api/users?teamId=${otherTeam.id}`)
      ).json();
      expect(elsewhere).toMatchObject({ users: [], total: 0, canEdit: false });
    });

    it('a team lead who leads no team sees nobody', async () => {
      const body = await list('?pageSize=100', 'team_lead');
      expect(body).toMatchObject({ users: [], total: 0, canEdit: false });
    });

    it.each(['employee', 'sme'] as const)('%s gets 403', async (role) => {
      const response = await callApi(app, cookies.get(role) ?? null, 'GET', '/api/users');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'You do not have access to this',
        code: 'forbidden',
      });
    });

    it('anonymous gets 401', async () => {
      const response = await callApi(app, null, 'GET', '/api/users');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please sign in', code: 'unauthorized' });
    });

    it('GET /api/users/directory lists everyone compactly (admin only)', async () => {
      const response = await callApi(
        app,
        cookies.get('admin') ?? null,
        'GET',
        '/api/users/directory',
      );
      expect(response.statusCode).toBe(200);
      const body = directoryResponseSchema.parse(response.json());
      expect(body.users.find((user) => user.id === members.suspendedLed.id)).toEqual({
        id: members.suspendedLed.id,
        email: members.suspendedLed.email,
        name: `${tag} cora`,
        role: 'employee',
        teamId: ledTeams[0]?.id,
        isSuspended: true,
      });
      const [firstEntry] = response.json().users as Record<string, unknown>[];
      expect(Object.keys(firstEntry ?? {}).sort()).toEqual(
        ['email', 'id', 'isSuspended', 'name', 'role', 'teamId'].sort(),
      );
      expect(response.body).not.toMatch(/password|hash|argon2/i);
      expect((await callApi(app, leadCookie, 'GET', '/api/users/directory')).statusCode).toBe(403);
    });
  });

  describe('search', () => {
    let tag: string;
    let people: Record<string, TestUser>;

    beforeAll(async () => {
      tag = newTag();
      const person = (name: string, local: string) =>
        createTestUser(db(), { name, email: `${local}@${tag}.example` });
      people = {
        percent: await person(`Rate 50% ${tag}`, 'percent'),
        fiveHundred: await person(`Rate 500 ${tag}`, 'fivehundred'),
        underscore: await person(`Snake a_b ${tag}`, 'underscore'),
        lookalike: await person(`Snake axb ${tag}`, 'lookalike'),
        backslash: await person(`Slash a\\b ${tag}`, 'backslash'),
        mixedCase: await person(`MiXeD CaSe ${tag}`, 'mixed.case'),
      };
    });

    const searchFor = async (search: string) =>
      emailsOf(await list(`?search=${encodeURIComponent(search)}&pageSize=100`));

    it('matches names and emails, case-insensitively', async () => {
      expect(await searchFor(`mixed case ${tag.toUpperCase()}`)).toEqual([people.mixedCase?.email]);
      expect(await searchFor('MIXED.CASE@')).toEqual([people.mixedCase?.email]);
      expect((await searchFor(tag.toUpperCase())).sort()).toEqual(
        Object.values(people)
          .map((person) => person.email)
          .sort(),
      );
    });

    it('takes % and _ (and \\) literally', async () => {
      expect(await searchFor(`50% ${tag}`)).toEqual([people.percent?.email]);
      expect(await searchFor('rate 5%0')).toEqual([]);
      expect(await searchFor(`a_b ${tag}`)).toEqual([people.underscore?.email]);
      expect(await searchFor(`a\\b ${tag}`)).toEqual([people.backslash?.email]);
      // Alone, they match only names or emails that contain them.
      expect(await searchFor('%')).toEqual([people.percent?.email]);
      const underscores = await list(`?search=_&pageSize=100`);
      expect(emailsOf(underscores)).toContain(people.underscore?.email);
      expect(emailsOf(underscores)).not.toContain(people.lookalike?.email);
      for (const user of underscores.users) expect(`${user.name} ${user.email}`).toContain('_');
    });

    it('trims the search and finds nothing for a stranger', async () => {
      expect(await searchFor(`   MIXED.CASE@${tag}   `)).toEqual([people.mixedCase?.email]);
      expect(await list(`?search=${tag}zzz`)).toMatchObject({ users: [], total: 0 });
    });
  });

  describe('filters, sorting and paging', () => {
    let tag: string;
    let teamA: Team;
    let teamB: Team;
    /** Five people whose values differ in every sortable column (with ties and nulls). */
    let rows: Array<{
      id: string;
      name: string | null;
      email: string;
      role: Role;
      team: string | null;
      lastSignIn: string | null;
      created: string;
    }>;

    beforeAll(async () => {
      tag = newTag();
      teamA = await seedTeam(db(), { name: `${tag} team a` });
      teamB = await seedTeam(db(), { name: `${tag} team b` });
      const specs = [
        { name: `${tag} delta`, local: 'b', role: 'employee', team: teamB, signIn: 3 },
        { name: null, local: 'e', role: 'admin', team: null, signIn: null },
        { name: `${tag} alpha`, local: 'd', role: 'sme', team: teamA, signIn: 1 },
        { name: `${tag} charlie`, local: 'a', role: 'team_lead', team: teamB, signIn: 2 },
        { name: `${tag} bravo`, local: 'c', role: 'employee', team: null, signIn: null },
      ] as const;
      rows = [];
      for (const [index, spec] of specs.entries()) {
        const user = await createTestUser(db(), {
          role: spec.role,
          name: spec.name,
          email: `${tag}${spec.local}@sort.example`,
        });
        const created = new Date(Date.UTC(2026, 0, 10 + index, 12)).toISOString();
        const lastSignIn =
          spec.signIn === null ? null : new Date(Date.UTC(2026, 5, spec.signIn, 8)).toISOString();
        await db()
          .update(users)
          .set({ createdAt: new Date(created) })
          .where(eq(users.id, user.id));
        await db()
          .update(profiles)
          .set({
            teamId: spec.team?.id ?? null,
            lastSignInAt: lastSignIn ? new Date(lastSignIn) : null,
            isSuspended: index === 3,
          })
          .where(eq(profiles.id, user.id));
        rows.push({
          id: user.id,
          name: spec.name,
          email: user.email,
          role: spec.role,
          team: spec.team?.name ?? null,
          lastSignIn,
          created,
        });
      }
    });

    const ids = (body: ListUsersResponse) => body.users.map((user) => user.id);

    /** The order the list promises: by the key, nulls last either way, then by id. */
    function expectedOrder(sort: Sort, direction: 'asc' | 'desc'): string[] {
      const keyOf = (row: (typeof rows)[number]): string | null => {
        switch (sort) {
          case 'name':
            return (row.name ?? row.email).toLowerCase();
          case 'email':
            return row.email.toLowerCase();
          case 'role':
            return row.role;
          case 'team':
            return row.team?.toLowerCase() ?? null;
          case 'lastSignIn':
            return row.lastSignIn;
          case 'created':
            return row.created;
        }
      };
      return [...rows]
        .sort((a, b) => {
          const [keyA, keyB] = [keyOf(a), keyOf(b)];
          if (keyA !== keyB) {
            if (keyA === null) return 1;
            if (keyB === null) return -1;
            return (keyA < keyB ? -1 : 1) * (direction === 'asc' ? 1 : -1);
          }
          return a.id < b.id ? -1 : 1;
        })
        .map((row) => row.id);
    }

    it('the hand-made expectation is what it should be for name', () => {
      // alpha, bravo, charlie, delta, then the nameless one by email.
      expect(expectedOrder('name', 'asc')).toEqual([2, 4, 3, 0, 1].map((index) => rows[index]?.id));
    });

    it.each(USER_SORTS.flatMap((sort) => [[sort, 'asc'] as const, [sort, 'desc'] as const]))(
      'sorts by %s %s',
      async (sort, direction) => {
        const body = await list(`?search=${tag}&sort=${sort}&direction=${direction}`);
        expect(body.total).toBe(5);
        expect(ids(body)).toEqual(expectedOrder(sort, direction));
      },
    );

    it('sorts by name ascending when not told', async () => {
      expect(ids(await list(`?search=${tag}`))).toEqual(expectedOrder('name', 'asc'));
    });

    it('pages: page, pageSize and the total of all matches', async () => {
      const order = expectedOrder('email', 'asc');
      for (const [page, slice] of [
        [1, order.slice(0, 2)],
        [2, order.slice(2, 4)],
        [3, order.slice(4)],
        [4, []],
      ] as const) {
        const body = await list(`?search=${tag}&sort=email&pageSize=2&page=${page}`);
        expect(body).toMatchObject({ total: 5, page, pageSize: 2 });
        expect(ids(body)).toEqual(slice);
      }
    });

    it('filters by role, status and team, alone and together', async () => {
      const idOf = (index: number) => rows[index]?.id;
      const filtered = async (query: string) =>
        ids(await list(`?search=${tag}&sort=email&${query}`));
      expect(await filtered('role=employee')).toEqual([idOf(0), idOf(4)]);
      expect(await filtered('role=team_lead')).toEqual([idOf(3)]);
      expect(await filtered('status=suspended')).toEqual([idOf(3)]);
      expect(await filtered('status=active')).toEqual([idOf(0), idOf(4), idOf(2), idOf(1)]);
      expect(await filtered(`teamId=${teamB.id}`)).toEqual([idOf(3), idOf(0)]);
      expect(await filtered(`teamId=${teamB.id}&status=active&role=employee`)).toEqual([idOf(0)]);
      expect(await filtered(`teamId=${teamA.id}&role=admin`)).toEqual([]);
    });

    it('returns each person with their team name', async () => {
      const body = await list(`?search=${tag}&sort=created`);
      expect(body.users.map((user) => [user.teamName, user.lastSignInAt])).toEqual(
        rows.map((row) => [row.team, row.lastSignIn]),
      );
    });

    it.each([
      ['?role=boss', undefined],
      ['?status=gone', undefined],
      ['?teamId=nope', 'Unknown team'],
      ['?sort=password', undefined],
      ['?direction=up', undefined],
      ['?page=0', 'Page must be 1 or more'],
      ['?pageSize=101', 'Page size must be at most 100'],
      ['?pageSize=0', undefined],
    ])('refuses %s with 400', async (query, message) => {
      const response = await callApi(
        app,
        cookies.get('admin') ?? null,
        'GET',
        `/api/users${query}`,
      );
      expect(response.statusCode).toBe(400);
      if (message) expect(response.json()).toEqual({ message, code: 'invalid' });
    });
  });

  it('shows each person’s time state as their punches change it', async () => {
    const user = await createTestUser(db(), { name: 'Tim Timestate' });
    const cookie = await signInAs(app, user.email, user.password);
    const stateOf = async () => {
      const body = await list(`?search=${encodeURIComponent(user.email)}`);
      expect(body.users).toHaveLength(1);
      return (body.users[0] as UserRow).timeState;
    };
    expect(await stateOf()).toBe('none');
    await recordEvent(app, cookie, 'clock_in');
    expect(await stateOf()).toBe('clock_in');
    await recordEvent(app, cookie, 'break');
    expect(await stateOf()).toBe('break');
    await recordEvent(app, cookie, 'clock_in');
    expect(await stateOf()).toBe('clock_in');
  });
});

describeEachDatabase('GET /api/users with 5,000 people', (getDatabase) => {
  const COUNT = 5000;
  let app: FastifyInstance;
  let adminCookie: string;
  let tag: string;
  let people: (BulkUser & { id: string })[];
  let teams: Team[];

  beforeAll(async () => {
    const db = getDatabase().db;
    app = await buildTestApp(getDatabase().database);
    const admin = await createTestUser(db, { role: 'admin', name: 'Bulk Viewer' });
    adminCookie = await signInAs(app, admin.email, admin.password);
    tag = newTag();
    teams = [await seedTeam(db), await seedTeam(db), await seedTeam(db)];
    const rows: BulkUser[] = Array.from({ length: COUNT }, (_, index) => {
      const number = String(index).padStart(4, '0');
      return {
        email: `bulk${number}@${tag}.example`,
        name: `Bulk Person ${number}`,
        role: ROLES[index % ROLES.length] as Role,
        teamId: index % 5 === 0 ? null : (teams[index % teams.length]?.id ?? null),
        isSuspended: index % 7 === 0,
      };
    });
    const ids = await bulkInsertUsers(db, rows);
    people = rows.map((row, index) => ({ ...row, id: ids[index] as string }));
  });
  afterAll(async () => {
    await app.close();
  });

  async function list(query: string): Promise<ListUsersResponse> {
    const response = await callApi(app, adminCookie, 'GET', `/api/users${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('pages through all of them by email, both ways', async () => {
    const emails = people.map((person) => person.email);
    for (const page of [1, 2, 25, 50]) {
      const body = await list(`?search=${tag}&sort=email&pageSize=100&page=${page}`);
      expect(body.total).toBe(COUNT);
      expect(emailsOf(body)).toEqual(emails.slice((page - 1) * 100, page * 100));
    }
    const reversed = [...emails].reverse();
    const body = await list(`?search=${tag}&sort=email&direction=desc&pageSize=100&page=37`);
    expect(emailsOf(body)).toEqual(reversed.slice(3600, 3700));
    expect(await list(`?search=${tag}&sort=email&pageSize=100&page=51`)).toMatchObject({
      users: [],
      total: COUNT,
      page: 51,
    });
  });

  it('counts everyone without a search, and each page is full', async () => {
    const body = await list('?pageSize=100&page=3&sort=name');
    expect(body.total).toBe(COUNT + 1);
    expect(body.users).toHaveLength(100);
    // "Bulk Person 0200".."0299" (after "Bulk Person 0000".."0199"; "Bulk Viewer" sorts last).
    expect(body.users.map((user) => user.name)).toEqual(
      people.slice(200, 300).map((person) => person.name),
    );
    expect(body.users.every((user) => user.timeState === 'none')).toBe(true);
  });

  it('filters and pages together', async () => {
    const [, teamB] = teams as [Team, Team];
    const matching = people.filter(
      (person) => person.role === 'sme' && person.isSuspended && person.teamId === teamB.id,
    );
    expect(matching.length).toBeGreaterThan(20);
    const body = await list(
      `?search=${tag}&role=sme&status=suspended&teamId=${teamB.id}&sort=email&pageSize=10&page=2`,
    );
    expect(body.total).toBe(matching.length);
    expect(emailsOf(body)).toEqual(matching.slice(10, 20).map((person) => person.email));
  });
});

function emailsOf(body: ListUsersResponse): string[] {
  return body.users.map((user) => user.email);
}
