import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  labourAgreementResponseSchema,
  listLabourAgreementsResponseSchema,
} from '@punchclock/shared/contracts/pay-rules';
import { timesheetSchema } from '@punchclock/shared/contracts/timesheets';
import type { Role } from '@punchclock/shared/domain/roles';
import { labourAgreements } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { insertPunches, type PunchRow } from '../../test/time-tracking.ts';
import { auditRowsFor, countAuditRows } from '../../test/users.ts';
import { recomputeDays } from '../reports/index.ts';

/*
 * Labour agreements on file (docs/decisions/0020). The default calendar is bi-weekly from Sunday
 * 2026-01-04 (one period is 2026-06-07 … 06-20); work weeks start on Sunday; June is EDT, so
 * 08:00 local is 12:00Z.
 */

/** Days of `hours` hours from 08:00 EDT on each date. */
function days(dates: string[], hours: number): PunchRow[] {
  return dates.flatMap((date) => [
    { eventType: 'clock_in' as const, occurredAt: `${date}T12:00:00Z` },
    {
      eventType: 'clock_out' as const,
      occurredAt: new Date(Date.parse(`${date}T12:00:00Z`) + hours * 3_600_000).toISOString(),
    },
  ]);
}

describeEachDatabase('labour agreements api', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  const cookies = new Map<Role, string>();
  const users = new Map<Role, TestUser>();

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    for (const role of ['admin', 'team_lead', 'sme', 'employee'] as const) {
      const user = await createTestUser(db(), { role });
      users.set(role, user);
      cookies.set(role, await signInAs(app, user.email, user.password));
    }
  });
  afterAll(async () => {
    await app.close();
  });

  const admin = () => users.get('admin') as TestUser;
  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    callApi(app, cookies.get('admin') ?? null, method, url, payload);

  async function create(payload: Record<string, unknown>) {
    const response = await asAdmin('POST', '/api/pay-rules/agreements', payload);
    expect(response.statusCode, response.body).toBe(201);
    return labourAgreementResponseSchema.parse(response.json()).agreement;
  }

  async function listFor(userId: string) {
    const response = await asAdmin('GET', `/api/pay-rules/agreements?userId=${userId}`);
    expect(response.statusCode, response.body).toBe(200);
    return listLabourAgreementsResponseSchema.parse(response.json()).agreements;
  }

  async function counts() {
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(labourAgreements);
    const [ended] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(labourAgreements)
      .where(sql`${labourAgreements.revokedAt} is not null`);
    return { agreements: row?.n, ended: ended?.n, audit: await countAuditRows(db()) };
  }

  it('files, lists (filtered by person) and ends an agreement, each change audited', async () => {
    const person = await createTestUser(db(), { role: 'employee' });
    const other = await createTestUser(db(), { role: 'employee' });
    const created = await create({
      userId: person.id,
      kind: 'excess_weekly_hours',
      startDate: '2026-06-07',
      note: '  Signed on paper, filed in HR binder 3  ',
    });
    expect(created).toMatchObject({
      userId: person.id,
      kind: 'excess_weekly_hours',
      startDate: '2026-06-07',
      endDate: null,
      note: 'Signed on paper, filed in HR binder 3',
      revokedAt: null,
      revokedByName: null,
    });
    expect(created.createdByName).not.toBeNull();
    await create({ userId: other.id, startDate: '2026-01-01', endDate: '2026-12-31' });

    expect((await listFor(person.id)).map((a) => a.id)).toEqual([created.id]);
    const all = listLabourAgreementsResponseSchema.parse(
      (await asAdmin('GET', '/api/pay-rules/agreements')).json(),
    ).agreements;
    expect(all.map((a) => a.userId)).toEqual(expect.arrayContaining([person.id, other.id]));

    const [createRow] = await auditRowsFor(db(), created.id, 'labour_agreement.create');
    expect(createRow).toMatchObject({
      actorId: admin().id,
      entityType: 'labour_agreement',
      after: { userId: person.id, startDate: '2026-06-07', endDate: null },
    });

    const ended = await asAdmin('POST', `/api/pay-rules/agreements/${created.id}/end`, {
      endDate: '2026-06-30',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const after = labourAgreementResponseSchema.parse(ended.json()).agreement;
    expect(after).toMatchObject({ id: created.id, endDate: '2026-06-30' });
    expect(after.revokedAt).not.toBeNull();
    expect(after.revokedByName).not.toBeNull();
    expect(await listFor(person.id)).toEqual([after]); // ended, never deleted
    const [endRow] = await auditRowsFor(db(), created.id, 'labour_agreement.end');
    expect(endRow).toMatchObject({
      actorId: admin().id,
      before: { endDate: null },
      after: { endDate: '2026-06-30' },
    });
  });

  it('refuses an overlapping agreement of the same kind with a clear message, changing nothing', async () => {
    const person = await createTestUser(db(), { role: 'employee', name: 'Ola Overlap' });
    await create({ userId: person.id, startDate: '2026-03-01', endDate: '2026-03-31' });
    await create({ userId: person.id, startDate: '2026-05-01' });
    const before = await counts();
    for (const [startDate, endDate] of [
      ['2026-02-01', '2026-03-01'], // touches the first day
      ['2026-03-31', null], // from its last day on
      ['2026-04-01', '2026-05-01'], // reaches the open-ended one
      ['2027-01-01', null], // inside the open-ended one
    ] as const) {
      const response = await asAdmin('POST', '/api/pay-rules/agreements', {
        userId: person.id,
        startDate,
        ...(endDate ? { endDate } : {}),
      });
      expect(response.statusCode, `${startDate}…${endDate}`).toBe(409);
      expect(response.json().message).toMatch(
        /^Ola Overlap already has an agreement "More than 48 hours a week" from 2026-0[35]-01/,
      );
    }
    expect(await counts()).toEqual(before);
    // The gap between them is free.
    await create({ userId: person.id, startDate: '2026-04-01', endDate: '2026-04-30' });
  });

  it('files only one of two overlapping agreements sent at the same time', async () => {
    const person = await createTestUser(db(), { role: 'employee' });
    const responses = await Promise.all(
      ['2026-09-01', '2026-09-02'].map((startDate) =>
        asAdmin('POST', '/api/pay-rules/agreements', { userId: person.id, startDate }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await listFor(person.id)).toHaveLength(1);
  });

  it('refuses bad dates, notes and people with a 400, changing nothing', async () => {
    const person = await createTestUser(db(), { role: 'employee' });
    const agreement = await create({ userId: person.id, startDate: '2026-06-07' });
    await asAdmin('POST', `/api/pay-rules/agreements/${agreement.id}/end`, {
      endDate: '2026-12-31',
    });
    const fixed = await create({
      userId: person.id,
      startDate: '2027-01-01',
      endDate: '2027-06-30',
    });
    const before = await counts();
    const bad: [string, Record<string, unknown>, RegExp][] = [
      [
        '/api/pay-rules/agreements',
        { userId: person.id, startDate: '2028-02-01', endDate: '2028-01-31' },
        /cannot end before it starts/,
      ],
      ['/api/pay-rules/agreements', { userId: person.id, startDate: '2028-02-30' }, /yyyy-MM-dd/],
      ['/api/pay-rules/agreements', { startDate: '2028-02-01' }, /Choose a person/],
      [
        '/api/pay-rules/agreements',
        { userId: person.id, startDate: '2028-02-01', kind: 'four_day_week' },
        /Choose a kind of agreement/,
      ],
      [
        '/api/pay-rules/agreements',
        { userId: person.id, startDate: '2028-02-01', note: 'x'.repeat(501) },
        /under 500 characters/,
      ],
      [
        '/api/pay-rules/agreements',
        { userId: person.id, startDate: '2028-02-01', note: 'nul \u0000 here' },
        /unsupported characters/,
      ],
      [
        '/api/pay-rules/agreements',
        { userId: person.id, startDate: '2028-02-01', note: 'half \ud83d emoji' },
        /unsupported characters/,
      ],
      [
        '/api/pay-rules/agreements',
        { userId: '00000000-0000-4000-8000-0000000000ff', startDate: '2028-02-01' },
        /Unknown person/,
      ],
      [
        `/api/pay-rules/agreements/${agreement.id}/end`,
        { endDate: '2026-06-06' },
        /starts on 2026-06-07: it cannot end before that \(2026-06-06\)/,
      ],
      [`/api/pay-rules/agreements/${agreement.id}/end`, {}, /yyyy-MM-dd/],
      [
        `/api/pay-rules/agreements/${fixed.id}/end`,
        { endDate: '2027-07-01' },
        /already ends on 2027-06-30/,
      ],
    ];
    for (const [url, payload, message] of bad) {
      const response = await asAdmin('POST', url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const missing = await asAdmin(
      'POST',
      '/api/pay-rules/agreements/00000000-0000-4000-8000-0000000000ff/end',
      { endDate: '2026-07-01' },
    );
    expect(missing.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    // Ending on its first day is allowed: it then applies for that one day.
    const sameDay = await asAdmin('POST', `/api/pay-rules/agreements/${agreement.id}/end`, {
      endDate: '2026-06-07',
    });
    expect(sameDay.statusCode, sameDay.body).toBe(200);
  });

  it.each(['team_lead', 'sme', 'employee'] as const)(
    'refuses the agreement endpoints to a %s (403), changing nothing',
    async (role) => {
      const self = users.get(role) as TestUser;
      const agreement = await create({ userId: self.id, startDate: '2030-01-01' });
      const before = await counts();
      const cookie = cookies.get(role) ?? null;
      const calls: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
        ['GET', '/api/pay-rules/agreements'],
        ['GET', `/api/pay-rules/agreements?userId=${self.id}`],
        ['POST', '/api/pay-rules/agreements', { userId: self.id, startDate: '2031-01-01' }],
        ['POST', `/api/pay-rules/agreements/${agreement.id}/end`, { endDate: '2030-01-01' }],
      ];
      for (const [method, url, body] of calls) {
        const response = await callApi(app, cookie, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      expect(await counts()).toEqual(before);
    },
  );

  describe('the timesheet’s 48-hour check', () => {
    async function excessWeeks(userId: string) {
      const response = await asAdmin('GET', `/api/timesheets?userId=${userId}&date=2026-06-10`);
      expect(response.statusCode, response.body).toBe(200);
      return timesheetSchema
        .parse(response.json())
        .findings.flatMap((finding) =>
          finding.kind === 'excess-weekly-hours'
            ? [[finding.weekStartDate, finding.workedMinutes]]
            : [],
        );
    }

    /** A person with two 50-h weeks: Mon–Fri 10 h in the weeks of Sunday 06-07 and 06-14. */
    async function personWithTwoLongWeeks() {
      const person = await createTestUser(db(), { role: 'employee' });
      await insertPunches(
        db(),
        person.id,
        days(
          [
            ...['2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12'],
            ...['2026-06-15', '2026-06-16', '2026-06-17', '2026-06-18', '2026-06-19'],
          ],
          10,
        ),
      );
      await recomputeDays(db(), 'America/Toronto', [person.id], '2026-06-07', '2026-06-20');
      return person;
    }

    it('flags a 50-h week without an agreement, and not once one covers the week', async () => {
      const person = await personWithTwoLongWeeks();
      expect(await excessWeeks(person.id)).toEqual([
        ['2026-06-07', 3000],
        ['2026-06-14', 3000],
      ]);
      // Covering the first week whole (Sunday to Saturday) only.
      await create({ userId: person.id, startDate: '2026-06-07', endDate: '2026-06-13' });
      expect(await excessWeeks(person.id)).toEqual([['2026-06-14', 3000]]);
      // Back to back with it, from the Sunday of the second week: nothing is flagged.
      await create({ userId: person.id, startDate: '2026-06-14' });
      expect(await excessWeeks(person.id)).toEqual([]);
    });

    it('still flags a week an agreement covers only part of, or one of another person', async () => {
      const person = await personWithTwoLongWeeks();
      const other = await createTestUser(db(), { role: 'employee' });
      await create({ userId: other.id, startDate: '2026-01-01' });
      // Starts on the Monday: the Sunday of the first week is not covered; the second week is.
      const partial = await create({ userId: person.id, startDate: '2026-06-08' });
      expect(await excessWeeks(person.id)).toEqual([['2026-06-07', 3000]]);
      // Ended on the second week's Friday: that week is no longer covered whole either.
      await asAdmin('POST', `/api/pay-rules/agreements/${partial.id}/end`, {
        endDate: '2026-06-19',
      });
      expect(await excessWeeks(person.id)).toEqual([
        ['2026-06-07', 3000],
        ['2026-06-14', 3000],
      ]);
    });
  });
});
