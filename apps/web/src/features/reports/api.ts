import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  adherenceReportSchema,
  analyticsReportSchema,
  dayDetailSchema,
  personDaysResponseSchema,
  workedHoursReportSchema,
} from '@punchclock/shared/contracts/reports';
import { apiRequest } from '@/lib/api-client';

export interface RangeFilter {
  from: string;
  to: string;
  teamId: string;
}

export function toQueryString(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  return params.toString();
}

export const reportsQueryKey = ['reports'] as const;

export function adherenceReportQueryOptions(filter: RangeFilter) {
  return queryOptions({
    queryKey: [...reportsQueryKey, 'adherence', filter],
    queryFn: ({ signal }) =>
      apiRequest(`/api/reports/adherence?${toQueryString({ ...filter })}`, {
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
      apiRequest(
        `/api/reports/person-days?${toQueryString({ userId, from: filter.from, to: filter.to })}`,
        {
          schema: personDaysResponseSchema,
          signal,
        },
      ),
  });
}

export function dayDetailQueryOptions(userId: string, date: string) {
  return queryOptions({
    queryKey: [...reportsQueryKey, 'day', userId, date],
    queryFn: ({ signal }) =>
      apiRequest(`/api/reports/day?${toQueryString({ userId, date })}`, {
        schema: dayDetailSchema,
        signal,
      }),
  });
}

export function workedHoursQueryOptions(filter: RangeFilter & { groupBy: string }) {
  return queryOptions({
    queryKey: [...reportsQueryKey, 'worked-hours', filter],
    queryFn: ({ signal }) =>
      apiRequest(`/api/reports/worked-hours?${toQueryString({ ...filter })}`, {
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
      apiRequest(`/api/reports/analytics?${toQueryString({ ...filter })}`, {
        schema: analyticsReportSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
