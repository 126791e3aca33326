import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import {
  approvalSettingsSchema,
  approvalsResponseSchema,
  decisionResultSchema,
  smeOverviewSchema,
  type DecisionInput,
} from '@punchclock/shared/contracts/approvals';
import { apiRequest } from '@/lib/api-client';

// Keyed under the live topic, so new requests and decisions elsewhere re-read it.
export const approvalsQueryKey = ['approvals'] as const;

export function approvalsQueryOptions(filter: Record<string, string>) {
  const params = new URLSearchParams(Object.entries(filter).filter(([, value]) => value));
  return queryOptions({
    queryKey: [...approvalsQueryKey, 'queue', filter],
    queryFn: ({ signal }) =>
      apiRequest(`/api/approvals?${params}`, { schema: approvalsResponseSchema, signal }),
    staleTime: 0,
  });
}

export const approvalSettingsQueryOptions = queryOptions({
  queryKey: [...approvalsQueryKey, 'settings'],
  queryFn: ({ signal }) =>
    apiRequest('/api/approvals/settings', { schema: approvalSettingsSchema, signal }),
});

export const smeOverviewQueryOptions = queryOptions({
  queryKey: [...approvalsQueryKey, 'sme-overview'],
  queryFn: ({ signal }) =>
    apiRequest('/api/approvals/sme-overview', { schema: smeOverviewSchema, signal }),
  staleTime: 0,
  refetchInterval: 60_000,
});

export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecisionInput) =>
      apiRequest('/api/approvals/decide', {
        method: 'POST',
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
    onError: (error) => toast.error(error.message),
  });
}
