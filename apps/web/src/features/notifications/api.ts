import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import {
  BELL_LIMIT,
  FULL_LIST_LIMIT,
  listNotificationsResponseSchema,
} from '@punchclock/shared/contracts/notifications';
import { apiRequest } from '@/lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;

export const bellQueryOptions = queryOptions({
  queryKey: [...notificationsQueryKey, 'bell'],
  queryFn: ({ signal }) =>
    apiRequest(`/api/notifications?limit=${BELL_LIMIT}`, {
      schema: listNotificationsResponseSchema,
      signal,
    }),
  // The live channel invalidates it; polling is only a safety net for a missed message.
  staleTime: 0,
  refetchInterval: 5 * 60 * 1000,
});

export const allNotificationsQueryOptions = infiniteQueryOptions({
  queryKey: [...notificationsQueryKey, 'all'],
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) =>
    apiRequest(
      `/api/notifications?limit=${FULL_LIST_LIMIT}${pageParam ? `&before=${pageParam}` : ''}`,
      { schema: listNotificationsResponseSchema, signal },
    ),
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      id === 'all'
        ? apiRequest('/api/notifications/read-all', { method: 'POST' }).then(() => undefined)
        : apiRequest<void>(`/api/notifications/${id}/read`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
