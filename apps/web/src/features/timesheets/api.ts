import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { timesheetWithSignOffSchema } from '@punchclock/shared/contracts/timesheets';
import { callEndpoint } from '@/lib/call-endpoint';
import { timesheetsQueryKey } from '@/lib/query-keys';

/** The signed-in person's timesheet for the pay period containing `date` (today if omitted). */
export const timesheetQueryOptions = (date?: string) =>
  queryOptions({
    queryKey: [...timesheetsQueryKey, 'mine', date ?? 'today'],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/timesheets', {
        query: { date },
        schema: timesheetWithSignOffSchema,
        signal,
      }),
    // Keep the shown period while the next one loads, so the buttons do not jump.
    placeholderData: keepPreviousData,
  });
