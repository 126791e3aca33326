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
import { callEndpoint } from '@/lib/call-endpoint';

export const notificationsQueryKey = ['notifications'] as const;

export const bellQueryOptions = queryOptions({
  queryKey: [...notificationsQueryKey, 'bell'],
  queryFn: ({ signal }) =>
    callEndpoint('GET /api/notifications', {
      query: { limit: BELL_LIMIT },
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
    callEndpoint('GET /api/notifications', {
      query: { limit: FULL_LIST_LIMIT, before: pageParam ?? undefined },
      schema: listNotificationsResponseSchema,
      signal,
    }),
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    // Quietly: the list is read again whatever happened, so a failure shows as still unread.
    meta: { showsOwnError: true },
    mutationFn: (id: string | 'all') =>
      id === 'all'
        ? callEndpoint('POST /api/notifications/read-all').then(() => undefined)
        : callEndpoint('POST /api/notifications/:id/read', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
