import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { languageResponseSchema } from '@punchclock/shared/contracts/language';
import { sessionResponseSchema } from '@punchclock/shared/contracts/auth';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import { buildTestApp, CSRF_HEADERS, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser } from '../../test/factories.ts';

describeEachDatabase('language (#19 point 2)', (getDatabase) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  const put = (cookie: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: { cookie, ...CSRF_HEADERS, ...headers },
      payload: payload as object,
    });

  it('keeps each person’s choice on the profile, in the session answer, audited', async () => {
    const db = getDatabase().db;
    const person = await createTestUser(db, { role: 'employee' });
    const cookie = await signInAs(app, person.email, person.password);
    const session = async () =>
      sessionResponseSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json(),
      ).user?.language;

    expect(await session()).toBeNull();
    const chosen = await put(cookie, { language: 'fr-CA' });
    expect(chosen.statusCode).toBe(200);
    expect(languageResponseSchema.parse(chosen.json())).toEqual({ language: 'fr-CA' });
    expect(await session()).toBe('fr-CA');
    const read = await app.inject({ method: 'GET', url: '/api/me/language', headers: { cookie } });
    expect(read.json()).toEqual({ language: 'fr-CA' });

    // Back to following the browser.
    expect((await put(cookie, { language: null })).json()).toEqual({ language: null });
    expect(await session()).toBeNull();

    const rows = await db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'language.set'), eq(auditLog.entityId, person.id)));
    expect(rows).toEqual([
      { before: { language: null }, after: { language: 'fr-CA' } },
      { before: { language: 'fr-CA' }, after: { language: null } },
    ]);
  });

  it('refuses a language it does not speak, in the language the request asks for', async () => {
    const db = getDatabase().db;
    const person = await createTestUser(db, { role: 'employee' });
    const cookie = await signInAs(app, person.email, person.password);

    const english = await put(cookie, { language: 'de' });
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toBe('Choose English or French (Canada)');

    const french = await put(cookie, { language: 'de' }, { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(french.statusCode).toBe(400);
    expect(french.json().message).toBe('Choisissez l’anglais ou le français (Canada)');
    expect(
      await app.inject({ method: 'GET', url: '/api/me/language', headers: { cookie } }),
    ).toMatchObject({
      statusCode: 200,
    });
  });

  it('is for signed-in people only', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: CSRF_HEADERS,
      payload: { language: 'fr-CA' },
    });
    expect(response.statusCode).toBe(401);
  });
});
