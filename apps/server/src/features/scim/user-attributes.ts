// A person as SCIM sees them (RFC 7643 §4.1 and the enterprise extension §4.3), and the few
// attributes Punchclock keeps of what a directory sends (pure: no I/O). Decision
// 0055 has the table.
import { t } from '@lingui/core/macro';
import { z } from 'zod';
import type { Locale } from '@punchclock/shared/i18n/locales';
import { SCIM_SCHEMAS, type ScimUserResource } from '@punchclock/shared/contracts/scim';
import { normalisePath } from './filter.ts';
import { field, isObject, readBoolean, readText, type PatchOperation } from './patch.ts';
import { invalidValue, ScimError } from './scim-errors.ts';

/** What Punchclock keeps of a SCIM user. */
export interface UserDraft {
  userName: string;
  fullName: string;
  active: boolean;
  externalId: string | null;
  employeeNumber: string | null;
  /** A SCIM user id (a Punchclock user id); checked by the service. */
  managerId: string | null;
  language: Locale | null;
}

/** A stored person with what SCIM shows of them. */
export interface ScimUserRecord {
  id: string;
  email: string;
  fullName: string | null;
  isSuspended: boolean;
  externalId: string | null;
  employeeNumber: string | null;
  managerId: string | null;
  language: string | null;
  createdAt: Date;
  updatedAt: Date;
  groups: { id: string; displayName: string }[];
}

const ENTERPRISE = SCIM_SCHEMAS.enterpriseUser.toLowerCase();
const emailSchema = z.email();

/** W/"<epoch ms of the last change>": cheap, and changes with every write (decision: ETags). */
export function versionOf(updatedAt: Date): string {
  return `W/"${updatedAt.getTime()}"`;
}

export function draftOf(record: ScimUserRecord): UserDraft {
  return {
    userName: record.email,
    fullName: record.fullName ?? record.email,
    active: !record.isSuspended,
    externalId: record.externalId,
    employeeNumber: record.employeeNumber,
    managerId: record.managerId,
    language: record.language === 'en' || record.language === 'fr-CA' ? record.language : null,
  };
}

export function renderUser(record: ScimUserRecord, baseUrl: string): ScimUserResource {
  const enterprise = {
    ...(record.employeeNumber ? { employeeNumber: record.employeeNumber } : {}),
    ...(record.managerId
      ? { manager: { value: record.managerId, $ref: `${baseUrl}/Users/${record.managerId}` } }
      : {}),
  };
  return {
    schemas: [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser],
    id: record.id,
    ...(record.externalId ? { externalId: record.externalId } : {}),
    userName: record.email,
    ...(record.fullName
      ? { name: { formatted: record.fullName }, displayName: record.fullName }
      : {}),
    active: !record.isSuspended,
    emails: [{ value: record.email, type: 'work', primary: true }],
    ...(record.language ? { preferredLanguage: record.language } : {}),
    groups: record.groups.map((group) => ({
      value: group.id,
      display: group.displayName,
      $ref: `${baseUrl}/Groups/${group.id}`,
      type: 'direct',
    })),
    [SCIM_SCHEMAS.enterpriseUser]: enterprise,
    meta: {
      resourceType: 'User',
      created: record.createdAt.toISOString(),
      lastModified: record.updatedAt.toISOString(),
      location: `${baseUrl}/Users/${record.id}`,
      version: versionOf(record.updatedAt),
    },
  };
}

/** en, fr-CA from a directory's preferredLanguage or locale ("fr", "fr_CA", "en-US"); else null. */
export function readLanguage(value: unknown): Locale | null {
  if (typeof value !== 'string') return null;
  const lower = value.trim().toLowerCase();
  if (lower.startsWith('fr')) return 'fr-CA';
  if (lower.startsWith('en')) return 'en';
  return null;
}

function readUserName(value: unknown): string {
  const text = readText(value, 'userName', 254);
  if (!text) throw invalidValue(t`userName is required`);
  if (!emailSchema.safeParse(text).success) {
    const shown = text.slice(0, 100);
    throw invalidValue(t`userName is the person’s email address: ${shown} is not one`);
  }
  return text;
}

function readManager(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const id = isObject(value) ? field(value, 'value') : value;
  if (id === null || id === undefined || id === '') return null;
  if (typeof id !== 'string') throw invalidValue(t`manager.value is the id of a SCIM user`);
  return id.trim();
}

/** Name parts a request touched; the full name is made of them once all are read. */
interface NameParts {
  formatted?: string | null;
  displayName?: string | null;
  givenName?: string | null;
  familyName?: string | null;
}

function fullNameFrom(parts: NameParts, current: string | null): string | null {
  if (parts.formatted) return parts.formatted.slice(0, 100);
  if (parts.displayName) return parts.displayName.slice(0, 100);
  if (parts.givenName === undefined && parts.familyName === undefined) return current;
  // One part changed alone: the other is the current name's (first word / the rest).
  const [first = '', ...rest] = (current ?? '').split(' ');
  const given = parts.givenName === undefined ? first : (parts.givenName ?? '');
  const family = parts.familyName === undefined ? rest.join(' ') : (parts.familyName ?? '');
  const joined = [given, family].filter((part) => part.trim() !== '').join(' ');
  return joined === '' ? current : joined.slice(0, 100);
}

/** The email's local part ("pat.lee"), as for a person made at their first sign-in. */
function nameFromEmail(email: string): string {
  const local = email.slice(0, email.lastIndexOf('@')).trim();
  return (local.length >= 2 ? local : email).slice(0, 100);
}

/**
 * A full resource (POST, PUT) over the current state: what it names replaces, what it leaves out
 * stays (a directory that sends only some attributes does not wipe the rest; decision).
 */
export function readUserResource(body: unknown, current: UserDraft | null): UserDraft {
  if (!isObject(body)) throw new ScimError(400, t`A user is a JSON object`, 'invalidSyntax');
  const draft: UserDraft = current
    ? { ...current }
    : {
        userName: '',
        fullName: '',
        active: true,
        externalId: null,
        employeeNumber: null,
        managerId: null,
        language: null,
      };
  const parts: NameParts = {};
  for (const [key, value] of Object.entries(body)) {
    if (
      key.toLowerCase() === 'schemas' ||
      key.toLowerCase() === 'id' ||
      key.toLowerCase() === 'meta'
    ) {
      continue;
    }
    setAttribute(draft, parts, key, value, 'replace');
  }
  draft.userName = readUserName(draft.userName);
  draft.fullName =
    fullNameFrom(parts, current ? current.fullName : null) ?? nameFromEmail(draft.userName);
  return draft;
}

/** A PATCH's operations, one after the other, on the current state. */
export function applyUserPatch(current: UserDraft, operations: PatchOperation[]): UserDraft {
  const draft = { ...current };
  const parts: NameParts = {};
  for (const operation of operations) {
    if (operation.path === null) {
      for (const [key, value] of Object.entries(operation.value as Record<string, unknown>)) {
        setAttribute(draft, parts, key, value, operation.op);
      }
    } else {
      setAttribute(draft, parts, operation.path, operation.value, operation.op);
    }
  }
  draft.userName = readUserName(draft.userName);
  draft.fullName = fullNameFrom(parts, current.fullName) ?? current.fullName;
  return draft;
}

/**
 * One attribute of a user. Attributes Punchclock does not keep (title, department, phone numbers,
 * addresses, emails beyond userName, …) are accepted and not kept: the directory stays their home.
 */
function setAttribute(
  draft: UserDraft,
  parts: NameParts,
  rawPath: string,
  rawValue: unknown,
  op: PatchOperation['op'],
): void {
  const path = normalisePath('User', rawPath);
  const value = op === 'remove' ? null : rawValue;
  // `"value": [{"value": …}]` for a single-valued attribute: some clients wrap it.
  const single = Array.isArray(value) && value.length === 1 && path !== 'emails' ? value[0] : value;
  switch (path) {
    case 'active':
      if (op !== 'remove') draft.active = readBoolean(single, 'active');
      return;
    case 'username':
      if (op !== 'remove') draft.userName = readUserName(single);
      return;
    case 'displayname':
      parts.displayName = readText(single, 'displayName', 200);
      return;
    case 'name':
      if (single === null) {
        parts.formatted = null;
        return;
      }
      if (!isObject(single)) throw invalidValue(t`name is an object`);
      for (const [key, part] of Object.entries(single)) {
        setAttribute(draft, parts, `name.${key}`, part, op);
      }
      return;
    case 'name.formatted':
      parts.formatted = readText(single, 'name.formatted', 200);
      return;
    case 'name.givenname':
      parts.givenName = readText(single, 'name.givenName', 100);
      return;
    case 'name.familyname':
      parts.familyName = readText(single, 'name.familyName', 100);
      return;
    case 'externalid':
      draft.externalId = readText(single, 'externalId', 200);
      return;
    case 'preferredlanguage':
    case 'locale': {
      const language = readLanguage(single);
      if (language || single === null) draft.language = language;
      return;
    }
    case ENTERPRISE:
      if (single === null) {
        draft.employeeNumber = null;
        draft.managerId = null;
        return;
      }
      if (!isObject(single)) throw invalidValue(t`The enterprise extension is an object`);
      for (const [key, part] of Object.entries(single)) {
        setAttribute(draft, parts, `${ENTERPRISE}:${key}`, part, op);
      }
      return;
    case `${ENTERPRISE}:employeenumber`:
      draft.employeeNumber = readText(single, 'employeeNumber', 50);
      return;
    case `${ENTERPRISE}:manager`:
    case `${ENTERPRISE}:manager.value`:
      draft.managerId = readManager(single);
      return;
    default:
      return;
  }
}
