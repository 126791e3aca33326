import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, users } from '../db/schema.ts';
import { setUserSuspended } from '../features/users/suspension.ts';
import { buildTestApp, CSRF_HEADERS, postSignIn, readSessionCookie } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestUser, uniqueEmail } from '../test/factories.ts';
import { writeAudit, writeAudits } from './audit.ts';
import { SYSTEM_META } from './request-meta.ts';

const WRONG_PASSWORD = 'Wrong-password-9';
const USER_AGENT = 'punchclock-tests';

describeEachDatabase('audit log', (getDatabase) => {
  let app: FastifyInstance;
  /** Every secret the tests typed or the server issued; none may reach the audit log. */
  const secrets = new Set<string>([WRONG_PASSWORD]);

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  async function auditRowsAbout(userId: string) {
    return getDatabase()
      .db.select()
      .from(auditLog)
      .where(or(eq(auditLog.entityId, userId), eq(auditLog.actorId, userId)))
      .orderBy(auditLog.id);
  }

  it('records user.create with who, what and from where', async () => {
    const user = await createTestUser(getDatabase().db, { role: 'sme', name: 'Sol Expert' });
    secrets.add(user.password);
    const rows = await auditRowsAbout(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: null,
      action: 'user.create',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: { email: user.email, name: 'Sol Expert', role: 'sme' },
      ip: null,
      userAgent: SYSTEM_META.userAgent,
    });
    expect(rows[0]?.occurredAt).toBeInstanceOf(Date);
  });

  it('records sign-in, failed sign-in and sign-out with the client address', async () => {
    const user = await createTestUser(getDatabase().db);
    secrets.add(user.password);
    const ip = '10.200.0.1';

    const failed = await postSignIn(
      app,
      { email: user.email, password: WRONG_PASSWORD },
      { remoteAddress: ip },
    );
    expect(failed.statusCode).toBe(401);
    const signedIn = await postSignIn(
      app,
      { email: user.email, password: user.password },
      { remoteAddress: ip },
    );
    expect(signedIn.statusCode).toBe(200);
    const cookie = readSessionCookie(signedIn);
    secrets.add(cookie.split('=')[1] ?? '');
    const signedOut = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...CSRF_HEADERS, cookie, 'user-agent': USER_AGENT },
      remoteAddress: ip,
    });
    expect(signedOut.statusCode).toBe(204);

    const rows = await auditRowsAbout(user.id);
    expect(rows.map((row) => row.action)).toEqual([
      'user.create',
      'auth.sign_in_failed',
      'auth.sign_in',
      'auth.sign_out',
    ]);
    expect(rows[1]).toMatchObject({
      actorId: null,
      entityType: 'user',
      entityId: user.id,
      after: { email: user.email },
      ip,
      userAgent: USER_AGENT,
    });
    expect(rows[2]).toMatchObject({
      actorId: user.id,
      entityType: 'session',
      ip,
      userAgent: USER_AGENT,
    });
    expect(rows[3]).toMatchObject({
      actorId: user.id,
      entityType: 'session',
      ip,
      userAgent: USER_AGENT,
    });
  });

  it('records a failed sign-in for an email that has no account', async () => {
    const email = uniqueEmail('ghost');
    const response = await postSignIn(
      app,
      { email, password: WRONG_PASSWORD },
      { remoteAddress: '10.200.0.2' },
    );
    expect(response.statusCode).toBe(401);
    const rows = await getDatabase()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_in_failed'), eq(auditLog.ip, '10.200.0.2')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: null, entityId: null, after: { email } });
  });

  it('records suspension and a refused sign-in of a suspended account', async () => {
    const user = await createTestUser(getDatabase().db);
    secrets.add(user.password);
    await setUserSuspended(getDatabase().db, user.email, true, {
      actorId: null,
      meta: SYSTEM_META,
    });
    const response = await postSignIn(app, { email: user.email, password: user.password });
    expect(response.statusCode).toBe(403);

    const rows = await auditRowsAbout(user.id);
    expect(rows.map((row) => row.action)).toEqual([
      'user.create',
      'user.suspend',
      'auth.sign_in_refused_suspended',
    ]);
    expect(rows[1]).toMatchObject({ before: { isSuspended: false }, after: { isSuspended: true } });
  });

  it('redacts secret fields whatever a caller passes in', async () => {
    const user = await createTestUser(getDatabase().db);
    await writeAudit(getDatabase().db, {
      actorId: user.id,
      action: 'test.careless_caller',
      entityType: 'user',
      entityId: user.id,
      before: { passwordHash: 'hash-before', note: 'kept' },
      after: {
        password: 'Plain-text-1',
        sessionToken: 'token-value-42',
        apiSecret: 's',
        kioskPin: '4821',
        pinned: true,
        email: user.email,
      },
      meta: SYSTEM_META,
    });
    for (const secret of ['hash-before', 'Plain-text-1', 'token-value-42']) secrets.add(secret);
    const [row] = await getDatabase()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.action, 'test.careless_caller'));
    expect(row?.before).toEqual({ passwordHash: '[redacted]', note: 'kept' });
    expect(row?.after).toEqual({
      password: '[redacted]',
      sessionToken: '[redacted]',
      apiSecret: '[redacted]',
      kioskPin: '[redacted]',
      pinned: true,
      email: user.email,
    });
  });

  it('writes many rows at once in the order given, redacted like one at a time', async () => {
    const user = await createTestUser(getDatabase().db);
    const meta = { ip: '10.0.0.7', userAgent: USER_AGENT };
    await writeAudits(
      getDatabase().db,
      ['first', 'second', 'third'].map((note) => ({
        actorId: user.id,
        action: 'test.many_at_once',
        entityType: 'user',
        entityId: `${user.id}:${note}`,
        before: note === 'first' ? null : { note },
        after: { note, password: 'Plain-text-2', nested: { kept: [1, 2] } },
        meta,
      })),
    );
    await writeAudits(getDatabase().db, []);
    secrets.add('Plain-text-2');
    const rows = await getDatabase()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.action, 'test.many_at_once'))
      .orderBy(auditLog.id);
    expect(rows.map((row) => row.entityId)).toEqual(
      ['first', 'second', 'third'].map((note) => `${user.id}:${note}`),
    );
    expect(rows[0]).toMatchObject({
      actorId: user.id,
      entityType: 'user',
      before: null,
      after: { note: 'first', password: '[redacted]', nested: { kept: [1, 2] } },
      ip: '10.0.0.7',
      userAgent: USER_AGENT,
      apiTokenId: null,
    });
    expect(rows[1]?.before).toEqual({ note: 'second' });
  });

  it('never contains a password, a password hash or a session token', async () => {
    // Its own traffic, so the check means something even when run alone.
    const user = await createTestUser(getDatabase().db);
    secrets.add(user.password);
    await postSignIn(app, { email: user.email, password: WRONG_PASSWORD });
    const signedIn = await postSignIn(app, { email: user.email, password: user.password });
    const cookie = readSessionCookie(signedIn);
    secrets.add(cookie.split('=')[1] ?? '');
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...CSRF_HEADERS, cookie },
    });
    expect((await auditRowsAbout(user.id)).map((row) => row.action)).toEqual([
      'user.create',
      'auth.sign_in_failed',
      'auth.sign_in',
      'auth.sign_out',
    ]);

    const hashes = await getDatabase()
      .db.select({ hash: users.passwordHash })
      .from(users)
      // People still waiting for their one-time link have no hash.
      .where(isNotNull(users.passwordHash));
    const rows = await getDatabase().db.select().from(auditLog);
    const text = JSON.stringify(rows);

    expect(text).not.toContain('$argon2');
    for (const { hash } of hashes) expect(text).not.toContain(hash);
    for (const secret of secrets) expect(text).not.toContain(secret);
    for (const row of rows) {
      for (const value of [row.before, row.after]) {
        for (const [key, field] of Object.entries((value ?? {}) as Record<string, unknown>)) {
          if (/password|hash|token|secret|pin$/i.test(key)) expect(field).toBe('[redacted]');
        }
      }
    }
  });
});
