import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER } from '@punchclock/shared/contracts/http';
import { shiftDate, toBusinessDate } from '@punchclock/shared/domain/business-time';
import { uniqueEmail } from './factories.ts';

/** A service token with the scim scope, made by the admin whose cookie this is; its secret. */
export async function scimServiceToken(app: FastifyInstance, adminCookie: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/api-tokens',
    headers: { [CSRF_HEADER]: '1', cookie: adminCookie },
    payload: {
      name: 'Directory',
      scopes: ['scim'],
      expiresOn: shiftDate(toBusinessDate(new Date(), 'America/Toronto'), 30),
    },
  });
  if (response.statusCode !== 201) throw new Error(`no SCIM token: ${response.body}`);
  return (response.json() as { secret: string }).secret;
}

async function scimPost(app: FastifyInstance, secret: string, path: string, body: object) {
  const response = await app.inject({
    method: 'POST',
    url: `/scim/v2${path}`,
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' },
    payload: JSON.stringify(body),
  });
  if (response.statusCode !== 201) throw new Error(`SCIM POST ${path}: ${response.body}`);
  return (response.json() as { id: string }).id;
}

/** A person a directory pushed; their SCIM id. */
export function scimUser(app: FastifyInstance, secret: string): Promise<string> {
  return scimPost(app, secret, '/Users', {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: uniqueEmail('scim'),
    displayName: 'Pushed Person',
  });
}

/** A group a directory pushed (optionally with members); its SCIM id. */
export function scimGroup(
  app: FastifyInstance,
  secret: string,
  memberIds: string[] = [],
): Promise<string> {
  return scimPost(app, secret, '/Groups', {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
    displayName: `Pushed group ${randomUUID().slice(0, 8)}`,
    members: memberIds.map((value) => ({ value })),
  });
}
