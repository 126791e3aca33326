import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { firstIssueMessage } from './auth.ts';
import {
  createAssignmentsRequestSchema,
  myScheduleQuerySchema,
  scheduleTemplateInputSchema,
  updateAssignmentRequestSchema,
} from './schedules.ts';

const VALID_TEMPLATE = {
  name: 'Day shift',
  workStart: '09:00',
  workEnd: '17:00',
  lunchStart: '12:00',
  lunchEnd: '12:30',
  breakDurationMins: 15,
  workingDays: [1, 2, 3, 4, 5],
};

const USER_A = '0b7f3c1e-8a4d-4f7e-9a1b-2c3d4e5f6a7b';
const USER_B = '1c8e4d2f-9b5e-4a8f-8b2c-3d4e5f6a7b8c';
const TEMPLATE_ID = '2d9f5e3a-ac6f-4b9a-9c3d-4e5f6a7b8c9d';

const VALID_ASSIGNMENT = {
  userIds: [USER_A, USER_B],
  templateId: TEMPLATE_ID,
  dateRangeStart: '2026-11-02',
  dateRangeEnd: '2026-11-27',
};

/** The message the server would answer with (first issue), or null when valid. */
function messageOf(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : firstIssueMessage(result.error);
}

const templateMessage = (overrides: Record<string, unknown>) =>
  messageOf(scheduleTemplateInputSchema, { ...VALID_TEMPLATE, ...overrides });

describe('scheduleTemplateInputSchema', () => {
  it('accepts a day shift and an overnight shift', () => {
    expect(templateMessage({})).toBeNull();
    expect(
      templateMessage({
        workStart: '22:00',
        workEnd: '06:00',
        lunchStart: '02:00',
        lunchEnd: '02:30',
      }),
    ).toBeNull();
  });

  it('trims the name, and sorts and de-duplicates the working days', () => {
    const parsed = scheduleTemplateInputSchema.parse({
      ...VALID_TEMPLATE,
      name: '  Night shift  ',
      workingDays: [6, 0, 3, 3, 5],
    });
    expect(parsed.name).toBe('Night shift');
    expect(parsed.workingDays).toEqual([0, 3, 5, 6]);
  });

  it('accepts a template without a lunch', () => {
    expect(templateMessage({ lunchStart: null, lunchEnd: null })).toBeNull();
  });

  it.each([
    ['empty', '', 'Name is required'],
    ['only spaces', '   ', 'Name is required'],
    ['101 characters', 'x'.repeat(101), 'Name must be at most 100 characters'],
  ])('refuses a name that is %s', (_case, name, message) => {
    expect(templateMessage({ name })).toBe(message);
  });

  it('accepts names of 1 and 100 characters', () => {
    expect(templateMessage({ name: 'x' })).toBeNull();
    expect(templateMessage({ name: 'x'.repeat(100) })).toBeNull();
  });

  it.each([0, 15, 120])('accepts a break of %i minutes', (breakDurationMins) => {
    expect(templateMessage({ breakDurationMins })).toBeNull();
  });

  it.each([-1, 121, 1000])('refuses a break of %i minutes', (breakDurationMins) => {
    expect(templateMessage({ breakDurationMins })).toBe(
      'Break length must be between 0 and 120 minutes',
    );
  });

  it('refuses a fractional or missing break length', () => {
    expect(templateMessage({ breakDurationMins: 15.5 })).toBe('Break length must be whole minutes');
    expect(templateMessage({ breakDurationMins: '15' })).toBe(
      'Break length must be a number of minutes',
    );
  });

  it.each([
    ['workStart', '9:00', 'Start time must be a time like 09:00'],
    ['workStart', '24:00', 'Start time must be a time like 09:00'],
    ['workEnd', '17:60', 'End time must be a time like 09:00'],
    ['workEnd', '17:00:00', 'End time must be a time like 09:00'],
    ['lunchStart', 'noon', 'Lunch start must be a time like 09:00'],
    ['lunchEnd', '1230', 'Lunch end must be a time like 09:00'],
  ])('refuses %s "%s"', (field, value, message) => {
    expect(templateMessage({ [field]: value })).toBe(message);
  });

  it('refuses a lunch outside the shift', () => {
    expect(templateMessage({ lunchStart: '17:30', lunchEnd: '18:00' })).toBe(
      'Lunch must be inside the shift',
    );
  });

  it('refuses a lunch ending before it starts, or only half a lunch', () => {
    expect(templateMessage({ lunchStart: '12:30', lunchEnd: '12:00' })).toBe(
      'Lunch must end after it starts',
    );
    expect(templateMessage({ lunchEnd: null })).toBe(
      'Give both a lunch start and a lunch end, or neither',
    );
  });

  it('refuses a shift ending when it starts', () => {
    expect(templateMessage({ workEnd: '09:00', lunchStart: null, lunchEnd: null })).toBe(
      'The shift must end at a different time than it starts',
    );
  });

  it('refuses no working days and a weekday outside 0..6', () => {
    expect(templateMessage({ workingDays: [] })).toBe('Choose at least one working day');
    expect(templateMessage({ workingDays: [1, 7] })).not.toBeNull();
    expect(templateMessage({ workingDays: [-1] })).not.toBeNull();
  });
});

describe('createAssignmentsRequestSchema', () => {
  it('accepts several people, defaulting endOverlapping to false', () => {
    const parsed = createAssignmentsRequestSchema.parse(VALID_ASSIGNMENT);
    expect(parsed.endOverlapping).toBe(false);
    expect(parsed.userIds).toEqual([USER_A, USER_B]);
  });

  it('accepts a one-day range', () => {
    expect(
      messageOf(createAssignmentsRequestSchema, {
        ...VALID_ASSIGNMENT,
        dateRangeEnd: VALID_ASSIGNMENT.dateRangeStart,
      }),
    ).toBeNull();
  });

  it('refuses an end date before the start date', () => {
    expect(
      messageOf(createAssignmentsRequestSchema, {
        ...VALID_ASSIGNMENT,
        dateRangeStart: '2026-11-27',
        dateRangeEnd: '2026-11-26',
      }),
    ).toBe('The end date must be on or after the start date');
  });

  it('refuses nobody, a bad template id and a malformed date', () => {
    expect(messageOf(createAssignmentsRequestSchema, { ...VALID_ASSIGNMENT, userIds: [] })).toBe(
      'Choose at least one person',
    );
    expect(
      messageOf(createAssignmentsRequestSchema, { ...VALID_ASSIGNMENT, templateId: 'nope' }),
    ).toBe('Choose a schedule template');
    expect(
      messageOf(createAssignmentsRequestSchema, {
        ...VALID_ASSIGNMENT,
        dateRangeStart: '11/02/2026',
      }),
    ).toBe('Use a yyyy-MM-dd date');
  });

  it.each(['2026-02-30', '2025-02-29', '2026-04-31', '2026-13-01', '0000-01-01'])(
    'refuses the impossible date %s with the date-format message',
    (date) => {
      expect(
        messageOf(createAssignmentsRequestSchema, { ...VALID_ASSIGNMENT, dateRangeEnd: date }),
      ).toBe('Use a yyyy-MM-dd date');
    },
  );

  it('accepts 29 February in a leap year', () => {
    expect(
      messageOf(createAssignmentsRequestSchema, {
        ...VALID_ASSIGNMENT,
        dateRangeStart: '2028-02-01',
        dateRangeEnd: '2028-02-29',
      }),
    ).toBeNull();
  });

  it('gives the same date-order message when an assignment is changed', () => {
    const result = updateAssignmentRequestSchema.safeParse({
      templateId: TEMPLATE_ID,
      dateRangeStart: '2026-11-27',
      dateRangeEnd: '2026-11-02',
    });
    expect(result.success).toBe(false);
    expect(result.error && firstIssueMessage(result.error)).toBe(
      'The end date must be on or after the start date',
    );
  });
});

describe('myScheduleQuerySchema', () => {
  it('accepts from on or before to and refuses the reverse', () => {
    expect(myScheduleQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-01' }).success).toBe(
      true,
    );
    const reversed = myScheduleQuerySchema.safeParse({ from: '2026-11-02', to: '2026-11-01' });
    expect(reversed.error && firstIssueMessage(reversed.error)).toBe(
      'The start date must be on or before the end date',
    );
  });

  it('refuses a date that does not exist', () => {
    const result = myScheduleQuerySchema.safeParse({ from: '2026-02-30', to: '2026-03-01' });
    expect(result.error && firstIssueMessage(result.error)).toBe('Use a yyyy-MM-dd date');
  });
});
