import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  myTimeOffResponseSchema,
  type CreateTimeOffRequest,
} from '@punchclock/shared/contracts/time-off';
import { apiRequest } from '@/lib/api-client';
import { schedulesQueryKey } from '@/features/schedules';

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
      toast.success('Time off requested');
      refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/time-off/${id}/cancel`, { method: 'POST' }),
    onSuccess: () => {
      toast.success('Request cancelled');
      refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  return { request, cancel };
}
