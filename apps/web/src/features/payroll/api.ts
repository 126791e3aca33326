import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  payrollPersonSchema,
  payrollPreviewSchema,
  presetSchema,
  publicHolidayListSchema,
} from '@punchclock/shared/contracts/payroll';
import { apiRequest } from '@/lib/api-client';

export const payrollKey = ['payroll'] as const;

export function exportUrl(date: string, format: 'csv' | 'xlsx', presetId: string) {
  const preset = presetId ? `&presetId=${encodeURIComponent(presetId)}` : '';
  return `/api/payroll/export?date=${encodeURIComponent(date)}&format=${format}${preset}`;
}

export const previewQueryOptions = (date: string, presetId: string) =>
  queryOptions({
    queryKey: [...payrollKey, 'preview', date, presetId],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/payroll/preview?date=${encodeURIComponent(date)}${presetId ? `&presetId=${encodeURIComponent(presetId)}` : ''}`,
        { schema: payrollPreviewSchema, signal },
      ),
    placeholderData: keepPreviousData,
  });

export const presetsQueryOptions = queryOptions({
  queryKey: [...payrollKey, 'presets'],
  queryFn: ({ signal }) =>
    apiRequest('/api/payroll/presets', {
      schema: z.object({ presets: z.array(presetSchema) }),
      signal,
    }),
});

export const peopleQueryOptions = queryOptions({
  queryKey: [...payrollKey, 'people'],
  queryFn: ({ signal }) =>
    apiRequest('/api/payroll/people', {
      schema: z.object({ people: z.array(payrollPersonSchema) }),
      signal,
    }),
});

export const holidaysQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...payrollKey, 'holidays', year],
    queryFn: ({ signal }) =>
      apiRequest(`/api/payroll/holidays?year=${year}`, { schema: publicHolidayListSchema, signal }),
    placeholderData: keepPreviousData,
  });
