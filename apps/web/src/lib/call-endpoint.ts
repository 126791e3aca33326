import type { z } from 'zod';
// Types only: the catalogue's values import every zod schema, which the first page must not load.
import type { API_ENDPOINTS } from '@punchclock/shared/contracts/api-catalogue';
import { apiRequest } from './api-client';

type Endpoints = typeof API_ENDPOINTS;

/** Every /api endpoint, as the catalogue keys it: `METHOD /api/path` with `:name` parameters. */
export type EndpointKey = keyof Endpoints;

type MethodOf<K extends EndpointKey> = K extends `${infer Method} ${string}` ? Method : never;
type PathOf<K extends EndpointKey> = K extends `${string} ${infer Path}` ? Path : never;

/** The `:name` segments of a path, e.g. `'id' | 'action'`. */
export type PathParamNames<Path extends string> =
  Path extends `${string}:${infer Name}/${infer Rest}`
    ? Name | PathParamNames<`/${Rest}`>
    : Path extends `${string}:${infer Name}`
      ? Name
      : never;

type ParamsOf<K extends EndpointKey> = Record<PathParamNames<PathOf<K>>, string>;

/** What the endpoint's body contract accepts (its zod input), never when it reads no body. */
export type EndpointBody<K extends EndpointKey> = Endpoints[K] extends {
  body: infer Schema extends z.ZodType;
}
  ? z.input<Schema>
  : never;

/** What the endpoint's query contract accepts, never when it reads no query string. */
export type EndpointQuery<K extends EndpointKey> = Endpoints[K] extends {
  query: infer Schema extends z.ZodType;
}
  ? z.input<Schema>
  : never;

/** What the endpoint answers (its response contract's output); void for 204 and non-JSON answers. */
export type EndpointAnswer<K extends EndpointKey> = Endpoints[K] extends {
  response: infer Schema extends z.ZodType;
}
  ? z.output<Schema>
  : void;

/** A response parser (a zod schema): the call checks the answer with it, as apiRequest does. */
interface AnswerParser<T> {
  parse: (payload: unknown) => T;
}

type ParamsOption<K extends EndpointKey> = [PathParamNames<PathOf<K>>] extends [never]
  ? { params?: never }
  : { params: ParamsOf<K> };

type BodyOption<K extends EndpointKey> = [EndpointBody<K>] extends [never]
  ? { body?: never }
  : { body: EndpointBody<K> };

type QueryOption<K extends EndpointKey> = [EndpointQuery<K>] extends [never]
  ? { query?: never }
  : { query?: EndpointQuery<K> };

/** Where an endpoint is: its path parameters and, if it reads one, its query string. */
export type EndpointLocation<K extends EndpointKey> = ParamsOption<K> & QueryOption<K>;

export type EndpointOptions<K extends EndpointKey, T> = EndpointLocation<K> &
  BodyOption<K> & {
    /** The answer's schema (the feature's own, whose output must fit the contract's). */
    schema?: AnswerParser<T>;
    signal?: AbortSignal;
  };

/** The options argument, optional when nothing in it is required (no path parameter, no body). */
type OptionsArgument<Options> = object extends Options ? [options?: Options] : [options: Options];
type LocationArgument<K extends EndpointKey> = OptionsArgument<EndpointLocation<K>>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The path of `key` with its parameters filled in (URI-encoded) and its query string, for what
 * is not a JSON call: downloads, event streams, links.
 */
export function endpointPath<K extends EndpointKey>(
  key: K,
  ...[location]: LocationArgument<K>
): string {
  const { params, query } = (location ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
  };
  const template = key.slice(key.indexOf(' ') + 1);
  const path = template.replace(/:([A-Za-z]\w*)/g, (_segment, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${key}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const search = query ? queryString(query) : '';
  return search ? `${path}?${search}` : path;
}

/**
 * Call the endpoint `key` of the API catalogue: its method and path come from the key, its
 * body, query and answer are typed by its contracts, so a change of contract fails to compile
 * here. Underneath it is apiRequest (CSRF header, language, typed errors).
 */
export function callEndpoint<
  K extends EndpointKey,
  T extends EndpointAnswer<K> = EndpointAnswer<K>,
>(key: K, ...[options]: OptionsArgument<EndpointOptions<K, T>>): Promise<T> {
  const { params, query, body, schema, signal } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    schema?: AnswerParser<T>;
    signal?: AbortSignal;
  };
  const method = key.slice(0, key.indexOf(' ')) as MethodOf<K> & Method;
  const path = (endpointPath as (key: string, location: object) => string)(key, { params, query });
  return apiRequest<T>(path, { method, body, schema, signal });
}

/**
 * A query string as the app has always written it: empty values (undefined, null, '') left
 * out, a list as the name repeated, everything else as its string.
 */
function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null || item === '') continue;
      search.append(name, String(item as string | number | boolean));
    }
  }
  return search.toString();
}
