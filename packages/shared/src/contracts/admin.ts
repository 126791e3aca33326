import { z } from 'zod';

/** GET /api/admin/overview: today at a glance. */
export const adminOverviewResponseSchema = z.object({
  today: z.string(),
  counts: z.object({
    working: z.number().int(),
    onBreak: z.number().int(),
    atLunch: z.number().int(),
    clockedOut: z.number().int(),
    notYetIn: z.number().int(),
    late: z.number().int(),
    overLimit: z.number().int(),
  }),
  people: z.object({ active: z.number().int(), suspended: z.number().int() }),
  /** People who were or are late for today's shift, with minutes late. */
  lateToday: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      minutesLate: z.number().int(),
      stillOut: z.boolean(),
    }),
  ),
  pendingApprovals: z.number().int(),
});
export type AdminOverview = z.infer<typeof adminOverviewResponseSchema>;
