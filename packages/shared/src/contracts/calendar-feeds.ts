import { t } from '@lingui/core/macro';
import { z } from 'zod';

/* Calendar feeds (#18 point 4): a secret iCalendar address for a person or a team. */

export const calendarFeedSchema = z.object({
  id: z.uuid(),
  /** Null for the person's own feed. */
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedsResponseSchema = z.object({
  feeds: z.array(calendarFeedSchema),
  /** The teams whose feed this person may make (the ones they lead; every team for admins). */
  teams: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type CalendarFeedsResponse = z.infer<typeof calendarFeedsResponseSchema>;

/** Make (or make again, which stops the old address) one's own feed, or a team's. */
export const createCalendarFeedRequestSchema = z
  .object({
    teamId: z
      .uuid({ error: () => t`Choose a team` })
      .nullable()
      .default(null),
  })
  .strict();

/** The address is shown once: only its hash is kept. */
export const createCalendarFeedResponseSchema = z.object({
  feed: calendarFeedSchema,
  url: z.url(),
});
export type CreateCalendarFeedResponse = z.infer<typeof createCalendarFeedResponseSchema>;

/** How far around today a feed reaches: calendar apps keep what they fetched before. */
export const CALENDAR_FEED_DAYS_BACK = 30;
export const CALENDAR_FEED_DAYS_AHEAD = 90;
