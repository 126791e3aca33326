// What SCIM lists and single reads share: paging (RFC 7644 §3.4.2.4), attribute projection
// (§3.4.2.5), ETag preconditions (§3.14). Pure.
import { t } from '@lingui/core/macro';
import {
  SCIM_MAX_RESULTS,
  SCIM_SCHEMAS,
  type ScimListResponse,
} from '@punchclock/shared/contracts/scim';
import { invalidValue, preconditionFailed } from './scim-errors.ts';

type Resource = Record<string, unknown>;

export interface ListQuery {
  filter?: string | undefined;
  startIndex?: string | undefined;
  count?: string | undefined;
  attributes?: string | undefined;
  excludedAttributes?: string | undefined;
}

function readInteger(value: string | undefined, name: string): number | null {
  if (value === undefined || value.trim() === '') return null;
  if (!/^-?\d{1,15}$/.test(value.trim())) throw invalidValue(t`${name} is a whole number`);
  return Number(value.trim());
}

/** One page of matching resources as a ListResponse; startIndex is 1-based, below 1 means 1. */
export function listResponse(resources: Resource[], query: ListQuery): ScimListResponse {
  const startIndex = Math.max(1, readInteger(query.startIndex, 'startIndex') ?? 1);
  const count = Math.min(
    SCIM_MAX_RESULTS,
    Math.max(0, readInteger(query.count, 'count') ?? SCIM_MAX_RESULTS),
  );
  const page = resources.slice(startIndex - 1, startIndex - 1 + count);
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: resources.length,
    startIndex,
    itemsPerPage: page.length,
    Resources: page.map((resource) => project(resource, query)),
  };
}

const ALWAYS_RETURNED = new Set(['id', 'schemas', 'meta']);

function names(list: string | undefined): Set<string> | null {
  if (!list || list.trim() === '') return null;
  return new Set(
    list.split(',').map((name) => {
      const lower = name.trim().toLowerCase();
      // "urn:…:User:userName" and "name.givenName" name their top-level attribute.
      const core = lower.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, '');
      return core.startsWith('urn:') ? core : core.split('.')[0]!;
    }),
  );
}

/** The attributes asked for (`attributes`) or all but some (`excludedAttributes`), top level. */
export function project<T extends Resource>(
  resource: T,
  query: Pick<ListQuery, 'attributes' | 'excludedAttributes'>,
): T {
  const only = names(query.attributes);
  const without = names(query.excludedAttributes);
  if (!only && !without) return resource;
  return Object.fromEntries(
    Object.entries(resource).filter(([key]) => {
      const lower = key.toLowerCase();
      if (ALWAYS_RETURNED.has(lower)) return true;
      if (only) return only.has(lower) || [...only].some((name) => name.startsWith(`${lower}:`));
      return !without?.has(lower);
    }),
  ) as T;
}

/**
 * An If-Match precondition (§3.14): the resource's version must be among the tags, or `*`.
 * Weak and strong spellings of one tag match (a client may drop the W/).
 */
export function checkIfMatch(header: string | string[] | undefined, version: string): void {
  if (header === undefined) return;
  const tags = [header]
    .flat()
    .flatMap((value) => value.split(','))
    .map((tag) => tag.trim().replace(/^W\//i, ''));
  const current = version.replace(/^W\//, '');
  if (!tags.some((tag) => tag === '*' || tag === current)) throw preconditionFailed();
}

/**
 * Whether If-None-Match names the current version, or is `*` (RFC 7232 §3.2: any current
 * representation matches): a GET then answers 304.
 */
export function isNotModified(header: string | string[] | undefined, version: string): boolean {
  if (header === undefined) return false;
  const current = version.replace(/^W\//, '');
  return [header]
    .flat()
    .flatMap((value) => value.split(','))
    .some((tag) => {
      const bare = tag.trim().replace(/^W\//i, '');
      return bare === '*' || bare === current;
    });
}
