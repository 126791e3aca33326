import { z } from 'zod';
import { apiErrorSchema, CSRF_HEADER } from '@punchclock/shared/contracts/http';
import type { EndpointContract } from '@punchclock/shared/contracts/api-catalogue';
import { API_SCOPE_DESCRIPTIONS, API_SCOPES } from '@punchclock/shared/contracts/api-tokens';

/*
 * The OpenAPI 3.1 document, generated from the zod contracts the routes parse with and the web
 * app reads answers with (one source, packages/shared/src/contracts/api-catalogue.ts). OpenAPI
 * 3.1 schemas are JSON Schema 2020-12, which zod writes itself (z.toJSONSchema).
 */

/** A route as the server registered it (app.apiRoutes). */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** 'public', 'signed-in', or the role(s) required. */
  access: string | readonly string[];
}

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const SESSION_COOKIE = 'punchclock_session';
/** The API's version (not the app's): it moves when a change would break a client. */
const API_VERSION = '1.0';

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // Transforms and refinements have no JSON Schema: the shape before them is documented.
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** The properties of an object schema, also through allOf (a.and(b)). */
function objectProperties(schema: JsonSchema): { properties: JsonSchema; required: string[] } {
  const parts = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [schema];
  const properties: JsonSchema = {};
  const required: string[] = [];
  for (const part of parts) {
    Object.assign(properties, (part.properties as JsonSchema | undefined) ?? {});
    required.push(...((part.required as string[] | undefined) ?? []));
  }
  return { properties, required };
}

/** "/api/users/:id" → "/api/users/{id}", and its path parameters. */
export function toOpenApiPath(url: string): { path: string; parameters: string[] } {
  const parameters: string[] = [];
  const path = url.replace(/:(\w+)/g, (_match, name: string) => {
    parameters.push(name);
    return `{${name}}`;
  });
  return { path, parameters };
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

function successResponse(contract: EndpointContract): Record<string, unknown> {
  const status = String(contract.status ?? 200);
  if (contract.status === 204) return { [status]: { description: 'Done; no content' } };
  if (contract.produces) {
    return { [status]: { description: 'OK', content: { [contract.produces]: {} } } };
  }
  return {
    [status]: {
      description: 'OK',
      content: contract.response
        ? { 'application/json': { schema: toSchema(contract.response, 'output') } }
        : { 'application/json': {} },
    },
  };
}

/** Who may call it; admins pass every role check (domain/roles.ts). */
function describeRoles(roles: string[]): string {
  const named = `Role: ${roles.join(' or ')}`;
  return roles.includes('admin') ? `${named}.` : `${named} (or admin).`;
}

function operation(route: RegisteredRoute, contract: EndpointContract): Operation {
  const { parameters: pathParameters } = toOpenApiPath(route.url);
  const parameters: Record<string, unknown>[] = pathParameters.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (contract.query) {
    const { properties, required } = objectProperties(toSchema(contract.query, 'input'));
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.includes(name), schema });
    }
  }
  const isPublic = route.access === 'public';
  const changes = !['GET', 'HEAD'].includes(route.method);
  if (changes && !isPublic) {
    parameters.push({
      name: CSRF_HEADER,
      in: 'header',
      // Required with the session cookie only; a bearer token needs no CSRF header.
      required: false,
      description:
        'With the session cookie: required, any value "1" (a form on another site cannot set it). Not needed with an API token.',
      schema: { type: 'string', const: '1' },
    });
  }
  return {
    operationId: `${route.method.toLowerCase()}${route.url
      .replace(/^\/api/, '')
      .replace(/:(\w+)/g, 'By-$1')
      .split(/[/-]/)
      .filter(Boolean)
      .map((word) => word[0]?.toUpperCase() + word.slice(1))
      .join('')}`,
    summary: contract.summary,
    tags: [contract.tag],
    description: [
      isPublic
        ? 'No sign-in needed.'
        : route.access === 'signed-in'
          ? 'Anyone signed in.'
          : describeRoles([route.access].flat()),
      isPublic ? '' : describeTokenUse(contract),
    ]
      .filter(Boolean)
      .join(' '),
    'x-token-scope': contract.scope ?? null,
    security: isPublic
      ? []
      : [{ session: [] }, ...(contract.scope ? [{ apiToken: [contract.scope] }] : [])],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(contract.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(contract.body, 'input') } },
          },
        }
      : {}),
    responses: {
      ...successResponse(contract),
      ...(contract.body || contract.query ? { 400: errorResponse('The input is not valid') } : {}),
      ...(isPublic
        ? {}
        : {
            401: errorResponse('Not signed in, the session ended, or the API token is not valid'),
            403: errorResponse('Without the right role, or an API token without the scope'),
          }),
      default: errorResponse('Any other refusal: the message says why'),
    },
  };
}

function describeTokenUse(contract: EndpointContract): string {
  if (!contract.scope) return 'Browser session only: API tokens cannot call it.';
  const who = contract.actsOnCaller ? ' (a personal token: it acts on its own person)' : '';
  return `API tokens with the \`${contract.scope}\` scope may call it${who}.`;
}

/**
 * The document for these routes. A route the catalogue does not describe is listed in
 * `undocumented` (the tests fail on it) instead of being left out silently.
 */
export function buildOpenApiDocument(
  routes: readonly RegisteredRoute[],
  catalogue: Readonly<Record<string, EndpointContract>>,
): { document: Record<string, unknown>; undocumented: string[] } {
  const paths: Record<string, Record<string, Operation>> = {};
  const undocumented: string[] = [];
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const contract = catalogue[key];
    if (!contract) {
      undocumented.push(key);
      continue;
    }
    const { path } = toOpenApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route, contract) };
  }
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Punchclock API',
      version: API_VERSION,
      description:
        'Time and attendance. Every answer that is not a success is `{ message, code? }`; `message` is meant for people. Times are ISO 8601 instants in UTC; business days (yyyy-MM-dd) are in the business time zone.',
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }],
    tags: [...new Set(Object.values(catalogue).map((contract) => contract.tag))].map((name) => ({
      name,
    })),
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'The session cookie that POST /api/auth/sign-in sets (named __Host-punchclock_session over https).',
        },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description: `An API token (Account settings → API tokens, or Admin → API Tokens for service tokens) as \`Authorization: Bearer pct_…\`. It reaches the operations whose scope it holds, authorised as the role it stands for, rate limited per token (API_TOKEN_RATE_LIMIT calls a minute, 600 by default: 429 with Retry-After past it). Scopes: ${API_SCOPES.map((scope) => `\`${scope}\` (${API_SCOPE_DESCRIPTIONS[scope]})`).join('; ')}.`,
        },
      },
      schemas: { ApiError: toSchema(apiErrorSchema, 'output') },
    },
  };
  return { document, undocumented };
}
