import { t } from '@lingui/core/macro';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import {
  createUserResponseSchema,
  directoryResponseSchema,
  listTeamsResponseSchema,
  listUsersResponseSchema,
  setPasswordLinkSchema,
  teamSchema,
  userSummarySchema,
  type CreateUserRequest,
  type ListUsersQuery,
  type TeamInput,
  type UpdateUserRequest,
} from '@punchclock/shared/contracts/users';
import { apiRequest } from '@/lib/api-client';

export const usersQueryKey = ['users'] as const;

export function usersPageQueryOptions(query: ListUsersQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return queryOptions({
    queryKey: [...usersQueryKey, 'page', query],
    queryFn: ({ signal }) =>
      apiRequest(`/api/users?${params}`, { schema: listUsersResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Everyone, compactly: for pickers such as schedule assignment and team leads. */
export const directoryQueryOptions = queryOptions({
  queryKey: [...usersQueryKey, 'directory'],
  queryFn: ({ signal }) =>
    apiRequest('/api/users/directory', { schema: directoryResponseSchema, signal }),
});

export const teamsQueryOptions = queryOptions({
  queryKey: [...usersQueryKey, 'teams'],
  queryFn: ({ signal }) => apiRequest('/api/teams', { schema: listTeamsResponseSchema, signal }),
});

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersQueryKey });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: CreateUserRequest) =>
      apiRequest('/api/users', { method: 'POST', body: input, schema: createUserResponseSchema }),
    onSuccess: ({ user }) => {
      const name = user.name ?? user.email;
      toast.success(t`Added ${name}`);
      void invalidate();
    },
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateUserRequest }) =>
      apiRequest(`/api/users/${id}`, {
        method: 'PUT',
        body: input,
        schema: z.object({ user: userSummarySchema }),
      }),
    onSuccess: ({ user }) => {
      const name = user.name ?? user.email;
      toast.success(t`Saved ${name}`);
      void invalidate();
    },
  });
}

export function useUserAction() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async ({
      id,
      action,
    }: {
      id: string;
      action: 'suspend' | 'unsuspend' | 'reset-password';
    }) => {
      if (action === 'reset-password') {
        const { setPasswordLink } = await apiRequest(`/api/users/${id}/reset-password`, {
          method: 'POST',
          schema: z.object({ setPasswordLink: setPasswordLinkSchema }),
        });
        return setPasswordLink;
      }
      await apiRequest(`/api/users/${id}/${action}`, { method: 'POST' });
      return null;
    },
    onSuccess: (_link, { action }) => {
      if (action === 'suspend') toast.success(t`Suspended and signed out everywhere`);
      if (action === 'unsuspend') toast.success(t`Reinstated`);
      void invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
}

export function useSaveTeam() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TeamInput }) =>
      apiRequest(id ? `/api/teams/${id}` : '/api/teams', {
        method: id ? 'PUT' : 'POST',
        body: input,
        schema: z.object({ team: teamSchema }),
      }),
    onSuccess: ({ team }) => {
      const name = team.name;
      toast.success(t`Saved team ${name}`);
      void invalidate();
    },
  });
}

export function useDeleteTeam() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/teams/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success(t`Team deleted`);
      void invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
}
