import fc from 'fast-check';
import type { z } from 'zod';

/*
 * fast-check arbitraries derived from our zod 4 contracts: mostly well-shaped values, with
 * hostile ones mixed in at every field (NUL, lone surrogates, year-9999 dates, huge numbers,
 * very long strings, wrong types), so a property test reaches the code behind validation as
 * well as validation itself.
 *
 * Hand-written because no maintained library derives arbitraries from zod 4: zod-fast-check
 * supports zod 3 and fast-check 3 only, and @traversable/zod is pre-1.0 and does not aim at
 * hostile values. It reads zod's public-but-internal `_zod.def`, which covers every kind of
 * schema our contracts use; anything else falls back to an arbitrary JSON value.
 */

/** Strings that have broken servers: control characters, half an emoji, huge, odd dates. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    'Abc\u0000def',
    'Abc\ud800def1',
    'Abcdef\udc00',
    '\ud800',
    'x\udfff',
    '\u0007bell',
    'line\nbreak',
    '9999-12-31',
    '10000-01-01',
    '0000-00-00',
    '9999-12-31T23:59:59Z',
    '+275760-09-13T00:00:00.000Z',
    '-1',
    '1e309',
    'NaN',
    '%00',
    '',
    ' ',
    "'; drop table users; --",
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    2 ** 31,
    -(2 ** 31) - 1,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    0.5,
    253402300800000, // year 10000 in milliseconds
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value of the wrong type for whatever the field expects. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.constant([]),
  fc.constant({}),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

interface Def {
  type: string;
  format?: string;
  checks?: { _zod: { def: { check?: string; format?: string; pattern?: RegExp } } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const date = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z') })
  .filter((value) => !Number.isNaN(value.getTime()));
const isoDay = fc.oneof(
  date.map((value) => value.toISOString().slice(0, 10)),
  fc.constantFrom('9999-12-31', '0001-01-01', '2026-02-29', '2024-02-29', '2026-11-01'),
);

/** Ids the generated values use: mostly ones that exist, so a request gets past its lookups. */
export interface GeneratorContext {
  knownIds: string[];
}

function wellShapedString(def: Def, context: GeneratorContext): fc.Arbitrary<string> {
  const format = def.format ?? def.checks?.find((check) => check._zod.def.format)?._zod.def.format;
  switch (format) {
    case 'uuid':
    case 'guid':
      return context.knownIds.length
        ? fc.oneof({ arbitrary: fc.constantFrom(...context.knownIds), weight: 3 }, fc.uuid())
        : fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date':
      return isoDay;
    case 'datetime':
      return fc.oneof(
        date.map((value) => value.toISOString()),
        fc.constantFrom(
          '9999-12-31T23:59:59.999Z',
          '0001-01-01T00:00:00Z',
          '2026-03-08T02:30:00-05:00',
        ),
      );
    case 'regex':
      // Our only patterns are clock times.
      return fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(
          ([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
        );
    default:
      // Long enough for the usual minimum lengths; sometimes with a password's classes.
      return fc.oneof(
        fc.string({ minLength: 3, maxLength: 30 }),
        fc.string({ unit: 'grapheme', minLength: 3, maxLength: 30 }),
        fc.string({ minLength: 3, maxLength: 20 }).map((value) => `Aa1${value}`),
      );
  }
}

/** Something hostile where a field's value goes. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: wrongType, weight: 1 },
);

/**
 * A request for the schema: well-shaped, or well-shaped but for one hostile field (what gets
 * past validation into the code behind it), or the wrong type altogether.
 */
export function arbitraryFor(schema: z.ZodType, context: GeneratorContext): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: wellShaped(defOf(schema), context), weight: 1 },
    { arbitrary: oneFieldHostile(defOf(schema), context), weight: 4 },
    { arbitrary: wrongType, weight: 1 },
  );
}

const POISON = ['\u0000', '\ud800', '\udfff', '\u0007', '\u001b', '\u007f', '\u0085'];

/**
 * A hostile value for one field: often a well-shaped one with a poison character slipped in
 * (so it still passes the field's length rules), else anything hostile.
 */
function fieldHostile(schema: z.ZodType | undefined, context: GeneratorContext) {
  if (!schema) return hostileValue;
  const poisoned = fc
    .tuple(wellShaped(defOf(schema), context), fc.constantFrom(...POISON), fc.nat())
    .map(([valid, poison, at]) =>
      typeof valid === 'string'
        ? `${valid.slice(0, at % (valid.length + 1))}${poison}${valid.slice(at % (valid.length + 1))}`
        : valid,
    );
  return fc.oneof({ arbitrary: poisoned, weight: 2 }, { arbitrary: hostileValue, weight: 2 });
}

function oneFieldHostile(def: Def, context: GeneratorContext): fc.Arbitrary<unknown> {
  switch (def.type) {
    case 'object': {
      const keys = Object.keys(def.shape ?? {});
      if (!keys.length) return fc.dictionary(hostileString, hostileValue, { maxKeys: 2 });
      return fc
        .constantFrom(...keys)
        .chain((key) =>
          fc
            .tuple(wellShaped(def, context), fieldHostile(def.shape?.[key], context))
            .map(([valid, hostile]) => ({ ...(valid as object), [key]: hostile })),
        );
    }
    case 'union':
      return fc.oneof(
        ...(def.options ?? []).map((option) => oneFieldHostile(defOf(option), context)),
      );
    case 'intersection':
      return def.left && def.right
        ? fc
            .tuple(oneFieldHostile(defOf(def.left), context), wellShaped(defOf(def.right), context))
            .map(([left, right]) => ({ ...(right as object), ...(left as object) }))
        : hostileValue;
    case 'pipe': {
      const side = def.in && defOf(def.in).type !== 'transform' ? def.in : def.out;
      return side ? oneFieldHostile(defOf(side), context) : hostileValue;
    }
    default:
      return hostileValue;
  }
}

function wellShaped(def: Def, context: GeneratorContext): fc.Arbitrary<unknown> {
  const inner = (schema: z.ZodType | undefined) =>
    schema ? wellShaped(defOf(schema), context) : wrongType;
  switch (def.type) {
    case 'string':
      return wellShapedString(def, context);
    case 'number':
    case 'int':
      return fc.integer({ min: 0, max: 400 });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'object': {
      const shape = def.shape ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, inner(value)])),
      );
    }
    case 'array':
      return fc.array(inner(def.element), { minLength: 1, maxLength: 3 });
    case 'record':
      return fc.dictionary(inner(def.keyType).map(String), inner(def.valueType), { maxKeys: 3 });
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'pipe': {
      // z.preprocess is a pipe from a transform; generate for the side that describes the shape.
      const side = def.in && defOf(def.in).type !== 'transform' ? def.in : def.out;
      return inner(side);
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inner(option)));
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([left, right]) => ({ ...(left as object), ...(right as object) }));
    default:
      return wrongType;
  }
}

/**
 * A value as a query-string parameter. encodeURIComponent refuses a lone surrogate, so that
 * one is sent as the bytes a careless client would send (its WTF-8 encoding).
 */
export function encodeQueryValue(value: string): string {
  let encoded = '';
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    const next = value.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(value.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      encoded +=
        `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      encoded += encodeURIComponent(value[index] ?? '');
    }
  }
  return encoded;
}

/** An object of parameters as a query string: arrays repeat the key, objects go as JSON. */
export function toQueryString(parameters: unknown): string {
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
    return `?${encodeQueryValue(String(parameters))}`;
  }
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(parameters)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
      pairs.push(`${encodeQueryValue(key)}=${encodeQueryValue(text)}`);
    }
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}
