import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  payrollPersonSchema,
  payrollPreviewSchema,
  presetSchema,
  publicHolidayListSchema,
  type Preset,
} from '@punchclock/shared/contracts/payroll';
import { timeOffTypeSchema, type TimeOffType } from '@punchclock/shared/contracts/time-off';
import type { LeavePayCode } from '@punchclock/shared/domain/pay/pay-codes';
import { callEndpoint, endpointPath, type EndpointBody } from '@/lib/call-endpoint';

export const payrollKey = ['payroll'] as const;

export function exportUrl(date: string, format: 'csv' | 'xlsx', presetId: string) {
  return endpointPath('GET /api/payroll/export', { query: { date, format, presetId } });
}

export const previewQueryOptions = (date: string, presetId: string) =>
  queryOptions({
    queryKey: [...payrollKey, 'preview', date, presetId],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/payroll/preview', {
        query: { date, presetId },
        schema: payrollPreviewSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const presetsQueryOptions = queryOptions({
  queryKey: [...payrollKey, 'presets'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/payroll/presets', {
      schema: z.object({ presets: z.array(presetSchema) }),
      signal,
    }),
});

export const peopleQueryOptions = queryOptions({
  queryKey: [...payrollKey, 'people'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/payroll/people', {
      schema: z.object({ people: z.array(payrollPersonSchema) }),
      signal,
    }),
});

export const holidaysQueryOptions = (year: number) =>
  queryOptions({
    queryKey: [...payrollKey, 'holidays', year],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/payroll/holidays', {
        query: { year },
        schema: publicHolidayListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The kinds of time off, archived ones too, for their export pay codes. */
export const leaveTypesQueryOptions = queryOptions({
  queryKey: [...payrollKey, 'time-off-types'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/time-off/types', {
      schema: z.object({ types: z.array(timeOffTypeSchema) }),
      signal,
    }),
});

type PresetInput = EndpointBody<'POST /api/payroll/presets'>;

/** The changes the payroll screen makes, each a call to run through usePayrollChange. */
export const payrollChanges = {
  addHoliday: (holiday: EndpointBody<'POST /api/payroll/holidays'>) =>
    callEndpoint('POST /api/payroll/holidays', { body: holiday }),
  restoreHoliday: (date: string) =>
    callEndpoint('POST /api/payroll/holidays/:date/restore', { params: { date } }),
  removeHoliday: (date: string) =>
    callEndpoint('DELETE /api/payroll/holidays/:date', { params: { date } }),
  addRate: (rate: EndpointBody<'POST /api/payroll/rates'>) =>
    callEndpoint('POST /api/payroll/rates', { body: rate }),
  removeRate: (id: string) => callEndpoint('DELETE /api/payroll/rates/:id', { params: { id } }),
  setEmployeeNumber: (userId: string, employeeNumber: string) =>
    callEndpoint('PUT /api/payroll/people/:id/employee-number', {
      params: { id: userId },
      body: { employeeNumber },
    }),
  savePreset: (id: string | null, preset: PresetInput): Promise<{ preset?: Preset }> =>
    id
      ? callEndpoint('PUT /api/payroll/presets/:id', { params: { id }, body: preset })
      : callEndpoint('POST /api/payroll/presets', { body: preset }),
  deletePreset: async (id: string): Promise<{ preset?: Preset }> => {
    await callEndpoint('DELETE /api/payroll/presets/:id', { params: { id } });
    return {};
  },
  /** The pay code a kind of time off is exported under ('' for the default). */
  setLeavePayCode: (type: TimeOffType, payCode: LeavePayCode | '') =>
    callEndpoint('PUT /api/time-off/types/:id', {
      params: { id: type.id },
      body: {
        name: type.name,
        isPaid: type.isPaid,
        isUnlimited: type.isUnlimited,
        isArchived: type.isArchived,
        payCode: payCode === '' ? null : payCode,
      },
    }),
};

/**
 * Runs one of payrollChanges, then re-reads every payroll query (and `onChanged`, after). The
 * section shows a failure under itself, so no toast.
 */
export function usePayrollChange<T = unknown>(onChanged?: (result: T) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnError: true },
    mutationFn: (change: () => Promise<T>) => change(),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: payrollKey });
      onChanged?.(result);
    },
  });
}
