import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../bootstrap.ts';
import { readPayConfig } from '../../config.ts';
import { appSettings, auditLog, setupLinks, users } from '../../db/schema.ts';
import { findCredentialsByEmail } from '../people/index.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import {
  buildTestApp,
  CSRF_HEADERS,
  getSessionUser,
  nextTestIp,
  readSessionCookie,
} from '../../test/app.ts';
import { testConfig } from '../../test/config.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { auditRowsAfter, lastAuditId } from '../../test/users.ts';
import { ensureSetupLink } from './service.ts';

const LINK_LINE =
  /^Open https:\/\/time\.example\.com\/setup#([\w-]{43}) to set up Punchclock \(one-time link\)$/;

/** Makes a link as a starting server does; returns its token (from the printed line). */
async function printedLink(db: Parameters<typeof ensureSetupLink>[0]): Promise<string> {
  const lines: string[] = [];
  expect(await ensureSetupLink(db, 'https://time.example.com', (line) => lines.push(line))).toBe(
    true,
  );
  expect(lines).toHaveLength(1);
  const token = LINK_LINE.exec(lines[0] ?? '')?.[1];
  if (!token) throw new Error(`no link in ${lines.join('\n')}`);
  return token;
}

const setupBody = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  organisationName: 'Maple Bakery',
  payPeriod: 'weekly',
  payPeriodStart: '2026-01-07',
  province: 'ON',
  name: 'Olive Owner',
  email: 'olive@maple.example',
  password: 'Maple-syrup-rises-9',
  demoData: false,
  ...overrides,
});

function postSetup(app: FastifyInstance, body: Record<string, unknown>, ip = nextTestIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/setup',
    headers: { ...CSRF_HEADERS, 'user-agent': 'setup-tests' },
    remoteAddress: ip,
    payload: body,
  });
}

function postLink(app: FastifyInstance, token: string, ip = nextTestIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/setup/link',
    headers: CSRF_HEADERS,
    remoteAddress: ip,
    payload: { token },
  });
}

async function status(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/api/setup/status' });
  expect(response.statusCode).toBe(200);
  return response.json() as { needsSetup: boolean; organisationName: string | null };
}

describeEachDatabase('first run: the setup link', (getDatabase) => {
  let app: FastifyInstance;
  /** Another instance on the same database, started before the setup. */
  let other: FastifyInstance;
  let firstToken: string;
  let secondToken: string;
  const db = () => getDatabase().db;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    other = await buildTestApp(await getDatabase().openSecondConnection());
  });
  afterAll(async () => {
    await app?.close();
    await other?.close();
  });

  it('on an empty database, says it needs setting up, and each start prints a link of its own', async () => {
    expect(await status(app)).toEqual({ needsSetup: true, organisationName: null });
    firstToken = await printedLink(db());
    secondToken = await printedLink(db());
    expect(secondToken).not.toBe(firstToken);
    // Only the hashes are stored.
    const stored = await db().select().from(setupLinks);
    expect(stored).toHaveLength(2);
    expect(stored.map((row) => row.id)).not.toContain(firstToken);
  });

  it('refuses a wrong link with 404 and writes nothing but the refusal', async () => {
    expect((await postLink(app, 'not-the-link')).statusCode).toBe(404);
    expect((await postLink(app, firstToken)).statusCode).toBe(204);
    const before = await lastAuditId(db());
    const response = await postSetup(app, setupBody('x'.repeat(43)));
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ code: 'invalid_link' });
    expect(await db().select().from(users)).toHaveLength(0);
    const rows = await auditRowsAfter(db(), before);
    expect(rows.map((row) => row.action)).toEqual(['setup.link_refused']);
    expect(JSON.stringify(rows)).not.toContain('Maple-syrup');
  });

  it('slows down an address that keeps sending wrong links (429)', async () => {
    const ip = nextTestIp();
    const answers: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      answers.push((await postLink(app, `wrong-${attempt}`, ip)).statusCode);
    }
    expect(answers.slice(0, 10).every((code) => code === 404)).toBe(true);
    expect(answers[10]).toBe(429);
    // Another address still gets through.
    expect((await postLink(app, firstToken)).statusCode).toBe(204);
  });

  it('refuses a weak password or a missing period start with the validation message, writing nothing', async () => {
    const weak = await postSetup(app, setupBody(firstToken, { password: 'Password1' }));
    expect(weak.statusCode).toBe(400);
    const noStart = await postSetup(app, setupBody(firstToken, { payPeriodStart: '' }));
    expect(noStart.statusCode).toBe(400);
    expect(noStart.json()).toMatchObject({ message: 'Choose the first day of a pay period' });
    expect(await db().select().from(users)).toHaveLength(0);
  });

  it('with a link, creates the admin, the settings and the audit row, deletes every link and signs the admin in', async () => {
    const before = await lastAuditId(db());
    const response = await postSetup(app, setupBody(secondToken));
    expect(response.statusCode, response.body).toBe(201);
    const cookie = readSessionCookie(response);
    expect(await getSessionUser(app, cookie)).toMatchObject({
      email: 'olive@maple.example',
      role: 'admin',
    });
    const admin = await findCredentialsByEmail(db(), 'olive@maple.example');
    expect(admin).toMatchObject({ name: 'Olive Owner', role: 'admin', isSuspended: false });
    expect(await verifyPassword(admin?.passwordHash ?? null, 'Maple-syrup-rises-9')).toBe(true);
    expect(await db().select().from(setupLinks)).toEqual([]);

    const settings = Object.fromEntries(
      (await db().select().from(appSettings)).map((row) => [row.key, row.value]),
    );
    expect(settings).toMatchObject({
      'organisation.name': 'Maple Bakery',
      'organisation.province': 'ON',
      'pay.calendar': { kind: 'weekly', anchorDate: '2026-01-07' },
    });

    const rows = await auditRowsAfter(db(), before);
    expect(rows.map((row) => row.action)).toEqual([
      'user.create',
      'setup.completed',
      'auth.sign_in',
    ]);
    const completed = rows.find((row) => row.action === 'setup.completed');
    expect(completed).toMatchObject({ actorId: admin?.id, userAgent: 'setup-tests' });
    expect(completed?.after).toEqual({
      organisation: 'Maple Bakery',
      payPeriod: 'weekly',
      payPeriodStart: '2026-01-07',
      province: 'ON',
      demoData: 'no',
      linksDeleted: 2,
    });
    // Never the link or the password.
    const written = JSON.stringify(await db().select().from(auditLog));
    expect(written).not.toContain(secondToken);
    expect(written).not.toContain(firstToken);
    expect(written).not.toContain('Maple-syrup');

    expect(await status(app)).toEqual({ needsSetup: false, organisationName: 'Maple Bakery' });
  });

  it('answers a second completion, with any link, 409 and changes nothing', async () => {
    const before = await lastAuditId(db());
    for (const token of [firstToken, secondToken, 'not-a-link']) {
      const response = await postSetup(
        app,
        setupBody(token, { email: 'mallory@example.com', organisationName: 'Taken over' }),
      );
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: 'already_set_up' });
    }
    expect((await postLink(app, firstToken)).statusCode).toBe(409);
    expect(await db().select({ email: users.email }).from(users)).toEqual([
      { email: 'olive@maple.example' },
    ]);
    expect(await auditRowsAfter(db(), before)).toEqual([]);
    expect(await ensureSetupLink(db(), 'https://time.example.com', () => {})).toBe(false);
    expect(await db().select().from(setupLinks)).toEqual([]);
  });

  it('uses the chosen weekly calendar for pay periods, on this instance and on the one started before', async () => {
    for (const instance of [app, other]) {
      const response = await postSetup(instance, setupBody('x'), nextTestIp());
      expect(response.statusCode).toBe(409);
      const signIn = await instance.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: CSRF_HEADERS,
        remoteAddress: nextTestIp(),
        payload: { email: 'olive@maple.example', password: 'Maple-syrup-rises-9' },
      });
      const timesheet = await instance.inject({
        method: 'GET',
        url: '/api/timesheets?date=2026-01-20',
        headers: { cookie: readSessionCookie(signIn) },
      });
      expect(timesheet.statusCode, timesheet.body).toBe(200);
      // Weekly from Wednesday 2026-01-07 (not the default bi-weekly from Sunday 2026-01-04).
      expect(timesheet.json()).toMatchObject({
        period: { start: '2026-01-14', end: '2026-01-20' },
      });
    }
  });

  it('lets PAY_PERIOD in the environment win over the calendar chosen in the setup', async () => {
    const pinned = await buildTestApp(getDatabase().database, {
      pay: readPayConfig({ PAY_PERIOD: 'biweekly' }),
    });
    try {
      const signIn = await pinned.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: CSRF_HEADERS,
        remoteAddress: nextTestIp(),
        payload: { email: 'olive@maple.example', password: 'Maple-syrup-rises-9' },
      });
      const timesheet = await pinned.inject({
        method: 'GET',
        url: '/api/timesheets?date=2026-01-20',
        headers: { cookie: readSessionCookie(signIn) },
      });
      expect(timesheet.json()).toMatchObject({
        period: { start: '2026-01-18', end: '2026-01-31' },
      });
    } finally {
      await pinned.close();
    }
  });
});

describeEachDatabase('first run: two completions at once', (getDatabase) => {
  it('sets up once: one gets 201 (with the demo data around its admin), the other 409', async () => {
    const first = await buildTestApp(getDatabase().database);
    const second = await buildTestApp(await getDatabase().openSecondConnection());
    try {
      const one = await printedLink(getDatabase().db);
      const two = await printedLink(getDatabase().db);
      const answers = await Promise.all([
        postSetup(first, setupBody(one, { demoData: true, payPeriod: 'semimonthly' })),
        postSetup(
          second,
          setupBody(two, { demoData: true, email: 'rival@maple.example', name: 'Rita Rival' }),
        ),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const winner = answers[0]?.statusCode === 201 ? 0 : 1;
      const winnerEmail = winner === 0 ? 'olive@maple.example' : 'rival@maple.example';
      const everyone = (await getDatabase().db.select({ email: users.email }).from(users)).map(
        (row) => row.email,
      );
      // The demo's people around the winner, who is the admin in Avery Admin's place.
      expect(everyone).toContain(winnerEmail);
      expect(everyone).not.toContain(winner === 0 ? 'rival@maple.example' : 'olive@maple.example');
      expect(everyone).toContain('lead@demo.punchclock.test');
      expect(everyone).not.toContain('admin@demo.punchclock.test');
      const app = winner === 0 ? first : second;
      const cookie = readSessionCookie(answers[winner]!);
      expect(await getSessionUser(app, cookie)).toMatchObject({
        email: winnerEmail,
        role: 'admin',
      });
      const completed = await getDatabase()
        .db.select()
        .from(auditLog)
        .where(eq(auditLog.action, 'setup.completed'));
      expect(completed).toHaveLength(1);
      expect(completed[0]?.after).toMatchObject({ demoData: 'yes' });
    } finally {
      await first.close();
      await second.close();
    }
  }, 180_000);
});

describeEachDatabase('first run: ADMIN_EMAIL and ADMIN_PASSWORD', (getDatabase) => {
  it('still create the first admin; then no link is printed and the default calendar stays', async () => {
    const said: string[] = [];
    await ensureFirstAdmin(
      getDatabase().db,
      { ADMIN_EMAIL: 'ops@maple.example', ADMIN_PASSWORD: 'Operator-knows-7' },
      (line) => said.push(line),
    );
    expect(
      await ensureSetupLink(getDatabase().db, 'http://localhost:3000', (line) => said.push(line)),
    ).toBe(false);
    expect(said).toEqual(['Created admin ops@maple.example']);
    expect(await getDatabase().db.select().from(setupLinks)).toEqual([]);

    const config = testConfig();
    const app = await buildTestApp(getDatabase().database, { pay: config.pay });
    try {
      expect(await status(app)).toEqual({ needsSetup: false, organisationName: null });
      expect(config.pay).toMatchObject({
        calendar: { kind: 'biweekly', anchorDate: '2026-01-04' },
        followsSetup: false,
      });
    } finally {
      await app.close();
    }
  });
});
