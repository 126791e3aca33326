import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import { API_ENDPOINTS, type EndpointContract } from '@punchclock/shared/contracts/api-catalogue';
import { parseInput } from './errors.ts';

type Catalogue = typeof API_ENDPOINTS;

/** `METHOD /api/path` of an endpoint the catalogue lists (packages/shared/src/contracts). */
export type EndpointKey = keyof Catalogue;

type PathOf<Key extends string> = Key extends `${string} ${infer Path}` ? Path : never;

/** `:token.ics` names `token`; find-my-way ends a parameter's name at a dot or a dash. */
type ParameterName<Segment extends string> = Segment extends `${infer Name}.${string}`
  ? Name
  : Segment extends `${infer Name}-${string}`
    ? Name
    : Segment;

type ParameterNames<Path extends string> = Path extends `${string}:${infer Rest}`
  ? Rest extends `${infer Segment}/${infer Tail}`
    ? ParameterName<Segment> | ParameterNames<Tail>
    : ParameterName<Rest>
  : never;

/** The path parameters of a route pattern: `/api/users/:id` → `{ id: string }`. */
export type PathParams<Path extends string> = { [Name in ParameterNames<Path>]: string };

type Parsed<Contract, Field extends 'body' | 'query'> =
  Contract extends Record<Field, infer Schema extends z.ZodType> ? z.infer<Schema> : undefined;

/**
 * What a handler may return: its JSON answer as the catalogue publishes it; the reply itself when
 * it answers otherwise (a status with no body, a file, a stream, a redirect, a body it builds).
 */
export type EndpointAnswer<Key extends EndpointKey> =
  | (Catalogue[Key] extends { response: infer Schema extends z.ZodType } ? z.input<Schema> : void)
  | FastifyReply;

/**
 * What a handler is given: the request, its path parameters, and its body and query string
 * parsed by the catalogue's contracts. Those two are parsed when the handler first reads them
 * (a 400 with the first failing rule, as `parseInput` answers), so checks a handler makes first
 * — a kiosk's device cookie, a lookup — still answer first, and a service that parses its own
 * input can be handed `request.body` as before.
 */
export interface EndpointCall<Key extends EndpointKey> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The body parsed by the endpoint's `body` contract (undefined when it has none). */
  readonly body: Parsed<Catalogue[Key], 'body'>;
  /** The query string parsed by the endpoint's `query` contract (undefined when it has none). */
  readonly query: Parsed<Catalogue[Key], 'query'>;
  params: PathParams<PathOf<Key>>;
}

export type EndpointHandler<Key extends EndpointKey> = (
  call: EndpointCall<Key>,
) => Promise<EndpointAnswer<Key>>;

/**
 * A route's own Fastify options (rate limits, body limit, hooks): everything but what the
 * catalogue says, which are its method, path and access rule.
 */
export type EndpointOptions = Omit<RouteShorthandOptions, 'config'> & {
  config?: Omit<FastifyContextConfig, 'access'>;
};

/**
 * Serves one endpoint of the catalogue: its method, path and access rule come from the entry,
 * its body and query string are parsed with the entry's contracts, and its handler must answer
 * what the entry publishes — so the path is written once, and a contract change that the
 * handler does not follow breaks the server's compile.
 */
export function implementEndpoint<Key extends EndpointKey>(
  app: FastifyInstance,
  key: Key,
  handler: EndpointHandler<Key>,
): void;
export function implementEndpoint<Key extends EndpointKey>(
  app: FastifyInstance,
  key: Key,
  options: EndpointOptions,
  handler: EndpointHandler<Key>,
): void;
export function implementEndpoint<Key extends EndpointKey>(
  app: FastifyInstance,
  key: Key,
  optionsOrHandler: EndpointOptions | EndpointHandler<Key>,
  maybeHandler?: EndpointHandler<Key>,
): void {
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler;
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  if (!handler) throw new Error(`${key} has no handler`);
  const contract: EndpointContract = API_ENDPOINTS[key];
  const [method, url] = splitKey(key);
  app.route({
    ...options,
    method,
    url,
    config: { ...options.config, access: contract.access },
    handler: async (request, reply) => {
      let body: { value: unknown } | undefined;
      let query: { value: unknown } | undefined;
      return handler({
        request,
        reply,
        get body() {
          body ??= { value: contract.body ? parseInput(contract.body, request.body) : undefined };
          return body.value as Parsed<Catalogue[Key], 'body'>;
        },
        get query() {
          query ??= {
            value: contract.query ? parseInput(contract.query, request.query) : undefined,
          };
          return query.value as Parsed<Catalogue[Key], 'query'>;
        },
        params: request.params as PathParams<PathOf<Key>>,
      });
    },
  });
}

function splitKey(key: string): [HTTPMethods, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space) as HTTPMethods, key.slice(space + 1)];
}
