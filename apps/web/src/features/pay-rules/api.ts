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
import { apiRequest } from '@/lib/api-client';

const payRulesKey = ['pay-rules'] as const;

export const ruleSetsQueryOptions = queryOptions({
  queryKey: [...payRulesKey, 'rule-sets'],
  queryFn: ({ signal }) =>
    apiRequest('/api/pay-rules/rule-sets', { schema: listRuleSetsResponseSchema, signal }),
});

export const assignmentsQueryOptions = queryOptions({
  queryKey: [...payRulesKey, 'assignments'],
  queryFn: ({ signal }) =>
    apiRequest('/api/pay-rules/assignments', { schema: listAssignmentsResponseSchema, signal }),
});

export function useCreateRuleSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RuleSetInput) =>
      apiRequest('/api/pay-rules/rule-sets', {
        method: 'POST',
        body: input,
        schema: ruleSetResponseSchema,
      }),
    onSuccess: ({ ruleSet }) => {
      toast.success(`Added rule set ${ruleSet.name}`);
      void queryClient.invalidateQueries({ queryKey: payRulesKey });
    },
  });
}

export function useAssignRuleSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssignmentInput) =>
      apiRequest('/api/pay-rules/assignments', {
        method: 'POST',
        body: input,
        schema: assignmentResponseSchema,
      }),
    onSuccess: ({ assignment }) => {
      toast.success(
        `${assignment.ruleSetName} applies to ${assignment.target.name ?? 'the organisation'} from ${assignment.effectiveFrom}`,
      );
      void queryClient.invalidateQueries({ queryKey: payRulesKey });
    },
  });
}
