import { queryOptions } from '@tanstack/react-query';
import {
  calendarFeedsResponseSchema,
  createCalendarFeedResponseSchema,
} from '@punchclock/shared/contracts/calendar-feeds';
import { callEndpoint } from '@/lib/call-endpoint';

export const calendarFeedsQueryKey = ['calendar-feeds'] as const;

export const calendarFeedsQueryOptions = queryOptions({
  queryKey: calendarFeedsQueryKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/calendar-feeds', { schema: calendarFeedsResponseSchema, signal }),
});

/** A new secret address: one's own shifts, or (teamId) a team's. */
export function createCalendarFeed(teamId: string | null) {
  return callEndpoint('POST /api/calendar-feeds', {
    body: { teamId },
    schema: createCalendarFeedResponseSchema,
  });
}

export function stopCalendarFeed(id: string) {
  return callEndpoint('DELETE /api/calendar-feeds/:id', { params: { id } });
}
