import { t } from '@lingui/core/macro';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SCIM_BASE_PATH, SCIM_MEDIA_TYPE } from '@punchclock/shared/contracts/scim';
import type { Db } from '../../db/client.ts';
import { actorOf, requireAuth } from '../../platform/access.ts';
import { implementEndpoint } from '../../platform/endpoints.ts';
import { Forbidden, Unauthorized } from '../../platform/errors.ts';
import { getRequestMeta } from '../../platform/request-meta.ts';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery.ts';
import { listScimGroupMappings, setScimGroupMapping } from './group-mapping.ts';
import {
  createScimGroup,
  deleteScimGroupResource,
  getScimGroup,
  listScimGroups,
  patchScimGroup,
  project,
  renderGroup,
  replaceScimGroup,
} from './groups-service.ts';
import { isNotModified, listResponse } from './resources.ts';
import { scimErrorHandler, scimNotFound, sendScimError } from './scim-errors.ts';
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  renderUser,
  replaceScimUser,
} from './users-service.ts';

/** The base URL a directory is given, as this request reached the server (proxies included). */
function baseUrlOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${SCIM_BASE_PATH}`;
}

/** A resource with its ETag header (RFC 7644 §3.14). */
function withVersion<T extends { meta: { version: string } }>(reply: FastifyReply, resource: T): T {
  void reply.header('etag', resource.meta.version);
  return resource;
}

/**
 * SCIM 2.0 (#33, decision 0055). Registered in a plugin of its own so its
 * refusals — including access control's, made in the app-wide onRequest hook — are SCIM errors,
 * and so its bodies may be application/scim+json.
 */
export function registerScimRoutes(app: FastifyInstance, db: Db): void {
  void app.register(async (scim) => {
    scim.setErrorHandler(scimErrorHandler);
    scim.addContentTypeParser(
      SCIM_MEDIA_TYPE,
      { parseAs: 'string' },
      scim.getDefaultJsonParser('error', 'error'),
    );
    // Only a directory's token: a service token holding the scim scope. An admin's session
    // (or any other token) is refused, so a browser can never provision.
    scim.addHook('onRequest', async (request) => {
      const token = request.auth?.apiToken;
      if (!token) {
        throw new Unauthorized(
          t`SCIM calls need a service token with the scim scope`,
          'invalid_token',
        );
      }
      if (token.kind !== 'service' || !token.scopes.includes('scim')) {
        throw new Forbidden(
          t`SCIM calls need a service token with the scim scope`,
          'insufficient_scope',
        );
      }
    });
    scim.addHook('onSend', async (_request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('application/json')) {
        void reply.header('content-type', `${SCIM_MEDIA_TYPE}; charset=utf-8`);
      }
      return payload;
    });

    implementEndpoint(scim, 'GET /scim/v2/ServiceProviderConfig', async ({ request }) =>
      serviceProviderConfig(baseUrlOf(request)),
    );
    implementEndpoint(scim, 'GET /scim/v2/ResourceTypes', async ({ request }) =>
      listResponse(resourceTypes(baseUrlOf(request)), {}),
    );
    implementEndpoint(scim, 'GET /scim/v2/ResourceTypes/:name', async ({ request, params }) => {
      const found = resourceTypes(baseUrlOf(request)).find((type) => type.id === params.name);
      if (!found) throw scimNotFound(t`No such resource type`);
      return found;
    });
    implementEndpoint(scim, 'GET /scim/v2/Schemas', async ({ request }) =>
      listResponse(schemas(baseUrlOf(request)), {}),
    );
    implementEndpoint(scim, 'GET /scim/v2/Schemas/:urn', async ({ request, params }) => {
      const found = schemas(baseUrlOf(request)).find((schema) => schema.id === params.urn);
      if (!found) throw scimNotFound(t`No such schema`);
      return found;
    });

    // ---- Users ------------------------------------------------------------------------------
    implementEndpoint(scim, 'GET /scim/v2/Users', async ({ request, query }) =>
      listScimUsers(db, query, baseUrlOf(request)),
    );
    implementEndpoint(scim, 'POST /scim/v2/Users', async ({ request, reply }) => {
      const created = await createScimUser(db, request.body, actorOf(request));
      void reply.status(201).header('location', `${baseUrlOf(request)}/Users/${created.id}`);
      return withVersion(reply, renderUser(created, baseUrlOf(request)));
    });
    implementEndpoint(scim, 'GET /scim/v2/Users/:id', async ({ request, reply, params, query }) => {
      const user = renderUser(await getScimUser(db, params.id), baseUrlOf(request));
      const version = user.meta.version;
      if (isNotModified(request.headers['if-none-match'], version)) {
        return reply.status(304).header('etag', version).send();
      }
      return withVersion(reply, project(user, query));
    });
    implementEndpoint(scim, 'PUT /scim/v2/Users/:id', async ({ request, reply, params }) => {
      const user = await replaceScimUser(
        db,
        params.id,
        request.body,
        request.headers['if-match'],
        actorOf(request),
      );
      return withVersion(reply, renderUser(user, baseUrlOf(request)));
    });
    implementEndpoint(scim, 'PATCH /scim/v2/Users/:id', async ({ request, reply, params }) => {
      const user = await patchScimUser(
        db,
        params.id,
        request.body,
        request.headers['if-match'],
        actorOf(request),
      );
      return withVersion(reply, renderUser(user, baseUrlOf(request)));
    });
    implementEndpoint(scim, 'DELETE /scim/v2/Users/:id', async ({ request, reply, params }) => {
      await deleteScimUser(db, params.id, request.headers['if-match'], actorOf(request));
      return reply.status(204).send();
    });

    // ---- Groups -----------------------------------------------------------------------------
    implementEndpoint(scim, 'GET /scim/v2/Groups', async ({ request, query }) =>
      listScimGroups(db, query, baseUrlOf(request)),
    );
    implementEndpoint(scim, 'POST /scim/v2/Groups', async ({ request, reply }) => {
      const created = await createScimGroup(db, request.body, actorOf(request));
      void reply.status(201).header('location', `${baseUrlOf(request)}/Groups/${created.id}`);
      return withVersion(reply, renderGroup(created, baseUrlOf(request)));
    });
    implementEndpoint(
      scim,
      'GET /scim/v2/Groups/:id',
      async ({ request, reply, params, query }) => {
        const group = renderGroup(await getScimGroup(db, params.id), baseUrlOf(request));
        const version = group.meta.version;
        if (isNotModified(request.headers['if-none-match'], version)) {
          return reply.status(304).header('etag', version).send();
        }
        return withVersion(reply, project(group, query));
      },
    );
    implementEndpoint(scim, 'PUT /scim/v2/Groups/:id', async ({ request, reply, params }) => {
      const group = await replaceScimGroup(
        db,
        params.id,
        request.body,
        request.headers['if-match'],
        actorOf(request),
      );
      return withVersion(reply, renderGroup(group, baseUrlOf(request)));
    });
    implementEndpoint(scim, 'PATCH /scim/v2/Groups/:id', async ({ request, reply, params }) => {
      await patchScimGroup(
        db,
        params.id,
        request.body,
        request.headers['if-match'],
        actorOf(request),
      );
      return reply.status(204).send();
    });
    implementEndpoint(scim, 'DELETE /scim/v2/Groups/:id', async ({ request, reply, params }) => {
      await deleteScimGroupResource(db, params.id, request.headers['if-match'], actorOf(request));
      return reply.status(204).send();
    });
  });

  // Any other path under /scim answers a SCIM 404, not the web app's page.
  void app.register(
    async (scim) => {
      scim.setNotFoundHandler((_request, reply) =>
        sendScimError(reply, 404, t`There is no such SCIM endpoint`),
      );
    },
    { prefix: '/scim' },
  );

  // ---- The admin's screen: what each pushed group gives -----------------------------------
  implementEndpoint(app, 'GET /api/admin/scim/groups', async () => listScimGroupMappings(db));
  implementEndpoint(app, 'PUT /api/admin/scim/groups/:id', async ({ request, params }) =>
    setScimGroupMapping(db, params.id, request.body, {
      actorId: requireAuth(request).userId,
      meta: getRequestMeta(request),
    }),
  );
}
