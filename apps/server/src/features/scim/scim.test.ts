import { randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiTokenResponseSchema } from '@punchclock/shared/contracts/api-tokens';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import type { Role } from '@punchclock/shared/domain/roles';
import { auditLog, profiles, sessions, userRoles } from '../../db/schema.ts';
import { buildTestApp, getSessionUser, signInAs } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestUser, uniqueEmail, type TestUser } from '../../test/factories.ts';
import { listenOnFreePort, openLiveStream, type SseFrame } from '../../test/live-stream.ts';
import { callApi } from '../../test/schedules.ts';
import { waitFor } from '../../test/time-tracking.ts';
import { lastAuditId, seedTeam, uniqueTeamName } from '../../test/users.ts';

const TZ = 'America/Toronto';
const inAMonth = () => shiftDate(toBusinessDate(new Date(), TZ), 30);
const SCIM_JSON = 'application/scim+json';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describeEachDatabase('SCIM 2.0 provisioning (#33)', (getDatabase) => {
  const db = () => getDatabase().db;
  let app: FastifyInstance;
  let admin: TestUser;
  let adminCookie: string;
  let secret: string;
  let tokenId: string;
  let baseUrl: string;
  const closeStreams: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    app = await buildTestApp(getDatabase().database);
    baseUrl = await listenOnFreePort(app);
    admin = await createTestUser(db(), { role: 'admin', name: 'Ada Admin' });
    adminCookie = await signInAs(app, admin.email, admin.password);
    ({ secret, tokenId } = await serviceToken(['scim'], 'Entra ID'));
  });
  afterAll(async () => {
    await Promise.all(closeStreams.splice(0).map((close) => close()));
    await app.close();
  });

  async function serviceToken(scopes: string[], name: string) {
    const response = await callApi(app, adminCookie, 'POST', '/api/admin/api-tokens', {
      name,
      scopes,
      expiresOn: inAMonth(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const made = createApiTokenResponseSchema.parse(response.json());
    return { secret: made.secret, tokenId: made.token.id };
  }

  /** A call as a directory makes it: the bearer token, SCIM's media type, no cookie or CSRF. */
  function scim(
    method: Method,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    token: string | null = secret,
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method,
      url: `/scim/v2${path}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'user-agent': 'Microsoft.Identity.Provisioning',
        ...(body === undefined ? {} : { 'content-type': SCIM_JSON }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  async function ok(response: LightMyRequestResponse, status = 200) {
    expect(response.statusCode, response.body).toBe(status);
    if (status === 204) return {} as Record<string, unknown>;
    expect(response.headers['content-type']).toContain(SCIM_JSON);
    return response.json() as Record<string, unknown>;
  }

  function expectScimError(response: LightMyRequestResponse, status: number, scimType?: string) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toContain(SCIM_JSON);
    const body = response.json() as Record<string, unknown>;
    expect(body).toMatchObject({ schemas: [ERROR], status: String(status) });
    expect(typeof body.detail).toBe('string');
    if (scimType) expect(body.scimType).toBe(scimType);
  }

  const filterQuery = (filter: string) => `?filter=${encodeURIComponent(filter)}`;

  async function createUser(overrides: Record<string, unknown> = {}) {
    const userName = uniqueEmail('scim');
    const body = await ok(
      await scim('POST', '/Users', {
        schemas: [USER],
        userName,
        active: true,
        name: { givenName: 'Sam', familyName: 'Scim' },
        ...overrides,
      }),
      201,
    );
    return { id: body.id as string, userName, body };
  }

  async function createGroup(
    displayName = `Group ${randomUUID().slice(0, 8)}`,
    members: string[] = [],
  ) {
    const body = await ok(
      await scim('POST', '/Groups', {
        schemas: [GROUP],
        displayName,
        members: members.map((value) => ({ value })),
      }),
      201,
    );
    return { id: body.id as string, displayName };
  }

  async function mapGroup(groupId: string, mapping: { teamId: string | null; role: Role | null }) {
    const response = await callApi(
      app,
      adminCookie,
      'PUT',
      `/api/admin/scim/groups/${groupId}`,
      mapping,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Record<string, unknown>;
  }

  async function profileOf(userId: string) {
    const [row] = await db()
      .select({ teamId: profiles.teamId, isSuspended: profiles.isSuspended, role: userRoles.role })
      .from(profiles)
      .innerJoin(userRoles, eq(userRoles.userId, profiles.id))
      .where(eq(profiles.id, userId));
    return row;
  }

  /** An admin's own change in User Management: role and team given by hand. */
  async function setByHand(
    person: { id: string; userName: string },
    values: { role: Role; teamId: string | null },
  ) {
    const response = await callApi(app, adminCookie, 'PUT', `/api/users/${person.id}`, {
      name: 'Sam Scim',
      email: person.userName,
      ...values,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  const removeMember = (groupId: string, userId: string) =>
    scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${userId}"]` }],
    });

  const membersPatch = (op: string, ids: string[]) => ({
    schemas: [PATCH_OP],
    Operations: [{ op, path: 'members', value: ids.map((value) => ({ value })) }],
  });

  // Microsoft Entra ID's provisioning sequence, as its SCIM guide documents the requests.
  it('Entra ID: look up, create, read, update with string booleans, deactivate, groups, delete', async () => {
    const userName = uniqueEmail('entra');
    const lookup = await ok(await scim('GET', `/Users${filterQuery(`userName eq "${userName}"`)}`));
    expect(lookup).toMatchObject({
      totalResults: 0,
      Resources: [],
      startIndex: 1,
      itemsPerPage: 0,
    });

    const created = await ok(
      await scim('POST', '/Users', {
        schemas: [USER, ENTERPRISE],
        externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
        userName,
        active: true,
        displayName: 'Jordan Entra',
        emails: [{ primary: true, type: 'work', value: userName }],
        meta: { resourceType: 'User' },
        name: { formatted: 'Jordan Entra', familyName: 'Entra', givenName: 'Jordan' },
        roles: [],
        [ENTERPRISE]: { employeeNumber: `E-${randomUUID().slice(0, 6)}` },
      }),
      201,
    );
    const id = created.id as string;
    expect(created).toMatchObject({
      userName,
      active: true,
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      name: { formatted: 'Jordan Entra' },
      meta: { resourceType: 'User', location: expect.stringContaining(`/scim/v2/Users/${id}`) },
    });

    const read = await scim('GET', `/Users/${id}`);
    expect((await ok(read)).userName).toBe(userName);
    expect(read.headers.etag).toMatch(/^W\/"\d+"$/);

    // Filter by the same userName in another case: userName is not case-exact.
    const found = await ok(
      await scim('GET', `/Users${filterQuery(`userName eq "${userName.toUpperCase()}"`)}`),
    );
    expect(found).toMatchObject({ totalResults: 1, Resources: [{ id }] });

    const replaced = await ok(
      await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'Replace', path: 'displayName', value: 'Jordan Q. Entra' },
          { op: 'Replace', path: 'preferredLanguage', value: 'fr-CA' },
          { op: 'Add', path: `${ENTERPRISE}:manager`, value: admin.id },
          { op: 'Replace', path: 'active', value: 'True' },
          { op: 'Replace', path: 'title', value: 'Cashier' },
        ],
      }),
    );
    expect(replaced).toMatchObject({
      displayName: 'Jordan Q. Entra',
      preferredLanguage: 'fr-CA',
      active: true,
      [ENTERPRISE]: { manager: { value: admin.id } },
    });
    // A path-less replace with an object value (Entra sends these too).
    await ok(
      await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'Replace', value: { 'name.givenName': 'Jo', 'name.familyName': 'Entra' } },
        ],
      }),
    );
    expect((await ok(await scim('GET', `/Users/${id}`))).displayName).toBe('Jo Entra');

    // Group push: create, add the member, remove the member.
    const group = await ok(
      await scim('POST', '/Groups', {
        schemas: [GROUP],
        externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
        displayName: `Entra group ${randomUUID().slice(0, 8)}`,
        members: [],
      }),
      201,
    );
    const groupId = group.id as string;
    const byName = await ok(
      await scim(
        'GET',
        `/Groups${filterQuery(`displayName eq "${group.displayName as string}"`)}&excludedAttributes=members`,
      ),
    );
    expect(byName).toMatchObject({ totalResults: 1, Resources: [{ id: groupId }] });
    expect((byName.Resources as Record<string, unknown>[])[0]).not.toHaveProperty('members');
    await ok(
      await scim('PATCH', `/Groups/${groupId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Add', path: 'members', value: [{ value: id }] }],
      }),
      204,
    );
    const withMember = await ok(await scim('GET', `/Groups/${groupId}`));
    expect(withMember.members).toEqual([expect.objectContaining({ value: id })]);
    const membership = await ok(
      await scim(
        'GET',
        `/Groups${filterQuery(`id eq "${groupId}" and members[value eq "${id}"]`)}&excludedAttributes=members`,
      ),
    );
    expect(membership.totalResults).toBe(1);
    await ok(
      await scim('PATCH', `/Groups/${groupId}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Remove', path: `members[value eq "${id}"]` }],
      }),
      204,
    );
    expect((await ok(await scim('GET', `/Groups/${groupId}`))).members).toEqual([]);

    // Deactivation: the string boolean Entra sends.
    const off = await ok(
      await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      }),
    );
    expect(off.active).toBe(false);
    expect((await profileOf(id))?.isSuspended).toBe(true);

    await ok(await scim('DELETE', `/Groups/${groupId}`), 204);
    expectScimError(await scim('GET', `/Groups/${groupId}`), 404);
    await ok(await scim('DELETE', `/Users/${id}`), 204);
    // Deleting keeps the person (their time records are pay records), suspended.
    expect((await ok(await scim('GET', `/Users/${id}`))).active).toBe(false);
  });

  it('deactivating someone ends their sessions and API tokens at once', async () => {
    const person = await createTestUser(db(), { name: 'Pat Person' });
    const cookie = await signInAs(app, person.email, person.password);
    const made = await callApi(app, cookie, 'POST', '/api/api-tokens', {
      name: 'My script',
      scopes: ['punches:read'],
      expiresOn: inAMonth(),
    });
    const personal = createApiTokenResponseSchema.parse(made.json()).secret;
    const withPersonal = () =>
      app.inject({
        method: 'GET',
        url: '/api/time-events/today',
        headers: { authorization: `Bearer ${personal}` },
      });
    expect((await withPersonal()).statusCode).toBe(200);

    const found = await ok(
      await scim('GET', `/Users${filterQuery(`userName eq "${person.email}"`)}`),
    );
    const [resource] = found.Resources as { id: string }[];
    expect(resource?.id).toBe(person.id);
    await ok(
      await scim('PATCH', `/Users/${person.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      }),
    );
    expect((await callApi(app, cookie, 'GET', '/api/time-events/today')).statusCode).toBe(401);
    expect((await withPersonal()).statusCode).toBe(401);
    const live = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, person.id)));
    const [{ revokedAt } = { revokedAt: null }] = await db()
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.userId, person.id));
    expect(live.length).toBeGreaterThan(0);
    expect(revokedAt).not.toBeNull();
  });

  // Okta's SCIM 2.0 guide: filter, create, full replace with PUT, deactivate with PATCH.
  it('Okta: filter, create, PUT a full replacement, PATCH active false', async () => {
    const userName = uniqueEmail('okta');
    const none = await ok(
      await scim('GET', `/Users${filterQuery(`userName eq "${userName}"`)}&startIndex=1&count=100`),
    );
    expect(none).toMatchObject({ totalResults: 0, Resources: [] });
    const created = await ok(
      await scim('POST', '/Users', {
        schemas: [USER],
        userName,
        name: { givenName: 'Olive', familyName: 'Okta' },
        emails: [{ primary: true, value: userName, type: 'work' }],
        displayName: 'Olive Okta',
        locale: 'en-US',
        externalId: '00u1dhhb1fkIGP7RL1d8',
        groups: [],
        password: '1mz050nq',
        active: true,
      }),
      201,
    );
    const id = created.id as string;
    expect(created).toMatchObject({ displayName: 'Olive Okta', preferredLanguage: 'en' });

    const put = await ok(
      await scim('PUT', `/Users/${id}`, {
        schemas: [USER],
        id,
        userName,
        name: { givenName: 'Olivia', familyName: 'Okta-Smith' },
        emails: [{ primary: true, value: userName, type: 'work' }],
        active: true,
        externalId: '00u1dhhb1fkIGP7RL1d8',
      }),
    );
    expect(put).toMatchObject({ displayName: 'Olivia Okta-Smith', active: true });

    const patched = await ok(
      await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { active: false } }],
      }),
    );
    expect(patched.active).toBe(false);
    // And back: Okta reactivates the same way.
    const back = await ok(
      await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { active: true } }],
      }),
    );
    expect(back.active).toBe(true);

    // Okta's group push: remove members by value.
    const group = await createGroup(undefined, [id]);
    await ok(
      await scim('PATCH', `/Groups/${group.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'remove', path: 'members', value: [{ value: id }] }],
      }),
      204,
    );
    expect((await ok(await scim('GET', `/Groups/${group.id}`))).members).toEqual([]);
    // PUT on a group replaces its name and members.
    const renamed = await ok(
      await scim('PUT', `/Groups/${group.id}`, {
        schemas: [GROUP],
        displayName: `${group.displayName} renamed`,
        members: [{ value: id }],
      }),
    );
    expect(renamed).toMatchObject({
      displayName: `${group.displayName} renamed`,
      members: [{ value: id }],
    });
  });

  it('serves the discovery documents of RFC 7644 §4', async () => {
    const config = await ok(await scim('GET', '/ServiceProviderConfig'));
    expect(config).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      etag: { supported: true },
      changePassword: { supported: false },
      sort: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    });
    const types = await ok(await scim('GET', '/ResourceTypes'));
    expect(types).toMatchObject({ totalResults: 2 });
    expect((types.Resources as { id: string }[]).map((type) => type.id)).toEqual(['User', 'Group']);
    expect(await ok(await scim('GET', '/ResourceTypes/User'))).toMatchObject({
      endpoint: '/Users',
      schemaExtensions: [{ schema: ENTERPRISE, required: false }],
    });
    const schemas = await ok(await scim('GET', '/Schemas'));
    expect((schemas.Resources as { id: string }[]).map((schema) => schema.id)).toEqual([
      USER,
      ENTERPRISE,
      GROUP,
    ]);
    expect(await ok(await scim('GET', `/Schemas/${USER}`))).toMatchObject({ name: 'User' });
    expectScimError(await scim('GET', '/Schemas/urn:nothing'), 404);
    expectScimError(await scim('GET', '/Bulk'), 404);
  });

  it('pages lists (1-based startIndex, count) and filters with and/or, active, emails, externalId', async () => {
    const tag = randomUUID().slice(0, 8);
    const made = [];
    for (let index = 0; index < 5; index += 1) {
      made.push(await createUser({ externalId: `page-${tag}-${index}`, active: index !== 4 }));
    }
    const all = `externalId sw "page-${tag}"`;
    const first = await ok(await scim('GET', `/Users${filterQuery(all)}&startIndex=1&count=2`));
    expect(first).toMatchObject({ totalResults: 5, startIndex: 1, itemsPerPage: 2 });
    const third = await ok(await scim('GET', `/Users${filterQuery(all)}&startIndex=5&count=2`));
    expect(third).toMatchObject({ totalResults: 5, startIndex: 5, itemsPerPage: 1 });
    expect((third.Resources as { id: string }[])[0]?.id).toBe(made[4]?.id);
    const zero = await ok(await scim('GET', `/Users${filterQuery(all)}&count=0`));
    expect(zero).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });

    const inactive = await ok(
      await scim('GET', `/Users${filterQuery(`${all} and active eq false`)}`),
    );
    expect(inactive).toMatchObject({ totalResults: 1, Resources: [{ id: made[4]?.id }] });
    const either = await ok(
      await scim(
        'GET',
        `/Users${filterQuery(`externalId eq "page-${tag}-0" or emails[type eq "work"].value eq "${made[1]?.userName}"`)}`,
      ),
    );
    expect((either.Resources as { id: string }[]).map((user) => user.id).sort()).toEqual(
      [made[0]?.id, made[1]?.id].sort(),
    );
    const byExternal = await ok(
      await scim('GET', `/Users${filterQuery(`externalId eq "page-${tag}-2"`)}`),
    );
    expect(byExternal).toMatchObject({ totalResults: 1, Resources: [{ id: made[2]?.id }] });
    const projected = await ok(
      await scim(
        'GET',
        `/Users${filterQuery(`externalId eq "page-${tag}-2"`)}&attributes=userName`,
      ),
    );
    expect(Object.keys((projected.Resources as object[])[0] ?? {}).sort()).toEqual([
      'id',
      'meta',
      'schemas',
      'userName',
    ]);
    // One resource projected to attributes it does not carry: id, schemas and meta only (§3.9).
    const bare = await ok(await scim('GET', `/Users/${made[2]?.id}?attributes=title`));
    expect(Object.keys(bare).sort()).toEqual(['id', 'meta', 'schemas']);
  });

  it('answers SCIM errors: 404, 409 uniqueness, 400 invalidSyntax/invalidValue/invalidFilter, 412', async () => {
    expectScimError(await scim('GET', `/Users/${randomUUID()}`), 404);
    expectScimError(await scim('GET', '/Users/not-an-id'), 404);
    const { id, userName } = await createUser();
    expectScimError(await scim('POST', '/Users', { schemas: [USER], userName }), 409, 'uniqueness');
    expectScimError(
      await scim('POST', '/Users', { schemas: [USER], userName: userName.toUpperCase() }),
      409,
      'uniqueness',
    );
    expectScimError(await scim('POST', '/Users', { schemas: [USER] }), 400, 'invalidValue');
    expectScimError(
      await scim('POST', '/Users', { schemas: [USER], userName: 'not an email' }),
      400,
      'invalidValue',
    );
    expectScimError(
      await app.inject({
        method: 'POST',
        url: '/scim/v2/Users',
        headers: { authorization: `Bearer ${secret}`, 'content-type': SCIM_JSON },
        payload: '{"userName":',
      }),
      400,
      'invalidSyntax',
    );
    expectScimError(
      await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'move', path: 'active' }],
      }),
      400,
      'invalidSyntax',
    );
    expectScimError(
      await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'active', value: 'maybe' }],
      }),
      400,
      'invalidValue',
    );
    expectScimError(await scim('GET', `/Users${filterQuery('userName eq')}`), 400, 'invalidFilter');
    expectScimError(
      await scim('GET', `/Users${filterQuery('password eq "x"')}`),
      400,
      'invalidFilter',
    );
    expectScimError(await scim('GET', `/Users?startIndex=abc`), 400, 'invalidValue');

    // ETags: a stale If-Match is refused; the current one (or *) goes through.
    const read = await scim('GET', `/Users/${id}`);
    const etag = read.headers.etag as string;
    const rename = (name: string, ifMatch: string) =>
      scim(
        'PATCH',
        `/Users/${id}`,
        { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'displayName', value: name }] },
        { 'if-match': ifMatch },
      );
    const renamed = await rename('Sam First', etag);
    await ok(renamed);
    expect(renamed.headers.etag).not.toBe(etag);
    expectScimError(await rename('Sam Second', etag), 412);
    await ok(await rename('Sam Third', '*'));
    expectScimError(await scim('DELETE', `/Users/${id}`, undefined, { 'if-match': etag }), 412);
    const fresh = (await scim('GET', `/Users/${id}`)).headers.etag as string;
    expect(
      (await scim('GET', `/Users/${id}`, undefined, { 'if-none-match': fresh })).statusCode,
    ).toBe(304);

    const group = await createGroup();
    expectScimError(
      await scim('POST', '/Groups', {
        schemas: [GROUP],
        displayName: group.displayName.toUpperCase(),
      }),
      409,
      'uniqueness',
    );
    expectScimError(
      await scim('PATCH', `/Groups/${group.id}`, membersPatch('add', [randomUUID()])),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim('PATCH', `/Groups/${group.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'owner', value: 'x' }],
      }),
      400,
      'invalidPath',
    );
  });

  it('only a service token with the scim scope may call: no token 401, other scope 403, session 401', async () => {
    const noToken = await scim('GET', '/Users', undefined, {}, null);
    expectScimError(noToken, 401);
    expect(noToken.headers['www-authenticate']).toContain('Bearer');
    expectScimError(await scim('GET', '/Users', undefined, {}, 'pct_not-a-token'), 401);
    const other = await serviceToken(['people:read'], 'Reporting');
    expectScimError(await scim('GET', '/Users', undefined, {}, other.secret), 403);
    const session = await app.inject({
      method: 'GET',
      url: '/scim/v2/Users',
      headers: { cookie: adminCookie },
    });
    expectScimError(session, 401);
    const sessionPost = await app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { cookie: adminCookie, 'x-punchclock-csrf': '1' },
      payload: { userName: uniqueEmail('cookie') },
    });
    expectScimError(sessionPost, 401);
    // The scim scope reaches nothing outside /scim/v2.
    const outside = await app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(outside.statusCode).toBe(403);
    // A personal token cannot hold it.
    const personal = await callApi(app, adminCookie, 'POST', '/api/api-tokens', {
      name: 'Mine',
      scopes: ['scim'],
      expiresOn: inAMonth(),
    });
    expect(personal.statusCode).toBe(400);
  });

  it('mapped groups give their members a team and the strongest role; leaving takes them back', async () => {
    const teamA = await seedTeam(db(), { name: uniqueTeamName('SCIM A') });
    const teamB = await seedTeam(db(), { name: uniqueTeamName('SCIM B') });
    const person = await createUser();
    const leads = await createGroup(`Leads ${randomUUID().slice(0, 6)}`, [person.id]);
    const admins = await createGroup(`Admins ${randomUUID().slice(0, 6)}`);
    const store = await createGroup(`B store ${randomUUID().slice(0, 6)}`, [person.id]);
    // Unmapped, a group gives nothing.
    expect(await profileOf(person.id)).toMatchObject({ role: 'employee', teamId: null });

    // Mapping applies to current members at once.
    await mapGroup(leads.id, { teamId: teamA.id, role: 'team_lead' });
    expect(await profileOf(person.id)).toMatchObject({ role: 'team_lead', teamId: teamA.id });
    await mapGroup(admins.id, { teamId: null, role: 'admin' });
    await mapGroup(store.id, { teamId: teamB.id, role: null });
    // In two team groups: the first by name ("B store…" before "Leads…").
    expect((await profileOf(person.id))?.teamId).toBe(teamB.id);

    await ok(await scim('PATCH', `/Groups/${admins.id}`, membersPatch('add', [person.id])), 204);
    expect((await profileOf(person.id))?.role).toBe('admin');
    // Removed from the admin group: back to the strongest role left (team lead).
    await ok(
      await scim('PATCH', `/Groups/${admins.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'remove', path: `members[value eq "${person.id}"]` }],
      }),
      204,
    );
    expect((await profileOf(person.id))?.role).toBe('team_lead');
    await ok(await scim('PATCH', `/Groups/${store.id}`, membersPatch('remove', [person.id])), 204);
    expect((await profileOf(person.id))?.teamId).toBe(teamA.id);
    // Out of every mapped group: the team and role the mapping gave are taken back.
    await ok(await scim('DELETE', `/Groups/${leads.id}`), 204);
    expect(await profileOf(person.id)).toMatchObject({ role: 'employee', teamId: null });

    // A role given by hand, that no mapping names, stays.
    const sme = await createTestUser(db(), { role: 'sme' });
    await ok(await scim('PATCH', `/Groups/${store.id}`, membersPatch('add', [sme.id])), 204);
    await ok(await scim('PATCH', `/Groups/${store.id}`, membersPatch('remove', [sme.id])), 204);
    expect(await profileOf(sme.id)).toMatchObject({ role: 'sme', teamId: null });

    // The user resource lists their groups.
    await ok(await scim('PATCH', `/Groups/${admins.id}`, membersPatch('add', [person.id])), 204);
    const resource = await ok(await scim('GET', `/Users/${person.id}`));
    expect(resource.groups).toEqual([expect.objectContaining({ value: admins.id })]);

    // The admin's list shows each group with its mapping and member count.
    const list = await callApi(app, adminCookie, 'GET', '/api/admin/scim/groups');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ basePath: '/scim/v2' });
    const listed = (
      list.json() as { groups: { id: string; role: string | null; memberCount: number }[] }
    ).groups;
    expect(listed.find((group) => group.id === admins.id)).toMatchObject({
      role: 'admin',
      memberCount: 1,
    });
    // Unmapping the admin role takes it back from the group's members at once.
    await mapGroup(admins.id, { teamId: null, role: null });
    expect((await profileOf(person.id))?.role).toBe('employee');
  });

  it('never demotes the first admin, nor suspends the last active admin', async () => {
    const firstAdmin = await db()
      .select({ id: profiles.id })
      .from(profiles)
      .innerJoin(userRoles, eq(userRoles.userId, profiles.id))
      .where(eq(userRoles.role, 'admin'));
    expect(firstAdmin.length).toBeGreaterThan(0);
    // The suite's admin is the first admin (the first made in this database).
    const admins = await createGroup(`First admins ${randomUUID().slice(0, 6)}`, [admin.id]);
    await mapGroup(admins.id, { teamId: null, role: 'admin' });
    await ok(await scim('PATCH', `/Groups/${admins.id}`, membersPatch('remove', [admin.id])), 204);
    expect((await profileOf(admin.id))?.role).toBe('admin');
    await mapGroup(admins.id, { teamId: null, role: 'employee' });
    await ok(await scim('PATCH', `/Groups/${admins.id}`, membersPatch('add', [admin.id])), 204);
    expect((await profileOf(admin.id))?.role).toBe('admin');
    await ok(await scim('DELETE', `/Groups/${admins.id}`), 204);

    // The only active admin cannot be suspended by the directory either: 409, nothing changed.
    const refused = await scim('PATCH', `/Users/${admin.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expectScimError(refused, 409, 'mutability');
    expect((await profileOf(admin.id))?.isSuspended).toBe(false);
  });

  it('audits every change as the token’s, with the entity it changed', async () => {
    const after = await lastAuditId(db());
    const { id } = await createUser();
    await ok(
      await scim('PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'displayName', value: 'Audited Person' }],
      }),
    );
    const group = await createGroup(undefined, [id]);
    await ok(await scim('DELETE', `/Users/${id}`), 204);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, after), eq(auditLog.apiTokenId, tokenId)));
    const actions = rows.map((row) => `${row.action} ${row.entityType}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'user.create user',
        'user.update user',
        'scim_group.create scim_group',
        'user.suspend user',
        'api_token.call api_token',
      ]),
    );
    for (const row of rows) expect(row.actorId).toBe(admin.id);
    expect(rows.find((row) => row.action === 'scim_group.create')?.entityId).toBe(group.id);
  });
  it('a change in a group gives or takes only what that group’s mapping names; a hand-given role or team stays', async () => {
    const frontDesk = await seedTeam(db(), { name: uniqueTeamName('Front desk') });
    const kitchen = await seedTeam(db(), { name: uniqueTeamName('Kitchen') });
    const admins = await createGroup(`PC-Admins ${randomUUID().slice(0, 6)}`);
    await mapGroup(admins.id, { teamId: null, role: 'admin' });
    const desk = await createGroup(`Front desk ${randomUUID().slice(0, 6)}`);
    await mapGroup(desk.id, { teamId: frontDesk.id, role: null });
    const allStaff = await createGroup(`All staff ${randomUUID().slice(0, 6)}`);

    // The review's reproduction: admin and Front desk by hand, then added to an unmapped group.
    const b = await createUser();
    await setByHand(b, { role: 'admin', teamId: frontDesk.id });
    await ok(await scim('PATCH', `/Groups/${allStaff.id}`, membersPatch('add', [b.id])), 204);
    expect(await profileOf(b.id)).toMatchObject({ role: 'admin', teamId: frontDesk.id });
    await ok(await removeMember(allStaff.id, b.id), 204);
    expect(await profileOf(b.id)).toMatchObject({ role: 'admin', teamId: frontDesk.id });
    // Renamed, replaced with the same members, deleted: an unmapped group gives and takes nothing.
    await ok(await scim('PATCH', `/Groups/${allStaff.id}`, membersPatch('add', [b.id])), 204);
    await ok(
      await scim('PUT', `/Groups/${allStaff.id}`, {
        schemas: [GROUP],
        displayName: `All staff renamed ${randomUUID().slice(0, 6)}`,
        members: [{ value: b.id }],
      }),
    );
    await ok(await scim('DELETE', `/Groups/${allStaff.id}`), 204);
    expect(await profileOf(b.id)).toMatchObject({ role: 'admin', teamId: frontDesk.id });

    // In and out of a team-only group: the team it gave goes, the admin role given by hand stays.
    await ok(await scim('PATCH', `/Groups/${desk.id}`, membersPatch('add', [b.id])), 204);
    expect(await profileOf(b.id)).toMatchObject({ role: 'admin', teamId: frontDesk.id });
    await ok(await removeMember(desk.id, b.id), 204);
    expect(await profileOf(b.id)).toMatchObject({ role: 'admin', teamId: null });

    // Leaving a group takes back only what it gave: a team set by hand since then stays.
    const c = await createUser();
    await ok(await scim('PATCH', `/Groups/${desk.id}`, membersPatch('add', [c.id])), 204);
    expect(await profileOf(c.id)).toMatchObject({ role: 'employee', teamId: frontDesk.id });
    await setByHand(c, { role: 'sme', teamId: kitchen.id });
    await ok(await removeMember(desk.id, c.id), 204);
    expect(await profileOf(c.id)).toMatchObject({ role: 'sme', teamId: kitchen.id });
    // Nor does a role-only group's mapping change touch a team, or a role it never gave.
    await ok(await scim('PATCH', `/Groups/${admins.id}`, membersPatch('add', [c.id])), 204);
    expect(await profileOf(c.id)).toMatchObject({ role: 'admin', teamId: kitchen.id });
    await setByHand(c, { role: 'team_lead', teamId: kitchen.id });
    await ok(await removeMember(admins.id, c.id), 204);
    expect(await profileOf(c.id)).toMatchObject({ role: 'team_lead', teamId: kitchen.id });

    // Deleting a team-only group, or taking its team away, leaves its members' roles alone.
    const d = await createUser();
    await ok(await scim('PATCH', `/Groups/${desk.id}`, membersPatch('add', [d.id])), 204);
    await setByHand(d, { role: 'admin', teamId: frontDesk.id });
    await mapGroup(desk.id, { teamId: null, role: null });
    expect(await profileOf(d.id)).toMatchObject({ role: 'admin', teamId: null });
    await mapGroup(desk.id, { teamId: frontDesk.id, role: null });
    expect(await profileOf(d.id)).toMatchObject({ role: 'admin', teamId: frontDesk.id });
    await ok(await scim('DELETE', `/Groups/${desk.id}`), 204);
    expect(await profileOf(d.id)).toMatchObject({ role: 'admin', teamId: null });
  });

  it('a role the directory gives or takes back tells the person’s open tabs to re-read their session', async () => {
    const isSessionChange = (frame: SseFrame) =>
      frame.event === 'change' &&
      JSON.stringify(frame.data) === JSON.stringify({ topic: 'session' });
    const person = await createTestUser(db(), { name: 'Tab Holder' });
    const cookie = await signInAs(app, person.email, person.password);
    const stream = await openLiveStream(baseUrl, cookie);
    closeStreams.push(() => stream.close());
    expect(stream.status).toBe(200);
    await stream.waitForFrame((frame) => frame.event === 'ready');

    const admins = await createGroup(`Tab admins ${randomUUID().slice(0, 6)}`);
    await mapGroup(admins.id, { teamId: null, role: 'admin' });
    await ok(await scim('PATCH', `/Groups/${admins.id}`, membersPatch('add', [person.id])), 204);
    expect((await profileOf(person.id))?.role).toBe('admin');
    await stream.waitForFrame(isSessionChange);
    await ok(await removeMember(admins.id, person.id), 204);
    expect((await profileOf(person.id))?.role).toBe('employee');
    await waitFor(() => stream.frames().filter(isSessionChange).length === 2);
    expect(await getSessionUser(app, cookie)).toMatchObject({ id: person.id, role: 'employee' });
  });

  it('refuses a manager that closes a reporting circle: 400 invalidValue, nothing changed', async () => {
    const a = await createUser();
    const b = await createUser();
    const c = await createUser();
    const managerPatch = (value: string) => ({
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: `${ENTERPRISE}:manager`, value }],
    });
    await ok(await scim('PATCH', `/Users/${a.id}`, managerPatch(b.id)));
    const before = await scim('GET', `/Users/${b.id}`);
    const refused = await scim('PATCH', `/Users/${b.id}`, managerPatch(a.id));
    expectScimError(refused, 400, 'invalidValue');
    expect((refused.json() as { detail: string }).detail).toBe(
      'A person cannot report to themselves or to someone who reports to them',
    );
    const after = await scim('GET', `/Users/${b.id}`);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.json()).not.toHaveProperty([ENTERPRISE, 'manager']);

    // Two steps away, and by PUT: refused as well.
    await ok(await scim('PATCH', `/Users/${b.id}`, managerPatch(c.id)));
    expectScimError(
      await scim('PUT', `/Users/${c.id}`, {
        schemas: [USER, ENTERPRISE],
        userName: c.userName,
        [ENTERPRISE]: { manager: { value: a.id } },
      }),
      400,
      'invalidValue',
    );
    expectScimError(await scim('PATCH', `/Users/${c.id}`, managerPatch(c.id)), 400, 'invalidValue');
    expect(await ok(await scim('GET', `/Users/${c.id}`))).not.toHaveProperty([
      ENTERPRISE,
      'manager',
    ]);
  });

  it('finds an id in upper case, answers 304 to If-None-Match: *, and moves the ETags of members a rename removes', async () => {
    const { id } = await createUser();
    const byId = await ok(await scim('GET', `/Users${filterQuery(`id eq "${id.toUpperCase()}"`)}`));
    expect(byId).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    const kept = await createUser();
    const group = await createGroup(`Case ${randomUUID().slice(0, 6)}`, [id, kept.id]);
    const groupById = await ok(
      await scim('GET', `/Groups${filterQuery(`id eq "${group.id.toUpperCase()}"`)}`),
    );
    expect(groupById).toMatchObject({ totalResults: 1, Resources: [{ id: group.id }] });
    const byMember = await ok(
      await scim('GET', `/Groups${filterQuery(`members[value eq "${id.toUpperCase()}"]`)}`),
    );
    expect(byMember).toMatchObject({ totalResults: 1, Resources: [{ id: group.id }] });

    // RFC 7232 §3.2: * matches any current representation.
    const anyUser = await scim('GET', `/Users/${id}`, undefined, { 'if-none-match': '*' });
    expect(anyUser.statusCode).toBe(304);
    const anyGroup = await scim('GET', `/Groups/${group.id}`, undefined, { 'if-none-match': '*' });
    expect(anyGroup.statusCode).toBe(304);
    const stale = await scim('GET', `/Users/${id}`, undefined, { 'if-none-match': 'W/"1"' });
    expect(stale.statusCode).toBe(200);

    // Renamed and a member removed in one PATCH: the removed member's ETag moves too.
    const removedBefore = (await scim('GET', `/Users/${id}`)).headers.etag;
    const keptBefore = (await scim('GET', `/Users/${kept.id}`)).headers.etag;
    await ok(
      await scim('PATCH', `/Groups/${group.id}`, {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'replace', path: 'displayName', value: `Renamed ${randomUUID().slice(0, 6)}` },
          { op: 'remove', path: `members[value eq "${id}"]` },
        ],
      }),
      204,
    );
    expect((await scim('GET', `/Users/${id}`)).headers.etag).not.toBe(removedBefore);
    expect((await scim('GET', `/Users/${kept.id}`)).headers.etag).not.toBe(keptBefore);
  });
});
