import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases.ts';
import { param, pgLiteral, preparedStatement } from './prepared.ts';
import { sql } from 'drizzle-orm';

describe('pgLiteral', () => {
  it('writes each kind of value as PostgreSQL reads it back', () => {
    expect(pgLiteral(null)).toBe('null');
    expect(pgLiteral(undefined)).toBe('null');
    expect(pgLiteral(true)).toBe('true');
    expect(pgLiteral(42)).toBe('42');
    expect(pgLiteral("O'Brien \\ back")).toBe("'O''Brien \\ back'");
    expect(pgLiteral(['a', 'b"c', 'd\\e', null])).toBe(`'{"a","b\\"c","d\\\\e",NULL}'`);
    expect(pgLiteral([])).toBe("'{}'");
  });

  it('refuses what has no faithful literal', () => {
    expect(() => pgLiteral(Number.NaN)).toThrow(TypeError);
    expect(() => pgLiteral(Infinity)).toThrow(TypeError);
    expect(() => pgLiteral([1])).toThrow(TypeError);
    expect(() => pgLiteral({})).toThrow(TypeError);
  });
});

const echo = preparedStatement<
  { text: string | null; texts: string[] | null; count: number | null; flag: boolean | null },
  { text: string | null; texts: string[] | null; count: number | null; flag: boolean | null }
>(
  'test_prepared_echo',
  () => sql`
    select ${param('text')}::text as text, ${param('texts')}::text[] as texts,
      ${param('count')}::int as count, ${param('flag')}::boolean as flag`,
);

// Text PostgreSQL can store (any well-formed string without NUL), rich in the characters that
// literals and array literals must escape.
const storableText = fc
  .oneof(
    fc.string({ unit: 'grapheme' }),
    fc.string({
      unit: fc.constantFrom("'", '"', '\\', '{', '}', ',', ' ', 'NULL', 'é', '😀', '$1'),
    }),
  )
  .filter((text) => !text.includes('\0'));

describeEachDatabase('preparedStatement', (getDatabase) => {
  it('returns every value exactly as given, quotes, backslashes and braces included', async () => {
    const { db } = getDatabase();
    await fc.assert(
      fc.asyncProperty(
        fc.option(storableText),
        fc.option(fc.array(storableText, { maxLength: 5 })),
        fc.option(fc.integer({ min: -2_147_483_648, max: 2_147_483_647 })),
        fc.option(fc.boolean()),
        async (text, texts, count, flag) => {
          const [row] = await echo(db, { text, texts, count, flag });
          expect(row).toEqual({ text, texts, count, flag });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('runs inside a transaction as well as outside one', async () => {
    const { db } = getDatabase();
    const values = { text: "it's", texts: ['x'], count: 1, flag: false };
    const inside = await db.transaction((tx) => echo(tx, values));
    expect(inside).toEqual([values]);
  });
});
