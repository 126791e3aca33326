import { queryOptions } from '@tanstack/react-query';
import { adminOverviewResponseSchema } from '@punchclock/shared/contracts/admin';
import { callEndpoint } from '@/lib/call-endpoint';

export const adminOverviewQueryOptions = queryOptions({
  // Under the live topic: every punch re-reads it, like the break board.
  queryKey: ['team_activity', 'admin-overview'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/admin/overview', { schema: adminOverviewResponseSchema, signal }),
  staleTime: 0,
  refetchInterval: 60_000,
});
