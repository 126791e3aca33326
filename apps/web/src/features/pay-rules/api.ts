import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import {
  assignmentResponseSchema,
  listAssignmentsResponseSchema,
  listRuleSetsResponseSchema,
  ruleSetResponseSchema,
  type AssignmentInput,
  type RuleSetInput,
} from '@punchclock/shared/contracts/pay-rules';
import { callEndpoint } from '@/lib/call-endpoint';

const payRulesKey = ['pay-rules'] as const;

export const ruleSetsQueryOptions = queryOptions({
  queryKey: [...payRulesKey, 'rule-sets'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/pay-rules/rule-sets', { schema: listRuleSetsResponseSchema, signal }),
});

export const assignmentsQueryOptions = queryOptions({
  queryKey: [...payRulesKey, 'assignments'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/pay-rules/assignments', {
      schema: listAssignmentsResponseSchema,
      signal,
    }),
});

export function useCreateRuleSet() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnError: true }, // under the form
    mutationFn: (input: RuleSetInput) =>
      callEndpoint('POST /api/pay-rules/rule-sets', {
        body: input,
        schema: ruleSetResponseSchema,
      }),
    onSuccess: ({ ruleSet }) => {
      const name = ruleSet.name;
      toast.success(t`Added rule set ${name}`);
      void queryClient.invalidateQueries({ queryKey: payRulesKey });
    },
  });
}

export function useAssignRuleSet() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsOwnError: true }, // under the form
    mutationFn: (input: AssignmentInput) =>
      callEndpoint('POST /api/pay-rules/assignments', {
        body: input,
        schema: assignmentResponseSchema,
      }),
    onSuccess: ({ assignment }) => {
      const { ruleSetName, effectiveFrom } = assignment;
      const targetName = assignment.target.name ?? null;
      toast.success(
        targetName !== null
          ? t`${ruleSetName} applies to ${targetName} from ${effectiveFrom}`
          : t`${ruleSetName} applies to the organisation from ${effectiveFrom}`,
      );
      void queryClient.invalidateQueries({ queryKey: payRulesKey });
    },
  });
}
