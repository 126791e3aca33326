// SCIM filters (RFC 7644 §3.4.2.2): parsed by scim2-parse-filter, checked against the attributes
// this server keeps, and evaluated on the rendered resources (pure: no I/O).
import { t } from '@lingui/core/macro';
import { parse, type Filter } from 'scim2-parse-filter';
import { text as storableTextSchema } from '@punchclock/shared/contracts/common';
import { SCIM_SCHEMAS } from '@punchclock/shared/contracts/scim';
import { invalidFilter } from './scim-errors.ts';

type Resource = Record<string, unknown>;

const storableText = storableTextSchema();
export type ResourceKind = 'User' | 'Group';

const ENTERPRISE = SCIM_SCHEMAS.enterpriseUser.toLowerCase();

/** The attributes a filter may name, lower-cased, with their sub-attributes for `attr[…]`. */
const FILTERABLE: Record<ResourceKind, Record<string, readonly string[]>> = {
  User: {
    id: [],
    username: [],
    externalid: [],
    displayname: [],
    active: [],
    'name.formatted': [],
    emails: ['value', 'type', 'primary'],
    'emails.value': [],
    'emails.type': [],
    preferredlanguage: [],
    [`${ENTERPRISE}:employeenumber`]: [],
    [`${ENTERPRISE}:manager.value`]: [],
    'meta.created': [],
    'meta.lastmodified': [],
  },
  Group: {
    id: [],
    displayname: [],
    externalid: [],
    members: ['value', 'display'],
    'members.value': [],
    'meta.created': [],
    'meta.lastmodified': [],
  },
};

/**
 * Compared exactly (RFC 7643 caseExact); every other string ignores case. Ids and member values
 * are caseExact too, but here they are UUIDs, whose hex digits are the same in either case
 * (RFC 9562 §4): compared without case, an id in capitals finds its resource.
 */
const CASE_EXACT = new Set(['externalid']);

/** `urn:…:core:2.0:User:userName` → `username`; the enterprise URN stays, lower-cased. */
export function normalisePath(kind: ResourceKind, path: string): string {
  const lower = path.trim().toLowerCase();
  const core = `${(kind === 'User' ? SCIM_SCHEMAS.user : SCIM_SCHEMAS.group).toLowerCase()}:`;
  return lower.startsWith(core) ? lower.slice(core.length) : lower;
}

/** A filter of this server's attributes, ready to test rendered resources; 400 invalidFilter else. */
export function compileFilter(kind: ResourceKind, text: string): (resource: Resource) => boolean {
  let ast: Filter;
  try {
    if (!storableText.safeParse(text).success) throw new Error('unsupported characters');
    ast = parse(text);
  } catch {
    const shown = text.slice(0, 200);
    throw invalidFilter(t`The filter could not be read: ${shown}`);
  }
  checkFilter(kind, ast, null);
  return (resource) => test(kind, resource, ast, null);
}

function checkFilter(kind: ResourceKind, filter: Filter, within: string | null): void {
  switch (filter.op) {
    case 'and':
    case 'or':
      for (const part of filter.filters) checkFilter(kind, part, within);
      return;
    case 'not':
      checkFilter(kind, filter.filter, within);
      return;
    case '[]': {
      const path = normalisePath(kind, filter.attrPath);
      if (within !== null || (FILTERABLE[kind][path] ?? []).length === 0) {
        throw unsupported(filter.attrPath);
      }
      checkFilter(kind, filter.valFilter, path);
      return;
    }
    default: {
      const path = normalisePath(kind, filter.attrPath);
      const known =
        within === null
          ? Object.hasOwn(FILTERABLE[kind], path)
          : (FILTERABLE[kind][within] ?? []).includes(path);
      if (!known) throw unsupported(filter.attrPath);
    }
  }
}

function unsupported(attribute: string) {
  const shown = attribute.slice(0, 200);
  return invalidFilter(t`Filtering on ${shown} is not supported`);
}

function test(
  kind: ResourceKind,
  resource: unknown,
  filter: Filter,
  within: string | null,
): boolean {
  switch (filter.op) {
    case 'and':
      return filter.filters.every((part) => test(kind, resource, part, within));
    case 'or':
      return filter.filters.some((part) => test(kind, resource, part, within));
    case 'not':
      return !test(kind, resource, filter.filter, within);
    case '[]': {
      const path = normalisePath(kind, filter.attrPath);
      return valuesAt(resource, path).some((item) => test(kind, item, filter.valFilter, path));
    }
    case 'pr':
      return valuesAt(resource, normalisePath(kind, filter.attrPath)).some(
        (value) => value !== null && value !== '',
      );
    default: {
      const path = normalisePath(kind, filter.attrPath);
      const exact = CASE_EXACT.has(path);
      const values = valuesAt(resource, path);
      if (filter.op === 'ne')
        return !values.some((value) => compare('eq', value, filter.compValue, exact));
      return values.some((value) => compare(filter.op, value, filter.compValue, exact));
    }
  }
}

/** The values at a path ("name.formatted", "urn:…:User:manager.value"), arrays flattened. */
function valuesAt(resource: unknown, path: string): unknown[] {
  const colon = path.lastIndexOf(':');
  const steps =
    colon === -1 ? path.split('.') : [path.slice(0, colon), ...path.slice(colon + 1).split('.')];
  let current: unknown[] = [resource];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const item of current.flat()) {
      if (typeof item !== 'object' || item === null) continue;
      const key = Object.keys(item).find((name) => name.toLowerCase() === step);
      if (key !== undefined) next.push((item as Resource)[key]);
    }
    current = next.flat();
  }
  return current.filter((value) => value !== undefined);
}

function compare(
  op: 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'lt' | 'ge' | 'le',
  value: unknown,
  against: string | number | boolean | null,
  exact: boolean,
): boolean {
  if (against === null) return op === 'eq' && value === null;
  if (typeof value === 'boolean' || typeof against === 'boolean') {
    return op === 'eq' && value === against;
  }
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  const fold = (text: string) => (exact ? text : text.toLowerCase());
  const left = fold(String(value));
  const right = fold(String(against));
  switch (op) {
    case 'eq':
    case 'ne':
      return left === right;
    case 'co':
      return left.includes(right);
    case 'sw':
      return left.startsWith(right);
    case 'ew':
      return left.endsWith(right);
    case 'gt':
      return left > right;
    case 'lt':
      return left < right;
    case 'ge':
      return left >= right;
    case 'le':
      return left <= right;
  }
}

/**
 * The value of a filter that is exactly `attribute eq "value"` on one of `attributes` (lower-cased),
 * so a list can look one resource up instead of reading them all.
 */
export function equalityLookup(
  kind: ResourceKind,
  text: string | undefined,
  attributes: readonly string[],
): { attribute: string; value: string } | null {
  if (!text) return null;
  let ast: Filter;
  try {
    ast = parse(text);
  } catch {
    return null;
  }
  if (ast.op !== 'eq' || typeof ast.compValue !== 'string') return null;
  const attribute = normalisePath(kind, ast.attrPath);
  return attributes.includes(attribute) ? { attribute, value: ast.compValue } : null;
}
