import { plural, t } from '@lingui/core/macro';
import { z } from 'zod';
import { formatNumber } from '../i18n/format.ts';

/*
 * What a refused value is told when its schema set no message of its own (decision 0043). A
 * contract names its fields' rules in the product's words (`{ error: () => t`…` }`); every other
 * issue (a role that does not exist, a list where text was expected, a field the endpoint does
 * not take) gets one of these, made when the input is checked, so in the reader's language.
 * zod's own texts ("Invalid option: expected one of …") are English only.
 */

type Issue = z.core.$ZodRawIssue;

/** A field as the API names it: `entries.0.date`. Machine keys, not translated. */
function fieldOf(issue: Issue): string {
  return (issue.path ?? []).map(String).join('.');
}

function listOf(values: readonly unknown[]): string {
  return values.map((value) => (typeof value === 'string' ? value : String(value))).join(', ');
}

function numberOf(value: unknown): string {
  return typeof value === 'number' ? formatNumber(value) : String(value);
}

function rootMessage(issue: Issue): string {
  if (issue.code === 'invalid_type' && issue.expected === 'object') {
    return t`The request must be a JSON object`;
  }
  if (issue.code === 'unrecognized_keys') return unknownFields(issue.keys);
  return t`The request is not valid`;
}

function unknownFields(keys: readonly string[]): string {
  const names = listOf(keys);
  return plural(keys.length, { one: `Unknown field: ${names}`, other: `Unknown fields: ${names}` });
}

function wrongType(field: string, issue: Issue & { code: 'invalid_type' }): string {
  if (issue.input === undefined) return t`The field "${field}" is required`;
  switch (issue.expected) {
    case 'string':
      return t`The field "${field}" must be text`;
    case 'number':
    case 'bigint':
      return t`The field "${field}" must be a number`;
    case 'int':
      return t`The field "${field}" must be a whole number`;
    case 'boolean':
      return t`The field "${field}" must be true or false`;
    case 'array':
    case 'set':
    case 'tuple':
      return t`The field "${field}" must be a list`;
    case 'object':
    case 'record':
    case 'map':
      return t`The field "${field}" must be an object`;
    default:
      return t`The field "${field}" has the wrong type`;
  }
}

function tooBig(field: string, issue: Issue & { code: 'too_big' }): string {
  const maximum = Number(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return plural(maximum, {
        one: `The field "${field}" must be at most # character`,
        other: `The field "${field}" must be at most # characters`,
      });
    case 'array':
    case 'set':
      return plural(maximum, {
        one: `The field "${field}" must have at most # item`,
        other: `The field "${field}" must have at most # items`,
      });
    case 'number':
    case 'int':
    case 'bigint': {
      const limit = numberOf(issue.maximum);
      return issue.inclusive
        ? t`The field "${field}" must be at most ${limit}`
        : t`The field "${field}" must be less than ${limit}`;
    }
    default:
      return t`The field "${field}" is too large`;
  }
}

function tooSmall(field: string, issue: Issue & { code: 'too_small' }): string {
  const minimum = Number(issue.minimum);
  switch (issue.origin) {
    case 'string':
      if (minimum === 1) return t`The field "${field}" cannot be empty`;
      return plural(minimum, {
        one: `The field "${field}" must be at least # character`,
        other: `The field "${field}" must be at least # characters`,
      });
    case 'array':
    case 'set':
      return plural(minimum, {
        one: `The field "${field}" must have at least # item`,
        other: `The field "${field}" must have at least # items`,
      });
    case 'number':
    case 'int':
    case 'bigint': {
      const limit = numberOf(issue.minimum);
      return issue.inclusive
        ? t`The field "${field}" must be at least ${limit}`
        : t`The field "${field}" must be greater than ${limit}`;
    }
    default:
      return t`The field "${field}" is too small`;
  }
}

function badFormat(field: string, issue: Issue & { code: 'invalid_format' }): string {
  switch (issue.format) {
    case 'uuid':
    case 'guid':
      return t`The field "${field}" must be an id (UUID)`;
    case 'email':
      return t`The field "${field}" must be an email address`;
    case 'url':
      return t`The field "${field}" must be a web address`;
    case 'datetime':
      return t`The field "${field}" must be a date and time with its offset (ISO 8601)`;
    case 'date':
      return t`The field "${field}" must be a yyyy-MM-dd date`;
    case 'time':
      return t`The field "${field}" must be a time (HH:mm)`;
    default:
      return t`The field "${field}" is not in the expected format`;
  }
}

/** The message of an issue its schema left without one, in the current language. */
export function describeZodIssue(issue: Issue): string {
  const field = fieldOf(issue);
  if (!field) return rootMessage(issue);
  switch (issue.code) {
    case 'invalid_type':
      return wrongType(field, issue);
    case 'invalid_value': {
      const values = issue.values;
      if (values.length === 1) {
        const value = listOf(values);
        return t`The field "${field}" must be ${value}`;
      }
      const options = listOf(values);
      return t`The field "${field}" must be one of: ${options}`;
    }
    case 'too_big':
      return tooBig(field, issue);
    case 'too_small':
      return tooSmall(field, issue);
    case 'invalid_format':
      return badFormat(field, issue);
    case 'not_multiple_of': {
      const divisor = numberOf(issue.divisor);
      return t`The field "${field}" must be a multiple of ${divisor}`;
    }
    case 'unrecognized_keys':
      return unknownFields(issue.keys.map((key) => `${field}.${key}`));
    default:
      return t`The field "${field}" is not valid`;
  }
}

/**
 * Makes every zod issue without a message of its own speak the reader's language. Called once
 * by each runtime (the server's i18n setup, the web app's): zod's configuration is global.
 */
export function installLocalizedZodMessages(): void {
  z.config({ customError: describeZodIssue });
}
