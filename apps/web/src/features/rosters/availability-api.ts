import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  availabilityResponseSchema,
  type AvailabilityExceptionInput,
  type WeeklyAvailabilityRule,
} from '@punchclock/shared/contracts/rosters';
import { callEndpoint } from '@/lib/call-endpoint';
import { toast } from '@/lib/toast';

/** The caller's own availability (#30): their weekly pattern and their one-off exceptions. */
export const availabilityQueryKey = ['availability'] as const;

export const availabilityQueryOptions = queryOptions({
  queryKey: availabilityQueryKey,
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/availability', { schema: availabilityResponseSchema, signal }),
});

export function useAvailabilityMutations() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: availabilityQueryKey });
  const saveWeekly = useMutation({
    meta: { showsOwnError: true }, // under the weekly pattern
    mutationFn: (rules: WeeklyAvailabilityRule[]) =>
      callEndpoint('PUT /api/availability/weekly', {
        body: { rules },
        schema: availabilityResponseSchema,
      }),
    onSuccess: (answer) => {
      toast.success(t`Weekly availability saved`);
      queryClient.setQueryData(availabilityQueryKey, answer);
    },
  });
  const addException = useMutation({
    meta: { showsOwnError: true }, // under the form
    mutationFn: (input: AvailabilityExceptionInput) =>
      callEndpoint('POST /api/availability/exceptions', { body: input }),
    onSuccess: () => {
      toast.success(t`Exception added`);
      refresh();
    },
  });
  const removeException = useMutation({
    mutationFn: (id: string) =>
      callEndpoint('DELETE /api/availability/exceptions/:id', { params: { id } }),
    onSuccess: () => {
      toast.success(t`Exception removed`);
      refresh();
    },
  });
  return { saveWeekly, addException, removeException };
}
