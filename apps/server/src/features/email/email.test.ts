import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailPreferencesSchema } from '@punchclock/shared/contracts/email';
import { createUserResponseSchema } from '@punchclock/shared/contracts/users';
import { businessInstant } from '@punchclock/shared/domain/business-time';
import { payPeriodContaining } from '@punchclock/shared/domain/pay/pay-periods';
import type { AppConfig } from '../../config.ts';
import { testConfig } from '../../test/config.ts';
import { eq } from 'drizzle-orm';
import { emailOutbox, profiles } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { createTimeOff, decide, timeOffTypeId } from '../../test/approvals.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, TEST_PASSWORD, uniqueEmail, type TestUser } from '../../test/factories.ts';
import { callApi } from '../../test/schedules.ts';
import { insertDrafts } from '../notification-store/index.ts';
import { remindUnsubmittedTimesheets } from '../timesheets/index.ts';
import { createMailer } from './mailer.ts';
import { deliverDueEmails, pruneEmailLog } from './outbox.ts';

interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

const PUBLIC_URL = 'https://punchclock.example.com';

/** A real SMTP server in this process (smtp-server), keeping what it receives. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (refuse) {
        stream.resume();
        stream.on('end', () => callback(new Error('Mailbox unavailable')));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          received.push({ to: to?.text ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseMail: (value: boolean) => {
      refuse = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeEachDatabase('email (#18 point 5)', (getDatabase) => {
  const db = () => getDatabase().db;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: FastifyInstance;
  let adminCookie: string;
  let emailConfig: AppConfig['email'];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    emailConfig = {
      ...testConfig().email,
      smtpUrl: smtp.url,
      publicUrl: PUBLIC_URL,
      retryBaseSeconds: 0,
    };
    app = await buildTestApp(getDatabase().database, { email: emailConfig });
    const admin = await createTestUser(db(), { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  // Each test reads the outbox and the mailbox as its own.
  afterEach(async () => {
    await db().delete(emailOutbox);
    smtp.received.length = 0;
    smtp.refuseMail(false);
  });

  const sendOwed = () => deliverDueEmails(db(), createMailer(emailConfig), emailConfig);

  it('a new person gets their set-password link by email, and the link works', async () => {
    const email = uniqueEmail('invited');
    const response = await callApi(app, adminCookie, 'POST', '/api/users', {
      name: 'Ivy Invited',
      email,
      role: 'employee',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { setPasswordLink } = createUserResponseSchema.parse(response.json());
    expect(setPasswordLink?.emailedTo).toBe(email);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ to: email, subject: 'Set your Punchclock password' });
    const link = /https:\/\/punchclock\.example\.com(\/set-password#token=[\w-]+)/.exec(
      mail?.text ?? '',
    );
    expect(link?.[1]).toBe(setPasswordLink?.path);
    const token = new URL(`${PUBLIC_URL}${link?.[1] ?? ''}`).hash.replace('#token=', '');

    // Following it: the page asks whose link it is, then sets the password; sign-in works.
    const info = await callApi(app, null, 'POST', '/api/auth/password-link', { token });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ email });
    const set = await callApi(app, null, 'POST', '/api/auth/set-password', {
      token,
      password: TEST_PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await signInAs(app, email, TEST_PASSWORD)).toContain('punchclock_session');
  });

  /** A person asks for an unpaid day and an admin (reading English) approves it. */
  async function approveUnpaidDay(person: TestUser, date: string): Promise<void> {
    const cookie = await signInAs(app, person.email, person.password);
    const request = await createTimeOff(app, cookie, {
      typeId: await timeOffTypeId(db(), 'Unpaid'),
      startDate: date,
      endDate: date,
    });
    await decide(app, adminCookie, [{ type: 'time_off', id: request.id }], 'approve');
  }

  it('emails a time off decision once, with a link into the app', async () => {
    const person = await createTestUser(db(), { name: 'Dora Decided' });
    await approveUnpaidDay(person, '2031-03-04');

    expect(await sendOwed()).toBe(1);
    expect(await sendOwed()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toBe(person.email);
    expect(mail?.subject).toMatch(/approved/i);
    expect(mail?.text).toContain(`Open Punchclock: ${PUBLIC_URL}/dashboard`);
  });

  it('writes to each person in their language, whoever made the decision', async () => {
    const person = await createTestUser(db(), { name: 'Félix Français' });
    await db().update(profiles).set({ language: 'fr-CA' }).where(eq(profiles.id, person.id));
    // The admin reads Punchclock in English; the notice and its email are Félix's, in French.
    await approveUnpaidDay(person, '2031-04-08');

    expect(await sendOwed()).toBe(1);
    const [mail] = smtp.received;
    expect(mail?.to).toBe(person.email);
    expect(mail?.subject).toMatch(/approuv/i);
    expect(mail?.text).toContain(`Ouvrir Punchclock : ${PUBLIC_URL}/dashboard`);
    expect(mail?.text).not.toMatch(/approved|Open Punchclock/);
  });

  it('sends a forgotten clock-out notice by email, and keeps it until the mail server takes it', async () => {
    const person = await createTestUser(db());
    await insertDrafts(db(), [
      {
        userId: person.id,
        subjectUserId: person.id,
        type: 'warning',
        occasionKey: 'forgot_clock_out:2031-03-05',
        title: 'Did you forget to clock out?',
        message: 'You are still clocked in since 9:00 AM yesterday.',
      },
    ]);
    smtp.refuseMail(true);
    await sendOwed();
    expect(smtp.received).toHaveLength(0);
    const [owed] = await db().select().from(emailOutbox);
    expect(owed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(owed?.lastError).toContain('Mailbox unavailable');

    smtp.refuseMail(false);
    await sendOwed();
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['Did you forget to clock out?']);
    expect(await sendOwed()).toBe(0);

    // The sent email is kept 30 days (to answer "did it go?"), then dropped.
    expect(await pruneEmailLog(db())).toBe(0);
    await db()
      .update(emailOutbox)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) });
    expect(await pruneEmailLog(db())).toBe(1);
  });

  it('reminds people who have not submitted on the last day of the pay period, once', async () => {
    const person = await createTestUser(db(), { name: 'Tess Timesheet' });
    const period = payPeriodContaining(testConfig().pay.calendar, '2031-06-10');
    const lastDayAfternoon = businessInstant(period.end, '13:00', 'America/Toronto');
    const morning = businessInstant(period.end, '09:00', 'America/Toronto');
    expect(await remindUnsubmittedTimesheets(db(), testConfig(), morning)).toBe(0);
    expect(await remindUnsubmittedTimesheets(db(), testConfig(), lastDayAfternoon)).toBeGreaterThan(
      0,
    );
    expect(await remindUnsubmittedTimesheets(db(), testConfig(), lastDayAfternoon)).toBe(0);
    await sendOwed();
    const mine = smtp.received.filter((mail) => mail.to === person.email);
    expect(mine).toEqual([
      expect.objectContaining({
        subject: 'Submit your timesheet',
        text: expect.stringContaining(`${PUBLIC_URL}/timesheets`),
      }),
    ]);
  });

  it('each person turns kinds of email off; those are not sent', async () => {
    const person = await createTestUser(db());
    const cookie = await signInAs(app, person.email, person.password);
    const before = emailPreferencesSchema.parse(
      (await callApi(app, cookie, 'GET', '/api/me/email-preferences')).json(),
    );
    expect(before.emailConfigured).toBe(true);
    expect(before.kinds.every((kind) => kind.enabled)).toBe(true);

    const saved = await callApi(app, cookie, 'PUT', '/api/me/email-preferences', {
      turnedOff: ['forgotten_clock_out', 'password_links'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      emailPreferencesSchema
        .parse(saved.json())
        .kinds.filter((kind) => !kind.enabled)
        .map((kind) => kind.kind),
    ).toEqual(['password_links', 'forgotten_clock_out']);

    await insertDrafts(db(), [
      {
        userId: person.id,
        subjectUserId: person.id,
        type: 'warning',
        occasionKey: 'forgot_clock_out:2031-03-06',
        title: 'Did you forget to clock out?',
        message: 'Still clocked in.',
      },
    ]);
    expect(await sendOwed()).toBe(0);
    const reset = await callApi(app, adminCookie, 'POST', `/api/users/${person.id}/reset-password`);
    expect(reset.json()).toMatchObject({ setPasswordLink: { emailedTo: null } });
    expect(smtp.received).toEqual([]);
  });
});

describeEachDatabase('without SMTP configured', (getDatabase) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
  });
  afterAll(async () => {
    await app.close();
  });

  it('works as before: links are handed over, owed emails are dropped, settings say so', async () => {
    const db = getDatabase().db;
    const admin = await createTestUser(db, { role: 'admin' });
    const cookie = await signInAs(app, admin.email, admin.password);
    const added = await callApi(app, cookie, 'POST', '/api/users', {
      name: 'Nel NoMail',
      email: uniqueEmail('nomail'),
      role: 'employee',
    });
    expect(createUserResponseSchema.parse(added.json()).setPasswordLink?.emailedTo).toBeNull();
    await insertDrafts(db, [
      {
        userId: admin.id,
        subjectUserId: admin.id,
        type: 'warning',
        occasionKey: 'forgot_clock_out:2031-03-07',
        title: 'Did you forget to clock out?',
        message: 'Still clocked in.',
      },
    ]);
    const config = testConfig().email;
    expect(await deliverDueEmails(db, createMailer(config), config)).toBe(0);
    // Kept for a day (another instance may have SMTP), then dropped.
    expect(await db.select().from(emailOutbox)).toHaveLength(1);
    await db.update(emailOutbox).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) });
    await deliverDueEmails(db, createMailer(config), config);
    expect(await db.select().from(emailOutbox)).toEqual([]);
    const preferences = await callApi(app, cookie, 'GET', '/api/me/email-preferences');
    expect(preferences.json()).toMatchObject({ emailConfigured: false });
  });
});

describe('createMailer', () => {
  it('is null without SMTP_URL', () => {
    expect(createMailer(testConfig().email)).toBeNull();
  });
});
