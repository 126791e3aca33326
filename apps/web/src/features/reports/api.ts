import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adherenceReportSchema,
  analyticsReportSchema,
  dayDetailSchema,
  personDaysResponseSchema,
  recomputeRunSchema,
  workedHoursReportSchema,
} from '@punchclock/shared/contracts/reports';
import { z } from 'zod';
import {
  callEndpoint,
  endpointPath,
  type EndpointBody,
  type EndpointQuery,
} from '@/lib/call-endpoint';

export interface RangeFilter {
  from: string;
  to: string;
  teamId: string;
}

export const reportsQueryKey = ['reports'] as const;

export function adherenceReportQueryOptions(filter: RangeFilter) {
  return queryOptions({
    queryKey: [...reportsQueryKey, 'adherence', filter],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/reports/adherence', {
        query: filter,
        schema: adherenceReportSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function personDaysQueryOptions(userId: string, filter: RangeFilter) {
  return queryOptions({
    queryKey: [...reportsQueryKey, 'person-days', userId, filter.from, filter.to],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/reports/person-days', {
        query: { userId, from: filter.from, to: filter.to },
        schema: personDaysResponseSchema,
        signal,
      }),
  });
}

export function dayDetailQueryOptions(userId: string, date: string) {
  return queryOptions({
    queryKey: [...reportsQueryKey, 'day', userId, date],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/reports/day', {
        query: { userId, date },
        schema: dayDetailSchema,
        signal,
      }),
  });
}

/** Per day, week or whole period: as the worked-hours contract lists them. */
export type WorkedHoursGrouping = NonNullable<
  EndpointQuery<'GET /api/reports/worked-hours'>['groupBy']
>;

export function workedHoursQueryOptions(filter: RangeFilter & { groupBy: WorkedHoursGrouping }) {
  return queryOptions({
    queryKey: [...reportsQueryKey, 'worked-hours', filter],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/reports/worked-hours', {
        query: filter,
        schema: workedHoursReportSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function analyticsQueryOptions(filter: RangeFilter) {
  return queryOptions({
    queryKey: [...reportsQueryKey, 'analytics', filter],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/reports/analytics', {
        query: filter,
        schema: analyticsReportSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Where the worked-hours file (CSV or Excel) of a filter is downloaded from. */
export function workedHoursExportPath(
  query: EndpointQuery<'GET /api/reports/worked-hours/export'>,
) {
  return endpointPath('GET /api/reports/worked-hours/export', { query });
}

const recomputeRunsResponse = z.object({ runs: z.array(recomputeRunSchema) });

/** The recent recalculations; polled while one is queued or running, so the bar moves. */
export const recomputeRunsQueryOptions = queryOptions({
  queryKey: [...reportsQueryKey, 'recompute-runs'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/reports/recompute', { schema: recomputeRunsResponse, signal }),
  refetchInterval: (query) =>
    query.state.data?.runs.some((run) => run.status === 'queued' || run.status === 'running')
      ? 1000
      : false,
  staleTime: 0,
});

/** Start recalculating a range; the form shows a refusal itself. */
export function useStartRecompute() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnError: true },
    mutationFn: (input: EndpointBody<'POST /api/reports/recompute'>) =>
      callEndpoint('POST /api/reports/recompute', {
        body: input,
        schema: z.object({ run: recomputeRunSchema }),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportsQueryKey }),
  });
}
