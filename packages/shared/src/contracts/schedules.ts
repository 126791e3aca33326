import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { findShiftProblem } from '../domain/schedule.ts';
import { isoDate, text } from './common.ts';

const clockTime = (message: () => string) =>
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: message });

export const scheduleTemplateInputSchema = z
  .object({
    name: text()
      .min(1, { error: () => t`Name is required` })
      .max(100, { error: () => t`Name must be at most 100 characters` }),
    workStart: clockTime(() => t`Start time must be a time like 09:00`),
    workEnd: clockTime(() => t`End time must be a time like 09:00`),
    lunchStart: clockTime(() => t`Lunch start must be a time like 09:00`).nullable(),
    lunchEnd: clockTime(() => t`Lunch end must be a time like 09:00`).nullable(),
    breakDurationMins: z
      .number({ error: () => t`Break length must be a number of minutes` })
      .int({ error: () => t`Break length must be whole minutes` })
      .min(0, { error: () => t`Break length must be between 0 and 120 minutes` })
      .max(120, { error: () => t`Break length must be between 0 and 120 minutes` }),
    workingDays: z
      .array(z.number().int().min(0).max(6))
      .min(1, { error: () => t`Choose at least one working day` })
      .transform((days) => [...new Set(days)].sort()),
  })
  .superRefine((template, context) => {
    const problem = findShiftProblem(template);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
export type ScheduleTemplateInput = z.input<typeof scheduleTemplateInputSchema>;

export const scheduleTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  workStart: z.string(),
  workEnd: z.string(),
  lunchStart: z.string().nullable(),
  lunchEnd: z.string().nullable(),
  breakDurationMins: z.number().int(),
  workingDays: z.array(z.number().int()),
  isArchived: z.boolean(),
  /** Assignments that use it (past, current and future). */
  assignmentCount: z.number().int(),
});
export type ScheduleTemplate = z.infer<typeof scheduleTemplateSchema>;

export const listTemplatesResponseSchema = z.object({ templates: z.array(scheduleTemplateSchema) });
/** POST /api/schedule-templates, PUT /api/schedule-templates/:id, archive and restore. */
export const templateResponseSchema = z.object({ template: scheduleTemplateSchema });

export const assignmentSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  userName: z.string().nullable(),
  userEmail: z.string(),
  templateId: z.uuid(),
  templateName: z.string(),
  dateRangeStart: isoDate,
  dateRangeEnd: isoDate,
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const listAssignmentsResponseSchema = z.object({ assignments: z.array(assignmentSchema) });
/** PUT /api/schedule-assignments/:id. */
export const assignmentResponseSchema = z.object({ assignment: assignmentSchema });

/** GET /api/schedule-assignments: by person and dates (both inclusive), all when left out. */
export const assignmentFilterSchema = z.object({
  userId: z.uuid({ error: () => t`Invalid user` }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

const dateRangeRule = <T extends { dateRangeStart: string; dateRangeEnd: string }>(range: T) =>
  range.dateRangeStart <= range.dateRangeEnd;
const dateOrderMessage = () => t`The end date must be on or after the start date`;

export const createAssignmentsRequestSchema = z
  .object({
    userIds: z
      .array(z.uuid())
      .min(1, { error: () => t`Choose at least one person` })
      .max(500, { error: () => t`Assign at most 500 people at once` }),
    templateId: z.uuid({ error: () => t`Choose a schedule template` }),
    dateRangeStart: isoDate,
    dateRangeEnd: isoDate,
    /** End a clashing earlier assignment the day before this one starts, instead of refusing. */
    endOverlapping: z.boolean().default(false),
  })
  .refine(dateRangeRule, { error: dateOrderMessage });
export type CreateAssignmentsRequest = z.input<typeof createAssignmentsRequestSchema>;

export const updateAssignmentRequestSchema = z
  .object({
    templateId: z.uuid({ error: () => t`Choose a schedule template` }),
    dateRangeStart: isoDate,
    dateRangeEnd: isoDate,
  })
  .refine(dateRangeRule, { error: dateOrderMessage });
export type UpdateAssignmentRequest = z.input<typeof updateAssignmentRequestSchema>;

/** One scheduled shift pattern over a range, as the my-schedule calendar reads it. */
export const myScheduleEntrySchema = z.object({
  id: z.uuid(),
  dateRangeStart: isoDate,
  dateRangeEnd: isoDate,
  template: scheduleTemplateSchema.omit({ assignmentCount: true, isArchived: true }),
});
export type MyScheduleEntry = z.infer<typeof myScheduleEntrySchema>;

export const myScheduleQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((query) => query.from <= query.to, {
    error: () => t`The start date must be on or before the end date`,
  });

/**
 * One of the person's published roster shifts (#30): on its date it takes the place of the
 * template shift of an entry. Drafts are never shown.
 */
export const myScheduleShiftSchema = z.object({
  id: z.uuid(),
  /** The business day the shift starts; an overnight shift belongs to it. */
  date: isoDate,
  /** "HH:mm" business time; an end not after the start is the next day. */
  startTime: z.string(),
  endTime: z.string(),
  lunchStart: z.string().nullable(),
  lunchEnd: z.string().nullable(),
  breakDurationMins: z.number().int(),
  position: z.string().nullable(),
  note: z.string().nullable(),
});
export type MyScheduleShift = z.infer<typeof myScheduleShiftSchema>;

export const myScheduleResponseSchema = z.object({
  today: isoDate,
  entries: z.array(myScheduleEntrySchema),
  /** The person's published roster shifts in the range, by date. */
  shifts: z.array(myScheduleShiftSchema),
  /** The person's pending and approved time off in the range. */
  timeOff: z.array(
    z.object({
      startDate: isoDate,
      endDate: isoDate,
      typeName: z.string(),
      status: z.string(),
      startTime: z.string().nullable(),
      endTime: z.string().nullable(),
    }),
  ),
});
export type MyScheduleResponse = z.infer<typeof myScheduleResponseSchema>;
