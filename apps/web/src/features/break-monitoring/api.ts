import { queryOptions } from '@tanstack/react-query';
import { breakBoardResponseSchema } from '@punchclock/shared/contracts/break-monitoring';
import { callEndpoint } from '@/lib/call-endpoint';

// Keyed under the live topic, so every `team_activity` message re-reads it.
export const breakBoardQueryOptions = queryOptions({
  queryKey: ['team_activity', 'break-board'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/break-monitoring', { schema: breakBoardResponseSchema, signal }),
  staleTime: 0,
  // Lateness changes with the clock, not only with punches.
  refetchInterval: 60_000,
});
