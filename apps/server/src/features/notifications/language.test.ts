import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ListNotificationsResponse } from '@punchclock/shared/contracts/notifications';
import { notifications, profiles } from '../../db/schema.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { createTimeOff, decide, timeOffTypeId } from '../../test/approvals.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { listenOnFreePort, openLiveStream, type SseFrame } from '../../test/live-stream.ts';
import { expectApi } from '../../test/users.ts';
import { notificationMessage } from '@punchclock/shared/domain/notification-messages';
import { insertDrafts } from '../notification-store/index.ts';

/** GET /api/notifications as a browser in `language` asks for it. */
async function readNotifications(
  app: FastifyInstance,
  cookie: string,
  language?: string,
): Promise<ListNotificationsResponse['notifications']> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/notifications',
    headers: { cookie, ...(language ? { 'accept-language': language } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ListNotificationsResponse).notifications;
}

describeEachDatabase('notifications in the reader’s language (#28 item 18)', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let adminCookie: string;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    const admin = await createTestUser(db(), { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await app.close();
  });

  /** The person asks for an unpaid day; an admin reading English approves it. */
  async function approveUnpaidDay(person: TestUser, date: string): Promise<string> {
    const cookie = await signInAs(app, person.email, person.password);
    const request = await createTimeOff(app, cookie, {
      typeId: await timeOffTypeId(db(), 'Unpaid'),
      startDate: date,
      endDate: date,
    });
    await decide(app, adminCookie, [{ type: 'time_off', id: request.id }], 'approve');
    return cookie;
  }

  it('shows a notification made in English in French to someone who never chose a language, reading in French', async () => {
    const person = await createTestUser(db(), { name: 'Noémie Neutre' });
    const cookie = await approveUnpaidDay(person, '2031-05-06');

    const [french] = await readNotifications(app, cookie, 'fr-CA,fr;q=0.9');
    expect(french).toMatchObject({
      title: 'Demande approuvée',
      message: 'Votre congé du 6 mai 2031 au 6 mai 2031 a été approuvé.',
    });
    const [english] = await readNotifications(app, cookie);
    expect(english).toMatchObject({
      title: 'Request approved',
      message: 'Your time off from May 6, 2031 to May 6, 2031 was approved.',
    });
    // The columns keep the English, for API clients that read them and for old versions.
    const [row] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, person.id));
    expect(row).toMatchObject({
      title: 'Request approved',
      messageKey: 'time_off.approved',
      messageValues: { from: '2031-05-06', to: '2031-05-06' },
    });
  });

  it('rewords existing notifications when the person switches language', async () => {
    const person = await createTestUser(db(), { name: 'Eli English' });
    await db().update(profiles).set({ language: 'en' }).where(eq(profiles.id, person.id));
    const cookie = await approveUnpaidDay(person, '2031-05-13');
    expect((await readNotifications(app, cookie, 'en'))[0]?.title).toBe('Request approved');

    await expectApi(app, cookie, 'PUT', '/api/me/language', 200, { language: 'fr-CA' });
    // The web app now asks in French.
    expect((await readNotifications(app, cookie, 'fr-CA'))[0]).toMatchObject({
      title: 'Demande approuvée',
      message: 'Votre congé du 13 mai 2031 au 13 mai 2031 a été approuvé.',
    });
  });

  it('formats a time when it is read: the shift start on the business clock, in the reader’s way', async () => {
    const person = await createTestUser(db());
    const cookie = await signInAs(app, person.email, person.password);
    // 13:30Z on 10 June 2026 is 9:30 AM in Toronto (EDT); 14:00Z on 2 December is 9:00 AM (EST).
    const late = (day: string, at: string) => ({
      userId: person.id,
      subjectUserId: person.id,
      type: 'late' as const,
      occasionKey: `late:${day}`,
      ...notificationMessage('late', {
        templateName: 'Day',
        time: at,
        timeZone: 'America/Toronto',
      }),
    });
    await insertDrafts(db(), [late('2026-06-10', '2026-06-10T13:30:00Z')]);
    await insertDrafts(db(), [late('2026-12-02', '2026-12-02T14:00:00Z')]);
    const french = await readNotifications(app, cookie, 'fr-CA');
    expect(
      french.map(({ title, message }) => ({ title, message: message.replace(/\u00a0/g, ' ') })),
    ).toEqual([
      {
        title: 'Vous êtes en retard',
        message: "Votre quart (Day) a commencé à 9 h et vous n'avez pas pointé votre arrivée.",
      },
      {
        title: 'Vous êtes en retard',
        message: "Votre quart (Day) a commencé à 9 h 30 et vous n'avez pas pointé votre arrivée.",
      },
    ]);
    expect((await readNotifications(app, cookie, 'en'))[1]?.message).toBe(
      'Your shift (Day) started at 9:30 AM and you have not clocked in.',
    );
  });

  it('shows what was stored for a row without a key, or with a key or values it does not know', async () => {
    const person = await createTestUser(db());
    const cookie = await signInAs(app, person.email, person.password);
    const base = { userId: person.id, type: 'info' };
    await db()
      .insert(notifications)
      .values([
        { ...base, title: 'Old row', message: 'Written before keys', createdAt: new Date(1000) },
        {
          ...base,
          title: 'From a newer version',
          message: 'A key this version does not know',
          messageKey: 'someday.new_kind',
          messageValues: {},
          createdAt: new Date(2000),
        },
        {
          ...base,
          title: 'Values that do not fit',
          message: 'A known key, a value missing',
          messageKey: 'time_off.approved',
          messageValues: { from: '2031-05-20' },
          createdAt: new Date(3000),
        },
      ]);
    const read = await readNotifications(app, cookie, 'fr-CA');
    expect(read.map(({ title, message }) => ({ title, message }))).toEqual([
      { title: 'Values that do not fit', message: 'A known key, a value missing' },
      { title: 'From a newer version', message: 'A key this version does not know' },
      { title: 'Old row', message: 'Written before keys' },
    ]);
  });

  it('tells a subscriber’s stream only that something changed: the words come in their language', async () => {
    const baseUrl = await listenOnFreePort(app);
    const person = await createTestUser(db());
    const cookie = await signInAs(app, person.email, person.password);
    const stream = await openLiveStream(baseUrl, cookie);
    try {
      await stream.waitForFrame((frame) => frame.event === 'ready');
      await approveUnpaidDay(person, '2031-05-27');
      const isNotifications = (frame: SseFrame) =>
        frame.event === 'change' &&
        JSON.stringify(frame.data) === JSON.stringify({ topic: 'notifications' });
      await stream.waitForFrame(isNotifications);
      // No words travel on the stream; the page re-reads the list in its language.
      expect(stream.text()).not.toMatch(/approved|approuvé/i);
      expect((await readNotifications(app, cookie, 'fr-CA'))[0]?.title).toBe('Demande approuvée');
    } finally {
      await stream.close();
    }
  });
});
