import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import {
  locationPoliciesResponseSchema,
  type AddPlaceRequest,
} from '@punchclock/shared/contracts/locations';
import {
  historyResponseSchema,
  todayResponseSchema,
} from '@punchclock/shared/contracts/time-tracking';
import { dayDetailSchema } from '@punchclock/shared/contracts/reports';
import { formatBusinessDateTime } from '@punchclock/shared/domain/business-time';
import { notifications, profiles, punchLocations, teams, timeEvents } from '../../db/schema.ts';
import { SYSTEM_META } from '../../platform/request-meta.ts';
import { buildTestApp, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, type TestUser } from '../../test/factories.ts';
import { createTeam } from '../teams/index.ts';
import { purgeOldPunchLocations } from './punch-location.ts';

/** Toronto City Hall (the allowed place, 100 m) and Union Station, 850 m from its edge. */
const HEAD_OFFICE = { latitude: 43.65344, longitude: -79.38409 };
const UNION_STATION = { latitude: 43.64529, longitude: -79.38064 };

describeEachDatabase('location policy per team', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let admin: TestUser;
  let adminCookie: string;

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    admin = await createTestUser(db(), { role: 'admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    remoteAddress?: string,
  ) =>
    app.inject({
      method,
      url,
      headers: { [CSRF_HEADER]: '1', cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  /** A team with a policy and places, and a signed-in member. */
  async function teamWith(mode: string, places: AddPlaceRequest[]) {
    const team = await createTeam(
      db(),
      { name: `Location team ${randomUUID().slice(0, 8)}`, leadUserId: null },
      { actorId: admin.id, meta: SYSTEM_META },
    );
    const setMode = await call(adminCookie, 'PUT', `/api/locations/teams/${team.id}/mode`, {
      mode,
    });
    expect(setMode.statusCode, setMode.body).toBe(204);
    for (const place of places) {
      const added = await call(
        adminCookie,
        'POST',
        `/api/locations/teams/${team.id}/places`,
        place,
      );
      expect(added.statusCode, added.body).toBe(201);
    }
    const person = await createTestUser(db());
    await db().update(profiles).set({ teamId: team.id }).where(eq(profiles.id, person.id));
    const cookie = await signInAs(app, person.email, person.password);
    return { team, person, cookie };
  }

  const headOffice: AddPlaceRequest = {
    kind: 'area',
    name: 'Head office',
    ...HEAD_OFFICE,
    radiusMetres: 100,
  };
  const punch = (
    cookie: string,
    eventType: string,
    position?: { latitude: number; longitude: number; accuracyMetres?: number },
    remoteAddress?: string,
  ) =>
    call(
      cookie,
      'POST',
      '/api/time-events',
      {
        id: randomUUID(),
        eventType,
        ...(position ? { position: { accuracyMetres: 15, ...position } } : {}),
      },
      remoteAddress,
    );
  const punchesOf = (userId: string) =>
    db().select().from(timeEvents).where(eq(timeEvents.userId, userId));

  it('under "require" refuses a punch outside, saying how far, and records one inside', async () => {
    const { person, cookie } = await teamWith('require', [headOffice]);
    const today = await call(cookie, 'GET', '/api/time-events/today');
    expect(todayResponseSchema.parse(today.json()).locationMode).toBe('require');

    const outside = await punch(cookie, 'clock_in', UNION_STATION);
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({
      message: 'You are 850 m from Head office. Punch from an allowed place.',
      code: 'location_refused',
    });
    const withoutPosition = await punch(cookie, 'clock_in');
    expect(withoutPosition.statusCode).toBe(403);
    expect(withoutPosition.json()).toMatchObject({ message: /Allow location access/ });
    expect(await punchesOf(person.id)).toEqual([]);

    const inside = await punch(cookie, 'clock_in', HEAD_OFFICE);
    expect(inside.statusCode, inside.body).toBe(201);
    expect(await punchesOf(person.id)).toHaveLength(1);
    // The person sees where it was made in their history; the accuracy is kept.
    const history = historyResponseSchema.parse(
      (await call(cookie, 'GET', '/api/time-events/history')).json(),
    );
    expect(history.days[0]?.events[0]?.location).toEqual({
      outcome: 'inside',
      placeName: 'Head office',
      distanceMetres: 0,
      accuracyMetres: 15,
      isFlagged: false,
    });
  });

  it('under "warn" warns a French reader wholly in French', async () => {
    const { cookie } = await teamWith('warn', [headOffice]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/time-events',
      headers: { [CSRF_HEADER]: '1', cookie, 'accept-language': 'fr-CA' },
      payload: {
        id: randomUUID(),
        eventType: 'clock_in',
        position: { accuracyMetres: 15, ...UNION_STATION },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().warning).toBe(
      'Vous êtes à 850 m de Head office : le pointage est enregistré et votre gestionnaire en est avisé.',
    );
  });

  it('under "warn" records a punch outside, flags it, warns the person and tells admins', async () => {
    const { person, cookie } = await teamWith('warn', [headOffice]);
    const toldAdmins = () =>
      db()
        .select({ title: notifications.title, message: notifications.message })
        .from(notifications)
        .where(eq(notifications.subjectUserId, person.id));
    // A punch the state machine refuses is not recorded, so nobody is told of it.
    const refused = await punch(cookie, 'break', UNION_STATION);
    expect(refused.statusCode).toBe(409);
    expect(await toldAdmins()).toEqual([]);

    const response = await punch(cookie, 'clock_in', UNION_STATION);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      warning: 'You are 850 m from Head office: the punch is recorded and your manager is told.',
    });
    const [stored] = await db()
      .select()
      .from(punchLocations)
      .where(eq(punchLocations.userId, person.id));
    expect(stored).toMatchObject({ outcome: 'outside', isFlagged: true, distanceMetres: 848 });
    // Admins are told who punched, when (business time) and how far from which place, and
    // where to see it; not "You are …", which was the person's own message.
    const occurredAt = (response.json() as { event: { occurredAt: string } }).event.occurredAt;
    const when = formatBusinessDateTime(occurredAt, 'America/Toronto');
    expect(await toldAdmins()).toContainEqual({
      title: 'Punch outside the allowed places',
      message: `${person.name} punched 850 m from Head office on ${when}. Adherence Reports shows it on their day.`,
    });

    // Admins see where it was made in the report; a team lead does not.
    const date = (response.json() as { event: { shiftDate: string } }).event.shiftDate;
    const url = `/api/reports/day?userId=${person.id}&date=${date}`;
    const asAdmin = dayDetailSchema.parse((await call(adminCookie, 'GET', url)).json());
    expect(asAdmin.events[0]?.location).toMatchObject({ outcome: 'outside', isFlagged: true });
    const lead = await createTestUser(db(), { role: 'team_lead' });
    const [membership] = await db()
      .select({ teamId: profiles.teamId })
      .from(profiles)
      .where(eq(profiles.id, person.id));
    await db().update(profiles).set({ teamId: membership?.teamId }).where(eq(profiles.id, lead.id));
    await db()
      .update(teams)
      .set({ leadUserId: lead.id })
      .where(eq(teams.id, membership?.teamId ?? ''));
    const leadCookie = await signInAs(app, lead.email, lead.password);
    const asLead = await call(leadCookie, 'GET', url);
    expect(asLead.statusCode, asLead.body).toBe(200);
    expect(dayDetailSchema.parse(asLead.json()).events[0]?.location).toBeUndefined();
  });

  it('does not count a position as inside when its accuracy circle is wider than the area', async () => {
    // 1,980 m north of Head office, ± 1.9 km: the circle reaches the area but could be anywhere in it.
    const vague = { latitude: HEAD_OFFICE.latitude + 0.0178, longitude: HEAD_OFFICE.longitude };
    const required = await teamWith('require', [headOffice]);
    const refused = await punch(required.cookie, 'clock_in', { ...vague, accuracyMetres: 1900 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message:
        'Your location is too imprecise (± 1.9 km) to show you are at Head office. Try again outdoors or with location services set to precise.',
      code: 'location_refused',
    });
    expect(await punchesOf(required.person.id)).toEqual([]);
    // The same circle well inside the area proves presence.
    const precise = await punch(required.cookie, 'clock_in', {
      ...HEAD_OFFICE,
      accuracyMetres: 60,
    });
    expect(precise.statusCode, precise.body).toBe(201);

    const warned = await teamWith('warn', [headOffice]);
    const flagged = await punch(warned.cookie, 'clock_in', { ...vague, accuracyMetres: 1900 });
    expect(flagged.statusCode, flagged.body).toBe(201);
    expect(flagged.json()).toMatchObject({
      warning:
        'Your location is too imprecise (± 1.9 km) to show you are at Head office: the punch is recorded and your manager is told.',
    });
    const [stored] = await db()
      .select()
      .from(punchLocations)
      .where(eq(punchLocations.userId, warned.person.id));
    expect(stored).toMatchObject({
      outcome: 'unknown',
      placeName: 'Head office',
      isFlagged: true,
      accuracyMetres: 1900,
    });
    const [told] = await db()
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.subjectUserId, warned.person.id));
    expect(told?.message).toMatch(
      new RegExp(
        `^${warned.person.name} punched on .+ with a location too imprecise \\(± 1\\.9 km\\) to show they were at Head office\\. Adherence Reports shows it on their day\\.$`,
      ),
    );
  });

  it('lets an allowed network stand in for a position, and checks nothing when off', async () => {
    const { person, cookie } = await teamWith('require', [
      headOffice,
      { kind: 'network', name: 'Office Wi-Fi', cidr: '192.0.2.0/24' },
    ]);
    expect((await punch(cookie, 'clock_in', undefined, '198.51.100.7')).statusCode).toBe(403);
    expect((await punch(cookie, 'clock_in', undefined, '192.0.2.15')).statusCode).toBe(201);
    expect(await punchesOf(person.id)).toHaveLength(1);

    const off = await teamWith('off', [headOffice]);
    expect((await punch(off.cookie, 'clock_in', UNION_STATION)).statusCode).toBe(201);
    // Nothing is stored about where a punch was made when the policy is off.
    expect(
      await db().select().from(punchLocations).where(eq(punchLocations.userId, off.person.id)),
    ).toEqual([]);
  });

  it('is managed by admins only, with clear refusals of bad places, and every change audited', async () => {
    const { team, cookie } = await teamWith('record', []);
    expect((await call(cookie, 'GET', '/api/locations')).statusCode).toBe(403);
    expect(
      (await call(cookie, 'PUT', `/api/locations/teams/${team.id}/mode`, { mode: 'off' }))
        .statusCode,
    ).toBe(403);
    for (const [body, message] of [
      [
        { kind: 'network', name: 'Bad', cidr: '10.0.0.0/33' },
        'Enter a network like 203.0.113.0/24',
      ],
      [
        { kind: 'network', name: 'Bad', cidr: 'not a network' },
        'Enter a network like 203.0.113.0/24',
      ],
      [{ ...headOffice, radiusMetres: 5 }, 'Use a radius of at least 20 m'],
      [{ ...headOffice, latitude: 91 }, 'Invalid position'],
    ] as const) {
      const refused = await call(
        adminCookie,
        'POST',
        `/api/locations/teams/${team.id}/places`,
        body,
      );
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ message });
    }
    const badMode = await call(adminCookie, 'PUT', `/api/locations/teams/${team.id}/mode`, {
      mode: 'always',
    });
    expect(badMode.statusCode).toBe(400);

    const added = await call(adminCookie, 'POST', `/api/locations/teams/${team.id}/places`, {
      kind: 'network',
      name: 'Office',
      cidr: '2001:db8::/48',
    });
    expect(added.statusCode, added.body).toBe(201);
    const listed = locationPoliciesResponseSchema.parse(
      (await call(adminCookie, 'GET', '/api/locations')).json(),
    );
    const mine = listed.teams.find((entry) => entry.teamId === team.id);
    expect(mine).toMatchObject({
      mode: 'record',
      places: [{ name: 'Office', cidr: '2001:db8::/48' }],
    });
    const placeId = mine?.places[0]?.id ?? '';
    expect((await call(adminCookie, 'DELETE', `/api/locations/places/${placeId}`)).statusCode).toBe(
      204,
    );
    expect((await call(adminCookie, 'DELETE', `/api/locations/places/${placeId}`)).statusCode).toBe(
      404,
    );
  });

  it('forgets punch locations older than the retention the admin set', async () => {
    const { person, cookie } = await teamWith('record', [headOffice]);
    expect((await punch(cookie, 'clock_in', HEAD_OFFICE)).statusCode).toBe(201);
    const set = await call(adminCookie, 'PUT', '/api/locations/retention', { days: 30 });
    expect(set.statusCode, set.body).toBe(204);
    expect(
      (await call(adminCookie, 'PUT', '/api/locations/retention', { days: 0 })).statusCode,
    ).toBe(400);
    await db()
      .update(punchLocations)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(punchLocations.userId, person.id));
    expect(await purgeOldPunchLocations(db())).toBeGreaterThanOrEqual(1);
    expect(
      await db().select().from(punchLocations).where(eq(punchLocations.userId, person.id)),
    ).toEqual([]);
    // The punch itself stays.
    expect(await punchesOf(person.id)).toHaveLength(1);
    await call(adminCookie, 'PUT', '/api/locations/retention', { days: 90 });
  });
});
