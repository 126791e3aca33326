import { z } from 'zod';

export const ATTENDANCE_STATUSES = [
  'on_break',
  'at_lunch',
  'working',
  'late',
  'not_yet_in',
  'clocked_out',
  'off',
] as const;

export const boardRowSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  role: z.string().nullable(),
  status: z.enum(ATTENDANCE_STATUSES),
  state: z.string(),
  since: z.string().nullable(),
  elapsedMinutes: z.number().int(),
  limitMinutes: z.number().int().nullable(),
  overByMinutes: z.number().int(),
  shift: z.object({ templateName: z.string(), start: z.string(), end: z.string() }).nullable(),
  breaksTaken: z.number().int(),
  breakMinutes: z.number().int(),
  lunchMinutes: z.number().int(),
  overbreaks: z.number().int(),
});
export type BoardRowDto = z.infer<typeof boardRowSchema>;

/** GET /api/break-monitoring */
export const breakBoardResponseSchema = z.object({
  generatedAt: z.string(),
  today: z.string(),
  rows: z.array(boardRowSchema),
});
export type BreakBoardResponse = z.infer<typeof breakBoardResponseSchema>;
