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
import { callEndpoint } from '@/lib/call-endpoint';
import { schedulesQueryKey } from '@/lib/query-keys';

// Keyed under the live topic: a decision elsewhere re-reads it.
export const timeOffQueryKey = ['time_off'] as const;

export const myTimeOffQueryOptions = queryOptions({
  queryKey: [...timeOffQueryKey, 'mine'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/time-off', { schema: myTimeOffResponseSchema, signal }),
});

export function useTimeOffMutations() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: timeOffQueryKey });
    void queryClient.invalidateQueries({ queryKey: schedulesQueryKey });
  };
  const request = useMutation({
    meta: { showsOwnError: true }, // under the form
    mutationFn: (input: CreateTimeOffRequest) =>
      callEndpoint('POST /api/time-off', { body: input }),
    onSuccess: () => {
      toast.success(t`Time off requested`);
      refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: (id: string) => callEndpoint('POST /api/time-off/:id/cancel', { params: { id } }),
    onSuccess: () => {
      toast.success(t`Request cancelled`);
      refresh();
    },
  });
  return { request, cancel };
}

const adminTypesSchema = z.object({ types: z.array(timeOffTypeSchema) });

/** Every type, archived ones too (admin). */
export const timeOffTypesQueryOptions = queryOptions({
  queryKey: [...timeOffQueryKey, 'types'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/time-off/types', { schema: adminTypesSchema, signal }),
});

/** Every team's defaults and every person's allowances in force for a year (admin). */
export function allowancesQueryOptions(year: number) {
  return queryOptions({
    queryKey: [...timeOffQueryKey, 'allowances', year],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/time-off/allowances', {
        query: { year },
        schema: allowancesOverviewSchema,
        signal,
      }),
  });
}

export function useTimeOffSettingsMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: timeOffQueryKey });
  const saveType = useMutation({
    meta: { showsOwnError: true }, // under the form
    mutationFn: ({ id, input }: { id: string | null; input: TimeOffTypeInput }) =>
      id
        ? callEndpoint('PUT /api/time-off/types/:id', { params: { id }, body: input })
        : callEndpoint('POST /api/time-off/types', { body: input }),
    onSuccess: () => {
      toast.success(t`Type saved`);
      refresh();
    },
  });
  const setAllowance = useMutation({
    meta: { showsOwnError: true }, // under the form
    mutationFn: (input: AllowanceInput) =>
      callEndpoint('PUT /api/time-off/allowances', { body: input }),
    onSuccess: () => {
      toast.success(t`Allowance saved`);
      refresh();
    },
  });
  return { saveType, setAllowance };
}
