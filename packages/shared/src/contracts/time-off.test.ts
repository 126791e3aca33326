import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { correctionRequestSchema } from './approvals.ts';
import { firstIssueMessage } from './auth.ts';
import { allowanceInputSchema, createTimeOffRequestSchema } from './time-off.ts';

const TYPE_ID = '2d9f5e3a-ac6f-4b9a-9c3d-4e5f6a7b8c9d';
const EVENT_ID = '0b7f3c1e-8a4d-4f7e-9a1b-2c3d4e5f6a7b';
const TEAM_ID = '1c8e4d2f-9b5e-4a8f-8b2c-3d4e5f6a7b8c';

/** The message the server would answer with (first issue), or null when valid. */
function messageOf(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : firstIssueMessage(result.error);
}

const WHOLE_DAYS = { typeId: TYPE_ID, startDate: '2026-11-16', endDate: '2026-11-20' };
const PART_DAY = { ...WHOLE_DAYS, endDate: '2026-11-16', startTime: '13:00', endTime: '17:00' };

const timeOffMessage = (overrides: Record<string, unknown>, base: object = WHOLE_DAYS) =>
  messageOf(createTimeOffRequestSchema, { ...base, ...overrides });

describe('createTimeOffRequestSchema', () => {
  it('accepts whole days and part of one day; times default to none', () => {
    expect(timeOffMessage({})).toBeNull();
    expect(timeOffMessage({}, PART_DAY)).toBeNull();
    expect(timeOffMessage({ endDate: WHOLE_DAYS.startDate })).toBeNull();
    expect(createTimeOffRequestSchema.parse(WHOLE_DAYS)).toEqual({
      ...WHOLE_DAYS,
      startTime: null,
      endTime: null,
    });
  });

  it('trims the note and refuses a long one', () => {
    expect(createTimeOffRequestSchema.parse({ ...WHOLE_DAYS, note: '  Family  ' }).note).toBe(
      'Family',
    );
    expect(timeOffMessage({ note: 'x'.repeat(501) })).toBe('Keep the note under 500 characters');
    expect(timeOffMessage({ note: 'x'.repeat(500) })).toBeNull();
  });

  it('needs a type', () => {
    expect(timeOffMessage({ typeId: 'vacation' })).toBe('Choose a type of time off');
  });

  it('refuses a last day before the first', () => {
    expect(timeOffMessage({ startDate: '2026-11-20', endDate: '2026-11-16' })).toBe(
      'The first day must be on or before the last day',
    );
  });

  it('refuses dates that are not real calendar days', () => {
    expect(timeOffMessage({ startDate: '2026-02-30', endDate: '2026-03-02' })).toBe(
      'Use a yyyy-MM-dd date',
    );
  });

  it.each([
    ['only a start time', { startTime: '13:00' }],
    ['only an end time', { endTime: '17:00' }],
    ['a start time and a null end', { startTime: '13:00', endTime: null }],
  ])('wants both times or neither: %s', (_label, times) => {
    expect(timeOffMessage({ endDate: WHOLE_DAYS.startDate, ...times })).toBe(
      'Give both a start and an end time for part of a day',
    );
  });

  it('keeps part of a day on one date', () => {
    expect(timeOffMessage({ endDate: '2026-11-17' }, PART_DAY)).toBe(
      'Part of a day must start and end on the same date',
    );
  });

  it.each([
    ['before', '17:00', '13:00'],
    ['equal to', '13:00', '13:00'],
  ])('refuses an end time %s the start time', (_label, startTime, endTime) => {
    expect(timeOffMessage({ startTime, endTime }, PART_DAY)).toBe(
      'The end time must be after the start time',
    );
  });

  it('refuses a time that is not HH:mm', () => {
    expect(timeOffMessage({ startTime: '1pm' }, PART_DAY)).toBe('Use a time like 13:00');
    expect(timeOffMessage({ endTime: '24:00' }, PART_DAY)).toBe('Use a time like 13:00');
  });

  it('refuses a request crossing into the next year', () => {
    expect(timeOffMessage({ startDate: '2026-12-28', endDate: '2027-01-04' })).toBe(
      'A request cannot cross into the next year; make one for each year',
    );
    expect(timeOffMessage({ startDate: '2026-12-28', endDate: '2026-12-31' })).toBeNull();
  });
});

describe('correctionRequestSchema', () => {
  const add = {
    kind: 'add',
    eventType: 'clock_out',
    occurredAt: '2026-11-16T22:00:00.000Z',
    reason: 'Forgot to clock out',
  };
  const move = {
    kind: 'move',
    targetEventId: EVENT_ID,
    occurredAt: '2026-11-16T14:00:00-05:00',
    reason: 'Clocked in late by mistake',
  };
  const remove = { kind: 'remove', targetEventId: EVENT_ID, reason: 'Double tap' };
  const correctionMessage = (base: object, overrides: Record<string, unknown> = {}) =>
    messageOf(correctionRequestSchema, { ...base, ...overrides });

  it('accepts an add, a move and a remove, and trims the reason', () => {
    expect(correctionMessage(add)).toBeNull();
    expect(correctionMessage(move)).toBeNull();
    expect(correctionMessage(remove)).toBeNull();
    expect(correctionRequestSchema.parse({ ...remove, reason: '  Double tap ' }).reason).toBe(
      'Double tap',
    );
  });

  it.each([add, move, remove])('wants a reason of at least 3 characters ($kind)', (base) => {
    const tooShort = 'Say why (at least 3 characters)';
    expect(correctionMessage(base, { reason: 'ok' })).toBe(tooShort);
    expect(correctionMessage(base, { reason: '  ok  ' })).toBe(tooShort);
    expect(correctionMessage(base, { reason: 'ok!' })).toBeNull();
    expect(correctionMessage(base, { reason: 'x'.repeat(501) })).toBe(
      'Keep the reason under 500 characters',
    );
  });

  it('wants the time of an added or moved punch, with an offset', () => {
    expect(correctionMessage(add, { occurredAt: undefined })).toBe(
      'Give the time of the missed punch',
    );
    expect(correctionMessage(add, { occurredAt: '2026-11-16 17:00' })).toBe(
      'Give the time of the missed punch',
    );
    expect(correctionMessage(move, { occurredAt: '2026-11-16T14:00:00' })).toBe(
      'Give the correct time',
    );
  });

  it('wants a punch to move or remove', () => {
    expect(correctionMessage(move, { targetEventId: 'first' })).toBe('Choose the punch to change');
    expect(correctionMessage(remove, { targetEventId: undefined })).toBe(
      'Choose the punch to remove',
    );
  });

  it('refuses an unknown kind or punch type', () => {
    expect(correctionMessage(add, { kind: 'edit' })).not.toBeNull();
    expect(correctionMessage(add, { eventType: 'nap' })).not.toBeNull();
  });
});

describe('allowanceInputSchema', () => {
  const base = { typeId: TYPE_ID, year: 2026, days: 20 };

  it('is set for one person or one team, not both or neither', () => {
    const oneOrOther = 'Set the allowance for one person or for one team';
    expect(messageOf(allowanceInputSchema, { ...base, userId: EVENT_ID })).toBeNull();
    expect(messageOf(allowanceInputSchema, { ...base, teamId: TEAM_ID })).toBeNull();
    expect(messageOf(allowanceInputSchema, base)).toBe(oneOrOther);
    expect(messageOf(allowanceInputSchema, { ...base, userId: EVENT_ID, teamId: TEAM_ID })).toBe(
      oneOrOther,
    );
  });

  it('takes half days and refuses negative or absurd ones', () => {
    expect(messageOf(allowanceInputSchema, { ...base, userId: EVENT_ID, days: 12.5 })).toBeNull();
    expect(messageOf(allowanceInputSchema, { ...base, userId: EVENT_ID, days: -1 })).toBe(
      'Days cannot be negative',
    );
    expect(messageOf(allowanceInputSchema, { ...base, userId: EVENT_ID, days: 367 })).toBe(
      'At most 366 days',
    );
    expect(messageOf(allowanceInputSchema, { ...base, userId: EVENT_ID, days: '20' })).toBe(
      'Days must be a number',
    );
  });
});
