import { randomBytes } from 'node:crypto';
import { asc, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditFacetsResponseSchema,
  listAuditResponseSchema,
} from '@punchclock/shared/contracts/audit';
import type { SetPasswordLink } from '@punchclock/shared/contracts/users';
import { auditLog, passwordTokens, sessions, users } from '../../db/schema.ts';
import { writeAudit } from '../../platform/audit.ts';
import { SYSTEM_META } from '../../platform/request-meta.ts';
import { hashToken } from '../../platform/tokens.ts';
import { buildTestApp, postSignIn, readSessionCookie, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, uniqueEmail, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { countAuditRows, expectApi, parseCsv, tokenFromLink } from '../../test/users.ts';
import { AUDIT_CSV_COLUMNS } from './csv.ts';

/** The database's own error under the driver's wrapper: its SQLSTATE and message. */
async function databaseErrorOf(
  attempt: Promise<unknown>,
): Promise<{ code: unknown; message: string } | 'succeeded'> {
  try {
    await attempt;
    return 'succeeded';
  } catch (error) {
    let cause: unknown = error;
    while (cause instanceof Error && !(cause as { code?: unknown }).code && cause.cause) {
      cause = cause.cause;
    }
    const { code, message } = cause as { code?: unknown; message: string };
    return { code, message };
  }
}

/** An action name no other test uses, so a filter on it sees only this test's rows. */
const uniqueAction = (prefix = 'test') => `${prefix}.${randomBytes(4).toString('hex')}`;

type AuditInsert = typeof auditLog.$inferInsert;

describeEachDatabase('audit log api', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let admin: TestUser;
  let adminCookie: string;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    admin = await createTestUser(db(), { role: 'admin', name: 'Audra Admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await app.close();
  });

  /** Rows written straight into the table (inserting is all the table allows). */
  async function insertRows(rows: Omit<AuditInsert, 'id'>[]): Promise<number[]> {
    const ids: number[] = [];
    for (let start = 0; start < rows.length; start += 1000) {
      const inserted = await db()
        .insert(auditLog)
        .values(rows.slice(start, start + 1000))
        .returning({ id: auditLog.id });
      ids.push(...inserted.map((row) => row.id));
    }
    return ids.sort((a, b) => a - b);
  }

  async function listAudit(query: string) {
    const response = await callApi(app, adminCookie, 'GET', `/api/audit-logs${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return listAuditResponseSchema.parse(response.json());
  }

  describe('GET /api/audit-logs', () => {
    it('lists newest first, with who did it', async () => {
      const action = uniqueAction();
      for (const entityId of ['first', 'second', 'third']) {
        await writeAudit(db(), {
          actorId: admin.id,
          action,
          entityType: 'thing',
          entityId,
          after: { n: entityId },
          meta: { ip: '10.9.8.7', userAgent: 'audit-tests' },
        });
      }
      const { entries, nextCursor } = await listAudit(`?action=${action}`);
      expect(nextCursor).toBeNull();
      expect(entries.map((entry) => entry.entityId)).toEqual(['third', 'second', 'first']);
      expect(entries[0]).toEqual({
        id: expect.any(Number),
        occurredAt: expect.any(String),
        actorId: admin.id,
        actorName: 'Audra Admin',
        action,
        entityType: 'thing',
        entityId: 'third',
        before: null,
        after: { n: 'third' },
        ip: '10.9.8.7',
        userAgent: 'audit-tests',
        apiToken: null,
      });
      // And without a filter, the very latest row in the table comes first.
      const latest = await writeAudit(db(), {
        actorId: null,
        action: uniqueAction('latest'),
        entityType: 'thing',
        meta: SYSTEM_META,
      }).then(() =>
        db()
          .select({ id: sql<number>`max(${auditLog.id})::int` })
          .from(auditLog),
      );
      expect((await listAudit('?limit=1')).entries[0]?.id).toBe(latest[0]?.id);
    });

    it('filters by actor, action, entity type and entity id', async () => {
      const action = uniqueAction('filter');
      const other = await createTestUser(db(), { name: 'Otto Other' });
      const base = { action, after: null, before: null, ip: null, userAgent: null };
      await insertRows([
        { ...base, actorId: admin.id, entityType: 'alpha', entityId: 'a1' },
        { ...base, actorId: admin.id, entityType: 'alpha', entityId: 'a2' },
        { ...base, actorId: other.id, entityType: 'beta', entityId: 'a1' },
        { ...base, actorId: other.id, entityType: 'alpha', entityId: 'a1' },
        { ...base, actorId: null, entityType: 'beta', entityId: 'b1' },
      ]);
      const summary = async (query: string) =>
        (await listAudit(`?action=${action}&${query}`)).entries.map(
          (entry) => `${entry.actorName ?? '-'}/${entry.entityType}/${entry.entityId}`,
        );
      expect(await summary(`actorId=${other.id}`)).toEqual([
        'Otto Other/alpha/a1',
        'Otto Other/beta/a1',
      ]);
      expect(await summary('entityType=alpha')).toEqual([
        'Otto Other/alpha/a1',
        'Audra Admin/alpha/a2',
        'Audra Admin/alpha/a1',
      ]);
      expect(await summary('entityId=a1&entityType=alpha')).toEqual([
        'Otto Other/alpha/a1',
        'Audra Admin/alpha/a1',
      ]);
      expect(await summary(`entityId=a1&actorId=${admin.id}`)).toEqual(['Audra Admin/alpha/a1']);
      expect(await summary('entityId=b1')).toEqual(['-/beta/b1']);
      expect(await summary('entityId=none')).toEqual([]);
      // Exact matches, not prefixes.
      expect((await listAudit(`?action=${action.slice(0, -1)}`)).entries).toEqual([]);
    });

    it('filters by business day in the business time zone, both ends inclusive', async () => {
      const action = uniqueAction('days');
      const at = (entityId: string, occurredAt: string) => ({
        action,
        entityType: 'day',
        entityId,
        occurredAt: new Date(occurredAt),
      });
      // Toronto is UTC-5 in winter: a business day runs 05:00Z to 05:00Z.
      await insertRows([
        at('feb28-late', '2026-03-01T04:59:59.999Z'),
        at('mar01-first', '2026-03-01T05:00:00.000Z'),
        at('mar01-last', '2026-03-02T04:59:59.999Z'),
        at('mar02-first', '2026-03-02T05:00:00.000Z'),
        at('mar03', '2026-03-03T18:00:00.000Z'),
      ]);
      const days = async (query: string) =>
        (await listAudit(`?action=${action}&${query}`)).entries.map((entry) => entry.entityId);
      expect(await days('from=2026-03-01&to=2026-03-01')).toEqual(['mar01-last', 'mar01-first']);
      expect(await days('from=2026-03-02')).toEqual(['mar03', 'mar02-first']);
      expect(await days('to=2026-02-28')).toEqual(['feb28-late']);
      expect(await days('from=2026-02-28&to=2026-03-02')).toEqual([
        'mar02-first',
        'mar01-last',
        'mar01-first',
        'feb28-late',
      ]);
    });

    it('pages with a cursor: before=nextCursor until nextCursor is null', async () => {
      const action = uniqueAction('paging');
      const ids = await insertRows(
        Array.from({ length: 7 }, (_, index) => ({
          action,
          entityType: 'page',
          entityId: `row-${index}`,
        })),
      );
      const newestFirst = [...ids].reverse();
      const first = await listAudit(`?action=${action}&limit=3`);
      expect(first.entries.map((entry) => entry.id)).toEqual(newestFirst.slice(0, 3));
      expect(first.nextCursor).toBe(newestFirst[2]);
      const second = await listAudit(`?action=${action}&limit=3&before=${first.nextCursor}`);
      expect(second.entries.map((entry) => entry.id)).toEqual(newestFirst.slice(3, 6));
      expect(second.nextCursor).toBe(newestFirst[5]);
      const third = await listAudit(`?action=${action}&limit=3&before=${second.nextCursor}`);
      expect(third.entries.map((entry) => entry.id)).toEqual(newestFirst.slice(6));
      expect(third.nextCursor).toBeNull();

      // A page that ends exactly at the last row says there is no more.
      const exact = await listAudit(`?action=${action}&limit=6&before=${newestFirst[0]}`);
      expect(exact.entries).toHaveLength(6);
      expect(exact.nextCursor).toBeNull();
      // Rows written meanwhile do not shift the pages already read.
      await insertRows([{ action, entityType: 'page', entityId: 'newer' }]);
      const again = await listAudit(`?action=${action}&limit=3&before=${first.nextCursor}`);
      expect(again.entries.map((entry) => entry.id)).toEqual(newestFirst.slice(3, 6));
    });

    it.each([
      ['?limit=201', 'Ask for at most 200 at a time'],
      ['?limit=0', undefined],
      ['?before=0', 'Invalid cursor'],
      ['?before=abc', undefined],
      ['?actorId=nobody', 'Unknown person'],
      ['?from=2026-13-01', undefined],
      ['?from=2026-03-02&to=2026-03-01', 'The start date must be on or before the end date'],
    ])('refuses %s with 400', async (query, message) => {
      const response = await callApi(app, adminCookie, 'GET', `/api/audit-logs${query}`);
      expect(response.statusCode).toBe(400);
      if (message) expect(response.json()).toEqual({ message, code: 'invalid' });
    });

    it.each([
      ['?to=9999-12-31', 'Use a date before the year 9999'],
      ['?from=9999-12-31', 'Use a date before the year 9999'],
      ['?from=2026-03-02&to=2026-03-01', 'The start date must be on or before the end date'],
    ])('refuses %s with a 400 and a message', async (query, message) => {
      const response = await callApi(app, adminCookie, 'GET', `/api/audit-logs${query}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message, code: 'invalid' });
    });

    it('accepts the last day of year 9998 (the day after is still a date it can query)', async () => {
      expect((await listAudit('?from=2026-01-01&to=9998-12-31')).entries.length).toBeGreaterThan(0);
    });

    it('GET /api/audit-logs/facets lists the actions, entity types and people to filter by', async () => {
      const action = uniqueAction('facet');
      const entityType = uniqueAction('type');
      await insertRows([
        { action, entityType },
        { action, entityType },
      ]);
      const response = await callApi(app, adminCookie, 'GET', '/api/audit-logs/facets');
      expect(response.statusCode).toBe(200);
      const facets = auditFacetsResponseSchema.parse(response.json());
      expect(facets.actions.filter((each) => each === action)).toHaveLength(1);
      expect(facets.actions).toContain('user.create');
      expect(facets.entityTypes).toContain(entityType);
      expect(facets.actions).toEqual([...facets.actions].sort());
      expect(facets.actors).toContainEqual({ id: admin.id, name: 'Audra Admin' });
      expect(response.body).not.toMatch(/argon2|password/i);
    });
  });

  describe('what it never holds', () => {
    it('no password, hash or token after creating, inviting, resetting, setting and changing passwords', async () => {
      const typed = ['Typed-secret-11', 'Typed-secret-22', 'Typed-secret-33', 'Wrong-secret-44'];
      const [createdWith, setWith, changedTo, wrong] = typed as [string, string, string, string];
      const tokens: string[] = [];
      const auditBefore = await countAuditRows(db());

      // Created with a password, signed in (and once with a wrong one), password changed.
      const withPassword = await expectApi<{ user: { id: string; email: string } }>(
        app,
        adminCookie,
        'POST',
        '/api/users',
        201,
        { name: 'Sec Ret', email: uniqueEmail('secret'), role: 'employee', password: createdWith },
      );
      await postSignIn(app, { email: withPassword.user.email, password: wrong });
      const signedIn = await postSignIn(app, {
        email: withPassword.user.email,
        password: createdWith,
      });
      const cookie = readSessionCookie(signedIn);
      tokens.push(cookie.slice(cookie.indexOf('=') + 1));
      await expectApi(app, cookie, 'POST', '/api/me/password', 204, {
        currentPassword: createdWith,
        newPassword: changedTo,
      });

      // Invited, link opened and used; then reset, and the reset link used.
      const invited = await expectApi<{ user: { id: string }; setPasswordLink: SetPasswordLink }>(
        app,
        adminCookie,
        'POST',
        '/api/users',
        201,
        { name: 'Inv Ited', email: uniqueEmail('secret'), role: 'employee' },
      );
      tokens.push(tokenFromLink(invited.setPasswordLink));
      await expectApi(app, null, 'POST', '/api/auth/password-link', 200, { token: tokens[1] });
      await expectApi(app, null, 'POST', '/api/auth/set-password', 200, {
        token: tokens[1],
        password: setWith,
      });
      const reset = await expectApi<{ setPasswordLink: SetPasswordLink }>(
        app,
        adminCookie,
        'POST',
        `/api/users/${invited.user.id}/reset-password`,
        200,
      );
      tokens.push(tokenFromLink(reset.setPasswordLink));
      await expectApi(app, null, 'POST', '/api/auth/set-password', 200, {
        token: tokens[2],
        password: setWith,
      });

      const rows = await db().select().from(auditLog);
      // Creations, sign-ins (one failed), the change, the links used and the reset.
      expect(rows.length).toBe(auditBefore + 8);
      const text = JSON.stringify(rows);
      const hashes = await db()
        .select({ hash: users.passwordHash })
        .from(users)
        // People still waiting for their one-time link have no hash.
        .where(isNotNull(users.passwordHash));
      const tokenIds = await db().select({ id: passwordTokens.id }).from(passwordTokens);
      const sessionIds = await db().select({ id: sessions.id }).from(sessions);
      expect(text).not.toContain('$argon2');
      for (const { hash } of hashes) expect(text).not.toContain(hash);
      for (const secret of typed) expect(text).not.toContain(secret);
      for (const token of tokens) {
        expect(text).not.toContain(token);
        expect(text).not.toContain(hashToken(token));
      }
      for (const { id } of [...tokenIds, ...sessionIds]) expect(text).not.toContain(id);
      // The API and the export show the same rows: they hold nothing either.
      const exported = await callApi(app, adminCookie, 'GET', '/api/audit-logs/export');
      for (const secret of [...typed, ...tokens, '$argon2']) {
        expect(exported.body).not.toContain(secret);
      }
    });
  });

  describe('append-only', () => {
    it.each([
      ['UPDATE', sql`update audit_log set action = 'tampered'`],
      ['UPDATE', sql`update audit_log set after = null where id = (select max(id) from audit_log)`],
      ['DELETE', sql`delete from audit_log`],
      ['DELETE', sql`delete from audit_log where id = (select min(id) from audit_log)`],
      ['TRUNCATE', sql`truncate audit_log`],
    ])('%s through the app’s own connection fails (%#)', async (operation, statement) => {
      await writeAudit(db(), {
        actorId: null,
        action: 'test.kept',
        entityType: 'thing',
        meta: SYSTEM_META,
      });
      const before = await db().select().from(auditLog).orderBy(asc(auditLog.id));
      expect(before.length).toBeGreaterThan(1);
      const refusal = {
        code: '42501',
        message: `audit_log is append-only: ${operation} is not allowed`,
      };
      expect(await databaseErrorOf(db().execute(statement))).toEqual(refusal);
      // Not even inside a transaction that would otherwise commit.
      expect(await databaseErrorOf(db().transaction((tx) => tx.execute(statement)))).toEqual(
        refusal,
      );
      expect(await db().select().from(auditLog).orderBy(asc(auditLog.id))).toEqual(before);
    });

    it('has no HTTP route that changes or removes audit rows', async () => {
      const [row] = await db().select({ id: auditLog.id }).from(auditLog).limit(1);
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        for (const url of ['/api/audit-logs', `/api/audit-logs/${row?.id}`]) {
          const response = await callApi(app, adminCookie, method, url, {});
          expect(response.statusCode, `${method} ${url}`).toBe(404);
        }
      }
      const patch = await app.inject({
        method: 'PATCH',
        url: `/api/audit-logs/${row?.id}`,
        headers: { cookie: adminCookie, 'x-csrf-protection': '1' },
        payload: {},
      });
      expect(patch.statusCode).toBe(404);
    });
  });

  describe('GET /api/audit-logs/export', () => {
    async function exportCsv(
      query: string,
    ): Promise<{ response: LightMyRequestResponse; records: string[][] }> {
      const response = await callApi(app, adminCookie, 'GET', `/api/audit-logs/export${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return { response, records: parseCsv(response.body) };
    }

    const column = (name: (typeof AUDIT_CSV_COLUMNS)[number]) => AUDIT_CSV_COLUMNS.indexOf(name);

    it('sends a CSV attachment with a header row and the filtered rows, newest first', async () => {
      const action = uniqueAction('csv');
      await writeAudit(db(), {
        actorId: admin.id,
        action,
        entityType: 'thing',
        entityId: 'plain-1',
        before: { a: 1 },
        after: { a: 2 },
        meta: { ip: '10.1.2.3', userAgent: 'csv-tests' },
      });
      await writeAudit(db(), {
        actorId: null,
        action,
        entityType: 'other',
        entityId: 'plain-2',
        meta: SYSTEM_META,
      });
      const { response, records } = await exportCsv(`?action=${action}`);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      expect(records[0]).toEqual([...AUDIT_CSV_COLUMNS]);
      expect(records).toHaveLength(3);
      const [, second, first] = records as [string[], string[], string[]];
      expect(second.slice(column('action'), column('entity_id') + 1)).toEqual([
        action,
        'other',
        'plain-2',
      ]);
      expect(second[column('actor')]).toBe('');
      expect(first).toEqual([
        expect.stringMatching(/^\d+$/),
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        admin.id,
        'Audra Admin',
        action,
        'thing',
        'plain-1',
        '{"a":1}',
        '{"a":2}',
        '10.1.2.3',
        'csv-tests',
        '',
      ]);
      expect(Number(second[0])).toBeGreaterThan(Number(first[0]));

      const filtered = await exportCsv(`?action=${action}&entityType=thing`);
      expect(filtered.records.slice(1).map((record) => record[column('entity_id')])).toEqual([
        'plain-1',
      ]);
      const none = await exportCsv(`?action=${action}&from=2001-01-01&to=2001-01-02`);
      expect(none.records).toEqual([[...AUDIT_CSV_COLUMNS]]);
    });

    it.each([
      ['?actorId=nobody', 'Unknown person'],
      ['?to=yesterday', undefined],
      ['?from=2026-03-02&to=2026-03-01', 'The start date must be on or before the end date'],
      ['?to=9999-12-31', 'Use a date before the year 9999'],
    ])('refuses %s with 400 and no CSV', async (query, message) => {
      const response = await callApi(app, adminCookie, 'GET', `/api/audit-logs/export${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBeUndefined();
      if (message) expect(response.json()).toEqual({ message, code: 'invalid' });
    });

    it('quotes commas, quotes and line breaks, and defuses formulas', async () => {
      const action = uniqueAction('escape');
      const tricky = [
        'comma, inside',
        'say "hi"',
        'line\nbreak',
        'crlf\r\nbreak',
        '=1+2',
        '+SUM(A1)',
        '-2+3',
        '@cmd',
        '=HYPERLINK("http://evil.example","x, y")',
        'plain',
      ];
      for (const entityId of tricky) {
        await writeAudit(db(), {
          actorId: null,
          action,
          entityType: 'escape',
          entityId,
          after: { note: entityId, formula: '=SUM(A1)' },
          meta: { ip: null, userAgent: '=cmd|" /C calc"!A0' },
        });
      }
      // A person whose name is a formula, acting.
      const formulaName = await createTestUser(db(), { role: 'admin', name: '=SUM(A1)' });
      const formulaCookie = await signInAs(app, formulaName.email, formulaName.password);
      await expectApi(app, formulaCookie, 'PUT', '/api/me/profile', 200, { name: '@SUM(A1)' });

      const { response, records } = await exportCsv(`?action=${action}`);
      const rows = records.slice(1).reverse();
      expect(rows.map((record) => record[column('entity_id')])).toEqual(
        tricky.map((value) => (/^[=+\-@]/.test(value) ? `'${value}` : value)),
      );
      for (const [index, record] of rows.entries()) {
        expect(record).toHaveLength(AUDIT_CSV_COLUMNS.length);
        // JSON cells start with "{", so they stay exactly the JSON (quotes doubled on the wire).
        expect(JSON.parse(record[column('after')] ?? '')).toEqual({
          note: tricky[index],
          formula: '=SUM(A1)',
        });
        expect(record[column('user_agent')]).toBe(`'=cmd|" /C calc"!A0`);
      }
      expect(response.body).toContain('"comma, inside"');
      expect(response.body).toContain('"say ""hi"""');
      expect(response.body).toContain('"line\nbreak"');

      const profile = await exportCsv(`?action=user.update_own_profile&actorId=${formulaName.id}`);
      expect(profile.records).toHaveLength(2);
      // The actor's name is read now ("@SUM(A1)"), the row's values are as they were.
      expect(profile.records[1]?.[column('actor')]).toBe(`'@SUM(A1)`);
      expect(JSON.parse(profile.records[1]?.[column('before')] ?? '')).toEqual({
        name: '=SUM(A1)',
      });
    });

    it('streams a large export complete and in order (several batches)', async () => {
      const action = uniqueAction('bulk');
      const count = 3500;
      const ids = await insertRows(
        Array.from({ length: count }, (_, index) => ({
          action,
          entityType: 'bulk',
          entityId: `bulk-${index}`,
          after: { index },
        })),
      );
      // Rows of other actions in between must not end up in it.
      await writeAudit(db(), {
        actorId: null,
        action: 'test.noise',
        entityType: 'x',
        meta: SYSTEM_META,
      });

      const { records } = await exportCsv(`?action=${action}`);
      expect(records[0]).toEqual([...AUDIT_CSV_COLUMNS]);
      const body = records.slice(1);
      expect(body).toHaveLength(count);
      expect(body.map((record) => Number(record[column('id')]))).toEqual([...ids].reverse());
      expect(body.map((record) => record[column('entity_id')])).toEqual(
        Array.from({ length: count }, (_, index) => `bulk-${count - 1 - index}`),
      );
      expect(new Set(body.map((record) => record[column('action')]))).toEqual(new Set([action]));

      // Unfiltered, it holds every row in the table.
      const all = await exportCsv('');
      expect(all.records.length - 1).toBe(await countAuditRows(db()));
      const allIds = all.records.slice(1).map((record) => Number(record[0]));
      expect(allIds).toEqual([...allIds].sort((a, b) => b - a));
    });
  });
});
