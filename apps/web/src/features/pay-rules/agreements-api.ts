import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import {
  labourAgreementResponseSchema,
  listLabourAgreementsResponseSchema,
  type LabourAgreementInput,
} from '@punchclock/shared/contracts/pay-rules';
import { callEndpoint } from '@/lib/call-endpoint';

const agreementsKey = ['pay-rules', 'agreements'] as const;

export const agreementsQueryOptions = queryOptions({
  queryKey: agreementsKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/pay-rules/agreements', {
      schema: listLabourAgreementsResponseSchema,
      signal,
    }),
});

/** Timesheet findings and rule-set warnings depend on agreements: refresh them too. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: agreementsKey });
    void queryClient.invalidateQueries({ queryKey: ['pay-rules', 'rule-sets'] });
    void queryClient.invalidateQueries({ queryKey: ['timesheets'] });
  };
}

export function useCreateAgreement() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    meta: { showsOwnError: true }, // under the form
    mutationFn: (input: LabourAgreementInput) =>
      callEndpoint('POST /api/pay-rules/agreements', {
        body: input,
        schema: labourAgreementResponseSchema,
      }),
    onSuccess: ({ agreement }) => {
      const personName = agreement.personName ?? null;
      toast.success(
        personName !== null
          ? t`Agreement on file for ${personName}`
          : t`Agreement on file for the person`,
      );
      refresh();
    },
  });
}

export function useEndAgreement() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    meta: { showsOwnError: true }, // under the form
    mutationFn: ({ id, endDate }: { id: string; endDate: string }) =>
      callEndpoint('POST /api/pay-rules/agreements/:id/end', {
        params: { id },
        body: { endDate },
        schema: labourAgreementResponseSchema,
      }),
    onSuccess: ({ agreement }) => {
      const endDate = agreement.endDate ?? '';
      toast.success(t`Agreement ends on ${endDate}`);
      refresh();
    },
  });
}
