import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { auditFilterSchema } from './audit.ts';
import { firstIssueMessage, signInRequestSchema } from './auth.ts';
import { instant, isoDate, text, unsupportedCharactersMessage } from './common.ts';
import { createTimeOffRequestSchema } from './time-off.ts';
import { listUsersQuerySchema, requiredNameSchema, teamInputSchema } from './users.ts';

function messageOf(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : firstIssueMessage(result.error);
}

const POISON = {
  NUL: 'Ada\u0000Lovelace',
  'a lone high surrogate': 'Ada\ud800Lovelace',
  'a lone low surrogate': 'Ada Lovelace\udc00',
  'a bell': 'Ada\u0007',
  'an escape': '\u001b[31mAda',
  DEL: 'Ada\u007f',
  'a C1 control': 'Ada\u0085',
};

describe('text()', () => {
  const singleLine = text().max(100, 'Too long');
  const multiLine = text({ multiLine: true });

  it('trims, and keeps letters, accents, emoji and other scripts', () => {
    expect(singleLine.parse('  Zoë Ñúñez  ')).toBe('Zoë Ñúñez');
    expect(singleLine.parse('李小龍 🙂 Łukasz')).toBe('李小龍 🙂 Łukasz');
  });

  it.each(Object.entries(POISON))('refuses %s with one clear message', (_, value) => {
    expect(messageOf(singleLine, value)).toBe(unsupportedCharactersMessage());
    expect(messageOf(multiLine, value)).toBe(unsupportedCharactersMessage());
  });

  it('allows tabs and line breaks only where many lines are allowed', () => {
    expect(multiLine.parse('Missed it:\n\tbus was late\r\n')).toBe('Missed it:\n\tbus was late');
    expect(messageOf(singleLine, 'Ada\nLovelace')).toBe(unsupportedCharactersMessage());
    expect(messageOf(singleLine, 'Ada\tLovelace')).toBe(unsupportedCharactersMessage());
  });

  it("keeps each field's own messages", () => {
    expect(messageOf(singleLine, 'x'.repeat(101))).toBe('Too long');
    expect(messageOf(requiredNameSchema, 'A')).toBe('Name must be at least 2 characters');
    expect(messageOf(requiredNameSchema, 'A'.repeat(101))).toBe('Name too long');
    expect(messageOf(requiredNameSchema, 42)).toBe('Name must be at least 2 characters');
    expect(
      messageOf(signInRequestSchema, { email: 'a@b.co', password: 'Passw0rd!', name: 'A' }),
    ).toBe('Name must be at least 2 characters');
  });
});

describe('every free-text field and filter uses it', () => {
  it.each([
    ['a person’s name', requiredNameSchema, 'Ada\u0000'],
    [
      'the sign-in name',
      signInRequestSchema,
      { email: 'a@b.co', password: 'Passw0rd!', name: 'Ada\ud800' },
    ],
    ['a team name', teamInputSchema, { name: 'Team\u0000', leadUserId: null }],
    ['the user search', listUsersQuerySchema, { search: 'ada\u0000' }],
    ['the audit action filter', auditFilterSchema, { action: 'user.\u0000' }],
    [
      'a time-off note',
      createTimeOffRequestSchema,
      {
        typeId: '2d9f5e3a-ac6f-4b9a-9c3d-4e5f6a7b8c9d',
        startDate: '2026-11-16',
        endDate: '2026-11-16',
        note: 'Dentist\ud800',
      },
    ],
  ])('%s', (_, schema, input) => {
    expect(messageOf(schema as z.ZodType, input)).toBe(unsupportedCharactersMessage());
  });
});

describe('isoDate', () => {
  it('takes dates through 9998 and refuses 9999, where the day after has five digits', () => {
    expect(messageOf(isoDate, '9998-12-31')).toBeNull();
    expect(messageOf(isoDate, '9999-01-01')).toBe('Use a date before the year 9999');
    expect(messageOf(isoDate, '0000-12-31')).toBe('Use a yyyy-MM-dd date');
  });
});

describe('instant', () => {
  const missedPunch = instant({ error: () => 'Give the time' });

  it('takes any instant whose business day can be stored, in any offset', () => {
    expect(messageOf(missedPunch, '0084-03-19T12:19:56.156Z')).toBeNull();
    expect(messageOf(missedPunch, '0001-01-02T00:00:00Z')).toBeNull();
    expect(messageOf(missedPunch, '9998-12-30T18:59:59-05:00')).toBeNull();
    expect(messageOf(missedPunch, '2026-11-26T08:00:00-05:00')).toBeNull();
  });

  it('refuses years with no storable business day, and text that is not an instant', () => {
    expect(messageOf(missedPunch, '0000-06-01T12:00:00Z')).toBe('Give the time');
    expect(messageOf(missedPunch, '0001-01-01T23:59:59Z')).toBe('Give the time');
    expect(messageOf(missedPunch, '9999-06-01T12:00:00Z')).toBe('Use a date before the year 9999');
    expect(messageOf(missedPunch, '2026-11-26T08:00:00')).toBe('Give the time');
    expect(messageOf(missedPunch, 'yesterday')).toBe('Give the time');
  });
});
