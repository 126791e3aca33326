import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import {
  approvalsResponseSchema,
  decisionResultSchema,
  periodLockSchema,
  smeOverviewSchema,
  type DecisionInput,
} from '@punchclock/shared/contracts/approvals';
import { callEndpoint } from '@/lib/call-endpoint';

import { approvalsQueryKey } from './settings-api';

export { approvalSettingsQueryOptions, approvalsQueryKey } from './settings-api';

export function approvalsQueryOptions(filter: Record<string, string>) {
  return queryOptions({
    queryKey: [...approvalsQueryKey, 'queue', filter],
    queryFn: ({ signal }) =>
      callEndpoint('GET /api/approvals', {
        query: filter,
        schema: approvalsResponseSchema,
        signal,
      }),
    staleTime: 0,
  });
}

export const smeOverviewQueryOptions = queryOptions({
  queryKey: [...approvalsQueryKey, 'sme-overview'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/approvals/sme-overview', { schema: smeOverviewSchema, signal }),
  staleTime: 0,
  refetchInterval: 60_000,
});

export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecisionInput) =>
      callEndpoint('POST /api/approvals/decide', {
        body: input,
        schema: decisionResultSchema,
      }),
    onSuccess: ({ results }, input) => {
      const failed = results.filter((result) => !result.ok);
      const done = results.length - failed.length;
      if (done > 0)
        toast.success(input.decision === 'approve' ? t`Approved ${done}` : t`Rejected ${done}`);
      for (const failure of failed) toast.error(failure.message ?? t`Could not decide`);
      void queryClient.invalidateQueries({ queryKey: approvalsQueryKey });
    },
  });
}

export const periodLocksQueryOptions = queryOptions({
  queryKey: [...approvalsQueryKey, 'locks'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/approvals/locks', {
      schema: z.object({ locks: z.array(periodLockSchema) }),
      signal,
    }),
});

/** Locking and reopening pay periods, and who approves (admin). */
export function usePeriodLockMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: approvalsQueryKey });
  const lock = useMutation({
    mutationFn: (period: { fromDate: string; toDate: string }) =>
      callEndpoint('POST /api/approvals/locks', { body: period }),
    onSuccess: () => {
      toast.success(t`Period locked`);
      refresh();
    },
  });
  const reopen = useMutation({
    mutationFn: (id: string) =>
      callEndpoint('POST /api/approvals/locks/:id/reopen', { params: { id } }),
    onSuccess: () => {
      toast.success(t`Period reopened`);
      refresh();
    },
  });
  const saveSetting = useMutation({
    mutationFn: (value: boolean) =>
      callEndpoint('PUT /api/approvals/settings', { body: { teamLeadsApproveTheirTeam: value } }),
    onSuccess: refresh,
  });
  return { lock, reopen, saveSetting };
}
