import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowancesOverviewSchema,
  myTimeOffResponseSchema,
  timeOffTypeSchema,
  type Balance,
  type MyTimeOffResponse,
} from '@punchclock/shared/contracts/time-off';
import { profiles, timeOffAllowances } from '../../db/schema.ts';
import {
  createTimeOff,
  decide,
  putAllowance,
  timeOffStatus,
  timeOffTypeId,
} from '../../test/approvals.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { auditRowsFor, expectApi, seedTeam, setTeamOf, uniqueTeamName } from '../../test/users.ts';

/** Far enough ahead that no day of it has metrics, and a year of its own for the balances. */
const YEAR = 2031;
// 2031-03-03 is a Monday.
const MON = '2031-03-03';
const TUE = '2031-03-04';
const WED = '2031-03-05';

interface Person {
  user: TestUser;
  cookie: string;
}

describeEachDatabase('time off api', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let admin: Person;
  let sme: Person;
  let vacation: string;
  let floating: string;
  let floatingName: string;
  let unpaid: string;
  let sick: string;

  async function person(role: TestUser['role'] = 'employee', name?: string): Promise<Person> {
    const user = await createTestUser(db(), { role, ...(name ? { name } : {}) });
    return { user, cookie: await signInAs(app, user.email, user.password) };
  }

  async function myTimeOff(who: Person, year = YEAR): Promise<MyTimeOffResponse> {
    const body = await expectApi(app, who.cookie, 'GET', `/api/time-off?year=${year}`, 200);
    return myTimeOffResponseSchema.parse(body);
  }

  async function balanceOf(who: Person, typeId: string, year = YEAR): Promise<Balance> {
    const balance = (await myTimeOff(who, year)).balances.find((each) => each.typeId === typeId);
    if (!balance) throw new Error(`no balance for type ${typeId}`);
    return balance;
  }

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    admin = await person('admin', 'Ada Admin');
    sme = await person('sme', 'Sam Sme');
    vacation = await timeOffTypeId(db(), 'Vacation');
    // A limited type without a statutory floor, for the balance rules every limited type shares.
    floatingName = uniqueTeamName('Floating day');
    const created = await expectApi(app, admin.cookie, 'POST', '/api/time-off/types', 201, {
      name: floatingName,
      isPaid: true,
      isUnlimited: false,
    });
    floating = (created as { type: { id: string } }).type.id;
    unpaid = await timeOffTypeId(db(), 'Unpaid');
    sick = await timeOffTypeId(db(), 'Sick');
  });
  afterAll(async () => {
    await app.close();
  });

  describe('types', () => {
    it('seeds Vacation, Sick, Personal (paid, limited), Time off in lieu and Unpaid (unlimited)', async () => {
      const employee = await person();
      const { types } = await myTimeOff(employee);
      const seeded = types.filter((type) => type.name !== floatingName);
      expect(
        seeded.map(({ name, isPaid, isUnlimited, isStatutoryVacation }) => ({
          name,
          isPaid,
          isUnlimited,
          isStatutoryVacation,
        })),
      ).toEqual([
        { name: 'Personal', isPaid: true, isUnlimited: false, isStatutoryVacation: false },
        { name: 'Sick', isPaid: true, isUnlimited: false, isStatutoryVacation: false },
        // Banked overtime taken as time off: counted against the bank (pay rules), not in days.
        { name: 'Time off in lieu', isPaid: true, isUnlimited: true, isStatutoryVacation: false },
        { name: 'Unpaid', isPaid: false, isUnlimited: true, isStatutoryVacation: false },
        { name: 'Vacation', isPaid: true, isUnlimited: false, isStatutoryVacation: true },
      ]);
    });

    it('lets an admin add, rename and archive a type; an archived one cannot be asked for', async () => {
      const name = uniqueTeamName('Bereavement');
      const created = await expectApi<{ type: unknown }>(
        app,
        admin.cookie,
        'POST',
        '/api/time-off/types',
        201,
        { name: `  ${name}  `, isPaid: true, isUnlimited: false },
      );
      const type = timeOffTypeSchema.parse(created.type);
      expect(type).toMatchObject({ name, isPaid: true, isUnlimited: false, isArchived: false });

      const duplicate = await callApi(app, admin.cookie, 'POST', '/api/time-off/types', {
        name: name.toUpperCase(),
        isPaid: false,
        isUnlimited: true,
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({
        message: `A type named "${name.toUpperCase()}" already exists`,
        code: 'duplicate_name',
      });

      const employee = await person();
      // A new unlimited-false type has no allowance yet: nothing can be taken from it.
      const empty = await callApi(app, employee.cookie, 'POST', '/api/time-off', {
        typeId: type.id,
        startDate: MON,
        endDate: MON,
      });
      expect(empty.statusCode).toBe(409);
      expect(empty.json().message).toContain('only 0 days');

      const archived = await expectApi<{ type: unknown }>(
        app,
        admin.cookie,
        'PUT',
        `/api/time-off/types/${type.id}`,
        200,
        { name, isPaid: true, isUnlimited: true, isArchived: true },
      );
      expect(timeOffTypeSchema.parse(archived.type)).toEqual({
        ...type,
        isUnlimited: true,
        isArchived: true,
      });
      // Gone from what employees choose from, still in the admin's list.
      expect((await myTimeOff(employee)).types.some((each) => each.id === type.id)).toBe(false);
      const adminList = await expectApi<{ types: { id: string; isArchived: boolean }[] }>(
        app,
        admin.cookie,
        'GET',
        '/api/time-off/types',
        200,
      );
      expect(adminList.types.find((each) => each.id === type.id)?.isArchived).toBe(true);
      const refused = await callApi(app, employee.cookie, 'POST', '/api/time-off', {
        typeId: type.id,
        startDate: MON,
        endDate: MON,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Choose a type of time off');

      const audit = await auditRowsFor(db(), type.id, 'time_off_type.update');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: admin.user.id, entityType: 'time_off_type' });
      expect(audit[0]?.before).toMatchObject({ isArchived: false, isUnlimited: false });
      expect(audit[0]?.after).toMatchObject({ isArchived: true, isUnlimited: true });
    });

    it('answers 404 for an unknown type', async () => {
      const response = await callApi(
        app,
        admin.cookie,
        'PUT',
        '/api/time-off/types/6f9619ff-8b86-4d01-b42d-00cf4fc964ff',
        { name: uniqueTeamName('Ghost'), isPaid: true, isUnlimited: false },
      );
      expect(response.statusCode).toBe(404);
    });

    it('refuses an id that is not an id with a 400, not a server error', async () => {
      const response = await callApi(app, admin.cookie, 'PUT', '/api/time-off/types/not-an-id', {
        name: uniqueTeamName('Ghost'),
        isPaid: true,
        isUnlimited: false,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Type not found', code: 'invalid' });
    });
  });

  describe('allowances and balances', () => {
    it('takes a person’s own allowance over their team’s default, and 0 without either', async () => {
      const team = await seedTeam(db());
      const own = await person();
      const teamOnly = await person();
      const outsider = await person();
      await setTeamOf(db(), [own.user.id, teamOnly.user.id], team.id);

      await putAllowance(app, admin.cookie, {
        typeId: floating,
        year: YEAR,
        teamId: team.id,
        days: 10,
      });
      await putAllowance(app, admin.cookie, {
        typeId: floating,
        year: YEAR,
        userId: own.user.id,
        days: 3,
      });

      const expected = (allowanceX100: number): Balance => ({
        typeId: floating,
        typeName: floatingName,
        isUnlimited: false,
        allowanceX100,
        minimumX100: 0,
        usedX100: 0,
        pendingX100: 0,
        remainingX100: allowanceX100,
      });
      expect(await balanceOf(own, floating)).toEqual(expected(300));
      expect(await balanceOf(teamOnly, floating)).toEqual(expected(1000));
      expect(await balanceOf(outsider, floating)).toEqual(expected(0));
      // Only that year, only that type.
      expect((await balanceOf(own, floating, YEAR - 1)).allowanceX100).toBe(0);
      expect((await balanceOf(own, sick)).allowanceX100).toBe(0);
      // Unlimited types have no allowance and nothing remaining to count down.
      expect(await balanceOf(own, unpaid)).toMatchObject({
        isUnlimited: true,
        allowanceX100: null,
        remainingX100: null,
      });

      // A personal allowance of 0 still wins over the team's 10.
      await putAllowance(app, admin.cookie, {
        typeId: floating,
        year: YEAR,
        userId: own.user.id,
        days: 0,
      });
      expect((await balanceOf(own, floating)).allowanceX100).toBe(0);
      expect((await balanceOf(teamOnly, floating)).allowanceX100).toBe(1000);
    });

    it('updates an allowance in place when set again, half days included', async () => {
      const employee = await person();
      for (const days of [5, 7.5]) {
        await putAllowance(app, admin.cookie, {
          typeId: floating,
          year: YEAR,
          userId: employee.user.id,
          days,
        });
      }
      const rows = await db()
        .select()
        .from(timeOffAllowances)
        .where(
          and(eq(timeOffAllowances.userId, employee.user.id), eq(timeOffAllowances.year, YEAR)),
        );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.daysX100).toBe(750);
      expect((await balanceOf(employee, floating)).allowanceX100).toBe(750);
      const audit = await auditRowsFor(db(), employee.user.id, 'time_off_allowance.set');
      expect(audit.map((row) => row.after)).toEqual([
        { typeId: floating, year: YEAR, days: 5, scope: 'person' },
        { typeId: floating, year: YEAR, days: 7.5, scope: 'person' },
      ]);
      expect(audit.every((row) => row.actorId === admin.user.id)).toBe(true);
    });

    it('refuses an allowance for both a person and a team', async () => {
      const employee = await person();
      const team = await seedTeam(db());
      const response = await callApi(app, admin.cookie, 'PUT', '/api/time-off/allowances', {
        typeId: floating,
        year: YEAR,
        userId: employee.user.id,
        teamId: team.id,
        days: 4,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Set the allowance for one person or for one team');
    });
  });

  describe('the statutory vacation minimum (ESA)', () => {
    async function hire(hireDate: string | null): Promise<Person> {
      const who = await person();
      if (hireDate)
        await db().update(profiles).set({ hireDate }).where(eq(profiles.id, who.user.id));
      return who;
    }

    it('gives everyone the ESA minimum without an allowance set: 2 weeks, 3 from 5 years, pro-rated in the hire year', async () => {
      const newcomer = await hire(null); // account made in 2026: 10 days in 2031
      const veteran = await hire('2020-03-01'); // 5 years complete by 2026-01-01
      const midYear = await hire(`${YEAR}-07-01`); // hired this year: 184 of 365 days

      expect(await balanceOf(newcomer, vacation)).toMatchObject({
        allowanceX100: 1000,
        minimumX100: 1000,
        remainingX100: 1000,
      });
      expect(await balanceOf(veteran, vacation)).toMatchObject({
        allowanceX100: 1500,
        minimumX100: 1500,
      });
      expect(await balanceOf(midYear, vacation)).toMatchObject({
        allowanceX100: 505,
        minimumX100: 505,
      });
      expect((await balanceOf(midYear, vacation, YEAR - 1)).allowanceX100).toBe(0);
      // Other limited types have no floor.
      expect(await balanceOf(newcomer, sick)).toMatchObject({ allowanceX100: 0, minimumX100: 0 });
    });

    it('refuses a person’s allowance below their minimum and a team default below 2 weeks, changing nothing', async () => {
      const veteran = await hire('2020-03-01');
      const team = await seedTeam(db());
      const below = await callApi(app, admin.cookie, 'PUT', '/api/time-off/allowances', {
        typeId: vacation,
        year: YEAR,
        userId: veteran.user.id,
        days: 12,
      });
      expect(below.statusCode).toBe(400);
      expect(below.json().message).toBe(
        `Vacation for ${YEAR} cannot be less than the Employment Standards Act minimum of 15 days for this person (hired 2020-03-01)`,
      );
      const teamBelow = await callApi(app, admin.cookie, 'PUT', '/api/time-off/allowances', {
        typeId: vacation,
        year: YEAR,
        teamId: team.id,
        days: 9.5,
      });
      expect(teamBelow.statusCode).toBe(400);
      expect(teamBelow.json().message).toMatch(
        /^A team's Vacation default cannot be less than the Employment Standards Act minimum of 10 days \(2 weeks\) a year/,
      );
      const rows = await db()
        .select()
        .from(timeOffAllowances)
        .where(and(eq(timeOffAllowances.typeId, vacation), eq(timeOffAllowances.year, YEAR)));
      expect(
        rows.filter((row) => row.userId === veteran.user.id || row.teamId === team.id),
      ).toEqual([]);
      expect(await auditRowsFor(db(), veteran.user.id, 'time_off_allowance.set')).toEqual([]);
    });

    it('takes more than the minimum when set, and raises a team default to a veteran’s 3 weeks', async () => {
      const team = await seedTeam(db());
      const newcomer = await hire(null);
      const veteran = await hire('2019-01-01');
      await setTeamOf(db(), [newcomer.user.id, veteran.user.id], team.id);
      await putAllowance(app, admin.cookie, {
        typeId: vacation,
        year: YEAR,
        teamId: team.id,
        days: 12,
      });
      expect((await balanceOf(newcomer, vacation)).allowanceX100).toBe(1200);
      expect((await balanceOf(veteran, vacation)).allowanceX100).toBe(1500);
      await putAllowance(app, admin.cookie, {
        typeId: vacation,
        year: YEAR,
        userId: veteran.user.id,
        days: 20,
      });
      expect((await balanceOf(veteran, vacation)).allowanceX100).toBe(2000);

      const overview = allowancesOverviewSchema.parse(
        await expectApi(app, admin.cookie, 'GET', `/api/time-off/allowances?year=${YEAR}`, 200),
      );
      expect(overview.teams.find((row) => row.teamId === team.id)?.defaults).toEqual({
        [vacation]: 1200,
      });
      const vet = overview.people.find((row) => row.userId === veteran.user.id);
      expect(vet).toMatchObject({
        hireDate: '2019-01-01',
        hireDateIsRecorded: true,
        teamId: team.id,
      });
      expect(vet?.allowances.find((row) => row.typeId === vacation)).toEqual({
        typeId: vacation,
        ownX100: 2000,
        teamX100: 1200,
        minimumX100: 1500,
        inForceX100: 2000,
      });
      const fresh = overview.people.find((row) => row.userId === newcomer.user.id);
      expect(fresh?.hireDateIsRecorded).toBe(false);
      expect(fresh?.allowances.find((row) => row.typeId === vacation)?.inForceX100).toBe(1200);
      // Admins only.
      await expectApi(app, newcomer.cookie, 'GET', `/api/time-off/allowances?year=${YEAR}`, 403);
      const badYear = await callApi(
        app,
        admin.cookie,
        'GET',
        '/api/time-off/allowances?year=99999',
      );
      expect(badYear.statusCode).toBe(400);
    });

    it('lets a request spend the statutory days without any allowance set', async () => {
      const newcomer = await hire(null);
      await createTimeOff(app, newcomer.cookie, { typeId: vacation, startDate: MON, endDate: WED });
      expect(await balanceOf(newcomer, vacation)).toMatchObject({
        allowanceX100: 1000,
        pendingX100: 300,
        remainingX100: 700,
      });
    });
  });

  describe('requests', () => {
    it('counts pending and approved days against the balance and refuses what is beyond it', async () => {
      const employee = await person('employee', 'Erin Employee');
      await putAllowance(app, admin.cookie, {
        typeId: floating,
        year: YEAR,
        userId: employee.user.id,
        days: 3,
      });

      const first = await createTimeOff(app, employee.cookie, {
        typeId: floating,
        startDate: MON,
        endDate: TUE,
        note: ' Family visit ',
      });
      expect(first).toMatchObject({
        userId: employee.user.id,
        userName: 'Erin Employee',
        typeId: floating,
        typeName: floatingName,
        isPaid: true,
        startDate: MON,
        endDate: TUE,
        startTime: null,
        endTime: null,
        daysX100: 200,
        note: 'Family visit',
        status: 'pending',
        decidedByName: null,
        decidedAt: null,
      });
      expect(await balanceOf(employee, floating)).toMatchObject({
        allowanceX100: 300,
        usedX100: 0,
        pendingX100: 200,
        remainingX100: 100,
      });

      // Two more days (next Monday and Tuesday) when one remains.
      const beyond = await callApi(app, employee.cookie, 'POST', '/api/time-off', {
        typeId: floating,
        startDate: '2031-03-10',
        endDate: '2031-03-11',
      });
      expect(beyond.statusCode).toBe(409);
      expect(beyond.json()).toEqual({
        message: `This request needs 2 days but only 1 day of your ${floatingName} allowance for ${YEAR} remain`,
        code: 'insufficient_balance',
      });

      const [approved] = await decide(
        app,
        sme.cookie,
        [{ type: 'time_off', id: first.id }],
        'approve',
      );
      expect(approved).toEqual({ id: first.id, ok: true, message: null });
      expect(await balanceOf(employee, floating)).toMatchObject({
        usedX100: 200,
        pendingX100: 0,
        remainingX100: 100,
      });

      // Half a day fits; then only half a day remains.
      const half = await createTimeOff(app, employee.cookie, {
        typeId: floating,
        startDate: '2031-03-12',
        endDate: '2031-03-12',
        startTime: '13:00',
        endTime: '17:00',
      });
      expect(half).toMatchObject({ startTime: '13:00', endTime: '17:00', daysX100: 50 });
      expect(await balanceOf(employee, floating)).toMatchObject({
        usedX100: 200,
        pendingX100: 50,
        remainingX100: 50,
      });
      const oneMore = await callApi(app, employee.cookie, 'POST', '/api/time-off', {
        typeId: floating,
        startDate: '2031-03-13',
        endDate: '2031-03-13',
      });
      expect(oneMore.statusCode).toBe(409);
      expect(oneMore.json().message).toContain('only 0.5 days');
      expect(oneMore.json().message).toMatch(/remain$/);

      // The request list shows the decided one with who decided.
      const { requests } = await myTimeOff(employee);
      expect(requests.map((request) => [request.id, request.status])).toEqual([
        [half.id, 'pending'],
        [first.id, 'approved'],
      ]);
      expect(requests.find((request) => request.id === first.id)?.decidedByName).toBe('Sam Sme');
    });

    it('counts each year against its own allowance', async () => {
      const employee = await person();
      await putAllowance(app, admin.cookie, {
        typeId: floating,
        year: YEAR,
        userId: employee.user.id,
        days: 1,
      });
      await putAllowance(app, admin.cookie, {
        typeId: floating,
        year: YEAR + 1,
        userId: employee.user.id,
        days: 1,
      });
      await createTimeOff(app, employee.cookie, { typeId: floating, startDate: MON, endDate: MON });
      await createTimeOff(app, employee.cookie, {
        typeId: floating,
        startDate: '2032-03-01',
        endDate: '2032-03-01',
      });
      expect((await balanceOf(employee, floating)).remainingX100).toBe(0);
      expect((await balanceOf(employee, floating, YEAR + 1)).remainingX100).toBe(0);
    });

    it('has no limit for an unlimited type (Unpaid)', async () => {
      const employee = await person();
      const long = await createTimeOff(app, employee.cookie, {
        typeId: unpaid,
        startDate: '2031-06-02',
        endDate: '2031-08-29',
      });
      expect(long.daysX100).toBe(6500); // 13 whole weeks
      expect(long.isPaid).toBe(false);
      expect(await balanceOf(employee, unpaid)).toEqual({
        typeId: unpaid,
        typeName: 'Unpaid',
        isUnlimited: true,
        allowanceX100: null,
        minimumX100: 0,
        usedX100: 0,
        pendingX100: 6500,
        remainingX100: null,
      });
      await createTimeOff(app, employee.cookie, {
        typeId: unpaid,
        startDate: '2031-09-01',
        endDate: '2031-12-31',
      });
    });

    it('refuses a request overlapping another pending or approved one, naming it', async () => {
      const employee = await person();
      const approved = await createTimeOff(app, employee.cookie, {
        typeId: unpaid,
        startDate: MON,
        endDate: TUE,
      });
      await decide(app, sme.cookie, [{ type: 'time_off', id: approved.id }], 'approve');
      const pending = await createTimeOff(app, employee.cookie, {
        typeId: unpaid,
        startDate: '2031-03-10',
        endDate: '2031-03-12',
      });

      const overApproved = await callApi(app, employee.cookie, 'POST', '/api/time-off', {
        typeId: unpaid,
        startDate: TUE,
        endDate: WED,
      });
      expect(overApproved.statusCode).toBe(409);
      expect(overApproved.json()).toEqual({
        message: 'You already asked for Unpaid from Mar 3, 2031 to Mar 4, 2031 (approved)',
        code: 'time_off_overlap',
      });
      // Part of a day inside a pending request clashes too.
      const overPending = await callApi(app, employee.cookie, 'POST', '/api/time-off', {
        typeId: unpaid,
        startDate: '2031-03-12',
        endDate: '2031-03-12',
        startTime: '09:00',
        endTime: '10:00',
      });
      expect(overPending.statusCode).toBe(409);
      expect(overPending.json().message).toBe(
        'You already asked for Unpaid from Mar 10, 2031 to Mar 12, 2031 (pending)',
      );

      // Touching days do not clash; someone else's dates never do.
      await createTimeOff(app, employee.cookie, { typeId: unpaid, startDate: WED, endDate: WED });
      const other = await person();
      await createTimeOff(app, other.cookie, { typeId: unpaid, startDate: MON, endDate: WED });

      // Once cancelled, the dates are free again.
      await expectApi(app, employee.cookie, 'POST', `/api/time-off/${pending.id}/cancel`, 204);
      await createTimeOff(app, employee.cookie, {
        typeId: unpaid,
        startDate: '2031-03-11',
        endDate: '2031-03-11',
      });
    });

    it('refuses dates without a working day, and input the contract refuses', async () => {
      const employee = await person();
      const weekend = await callApi(app, employee.cookie, 'POST', '/api/time-off', {
        typeId: unpaid,
        startDate: '2031-03-08',
        endDate: '2031-03-09',
      });
      expect(weekend.statusCode).toBe(400);
      expect(weekend.json().message).toBe('Those dates have no working days');

      const crossing = await callApi(app, employee.cookie, 'POST', '/api/time-off', {
        typeId: unpaid,
        startDate: '2031-12-29',
        endDate: '2032-01-02',
      });
      expect(crossing.statusCode).toBe(400);
      expect(crossing.json().message).toBe(
        'A request cannot cross into the next year; make one for each year',
      );
      const backwards = await callApi(app, employee.cookie, 'POST', '/api/time-off', {
        typeId: unpaid,
        startDate: TUE,
        endDate: MON,
      });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().message).toBe('The first day must be on or before the last day');
      const unknownType = await callApi(app, employee.cookie, 'POST', '/api/time-off', {
        typeId: '6f9619ff-8b86-4d01-b42d-00cf4fc964ff',
        startDate: MON,
        endDate: MON,
      });
      expect(unknownType.statusCode).toBe(400);
      expect(unknownType.json().message).toBe('Choose a type of time off');
      expect((await myTimeOff(employee)).requests).toEqual([]);
    });

    it('lets one person spend the last day once, even from two tabs at the same moment', async () => {
      const employee = await person();
      await putAllowance(app, admin.cookie, {
        typeId: floating,
        year: YEAR,
        userId: employee.user.id,
        days: 1,
      });
      const responses = await Promise.all(
        ['2031-05-05', '2031-05-06'].map((date) =>
          callApi(app, employee.cookie, 'POST', '/api/time-off', {
            typeId: floating,
            startDate: date,
            endDate: date,
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect(await balanceOf(employee, floating)).toMatchObject({
        pendingX100: 100,
        remainingX100: 0,
      });
    });

    it('writes one audit row for a request, by the requester', async () => {
      const employee = await person();
      const request = await createTimeOff(app, employee.cookie, {
        typeId: unpaid,
        startDate: MON,
        endDate: WED,
      });
      const rows = await auditRowsFor(db(), request.id, 'time_off.request');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorId: employee.user.id,
        entityType: 'time_off_request',
        after: { type: 'Unpaid', startDate: MON, endDate: WED, days: 3 },
      });
    });
  });

  describe('cancelling', () => {
    it('lets the requester cancel their own pending request, once', async () => {
      const employee = await person();
      await putAllowance(app, admin.cookie, {
        typeId: floating,
        year: YEAR,
        userId: employee.user.id,
        days: 2,
      });
      const request = await createTimeOff(app, employee.cookie, {
        typeId: floating,
        startDate: MON,
        endDate: TUE,
      });
      expect((await balanceOf(employee, floating)).remainingX100).toBe(0);

      const cancelled = await callApi(
        app,
        employee.cookie,
        'POST',
        `/api/time-off/${request.id}/cancel`,
      );
      expect(cancelled.statusCode, cancelled.body).toBe(204);
      expect(await timeOffStatus(db(), request.id)).toBe('cancelled');
      // Cancelled days come back to the balance.
      expect(await balanceOf(employee, floating)).toMatchObject({
        usedX100: 0,
        pendingX100: 0,
        remainingX100: 200,
      });
      const rows = await auditRowsFor(db(), request.id, 'time_off.cancel');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorId: employee.user.id,
        before: { status: 'pending' },
        after: { status: 'cancelled' },
      });

      const again = await callApi(
        app,
        employee.cookie,
        'POST',
        `/api/time-off/${request.id}/cancel`,
      );
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: 'Only a pending request can be cancelled; this one is cancelled',
        code: 'not_pending',
      });
    });

    it('refuses to cancel an approved or rejected request', async () => {
      const employee = await person();
      const approved = await createTimeOff(app, employee.cookie, {
        typeId: unpaid,
        startDate: MON,
        endDate: MON,
      });
      const rejected = await createTimeOff(app, employee.cookie, {
        typeId: unpaid,
        startDate: TUE,
        endDate: TUE,
      });
      await decide(app, sme.cookie, [{ type: 'time_off', id: approved.id }], 'approve');
      await decide(app, sme.cookie, [{ type: 'time_off', id: rejected.id }], 'reject');
      for (const [request, status] of [
        [approved, 'approved'],
        [rejected, 'rejected'],
      ] as const) {
        const response = await callApi(
          app,
          employee.cookie,
          'POST',
          `/api/time-off/${request.id}/cancel`,
        );
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(
          `Only a pending request can be cancelled; this one is ${status}`,
        );
        expect(await timeOffStatus(db(), request.id)).toBe(status);
      }
    });

    it('does not let anyone else cancel it, not even an admin (404)', async () => {
      const owner = await person();
      const request = await createTimeOff(app, owner.cookie, {
        typeId: unpaid,
        startDate: MON,
        endDate: MON,
      });
      const stranger = await person();
      for (const cookie of [stranger.cookie, admin.cookie]) {
        const response = await callApi(app, cookie, 'POST', `/api/time-off/${request.id}/cancel`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Request not found', code: 'not_found' });
      }
      expect(await timeOffStatus(db(), request.id)).toBe('pending');
      expect(await auditRowsFor(db(), request.id, 'time_off.cancel')).toEqual([]);
    });
  });

  describe('privacy', () => {
    it('GET /api/time-off returns only the caller’s own requests and balances', async () => {
      const team = await seedTeam(db());
      const mine = await person();
      const theirs = await person();
      await setTeamOf(db(), [mine.user.id, theirs.user.id], team.id);
      const myRequest = await createTimeOff(app, mine.cookie, {
        typeId: unpaid,
        startDate: MON,
        endDate: MON,
      });
      const theirRequest = await createTimeOff(app, theirs.cookie, {
        typeId: unpaid,
        startDate: TUE,
        endDate: WED,
      });

      const forMe = await myTimeOff(mine);
      expect(forMe.requests.map((request) => request.id)).toEqual([myRequest.id]);
      expect(forMe.balances.find((each) => each.typeId === unpaid)?.pendingX100).toBe(100);
      const forThem = await myTimeOff(theirs);
      expect(forThem.requests.map((request) => request.id)).toEqual([theirRequest.id]);
      expect(forThem.balances.find((each) => each.typeId === unpaid)?.pendingX100).toBe(200);

      // A userId in the query does not widen it.
      const widened = await expectApi(
        app,
        mine.cookie,
        'GET',
        `/api/time-off?year=${YEAR}&userId=${theirs.user.id}`,
        200,
      );
      expect(myTimeOffResponseSchema.parse(widened).requests.map((request) => request.id)).toEqual([
        myRequest.id,
      ]);
      // Nor does an admin see others here: the approvals queue is for that.
      expect((await myTimeOff(admin)).requests.some((each) => each.userId !== admin.user.id)).toBe(
        false,
      );
    });

    it('asks anonymous callers to sign in', async () => {
      const response = await callApi(app, null, 'GET', '/api/time-off');
      expect(response.statusCode).toBe(401);
    });
  });
});
