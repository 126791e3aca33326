// Reading a SCIM PATCH (RFC 7644 §3.5.2) as directories really send it (pure: no I/O): Entra ID
// capitalises ops ("Replace") and sends booleans as strings ("False"); Okta sends a path-less
// replace with an object value. Both are read the same.
import { t } from '@lingui/core/macro';
import {
  text as storableTextSchema,
  unsupportedCharactersMessage,
} from '@punchclock/shared/contracts/common';
import { SCIM_SCHEMAS } from '@punchclock/shared/contracts/scim';
import { invalidSyntax, invalidValue, ScimError } from './scim-errors.ts';

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  /** The attribute path, as sent; null for a path-less add or replace. */
  path: string | null;
  value: unknown;
}

/** The app's one rule for stored strings: no control characters, no lone surrogates. */
const storableText = storableTextSchema();

/** At most this many operations in one PATCH: Entra and Okta send a handful. */
const MAX_OPERATIONS = 1000;

/** The operations of a PATCH body; 400 invalidSyntax when it is not one. */
export function readPatch(body: unknown): PatchOperation[] {
  if (!isObject(body)) throw invalidSyntax(t`A PATCH body is a JSON object`);
  const schemas = field(body, 'schemas');
  if (
    schemas !== undefined &&
    (!Array.isArray(schemas) || !schemas.includes(SCIM_SCHEMAS.patchOp))
  ) {
    const schema = SCIM_SCHEMAS.patchOp;
    throw invalidSyntax(t`A PATCH body names the schema ${schema}`);
  }
  const operations = field(body, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0) {
    throw invalidSyntax(t`A PATCH body holds a non-empty Operations list`);
  }
  if (operations.length > MAX_OPERATIONS) {
    throw invalidSyntax(t`A PATCH holds at most ${MAX_OPERATIONS} operations`);
  }
  return operations.map((operation: unknown) => {
    if (!isObject(operation)) throw invalidSyntax(t`Each operation is a JSON object`);
    const op = field(operation, 'op');
    const name = typeof op === 'string' ? op.toLowerCase() : '';
    if (name !== 'add' && name !== 'replace' && name !== 'remove') {
      throw invalidSyntax(t`An operation’s op is add, replace or remove`);
    }
    const path = field(operation, 'path');
    if (path !== undefined && path !== null && (typeof path !== 'string' || path.trim() === '')) {
      throw invalidSyntax(t`An operation’s path is a non-empty string`);
    }
    const value = field(operation, 'value');
    const pathText = typeof path === 'string' ? path : null;
    if (pathText === null && name === 'remove') {
      throw new ScimError(400, t`A remove operation names a path`, 'noTarget');
    }
    if (pathText === null && !isObject(value)) {
      throw invalidValue(t`An operation without a path has an object value`);
    }
    return { op: name, path: pathText, value };
  });
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A member of an object by SCIM's case-insensitive attribute name. */
export function field(object: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(object, name)) return object[name];
  const lower = name.toLowerCase();
  const key = Object.keys(object).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : object[key];
}

/** A SCIM boolean: true/false, or the strings Entra ID sends ("True", "False"). */
export function readBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  throw invalidValue(t`${attribute} is true or false`);
}

/** A string attribute (or null to clear it), trimmed; a number is read as its digits. */
export function readText(value: unknown, attribute: string, maxLength: number): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') throw invalidValue(t`${attribute} is a string`);
  const checked = storableText.safeParse(text);
  if (!checked.success) {
    const reason = unsupportedCharactersMessage();
    throw invalidValue(`${attribute}: ${reason}`);
  }
  const trimmed = checked.data;
  if (trimmed.length > maxLength) {
    throw invalidValue(t`${attribute} has at most ${maxLength} characters`);
  }
  return trimmed === '' ? null : trimmed;
}
