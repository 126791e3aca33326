import { queryOptions, useQuery } from '@tanstack/react-query';
import { listUsersResponseSchema } from '@punchclock/shared/contracts/users';
import { apiRequest } from '@/lib/api-client';

export const usersQueryOptions = queryOptions({
  queryKey: ['users'],
  queryFn: ({ signal }) => apiRequest('/api/users', { schema: listUsersResponseSchema, signal }),
});

export function useUsers() {
  return useQuery(usersQueryOptions);
}
