import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import {
  allowancesOverviewSchema,
  myTimeOffResponseSchema,
  timeOffTypeSchema,
  type AllowanceInput,
  type CreateTimeOffRequest,
  type TimeOffTypeInput,
} from '@punchclock/shared/contracts/time-off';
import { apiRequest } from '@/lib/api-client';
import { schedulesQueryKey } from '@/lib/query-keys';

// Keyed under the live topic: a decision elsewhere re-reads it.
export const timeOffQueryKey = ['time_off'] as const;

export const myTimeOffQueryOptions = queryOptions({
  queryKey: [...timeOffQueryKey, 'mine'],
  queryFn: ({ signal }) => apiRequest('/api/time-off', { schema: myTimeOffResponseSchema, signal }),
});

export function useTimeOffMutations() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: timeOffQueryKey });
    void queryClient.invalidateQueries({ queryKey: schedulesQueryKey });
  };
  const request = useMutation({
    mutationFn: (input: CreateTimeOffRequest) =>
      apiRequest('/api/time-off', { method: 'POST', body: input }),
    onSuccess: () => {
      toast.success(t`Time off requested`);
      refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/time-off/${id}/cancel`, { method: 'POST' }),
    onSuccess: () => {
      toast.success(t`Request cancelled`);
      refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  return { request, cancel };
}

const adminTypesSchema = z.object({ types: z.array(timeOffTypeSchema) });

/** Every type, archived ones too (admin). */
export const timeOffTypesQueryOptions = queryOptions({
  queryKey: [...timeOffQueryKey, 'types'],
  queryFn: ({ signal }) => apiRequest('/api/time-off/types', { schema: adminTypesSchema, signal }),
});

/** Every team's defaults and every person's allowances in force for a year (admin). */
export function allowancesQueryOptions(year: number) {
  return queryOptions({
    queryKey: [...timeOffQueryKey, 'allowances', year],
    queryFn: ({ signal }) =>
      apiRequest(`/api/time-off/allowances?year=${year}`, {
        schema: allowancesOverviewSchema,
        signal,
      }),
  });
}

export function useTimeOffSettingsMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: timeOffQueryKey });
  const saveType = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TimeOffTypeInput }) =>
      apiRequest(id ? `/api/time-off/types/${id}` : '/api/time-off/types', {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    onSuccess: () => {
      toast.success(t`Type saved`);
      refresh();
    },
  });
  const setAllowance = useMutation({
    mutationFn: (input: AllowanceInput) =>
      apiRequest<void>('/api/time-off/allowances', { method: 'PUT', body: input }),
    onSuccess: () => {
      toast.success(t`Allowance saved`);
      refresh();
    },
  });
  return { saveType, setAllowance };
}
